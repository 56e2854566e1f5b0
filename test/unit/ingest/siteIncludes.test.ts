// Issue 35, item 3: markdown-include's `{!path!}` and pymdownx.snippets read from where the site's config says
// (`base_path`, default the config's folder), `{!path!}` only when the config enables an extension that reads it,
// and a change in an included file changes the page's source hash. The texts are ours.
import assert from 'node:assert/strict';
import { buildDocument } from '../../../src/core/documents';
import type { IncludeBases } from '../../../src/core/documents/readerText';
import { includedSourceHash, resolveIncludes } from '../../../src/core/ingest/includes';
import { diskLinkTargets } from '../../../src/core/files/linkTargetSource';
import { mkdocsIncludeBases } from '../../../src/core/site/mkdocsIncludes';
import { fromData } from '../../../src/core/site/literal';
import { makeTempFolder, removeFolder, writeIn } from '../../support/tempFolder';

describe('site includes: {!path!} and snippets from the config\'s base_path (issue 35, item 3)', () => {
  let root: string;
  beforeEach(async () => {
    root = await makeTempFolder('doc-ingest-site-includes-');
  });
  afterEach(() => removeFolder(root));
  const write = (relative: string, text: string) => writeIn(root, relative, text);
  const disk = () => diskLinkTargets(root, () => true);
  const page = ['# Kettle', '', '{!shared/footer.md!}', '', '```python', '{!code/boil.py!}', '```', '', '--8<-- "legal.md"', ''].join('\n');

  async function site(): Promise<void> {
    await write('handbook/shared/footer.md', '---\ntitle: x\n---\nAsk the kettle desk.\n');
    await write('handbook/code/boil.py', 'boil()\n');
    await write('handbook/parts/legal.md', 'Two years of warranty.\n');
  }

  it('reads the bases from markdown_extensions: snippets\' base_path list, markdown-include\'s and mdx_include\'s base_path', () => {
    const bases = (extensions: unknown) => mkdocsIncludeBases(fromData(extensions), 'handbook');
    assert.deepEqual(bases(['admonition']), { snippets: ['handbook'] });
    assert.deepEqual(bases([{ 'pymdownx.snippets': { base_path: ['parts', '.'] } }, 'markdown_include.include']), { snippets: ['handbook/parts', 'handbook'], markdownInclude: 'handbook' });
    assert.deepEqual(bases([{ 'pymdownx.snippets': { base_path: 'parts' } }, { mdx_include: { base_path: 'docs_src' } }]), { snippets: ['handbook/parts'], markdownInclude: 'handbook/docs_src' });
    // A base that leaves the repository is the config's folder.
    assert.deepEqual(bases([{ 'markdown_include.include': { base_path: '../../..' } }]), { snippets: ['handbook'], markdownInclude: 'handbook' });
  });

  it('expands {!path!} from the base, in fenced code too, and snippets from theirs', async () => {
    await site();
    const bases: IncludeBases = { snippets: ['handbook/parts', 'handbook'], markdownInclude: 'handbook' };
    const includes = await resolveIncludes(page, 'handbook/docs/index.md', disk(), { bases });
    const built = buildDocument(page, 'handbook/docs/index.md', { includes, site: { syntax: 'mkdocs', includeBases: bases } });
    assert.deepEqual(built.document.sections.map((s) => s.text), ['# Kettle\n\nAsk the kettle desk.\n\n```python\nboil()\n```\n\nTwo years of warranty.']);
    assert.deepEqual(built.problems.filter((p) => p.severity !== 'info'), []);
  });

  it('leaves {!path!} as text, with a warning at its line, when no extension of the site reads it', async () => {
    await site();
    const bases: IncludeBases = { snippets: ['handbook/parts'] };
    const includes = await resolveIncludes(page, 'handbook/docs/index.md', disk(), { bases });
    const built = buildDocument(page, 'handbook/docs/index.md', { includes, site: { syntax: 'mkdocs', includeBases: bases } });
    assert.match(built.document.sections[0]?.text ?? '', /^# Kettle\n\n\{!shared\/footer\.md!\}\n\n```python\n\{!code\/boil\.py!\}\n```\n\nTwo years of warranty\.$/);
    assert.deepEqual(built.problems.filter((p) => p.severity !== 'info').map((p) => [p.line, p.code, p.markup]), [[3, 'unrenderedMarkup', 'directive']]);
  });

  it('reads the same files with or without the site\'s bases at hand (a freshness check), and an included file changes the hash', async () => {
    await site();
    const bases: IncludeBases = { snippets: ['handbook'], markdownInclude: 'handbook' };
    const withSite = await resolveIncludes(page, 'handbook/docs/index.md', disk(), { bases });
    const without = await resolveIncludes(page, 'handbook/docs/index.md', disk());
    assert.deepEqual([...without.keys()].sort(), [...withSite.keys()].sort());
    assert.ok(withSite.has('handbook/shared/footer.md') && withSite.has('handbook/code/boil.py'));
    const before = includedSourceHash(new TextEncoder().encode(page), withSite);
    await write('handbook/code/boil.py', 'boil(twice)\n');
    const after = includedSourceHash(new TextEncoder().encode(page), await resolveIncludes(page, 'handbook/docs/index.md', disk(), { bases }));
    assert.notEqual(after, before);
  });
});

describe('headings with inline HTML keep their text (issue 35, item 3)', () => {
  it('drops the tags from the heading line; the anchor is made from the text, as the generators make it', () => {
    const built = buildDocument('# Top\n\n## <span class="badge">New</span> Warranty\n\nText.\n\n## The `<kbd>` key\n\nPress <kbd>Go</kbd>.\n', 'docs/a.md', { site: { syntax: 'mkdocs', pageUrl: 'https://k.example.test/a/', anchors: 'mkdocs' } });
    assert.deepEqual(built.document.sections.map((s) => [s.text, s.link]), [
      ['# Top', 'https://k.example.test/a/#top'],
      ['## New Warranty\n\nText.', 'https://k.example.test/a/#new-warranty'],
      ['## The `<kbd>` key\n\nPress <kbd>Go</kbd>.', 'https://k.example.test/a/#the-kbd-key'],
    ]);
  });
});
