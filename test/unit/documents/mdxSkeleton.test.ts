// Issue 37's fast path: plain Markdown inside components is cut out before the MDX parser reads a page
// (readerText/mdxSkeleton.ts). The differential test: the reader text must be the one the real parser gives for the
// whole page, on every page of the bench's corpus (modelled on the Mintlify and Docusaurus sites), every MDX page of
// the fixtures, and pages written to tempt the fast path into a wrong block; and the fast path must be taken where
// it pays (else this test would compare the real parser with itself).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { mdxEdits } from '../../../src/core/documents/readerText/mdx';
import type { MdxNode } from '../../../src/core/documents/readerText/mdxNode';
import { MappedText } from '../../../src/core/documents/readerText/mapped';
import { skeletonChildren, sureChildren } from '../../../src/core/documents/readerText/mdxSkeleton';
import { changelogPage, mdxCorpus } from '../../../bench/mdxCorpus';

const FIXTURES = path.resolve(__dirname, '../../../../test/fixtures');
const context = { include: () => "The partial's text." };

function readerText(text: string, split: boolean, skeleton: boolean): string {
  return MappedText.identity(text).apply(mdxEdits(text, context, split, skeleton).edits).text;
}

/** The reader text with the fast path is the whole page's as the real parser reads it, or both fail alike. */
function assertSame(text: string, name: string): void {
  let whole: string;
  try {
    whole = readerText(text, false, false);
  } catch (e) {
    assert.throws(() => readerText(text, true, true), { message: (e as Error).message }, `${name}: the same syntax error`);
    return;
  }
  assert.equal(readerText(text, true, true), whole, name);
}

/** The body MDX reads (front matter is read before the reader text). */
function body(text: string): string {
  return text.replace(/^---\n[\s\S]*?\n---\n/, '');
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const parse = (text: string): MdxNode => require('mdast-util-from-markdown').fromMarkdown(text, {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  extensions: [require('micromark-extension-mdxjs').mdxjs()],
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  mdastExtensions: [require('mdast-util-mdx').mdxFromMarkdown()],
}) as MdxNode;

/** Pages that tempt the fast path: each must read as the real parser reads it. */
const TRICKY: Record<string, string> = {
  'a changelog entry': '<Update label="May" tags={["New", "Fixes"]} rss={{ title: "x" }}>\n\n  ## Editor\n\n  - **One:** a `code` [link](/a).\n  - **Two:** more.\n\n  ## Fixes\n  \n  Text.\n\n</Update>\n',
  'a loose list over a blank line': '<A>\n  - one\n\n  - two\n</A>\n',
  'a loose list over a blank line wider than the dedent': '<A>\n  - one\n      \n  - two\n</A>\n',
  'two blank lines in a list': '<A>\n  - one\n\n\n  - two\n</A>\n',
  'a heading under a paragraph line': '<A>\n  Text\n  ## Heading\n  More\n</A>\n',
  'a list interrupting a paragraph': '<A>\n  Text\n  - item\n</A>\n',
  'a list interrupting a paragraph, going on': '<A>\n  Example questions:\n  - "Which pages?"\n  - How do I <kbd>X</kbd>?\n\n  After.\n</A>\n',
  'an ordered list from 1 interrupting a paragraph': '<A>\n  Text\n  1. item\n  2. next\n</A>\n',
  'an ordered list from 2 under a paragraph': '<A>\n  Text\n  2. item\n</A>\n',
  'a list under a table row': '<A>\n  | a | b |\n  - item\n</A>\n',
  'a deeper list under a paragraph': '<A>\n  Text\n    - item\n</A>\n',
  'a thematic break of spaced dashes under a paragraph': '<A>\n  Text\n  - - -\n</A>\n',
  'a thematic break of stars under a paragraph': '<A>\n  Text\n  * * *\n</A>\n',
  'a thematic break under a paragraph, then a list': '<A>\n  Text\n  - - -\n  - item\n</A>\n',
  'a list indented as code under a paragraph': '<A>\n  Text\n      - item\n</A>\n',
  'an empty bullet under a paragraph': '<A>\n  Text\n  -\n  more\n</A>\n',
  'a list interrupting a paragraph at the top': 'Text\n- item\n- next\n',
  'a lazy line after a list': '<A>\n  - item\n  lazy\n</A>\n',
  'a list item continued by an indented paragraph': '<A>\n  - item\n\n    more of it\n\n  after\n</A>\n',
  'a table under a paragraph line': '<A>\n  Text\n  | a | b |\n  | - | - |\n  | 1 | 2 |\n</A>\n',
  'a table': '<A>\n  | a | b |\n  | --- | --- |\n  | 1 | 2 |\n\n  After.\n</A>\n',
  'a setext heading': '<A>\n  Title\n  ---\n\n  Text.\n</A>\n',
  'a thematic break over a paragraph': '<A>\n  ***\n  text\n</A>\n',
  'a thematic break after a list': '<A>\n  - a\n  ***\n</A>\n',
  'a fence with blank lines and tags': '<A>\n  ```jsx\n  <Tabs>\n\n\n  {x}\n  ```\n  Right after.\n</A>\n',
  'an unclosed fence': '<A>\n  ```\n  code\n</A>\n',
  'a fence in a list item': '<A>\n  - item\n\n    ```\n    code\n    ```\n</A>\n',
  'trailing blanks': '<A>\n  Text with a break  \n  next\n\n  ## Heading  \n</A>\n',
  'blocks at two indentations': '<A>\n  One.\n\n    Two.\n\n  Three.\n</A>\n',
  'a tab': '<A>\n\tTabbed.\n</A>\n',
  'a block quote': '<A>\n  > quoted\n  lazy\n\n  After.\n</A>\n',
  'an ordered list then a bullet': '<A>\n  1. one\n  - two\n</A>\n',
  'bullets of two kinds': '<A>\n  - one\n\n  * two\n</A>\n',
  'nested components': '<Steps>\n  <Step title="One">\n    Do this.\n\n    - and that\n  </Step>\n  <Step title="Two">\n    ```bash\n    run\n    ```\n  </Step>\n</Steps>\n',
  'a component in a list item': '- item\n\n  <Note>\n    Inside.\n  </Note>\n\n- next\n',
  'a paragraph with a tag before a plain line': '<A>\n  Text <b>x</b>\n  plain\n</A>\n',
  'a loose list ending in a tag line': '<A>\n  - one\n\n  - two <b>x</b>\n</A>\n',
  'a multi-line attribute between whole tags': '<A title="\n<B>\nplain\n<C>\n">\n  Inside.\n</A>\n',
  'an expression over lines': '<A>\n  {\n  plain\n  }\n</A>\n',
  'a component at column 2 at the top': 'Text.\n\n  <Note>\n    Indented.\n\n    - list\n  </Note>\n',
  'a closing tag right after text': '<Note>\n  Text\n</Note>\n<Tip>\n  More\n</Tip>\n',
  'an empty component': '<Spacer>\n\n</Spacer>\n\nText.\n',
  'a partial and prose': "import Setup from './_setup.mdx';\n\n<Note>\n  Before.\n</Note>\n\n<Setup />\n",
  'a page of prose only': '# Title\n\nText.\n\n- a\n- b\n',
  'a syntax error after plain text': '<A>\n  Text.\n</B>\n',
  'deep indentation': `<A>\n${' '.repeat(300)}deep\n</A>\n`,
};

/**
 * Tags indented into a list's last item: the parser puts them in the item, the skeleton after the list (a known
 * difference, kept: see mdxSkeleton.ts). Whole-tag blocks are never read so without the parser.
 */
const IN_LIST_ITEM: Record<string, string> = {
  'a tag in the last item of a list': '<A>\n  - item\n    <B title="x">\n    </B>\n</A>\n',
  'a tag in the item of a loose list': '<A>\n  1. item\n\n     <B title="x" />\n</A>\n',
  'a list going on after a tag in its item': '<Steps>\n  <Step title="One">\n    Text.\n\n    1. First.\n        <Frame>\n          <img src="/a.png" alt="A" />\n        </Frame>\n    1. Second.\n  </Step>\n</Steps>\n',
};

/** Pages read without the parser at all (`sureChildren`), or that tempt it: each must read as the real parser reads it. */
const SURE: Record<string, string> = {
  'cards of plain attributes': '<CardGroup cols={2}>\n  <Card title="One" href="/one" horizontal>\n    Text.\n  </Card>\n  <Card title=\'Two\' icon="x" />\n</CardGroup>\n',
  'a changelog entry of literals': '<Update label="May" tags={["New", "Fixes"]} rss={{ title: "x", n: -1.5, ok: true }}>\n  ## Editor\n\n  - One.\n</Update>\n',
  'an image over lines': '<Frame caption="A caption">\n  <img\n    src="/a.png"\n    alt="An image"\n  />\n</Frame>\n',
  'comments between blocks': '<Note>\n  Text.\n  {/* vale off */}\n  More.\n</Note>\n{/* vale on */}\n',
  'a reference in a value': '<Card title="A &amp; B">\n  Text.\n</Card>\n',
  'a line feed in a value': '<Card title="A\n  B">\n  Text.\n</Card>\n',
  'a number with a leading zero': '<A n={01}>\n  Text.\n</A>\n',
  'a brace in a string of an expression': '<A t={["}"]}>\n  Text.\n</A>\n',
  'an expression that is no literal': '<A t={x}>\n  Text.\n</A>\n',
  'two comments in one': '<A>\n  {/* a */ /* b */}\n</A>\n',
  'a comment and text': '<A>\n  {/* a */} text\n</A>\n',
  'a tag closing another name': '<A>\n  Text.\n</B>\n',
  'a tag never closed': '<A>\n  Text.\n',
  'a tag with text after it': '<A>\n  <Badge color="red">Badge</Badge>\n</A>\n',
  'a namespaced name': '<a:b x="1">\n  Text.\n</a:b>\n',
  'a name with a dot': '<Tree.Folder name="src">\n  <Tree.File name="a.ts" />\n</Tree.Folder>\n',
  'a tab in a tag': '<A\ttitle="x">\n  Text.\n</A>\n',
  'a tag in a code span': '<Update label="May">\n  - Horizontal rules (`<hr />`) and `{expressions}` read.\n  - More ``a ` <b>`` here.\n</Update>\n',
  'a code span left open on the line before': '<A>\n  Text `open\n  `<b>x</b>`\n</A>\n',
  'a code span in a list left open before': '<A>\n  - item `a\n    `<b>x</b>` b\n</A>\n',
  'a backtick run closed by a longer one': '<A>\n  Text `<b>x</b>`` end\n</A>\n',
  'an escaped backtick': '<A>\n  Text \\`<b>x</b>` end\n</A>\n',
  'a key __proto__ twice': '<A o={{ __proto__: 1, __proto__: 2 }}>\n  Text.\n</A>\n',
};

/**
 * Lines of prose holding inline tags (`mdxInline.ts`): each must read as the real parser reads it. Those named in
 * INLINE_SURE are read without the parser; every other one tempts a guard of `inlineElements` and is left to it.
 */
const INLINE: Record<string, string> = {
  'keys in a paragraph': '<Note>\n  Press <kbd>Ctrl</kbd> + <kbd>I</kbd> to open it.\n</Note>\n',
  'icons and badges in a list': '<Update label="May">\n  - **Badges**: a new <Badge color="green">Badge</Badge> component.\n  - Click the <Icon icon="headphones" /> button.\n  - Nested <b><kbd>A</kbd> key</b> and <Tooltip tip="A hint">word</Tooltip>.\n</Update>\n',
  'line breaks in table rows': '<Tab title="A">\n  | Key | Value |\n  | --- | --- |\n  | a<br />b | <Icon icon="x" /> c |\n</Tab>\n',
  'a badge in a heading': '<Tab title="A">\n  ## New <Badge>beta</Badge>\n\n  Text.\n</Tab>\n',
  'a tag and text at a block start': '<Note>\n  <Icon icon="x" /> Amazon Web Services\n</Note>\n',
  'a whole-line element with text': '<Steps>\n  <PreviewButton href="/a">Open the file</PreviewButton>\n</Steps>\n',
  'a tag after a link': '<Note>\n  See [the docs](/a/b(c)) then <kbd>X</kbd>.\n</Note>\n',
  'a code span and a tag': '<Note>\n  Write `<x>` or ``a ` b`` and <kbd>Y</kbd>.\n</Note>\n',
  'an entity in an element': '<Note>\n  Type <kbd>&lt;</kbd> here.\n</Note>\n',
  'a tag in a link text': '<Note>\n  Open [<kbd>A</kbd> here](/a).\n</Note>\n',
  'emphasis around an element': '<Note>\n  A **<kbd>B</kbd>** and *<Icon icon="x" />*.\n</Note>\n',
  'only tags on a line': '<Note>\n  <Icon icon="x" /> <Icon icon="y" />\n</Note>\n',
  'only tags in a list item': '<Note>\n  - <Accordion title="T" description="D"></Accordion>\n  - text\n</Note>\n',
  'only tags in a quote in a list item': '<Note>\n  - > <Accordion title="T" description="D"></Accordion>\n</Note>\n',
  'a tag in a link destination': '<Note>\n  A [link](/a<b>x</b>) here.\n</Note>\n',
  'a tag in a link title': '<Note>\n  A [link](/a "t <b>x</b>") here.\n</Note>\n',
  'a tag in an enclosed destination': '<Note>\n  A [link](<kbd>) here.\n</Note>\n',
  'a tag in an image': '<Note>\n  An ![alt <b>x</b>](/a.png) here.\n</Note>\n',
  'a tag in a reference definition': '<Note>\n  [a]: <b>x</b>\n\n  Text.\n</Note>\n',
  "a tag in a reference definition's title": '<Note>\n  [a]: /u "<b>x</b>"\n\n  Text.\n</Note>\n',
  'emphasis across a tag': '<Note>\n  A *b <b>c* d</b> e.\n</Note>\n',
  'a link across a tag': '<Note>\n  A [b <b>c](/x) d</b> e.\n</Note>\n',
  'a space inside an element': '<Note>\n  A <b> x </b> and <kbd>y </kbd>.\n</Note>\n',
  'an escaped tag': '<Note>\n  A \\<b>x</b> here.\n</Note>\n',
  'a less-than sign': '<Note>\n  When a < b, press <kbd>X</kbd>.\n</Note>\n',
  'an unclosed void tag': '<Note>\n  A<br>b\n</Note>\n',
  'tags closing out of order': '<Note>\n  A <b><i>x</b></i> here.\n</Note>\n',
  'a tag closing over lines': '<Note>\n  A <b>x\n  y</b> here.\n</Note>\n',
  'a code span opened on the line before': '<Note>\n  Text `open\n  then <kbd>x</kbd>` close.\n</Note>\n',
  'a backtick in an attribute': '<Note>\n  A <Icon title="`" /> and `code`.\n</Note>\n',
  'a backtick in an attribute pairing on': '<Note>\n  A <Icon title="`" /> a ` b <kbd>x</kbd> `c`.\n</Note>\n',
  'a brace beside a tag': '<Note>\n  A <kbd>x</kbd> {1 + 1}.\n</Note>\n',
  'a comment beside a tag': '<Note>\n  A <kbd>x</kbd> {/* c */}.\n</Note>\n',
  'a reference in an attribute': '<Note>\n  A <Icon title="&amp;" /> here.\n</Note>\n',
  'a fragment': '<Note>\n  A <>x</> here.\n</Note>\n',
  'an HTML comment': '<Note>\n  A <!-- x --> here.\n</Note>\n',
  'a lazy line after an inline line in a list': '<Note>\n  - item <kbd>A</kbd>\n  lazy <kbd>B</kbd>\n</Note>\n',
  'a tag indented into a list item': '<Note>\n  - item\n    more <kbd>A</kbd> here\n</Note>\n',
  'inline tags at the top': 'Press <kbd>Ctrl</kbd> + <kbd>I</kbd>.\n\n- A <Badge>new</Badge> thing\n',
  'a link in a warning': '<Steps>\n  <Warning>This is deprecated. Use the [v2 job](/api/v2) instead.</Warning>\n\n  Next.\n</Steps>\n',
  'bold in a warning': '<Steps>\n  <Warning>**For JWT:** it differs from `exp` and _more_.</Warning>\n</Steps>\n',
  'an image in a frame': '<Step title="A">\n  <Frame>![Creating an app](/images/a.png)</Frame>\n</Step>\n',
  'bold in a badge in a heading': '<Tab title="A">\n  ## A <Badge>**new**</Badge> thing\n</Tab>\n',
  'a line of marks in an element, then more': '<Note>\n  <W>[a](/b)</W>\n  more\n</Note>\n',
  'a line of marks in an element, then a mark': '<Note>\n  <W>x *a</W>\n  b* c\n</Note>\n',
  'marks in an element in a list item, then a mark': '<Note>\n  - <W>x *a</W>\n    b* c\n</Note>\n',
  'a line of marks in an element after a line': '<Note>\n  *start\n  <W>x*</W>\n</Note>\n',
  'marks in an element and outside': '<Note>\n  A *b* <W>[a](/b)</W> c\n</Note>\n',
  'a mark first in an element pairing outside': '<Note>\n  A <b>*c</b> d* e.\n</Note>\n',
  'marks around an element in an element': '<Note>\n  <W>*a <b>x</b> c*</W> d\n</Note>\n',
  'marks in an element in a list': '<Note>\n  - <W>*a*</W>\n  - b\n</Note>\n',
  'an image beside an element': '<Note>\n  ![a](/b.png) <kbd>x</kbd>\n</Note>\n',
  'an image holding an element, in an element': '<Note>\n  <W>![a <b>x</b>](/b.png)</W> c\n</Note>\n',
};

/** INLINE pages read without the parser at all. */
const INLINE_SURE = ['keys in a paragraph', 'icons and badges in a list', 'line breaks in table rows', 'a badge in a heading', 'a tag and text at a block start', 'a whole-line element with text', 'a tag after a link', 'a code span and a tag', 'an entity in an element', 'a tag in a link text', 'emphasis around an element', 'a space inside an element', 'a tag indented into a list item', 'inline tags at the top', 'a link in a warning', 'bold in a warning', 'an image in a frame', 'bold in a badge in a heading'];

describe('MDX fast path: plain Markdown in components cut out of the parse (issue 37)', function () {
  this.timeout(120_000);

  for (const [name, text] of Object.entries(TRICKY)) {
    it(`reads as the real parser: ${name}`, () => assertSame(text, name));
  }

  for (const [name, text] of Object.entries(SURE)) {
    it(`reads as the real parser, without it where sure: ${name}`, () => assertSame(text, name));
  }

  for (const [name, text] of Object.entries(INLINE)) {
    it(`reads inline tags as the real parser: ${name}`, () => assertSame(text, name));
  }

  it('reads a list interrupting a paragraph without the parser', () => {
    for (const name of ['a list interrupting a paragraph', 'a list interrupting a paragraph, going on', 'an ordered list from 1 interrupting a paragraph', 'a list under a table row']) {
      assert.ok(sureChildren(TRICKY[name] as string), name);
    }
  });

  it('reads lines of prose with inline tags without the parser where sure, and leaves the rest to it', () => {
    for (const [name, text] of Object.entries(INLINE)) {
      assert.equal(sureChildren(text) !== undefined, INLINE_SURE.includes(name), name);
    }
  });

  it('reads whole tags and plain Markdown without the parser, and leaves the rest to it', () => {
    for (const name of ['cards of plain attributes', 'a changelog entry of literals', 'an image over lines', 'comments between blocks', 'a name with a dot', 'a tag in a code span', 'a tag with text after it']) {
      assert.ok(sureChildren(SURE[name] as string), name);
    }
    for (const name of ['a reference in a value', 'a line feed in a value', 'a number with a leading zero', 'a brace in a string of an expression', 'an expression that is no literal', 'two comments in one', 'a comment and text', 'a tag closing another name', 'a tag never closed', 'a namespaced name', 'a tab in a tag', 'a key __proto__ twice', 'a code span left open on the line before', 'a code span in a list left open before', 'a backtick run closed by a longer one', 'an escaped backtick']) {
      assert.equal(sureChildren(SURE[name] as string), undefined, name);
    }
    for (const [name, text] of Object.entries(IN_LIST_ITEM)) assert.equal(sureChildren(text), undefined, name);
  });

  it('reads every page of the bench corpus as the real parser reads it', () => {
    for (const page of mdxCorpus()) assertSame(body(page.text), page.path);
  });

  it('reads every MDX page of the fixtures as the real parser reads it', () => {
    const files = fs.readdirSync(FIXTURES, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.mdx'));
    assert.ok(files.length >= 10, `the fixtures hold MDX pages (${files.length})`);
    for (const file of files) assertSame(body(fs.readFileSync(path.join(FIXTURES, file), 'utf8')), file);
  });

  it('is taken where it pays: a changelog and most component blocks of the corpus', () => {
    assert.ok(skeletonChildren(body(changelogPage(20_000)), parse), 'the changelog is read through its skeleton');
    const mintlify = mdxCorpus().filter((p) => p.kind === 'mintlify');
    const taken = mintlify.filter((p) => skeletonChildren(body(p.text), parse) !== undefined).length;
    assert.ok(taken > mintlify.length * 0.8, `${taken} of ${mintlify.length} Mintlify-like pages`);
  });

  it('leaves to the parser what it is unsure of', () => {
    for (const name of ['a heading under a paragraph line', 'a lazy line after a list', 'a tab', 'an unclosed fence', 'a multi-line attribute between whole tags']) {
      assert.equal(skeletonChildren(TRICKY[name] as string, parse), undefined, name);
    }
  });
});
