// F14 links that survive publishing: relative links between docs become the target's published link in the
// section text, only the destination's characters change, and links that cannot be published stay as written.
import assert from 'node:assert/strict';
import { buildSelectionDocument, findLinkSites } from '../../../src/core/documents';
import type { DocumentBuildResult, LinkTarget } from '../../../src/core/documents';
import { build, texts } from '../../support/documents';

const TEMPLATE = 'https://docs.example.com/{page}#{anchor}';
const doc = (anchors: string[] = [], link?: string): LinkTarget => (link === undefined ? { kind: 'doc', anchors: new Set(anchors) } : { kind: 'doc', anchors: new Set(anchors), link });

/** Targets as a front would find them for `docs/guide/intro.md`. */
function targets(): Map<string, LinkTarget> {
  return new Map<string, LinkTarget>([
    ['docs/setup.md', doc(['install', 'über-uns'])],
    ['docs/reference/index.md', doc(['options'])],
    ['README.md', doc([])],
    ['docs/guide/faq.md', doc(['billing'], 'https://wiki.example.com/faq')],
    ['docs/gone.md', { kind: 'missing' }],
    ['src/app.ts', { kind: 'other' }],
    ['docs/drafts/wip.md', { kind: 'other' }],
  ]);
}

const PATH = 'docs/guide/intro.md';

function linked(text: string, options: { template?: string | undefined; targets?: Map<string, LinkTarget> | undefined } = {}): DocumentBuildResult {
  const template = 'template' in options ? options.template : TEMPLATE;
  const linkTargets = 'targets' in options ? options.targets : targets();
  return build(text, PATH, { ...(template === undefined ? {} : { linkTemplate: template }), ...(linkTargets === undefined ? {} : { linkTargets }) });
}

/** The whole text of the document, sections joined as they were split (a blank line between them). */
function joined(result: DocumentBuildResult): string {
  return texts(result).join('\n\n');
}

describe('documents: links that survive publishing (F14)', () => {
  it('an inline link to a doc becomes its published link with the anchor; every other byte stays as written', () => {
    const text = '# Intro\n\nRead **[the setup](../setup.md#install "How to install")** first, then *go on*.\n';
    const result = linked(text);
    assert.equal(joined(result), '# Intro\n\nRead **[the setup](https://docs.example.com/docs/setup#install "How to install")** first, then *go on*.');
    assert.deepEqual(result.problems, []);
  });

  it('a reference definition is rewritten where it is written; the links that use it stay as they are', () => {
    const text = '# Intro\n\nSee [the setup][setup] and [setup].\n\n[setup]: ../setup.md#install "Setup"\n[Ref]:\n  <../reference/index.md#options>\n';
    assert.equal(
      joined(linked(text)),
      '# Intro\n\nSee [the setup][setup] and [setup].\n\n[setup]: https://docs.example.com/docs/setup#install "Setup"\n[Ref]:\n  https://docs.example.com/docs/reference/#options',
    );
  });

  it('the href of an HTML <a> is rewritten in inline HTML and in HTML blocks, its quotes kept', () => {
    const text = [
      '# Intro', '',
      'Inline <a class="x" href="../setup.md#install">setup</a> and <a href=\'../../README.md\'>home</a> and <a href=../setup.md>bare</a>.', '',
      '<div class="note">', '  <a title="faq" href="faq.md#billing">Billing</a>', '</div>', '',
    ].join('\n');
    assert.equal(joined(linked(text)), [
      '# Intro', '',
      'Inline <a class="x" href="https://docs.example.com/docs/setup#install">setup</a> and <a href=\'https://docs.example.com/\'>home</a> and <a href="https://docs.example.com/docs/setup">bare</a>.', '',
      '<div class="note">', '  <a title="faq" href="https://wiki.example.com/faq#billing">Billing</a>', '</div>',
    ].join('\n'));
  });

  it('{page} makes an index or README target its folder, as for the target\'s own sections; a front matter link wins', () => {
    const result = linked('# Intro\n\n[Options](../reference/index.md#options), [home](../../README.md), [FAQ](./faq.md#billing).\n');
    assert.equal(
      joined(result),
      '# Intro\n\n[Options](https://docs.example.com/docs/reference/#options), [home](https://docs.example.com/), [FAQ](https://wiki.example.com/faq#billing).',
    );
    // {path} keeps the page's name: the same rule the target's own section links follow.
    const byPath = linked('# Intro\n\n[Options](../reference/index.md#options).\n', { template: 'https://docs.example.com/{path}#{anchor}' });
    assert.equal(joined(byPath), '# Intro\n\n[Options](https://docs.example.com/docs/reference/index#options).');
  });

  it('anchors are %-decoded to match, then encoded in the link; a template without {anchor} drops them', () => {
    assert.equal(joined(linked('# Intro\n\n[Uns](../setup.md#%C3%BCber-uns)\n')), '# Intro\n\n[Uns](https://docs.example.com/docs/setup#%C3%BCber-uns)');
    assert.equal(joined(linked('# Intro\n\n[Setup](../setup.md#install)\n', { template: 'https://docs.example.com/{page}' })), '# Intro\n\n[Setup](https://docs.example.com/docs/setup)');
  });

  it('a link within the page becomes the page\'s own published link, which quoted elsewhere still leads back', () => {
    const result = linked('# Intro\n\nSee [below](#details) and [top](#).\n\n## Details\n\nMore.\n');
    assert.equal(texts(result)[0], '# Intro\n\nSee [below](https://docs.example.com/docs/guide/intro#details) and [top](#).');
    assert.equal(result.document.sections[1]?.link, 'https://docs.example.com/docs/guide/intro#details', 'the same link as the section it names');
  });

  it('links stay as written when they are external, outside the root, no doc of the globs, or unknown', () => {
    const staying = [
      '[web](https://example.com/setup.md) [mail](mailto:docs@example.com) [cdn](//cdn.example.com/a.md) [site](/docs/setup.md)',
      '[out](../../../outside.md) [code](../../src/app.ts) [draft](../drafts/wip.md) [unknown](../unlisted.md) [empty]()',
    ].join('\n');
    // Beside them, a link to a doc changes: the one difference.
    const result = linked(`# Intro\n\n${staying}\n[doc](../setup.md)\n`);
    assert.equal(joined(result), `# Intro\n\n${staying}\n[doc](https://docs.example.com/docs/setup)`);
    assert.deepEqual(result.problems, []);
  });

  it('no link is rewritten without a link template, though broken ones are still reported', () => {
    const text = '# Intro\n\n[setup](../setup.md#install) [below](#intro) [gone](../gone.md)\n';
    const result = linked(text, { template: undefined });
    assert.equal(joined(result), text.trimEnd());
    assert.deepEqual(result.problems.map((p) => p.code), ['linkTargetMissing']);
    assert.equal(result.document.sections[0]?.link, undefined);
  });

  it('links in code spans, fences and indented code stay as written; an image is no link (not sent, it reads as its alt text); HTML comments go whole', () => {
    const text = [
      '# Intro', '',
      'Write `[setup](../setup.md)` like this.', '',
      '```md', '[setup](../setup.md#install)', '<a href="../setup.md">x</a>', '```', '',
      '    [indented](../setup.md)', '',
      '<!-- [commented](../setup.md) <a href="../setup.md">c</a> -->', '',
      '![not a link](../setup.md)', '',
    ].join('\n');
    // Beside them, a link to a doc changes: the one difference.
    const result = linked(`${text}\n[doc](../setup.md)\n`);
    // The comment is never text (issue 35), so neither is its link.
    const comment = '<!-- [commented](../setup.md) <a href="../setup.md">c</a> -->\n\n';
    assert.equal(joined(result), `${text.replace(comment, '').replace('![not a link](../setup.md)', 'not a link')}\n[doc](https://docs.example.com/docs/setup)`);
  });

  it('links in lists, block quotes and table cells are found where they stand', () => {
    const text = [
      '# Intro', '',
      '- item [one](../setup.md)', '  continued [two](../setup.md#install)', '',
      '> quoted [three](../../README.md)', '> and [four](#intro)', '',
      '| a | b |', '|---|---|', '| [five](../setup.md) | [six](../setup.md) |', '',
    ].join('\n');
    const out = joined(linked(text));
    assert.equal(out.match(/https:\/\/docs\.example\.com\//g)?.length, 6, out);
    assert.equal(out.replace(/https:\/\/docs\.example\.com\/[^)]*/g, 'X'), text.trimEnd().replace(/\]\([^)]*\)/g, '](X)'), 'nothing else changed');
  });

  it('a destination the new link cannot stand in bare is put in angle brackets', () => {
    const result = linked('# Intro\n\n[setup](<../my setup.md>)\n', { targets: new Map([['docs/my setup.md', doc()]]), template: 'https://docs.example.com/{page}?v=(1#{anchor}' });
    assert.equal(joined(result), '# Intro\n\n[setup](<https://docs.example.com/docs/my%20setup?v=(1>)');
  });

  it('a link to a missing doc is a warning at its line (front matter counted) and stays as written', () => {
    const text = '---\ntitle: Intro\n---\n# Intro\n\nFine [setup](../setup.md).\n\nBroken [gone](../gone.md#x).\n';
    const result = linked(text);
    const [missing] = result.problems;
    assert.equal(result.problems.length, 1);
    assert.equal(missing?.code, 'linkTargetMissing');
    assert.equal(missing?.severity, 'warning');
    assert.equal(missing?.line, 8);
    assert.match(missing?.message ?? '', /“\.\.\/gone\.md#x” leads to docs\/gone\.md, which does not exist/);
    assert.ok(joined(result).includes('[gone](../gone.md#x)'));
    assert.ok(result.warnings.includes(missing?.message ?? ''), 'a warning of the build');
  });

  it('a link to a heading the target does not have is a warning at its line; the link still leads to the page', () => {
    const result = linked('# Intro\n\n[setup](../setup.md#instal)\n\n[here](#intro) [nowhere](#nowhere)\n');
    assert.deepEqual(result.problems.map((p) => [p.code, p.line]), [['linkAnchorMissing', 3], ['linkAnchorMissing', 5]]);
    assert.match(result.problems[0]?.message ?? '', /#instal, which docs\/setup\.md does not have/);
    assert.match(result.problems[1]?.message ?? '', /#nowhere, which this page does not have/);
    assert.ok(joined(result).includes('[setup](https://docs.example.com/docs/setup#instal)'));
  });

  it('a selection is rewritten as the whole file is', () => {
    const text = '# Intro\n\n## Part\n\nSee [setup](../setup.md#install).\n';
    const result = buildSelectionDocument(text, PATH, text.indexOf('## Part'), text.length, { linkTemplate: TEMPLATE, linkTargets: targets() });
    assert.equal(result.document.sections[0]?.text, '## Intro › Part\n\nSee [setup](https://docs.example.com/docs/setup#install).');
  });

  it('text files that are not Markdown keep their links, unless the editor reads them as Markdown', () => {
    const text = 'See [setup](../setup.md).\n';
    const result = build(text, 'docs/guide/notes.txt', { linkTemplate: TEMPLATE, linkTargets: targets() });
    assert.equal(texts(result)[0], text.trimEnd());
    const asMarkdown = build(text, 'docs/guide/notes.txt', { linkTemplate: TEMPLATE, linkTargets: targets(), markdown: true });
    assert.equal(texts(asMarkdown)[0], 'See [setup](https://docs.example.com/docs/setup).');
  });

  it('findLinkSites gives each destination\'s exact place and its line', () => {
    const body = 'A [x](a.md "t") and\n\n[r]: <b c.md>\n\n<p><a href="d.md#e">d</a></p>\n';
    const sites = findLinkSites(body);
    assert.deepEqual(sites.map((s) => [s.syntax, s.href, body.slice(s.start, s.end), s.line]), [
      ['inline', 'a.md', 'a.md', 0],
      ['reference', 'b c.md', '<b c.md>', 2],
      ['html', 'd.md#e', 'd.md#e', 4],
    ]);
  });
});
