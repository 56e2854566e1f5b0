// F15: the reader text. MDX pages, admonitions, callouts, ignore regions and includes become the Markdown a reader of
// the site sees before sections are found; problems keep the line of the source they come from.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { buildSelectionDocument } from '../../../src/core/documents';
import type { DocumentOptions, LinkTarget } from '../../../src/core/documents';
import { diskLinkTargets } from '../../../src/core/files/linkTargetSource';
import { localImageReferences } from '../../../src/core/ingest/images';
import { resolveIncludes } from '../../../src/core/ingest/includes';
import { snippetSection } from '../../../src/core/documents/readerText/includes';
import { readerText } from '../../../src/core/documents/readerText';
import { build, documentError, NOW, texts } from '../../support/documents';

/** The fixtures of the reader text (the tests run from out/, the fixtures stay in the source tree). */
const MDX = path.resolve(__dirname, '../../../../test/fixtures/mdx');
const read = (relative: string): string => fs.readFileSync(path.join(MDX, relative), 'utf8');

/** Builds a fixture as the fronts do: its includes read from the fixture folder first. */
async function buildFixture(relative: string, options: DocumentOptions = {}) {
  const text = read(relative);
  const includes = await resolveIncludes(text, relative, diskLinkTargets(MDX, (p) => /\.mdx?$/.test(p)));
  return build(text, relative, { includes, ...options });
}

const targets = new Map<string, LinkTarget>([
  ['docs/guide.md', { kind: 'doc', anchors: new Set(['requirements']) }],
  ['docs/gone.md', { kind: 'missing' }],
]);

describe('reader text: MDX pages (F15)', () => {
  it('drops imports, exports and expressions, keeps the text of components with their labels, and headings inside components make sections', async () => {
    const result = await buildFixture('docs/install.mdx', { linkTargets: targets });
    assert.equal(result.document.title, 'Install');
    assert.deepEqual(result.document.sections.map((s) => s.heading), ['Install', 'From a package', 'How it works']);
    assert.deepEqual(texts(result), [
      [
        '# Install', '',
        // `{version}` and the comment go; <kbd> keeps its text; the partial's text stands where <Setup /> was.
        'Doc Ingest  runs on Linux and macOS.', '',
        'Set up a key **first**: it is in your profile.', '',
        '**Before you start**', '',
        'Read [the guide](./guide.md#requirements) first.', '',
        '**Linux**',
      ].join('\n'),
      [
        '## From a package', '',
        'Install it with apt:', '',
        '```bash', 'sudo apt install doc-ingest', '```', '',
        '**macOS**', '',
        'Use Homebrew: `brew install doc-ingest`.',
      ].join('\n'),
      // <Spacer size={2} /> is gone; the Mermaid diagram stays as text.
      ['## How it works', '', '```mermaid', 'graph TD; Editor-->Service', '```', '', 'See [a missing page](./gone.md).'].join('\n'),
    ]);
    const sent = JSON.stringify(result.document);
    for (const markup of ['import ', 'export ', '<Tabs', '<TabItem', '</TabItem>', '<Setup', '<Spacer', '{version}', ':::']) {
      assert.ok(!sent.includes(markup), `${markup} is not sent`);
    }
  });

  it('gives a problem found in the reader text the line of the source (front matter and removed imports counted)', async () => {
    const result = await buildFixture('docs/install.mdx', { linkTargets: targets });
    const source = read('docs/install.mdx').split('\n');
    const missing = result.problems.find((p) => p.code === 'linkTargetMissing');
    assert.ok(missing?.line, JSON.stringify(result.problems));
    assert.match(source[missing.line - 1] ?? '', /a missing page/);
    assert.equal(missing.line, 43);
  });

  it('sends a page that cannot be parsed never: a syntax error at its line', () => {
    const error = documentError(() => build(read('docs/broken.mdx'), 'docs/broken.mdx'));
    assert.equal(error.code, 'syntax');
    assert.equal(error.line, 7);
    assert.match(error.message, /^“broken\.mdx” cannot be read as MDX at line 7: .*brace.*; correct the markup there\.$/);
  });

  it('an HTML comment is an MDX syntax error too, with the hint of the parser; its line counts the front matter', () => {
    const error = documentError(() => build('---\ntitle: T\n---\n# T\n\ntext <!-- note -->\n', 'page.mdx'));
    assert.equal(error.code, 'syntax');
    assert.equal(error.line, 6);
    assert.match(error.message, /\{\/\* text \*\/\}/);
  });

  it('a page of imports and components without text has nothing to ingest', () => {
    const error = documentError(() => build("import A from 'a';\n\n<A />\n{/* x */}\n", 'empty.mdx'));
    assert.equal(error.code, 'empty');
    assert.match(error.message, /no text a reader of the site sees/);
  });

  it('keeps inline code, links and string-literal expressions as written; an <img> not sent reads as its alt text', () => {
    const result = build('# T\n\nUse `<Tabs>` and [a link](https://x.example/a_b) {\'<\'}3.\n\n<img src="pic.png" alt="A picture" />\n', 'page.mdx');
    assert.deepEqual(texts(result), ['# T\n\nUse `<Tabs>` and [a link](https://x.example/a_b) <3.\n\nA picture']);
  });

  it('images in the reader text become image sections (F8), a page starting with a rule after its imports too', () => {
    const text = "import A from 'a';\n\n---\n\n# T\n\n<Frame>\n  ![pic](img/p.png)\n</Frame>\n\n:::note\n![x](img/q.png)\n:::\n";
    const result = build(text, 'docs/a.mdx', { images: new Map([['docs/img/p.png', 'ID1'], ['docs/img/q.png', 'ID2']]) });
    assert.deepEqual(result.document.sections, [
      { text: '---' },
      { text: '# T', heading: 'T' },
      { type: 'image', image_file_id: 'ID1', text: 'pic', heading: 'T' },
      { text: '**Note**' },
      { type: 'image', image_file_id: 'ID2', text: 'x', heading: 'T' },
    ]);
  });

  it('the images to upload are those of the reader text, at their source lines', () => {
    const text = "---\nt: 1\n---\nimport A from 'a';\n\n# T\n\n<Frame>\n  ![pic](img/p.png)\n</Frame>\n";
    assert.deepEqual(localImageReferences(text, 'docs/a.mdx').map((r) => [r.path, r.line]), [['docs/img/p.png', 9]]);
    // In Markdown, an MkDocs admonition's indented text is no code block for the reader.
    assert.deepEqual(localImageReferences('# T\n\n!!! note\n    ![x](img/q.png)\n', 'docs/a.md').map((r) => [r.path, r.line]), [['docs/img/q.png', 4]]);
  });

  it('a details block keeps its summary and text, unindented', () => {
    const result = build('# FAQ\n\n<details>\n  <summary>Why?</summary>\n\n  Because.\n\n  - one\n    - two\n</details>\n', 'faq.mdx');
    assert.deepEqual(texts(result), ['# FAQ\n\nWhy?\n\nBecause.\n\n- one\n  - two']);
  });

  it('a Markdown page (.md) is never parsed as MDX: its JSX-like text stays', () => {
    const text = '# T\n\n<Tabs> is a component; {braces} stay.\n';
    assert.deepEqual(texts(build(text, 'page.md')), [text.trimEnd()]);
  });

  it('a selection of an MDX page is cut from the reader text', () => {
    const text = read('docs/install.mdx');
    const start = text.indexOf('<Tabs');
    const end = text.indexOf('</Tabs>') + '</Tabs>'.length;
    const result = buildSelectionDocument(text, 'docs/install.mdx', start, end, { now: NOW });
    assert.deepEqual(result.headingPath, ['Install']);
    assert.equal(result.document.sections[0]?.text, '**Linux**');
    assert.equal(result.document.sections[1]?.heading, 'From a package');
    assert.ok(!JSON.stringify(result.document).includes('TabItem'));
  });
});

describe('reader text: admonitions and callouts (F15)', () => {
  it('Docusaurus admonitions become their title (or type) and text, nested ones too', () => {
    const text = [
      '# T', '',
      ':::tip[Fast path]', 'Use the CLI.', ':::', '',
      '::::info', 'Outer.', '', ':::danger', 'Inner.', ':::', '::::', '',
      ':::note Old style title', '', 'Body.', '', ':::',
    ].join('\n');
    assert.deepEqual(texts(build(text, 'a.md')), [[
      '# T', '',
      '**Fast path**', '', 'Use the CLI.', '',
      '**Info**', '', 'Outer.', '', '**Danger**', '', 'Inner.', '',
      '**Old style title**', '', 'Body.',
    ].join('\n')]);
  });

  it('MkDocs admonitions lose their markup and indentation; "" shows no title; nested ones too', async () => {
    const result = await buildFixture('docs/mkdocs.md');
    const [text] = texts(result);
    assert.ok(text?.startsWith([
      '# Configure', '',
      '**Mind the key**', '', 'Never commit the key.', '',
      '**Tip**', '', 'Use an environment variable.', '',
      'A note without a title.', '',
    ].join('\n')), text);
    assert.ok(text?.endsWith('**Warning**\n\nKeys expire after a year.\n\nDone.'), text);
  });

  it('GitHub alerts and Obsidian callouts become their title and text; a quote stays a quote', () => {
    const text = '# T\n\n> [!IMPORTANT]\n> Read this.\n> Twice.\n\n> [!faq]- Why so?\n> Because.\nLazy\n\n> Just a quote.\n';
    assert.deepEqual(texts(build(text, 'a.md')), ['# T\n\n**Important**\n\nRead this.\nTwice.\n\n**Why so?**\n\nBecause.\nLazy\n\n> Just a quote.']);
  });

  it('markup inside fenced code stays code', () => {
    const text = '# T\n\n```md\n:::note\n!!! tip\n    x\n> [!NOTE]\n![[note]]\n```\n';
    assert.deepEqual(texts(build(text, 'a.md')), [text.trimEnd()]);
  });
});

describe('reader text: ignore regions and diagrams (F15)', () => {
  it('leaves out ignore regions, keeps markers inside code, and Mermaid and PlantUML fences stay as text', async () => {
    const result = await buildFixture('docs/mkdocs.md');
    const [text] = texts(result);
    assert.ok(!text?.includes('staging key'), text);
    assert.ok(text?.includes('```plantuml\n@startuml\n<!-- doc-ingest:ignore -->\nA -> B\n@enduml\n```'), text);
    assert.deepEqual(result.problems.filter((p) => p.severity !== 'info'), []);
  });

  it('an unclosed region leaves out the rest of the page, with a warning at its line', () => {
    const result = build('---\nid: x\n---\n# T\n\nPublic.\n\n<!-- doc-ingest:ignore -->\nPrivate.\n\n## Later\n\nAlso private.\n', 'a.md');
    assert.deepEqual(texts(result), ['# T\n\nPublic.']);
    const warning = result.problems.find((p) => p.code === 'ignoreUnclosed');
    assert.equal(warning?.line, 8);
    assert.equal(warning?.severity, 'warning');
  });

  it('MDX pages take the expression form of the markers, and a lone end marker goes', () => {
    const text = '# T\n\nA.\n\n{/* doc-ingest:ignore */}\nB <Secret />.\n{/* doc-ingest:end */}\n\nC.\n\n<!-- doc-ingest:end -->\n';
    assert.deepEqual(texts(build(text, 'a.mdx')), ['# T\n\nA.\n\nC.']);
  });
});

describe('reader text: includes (F15)', () => {
  it('MkDocs snippets: a line, a line range inside a fence, the block form, a commented-out path', async () => {
    const result = await buildFixture('docs/mkdocs.md');
    const [text] = texts(result);
    const table = '| option | meaning |\n|---|---|\n| `baseUrl` | the server |';
    assert.equal(text?.split(table).length, 3, 'the snippet twice: once as a line, once in the block form');
    assert.ok(text?.includes('```yaml\nbaseUrl: https://example.com/api\nccPairId: 2\n```'), text);
    assert.ok(!text?.includes('8<'), text);
  });

  it('an HTML comment in what a snippet includes (an SVG drawing, an HTML file) is no text either; in a fence it stays', () => {
    const includes = new Map([['docs/img/flow.svg', '<svg>\n<!-- node a -->\n<text>Start</text>\n</svg>\n']]);
    const page = '# Flow\n\n<div>\n--8<-- "docs/img/flow.svg"\n</div>\n\n```xml\n--8<-- "docs/img/flow.svg"\n```\n';
    const [text] = texts(build(page, 'docs/flow.md', { includes, site: { syntax: 'mkdocs', includeBases: { snippets: [''] } } }));
    assert.equal(text, '# Flow\n\n<div>\n<svg>\n<text>Start</text>\n</svg>\n</div>\n\n```xml\n<svg>\n<!-- node a -->\n<text>Start</text>\n</svg>\n```');
  });

  it('MkDocs snippet sections and open line ranges: `path:name` shows the lines between its markers, `path::1` the first line', async () => {
    const result = await buildFixture('docs/sections.md');
    assert.deepEqual(result.document.sections.map((s) => s.heading), ['Sections', 'Shared text']);
    assert.equal(texts(result)[0], '# Sections\n\nInstall it with `pip install acme`.\nThen run `acme init`.');
    const missing = result.problems.filter((p) => p.severity === 'warning');
    assert.deepEqual(missing.map((p) => [p.code, p.line]), [['includeSectionMissing', 5]]);
    assert.equal(missing[0]?.message, 'The snippet “docs/snippets/sections.md:uninstall” names a section docs/snippets/sections.md does not mark (--8<-- [start:uninstall] ... --8<-- [end:uninstall]), so it was left out; correct the name or mark the section.');
  });

  it('a snippet section as pymdownx.snippets extracts it: markers anywhere on their line, other sections\' markers dropped, an escaped one shown', () => {
    const text = ['# --8<-- [start:a]', 'one', '// --8<-- [start:b]', 'two', '// --8<-- [end:b]', 'show ;--8<-- [end:a] here', 'three', '# --8<-- [end:a]', 'after'].join('\n');
    assert.equal(snippetSection(text, 'a'), 'one\ntwo\nshow --8<-- [end:a] here\nthree');
    assert.equal(snippetSection(text, 'b'), 'two');
    assert.equal(snippetSection('--8<-- [start:open]\nto the end\n', 'open'), 'to the end\n', 'no end marker: to the end of the file');
    assert.equal(snippetSection(text, 'c'), undefined);
    assert.equal(snippetSection(text, 'A'), undefined, 'names compare exactly');
  });

  it('Obsidian embeds: a whole note (without its front matter), one heading\'s section, not an image embed; headings of embedded notes make sections', async () => {
    const result = await buildFixture('docs/vault.md');
    assert.deepEqual(result.document.sections.map((s) => s.heading), ['Vault', 'Part A', 'Part B', 'Detail of B', 'Part C', 'Part B', 'Detail of B']);
    // Its heading path (F15 item 4) runs through the embedded note's headings.
    assert.equal(result.document.sections[6]?.text, '### Part B › Detail of B\n\nMore of B.\n\n![[diagram.png]]');
    assert.ok(!JSON.stringify(result.document).includes('tags'));
  });

  it('a missing file or heading is a warning at the include\'s line, and the include is left out', async () => {
    const result = await buildFixture('docs/vault.md');
    const problems = result.problems.filter((p) => p.severity === 'warning');
    assert.deepEqual(problems.map((p) => [p.code, p.line]), [['includeHeadingMissing', 9], ['includeMissing', 11]]);
    assert.match(problems[1]?.message ?? '', /^The included file “nowhere” does not exist or may not be read \(looked for docs\/nowhere\.md, nowhere\.md\), so it was left out; correct the path\.$/);
    assert.ok(!JSON.stringify(result.document).includes('nowhere'));
  });

  it('a cycle is a warning at the include\'s line; the rest is included once', async () => {
    const result = await buildFixture('docs/cycle-a.md');
    assert.deepEqual(texts(result), ['# A\n\nB includes A:']);
    const cycle = result.problems.find((p) => p.code === 'includeCycle');
    assert.equal(cycle?.line, 3);
    assert.match(cycle?.message ?? '', /^docs\/cycle-b\.md: The include “docs\/cycle-a\.md” leads back to docs\/cycle-a\.md/);
  });

  it('an include that leaves the repository is refused, with its line', async () => {
    const result = await buildFixture('docs/outside.md');
    assert.deepEqual(texts(result), ['# Outside']);
    assert.deepEqual(result.problems.filter((p) => p.code === 'includeOutside').map((p) => p.line), [3, 5]);
  });

  it('a partial that cannot be parsed is a warning on the page, not a failure of the page', () => {
    const includes = new Map([['docs/_bad.mdx', 'Text {unclosed\n']]);
    const result = build("import Bad from './_bad.mdx';\n\n# T\n\n<Bad />\n\nAfter.\n", 'docs/page.mdx', { includes });
    assert.deepEqual(texts(result), ['# T\n\nAfter.']);
    const warning = result.problems.find((p) => p.code === 'includeSyntax');
    assert.equal(warning?.line, 5);
  });

  it('without the includes given, an include is a missing file (never its markup sent)', () => {
    const result = build('# T\n\n--8<-- "x.md"\n', 'a.md');
    assert.deepEqual(texts(result), ['# T']);
    assert.equal(result.problems.find((p) => p.code === 'includeMissing')?.line, 3);
  });

  it('a page without any of this is built exactly as before (the reader text is the body)', () => {
    const text = '# T\n\nText with a `:` and a [link](b.md).\n\n```\n!!! not this\n```\n';
    assert.deepEqual(texts(build(text, 'a.md')), [text.trimEnd()]);
  });
});

describe('a Docusaurus .md page read as MDX (markdown.format mdx, issue 35)', () => {
  it('imports and JSX go, an HTML comment is a comment (mdx1Compat), an imported .md partial is MDX too', () => {
    const body = "import Note from './_note.md';\nimport Tabs from '@theme/Tabs';\n\n# Title\n\nIntro.\n\n<!-- truncate -->\n\n<Note />\n\n<Tabs>\n<TabItem value=\"a\">\n\nText of A.\n\n</TabItem>\n</Tabs>\n";
    const includes = new Map([['docs/_note.md', "import Admonition from '@theme/Admonition';\n\n<Admonition type=\"tip\">Careful here.</Admonition>\n"]]);
    const read = readerText(body, { path: 'docs/page.md', mdx: true, mdxMarkdown: true, includes });
    const text = read?.mapped.text ?? body;
    assert.ok(!/^import /m.test(text) && !/<[A-Z]/.test(text) && !text.includes('<!--'), text);
    assert.match(text, /Intro\./);
    assert.match(text, /Careful here\./);
    assert.match(text, /Text of A\./);
    // Without mdxMarkdown (a Mintlify page), MDX refuses the HTML comment as Docusaurus without mdx1Compat would.
    assert.throws(() => readerText(body, { path: 'docs/page.mdx', mdx: true, includes }));
  });

  it('a heading\'s {#id} is its anchor and never reaches MDX (mdx1Compat.headingIds); in code it stays', () => {
    const body = "import X from './x';\n\n## Fast CLI ([#17](https://x.test/17)) {#change-17}\n\nText.\n\n```md\n## Example {#kept}\n```\n\n### Plain\n";
    const read = readerText(body, { path: 'blog/post.md', mdx: true, mdxMarkdown: true });
    const text = read?.mapped.text ?? '';
    assert.match(text, /^## Fast CLI \(\[#17\]\(https:\/\/x\.test\/17\)\)$/m);
    assert.match(text, /## Example \{#kept\}/, 'an example in code is content');
    const line = text.indexOf('## Fast CLI');
    assert.deepEqual([...(read?.headingIds ?? new Map())], [[line, 'change-17']]);
    // Before: acorn refused `{#change-17}` as an expression.
    assert.throws(() => readerText(body, { path: 'blog/post.mdx', mdx: true }));
  });
});
