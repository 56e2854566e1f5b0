// Issue 37: a site's page reading takes a flat front matter's values without the YAML parser
// (site/flatFrontMatter.ts). The differential test: the values must be the parser's on every front matter of the
// fixtures and on sources written to tempt the fast path, and it must be taken where it pays.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { findFrontMatter } from '../../../src/core/documents/source/frontMatter';
import { flatFrontMatter } from '../../../src/core/site/flatFrontMatter';
import { frontMatterValues } from '../../../src/core/site/pageText';
import { mdxCorpus } from '../../../bench/mdxCorpus';

const FIXTURES = path.resolve(__dirname, '../../../../test/fixtures');

/** Sources that tempt the fast path: each must read as the parser reads it. */
const TRICKY: Record<string, string> = {
  'a Mintlify page': 'title: "Quickstart"\ndescription: "Start in five minutes: really."\nkeywords: ["setup", "start, now"]\nboost: 3\nnoindex: true\n',
  'plain strings': 'title: Quickstart guide\nsidebarTitle: It\'s "quick"\nopenapi: POST /users/{id}\ntag: a:b\n',
  'booleans and nothing': 'a: True\nb: FALSE\nc:\nd: null\nf: yes\n',
  'a tilde': 'e: ~\n',
  'a leading zero': 'b: 007\n',
  'a decimal': 'c: 1.50\n',
  'a negative number': 'd: -1\n',
  'a hexadecimal number': 'e: 0x1F\n',
  'an exponent': 'f: 1e3\n',
  'a long number': 'g: 12345678901234567890\n',
  'infinity': 'h: .inf\n',
  'an escaped quote': "a: 'it''s'\n",
  'an escape': 'b: "tab\\there"\n',
  'a comment after a quote': 'd: "x" # note\n',
  'quotes': "c: 'plain'\ne: \"\"\n",
  'a colon in a value': 'title: a: b\n',
  'a comment after a value': 'description: text # comment\n',
  'a value ending in a colon': 'x: ends:\n',
  'a comment line': '# a comment\ntitle: x\n',
  'a key twice': 'title: One\ntitle: Two\n',
  'a block list': 'keywords:\n  - a\n  - b\ntitle: T\n',
  'a nested map': 'seo:\n  title: x\n',
  'a flow list that is not only strings': 'keywords: [a, b]\ntags: ["a", 1]\nk: ["a\\"b"]\n',
  'a flow map': 'x: {a: 1}\n',
  'an anchor and alias': 'a: &x one\nb: *x\n',
  'a tag': 'a: !!str 1\nb: !ENV X\n',
  'a multi-line plain scalar': 'title: one\n  two\n',
  'a block scalar': 'description: |\n  text\n',
  'spaces around': 'title:    spaced   \n\n  \nx:  "q"  \n',
  'a document marker': '%YAML 1.2\n---\ntitle: x\n',
  'keys that are words': 'true: a\nnull: b\n',
  'a tab': 'title:\tx\n',
  'a quoted key': '"title": x\n',
};

function assertSame(source: string, name: string): void {
  assert.deepEqual(frontMatterValues(source), frontMatterValues(source, false), name);
}

describe('A flat front matter read without the YAML parser (issue 37)', () => {
  for (const [name, source] of Object.entries(TRICKY)) {
    it(`reads as the parser: ${name}`, () => assertSame(source, name));
  }

  it('reads every front matter of the fixtures and of the bench corpus as the parser reads it', () => {
    const files = fs.readdirSync(FIXTURES, { recursive: true, encoding: 'utf8' }).filter((f) => /\.mdx?$/.test(f));
    const texts = [...files.map((f) => fs.readFileSync(path.join(FIXTURES, f), 'utf8')), ...mdxCorpus().map((p) => p.text)];
    let read = 0;
    for (const text of texts) {
      const block = findFrontMatter(text.replace(/\r\n?/g, '\n'));
      if (block?.kind !== 'yaml') continue;
      read++;
      assertSame(block.source, text.slice(0, 80));
    }
    assert.ok(read > 100, `front matters read: ${read}`);
  });

  it('is taken where it pays, and leaves the rest to the parser', () => {
    for (const name of ['a Mintlify page', 'plain strings', 'booleans and nothing', 'spaces around', 'quotes']) assert.ok(flatFrontMatter(TRICKY[name] as string), name);
    for (const name of ['a tilde', 'a leading zero', 'a decimal', 'a negative number', 'a hexadecimal number', 'an exponent', 'a long number', 'infinity', 'an escaped quote', 'an escape', 'a comment after a quote', 'a colon in a value', 'a comment after a value', 'a value ending in a colon', 'a comment line', 'a key twice', 'a block list', 'a flow list that is not only strings', 'an anchor and alias', 'a tag', 'a multi-line plain scalar', 'a document marker', 'a tab', 'a quoted key']) {
      assert.equal(flatFrontMatter(TRICKY[name] as string), undefined, name);
    }
  });
});
