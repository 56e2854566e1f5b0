// F15's cost: an MDX page is parsed by the MDX parser only where it holds MDX (readerText/mdxRegions.ts). The text a
// reader sees must be the same as when the whole page is parsed: checked over every MDX page of the fixtures, the
// bench's page and pages written to tempt the scan into a wrong cut.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { mdxEdits } from '../../../src/core/documents/readerText/mdx';
import { MappedText } from '../../../src/core/documents/readerText/mapped';
import { mdxBlocks } from '../../../src/core/documents/readerText/mdxRegions';
import { mdxPages, prosePages } from '../../../bench/mdx';

const FIXTURES = path.resolve(__dirname, '../../../../test/fixtures');
const context = { include: () => 'The partial\'s text.' };

function readerText(text: string, split: boolean): string {
  return MappedText.identity(text).apply(mdxEdits(text, context, split).edits).text;
}

/** The reader text parsed in regions is the one of the whole page, or both fail with the same syntax error. */
function assertSame(text: string): void {
  let whole: string;
  try {
    whole = readerText(text, false);
  } catch (e) {
    assert.throws(() => readerText(text, true), { message: (e as Error).message }, 'the same syntax error');
    return;
  }
  assert.equal(readerText(text, true), whole);
}

/** The blocks given to the MDX parser. */
function mdxRegions(text: string): Array<{ start: number; end: number }> {
  return mdxBlocks(text).filter((b) => b.mdx);
}

function mdxFiles(folder: string): string[] {
  return fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.mdx')).map((f) => path.join(folder, f));
}

const LONG = 'Plain prose that needs no MDX parser at all, long enough to keep regions apart. '.repeat(10).trim();

/** Pages whose blocks tempt the scan: each must read the same parsed in regions as parsed whole. */
const TRICKY: Record<string, string> = {
  'a component with blank lines and column-0 children': '# A\n\nProse.\n\n<Tabs>\n\n<TabItem label="One">\n\nText one.\n\n</TabItem>\n\n</Tabs>\n\nAfter.\n',
  'a tag whose attributes span lines and blank lines': 'Before.\n\n<Card\n  title="T"\n\n  href="/x">\n\nInside.\n\n</Card>\n\nAfter.\n',
  'an expression over blank lines': 'Before.\n\n{\n  // a comment\n\n  props.x\n}\n\nAfter.\n',
  'a fence holding tags and braces': 'Before.\n\n```jsx\n<Tabs>\n{x}\n\n</Tabs>\n```\n\nAfter <kbd>K</kbd>.\n',
  'a tilde fence inside a component': '<Note>\n  ~~~\n  <not a tag>\n\n  ~~~\n</Note>\n\nText.\n',
  'tags in inline code': 'Write `<Tabs>` and `</Tabs>` and `{x}`.\n\nThen <b>bold</b>.\n\nPlain.\n',
  'an escaped angle and brace': 'Less \\< more \\{ brace.\n\nPlain.\n\n<X />\n',
  'imports after their use, removed at the edges': '<Setup />\n\nProse.\n\nimport Setup from \'./_setup.mdx\';\n\nEnd.\n\nexport const meta = {\n  a: 1,\n};\n',
  'lists continuing after blank lines': '- one\n\n  <Badge>x</Badge>\n\n- two\n\n  more {1}\n\nDone.\n',
  'removed expressions at the end of list items': '- one\n\n  {/* gone */}\n\n- two\n\n  text\n\n  {/* gone too */}\n\nAfter.\n',
  'a component at the end without text': 'Text.\n\n<Spacer />\n',
  'a page starting with removed blocks': 'import A from \'a\';\nexport const b = 1;\n\n{/* note */}\n\n# Title\n\nText.\n',
  'a component closed on the line it opens and prose between': '<details>\n<summary>More</summary>\n\nHidden text.\n\n</details>\n\nOutside.\n',
  'nested components with blank lines': '<A>\n  <B>\n\n    Deep.\n\n  </B>\n\n  Mid.\n</A>\n\nTop.\n',
  'a fragment': '<>\n\nIn a fragment.\n\n</>\n\nOut.\n',
  'a brace in a string of an expression': 'A {\'{\'} b.\n\nPlain.\n\nC {"}"} d.\n\nEnd.\n',
  'a tag with a greater-than in a string and an expression': '<Chart data={{ a: ">" }} label="x > y">\n\nText.\n\n</Chart>\n\nPlain.\n',
  'trailing spaces, then removed blocks to the end of the page': 'Text.   \n\n{/* a */}\n\n<Spacer />\n\nexport const b = 1;\n',
  // Blocks read by acorn alone (mdx.ts esmNode), as micromark-extension-mdxjs-esm reads them.
  'imports over blank lines inside braces, and an export with JSX': "import {\n  a,\n\n  b,\n} from 'x';\n\nText {a}.\n\nexport default function Layout({ children }) {\n  return <div className=\"x\">{children}</div>;\n}\n\n<X />\n",
  'import blocks apart, one name each': "import A from './_a.mdx';\n\nText.\n\nimport B from './_b.mdx';\nexport * from 'c';\nexport { d as e } from 'd';\n\n<A />\n\n<B />\n",
  'a line starting with the word import that is prose': 'Imports are listed below.\n\nimportant: not an import.\n\nexport-ready text.\n\n<X />\n',
};

/** Pages MDX refuses: parsed in regions they fail with the same error as parsed whole. */
const INVALID: Record<string, string> = {
  'a name imported twice, in two blocks': "import A from 'a';\n\nText.\n\nimport A from 'b';\n\n<A />\n",
  'a statement that is no import or export': "import A from 'a';\nconst b = 1;\n\n<A />\n",
  'prose right under an import': "import A from 'a';\nText under it.\n\n<A />\n",
  'an export that never ends': 'export const a = {\n\nText.\n',
};

describe('MDX parsed where it holds MDX (F15 cost)', () => {
  for (const file of [...mdxFiles(path.join(FIXTURES, 'mdx')), ...mdxFiles(path.join(FIXTURES, 'sites'))]) {
    it(`${path.relative(FIXTURES, file)}: the same reader text as the whole page parsed`, () => {
      assertSame(fs.readFileSync(file, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, ''));
    });
  }

  it('the bench\'s page, MDX in every block: the same reader text', () => {
    const { mdx } = mdxPages(20 * 1024);
    const text = mdx.replace(/^---\n[\s\S]*?\n---\n/, '');
    assert.equal(readerText(text, true), readerText(text, false));
  });

  it('a page of prose with a component now and then: the same reader text, most of it never parsed as MDX', () => {
    const text = prosePages(50 * 1024).mdx;
    assert.equal(readerText(text, true), readerText(text, false));
    const parsed = mdxRegions(text).reduce((n, r) => n + r.end - r.start, 0);
    assert.ok(parsed < text.length * 0.2, `parsed ${parsed} of ${text.length} characters`);
  });

  for (const [name, text] of Object.entries(TRICKY)) {
    it(`${name}: the same reader text as the whole page parsed`, () => {
      assert.doesNotThrow(() => readerText(text, false), 'valid MDX');
      assertSame(text);
    });
    // Short pages are one region; long prose between the blocks makes them several.
    it(`${name}, with long prose between its blocks: the same reader text (or the same error)`, () => {
      assertSame(text.replace(/\n\n(?=\S)/g, `\n\n${LONG}\n\n`));
    });
  }

  for (const [name, text] of Object.entries(INVALID)) {
    it(`${name}: the whole page's syntax error, parsed in regions too`, () => {
      assert.throws(() => readerText(text, false), 'invalid MDX');
      assertSame(text);
      assertSame(text.replace(/\n\n(?=\S)/g, `\n\n${LONG}\n\n`));
    });
  }

  it('a list whose items are regions apart is parsed whole again, with the same reader text', () => {
    const text = `- one {1}\n\n- ${LONG}\n\n- two {2}\n\nAfter.\n`;
    assert.equal(mdxRegions(text).length, 2, 'two regions');
    assertSame(text);
  });

  it('prose, headings and fenced code without MDX are no region; a component over blank lines is one', () => {
    const prose = `${'Prose with **bold** and [a link](x.md). '.repeat(20)}\n\n`;
    const text = `# Title\n\n${prose}<X />\n\n${prose}\`\`\`js\nconst a = <b>{1}</b>;\n\`\`\`\n\n<Tabs>\n\n<TabItem>\n\nText.\n\n</TabItem>\n\n</Tabs>\n\nMore prose.\n`;
    const regions = mdxRegions(text);
    assert.deepEqual(regions.map((r) => text.slice(r.start, r.end)), ['<X />', '<Tabs>\n\n<TabItem>\n\nText.\n\n</TabItem>\n\n</Tabs>']);
    const blocks = mdxBlocks(text).map((b) => text.slice(b.start, b.end));
    assert.deepEqual(blocks.slice(-2), ['<Tabs>\n\n<TabItem>\n\nText.\n\n</TabItem>\n\n</Tabs>', 'More prose.'], 'the Markdown blocks around it too');
  });

  it('a syntax error is the whole page\'s, at its place', () => {
    const text = 'Fine.\n\nStill fine.\n\n<Broken\n\nNever closed {\n';
    assert.throws(() => mdxEdits(text, context), (e: unknown) => (e as { offset: number }).offset >= text.indexOf('<Broken'));
  });
});
