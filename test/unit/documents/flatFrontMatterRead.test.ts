// Issue 37: the build reads a flat front matter (documents/source/flatYaml.ts) without the YAML parser. The differential
// test: the document fields, metadata, key lines, problems and errors must be the parser's, with the default
// ignored keys and with a site generator's keys, on every front matter of the fixtures, of the bench corpus, and on
// sources written to tempt the fast path (the site's reading of the same values has its own test,
// site/flatFrontMatter.test.ts); and the fast path must be taken where it pays.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_IGNORE_KEYS, findFrontMatter, readFlatFrontMatter, readFrontMatter } from '../../../src/core/documents/source/frontMatter';
import type { FrontMatterBlock } from '../../../src/core/documents/source/frontMatter';
import type { DocumentProblem } from '../../../src/core/documents/problems/problems';
import { mdxCorpus } from '../../../bench/mdxCorpus';

const FIXTURES = path.resolve(__dirname, '../../../../test/fixtures');

/** Sources that tempt the fast path: each must read as the parser reads it. */
const TRICKY: Record<string, string> = {
  'a Mintlify page': 'title: "Quickstart"\ndescription: "Start in five minutes: really."\nkeywords: ["setup", "start, now"]\nicon: rocket\nboost: 3\nnoindex: true\n',
  'fields': 'doc-ingest-id: my-page\ntitle: "  Spaced title  "\nsemantic_identifier: Guide\n',
  'an id and doc-ingest-id': 'id: first\ndoc-ingest-id: second\n',
  'doc-ingest-id then id': 'doc-ingest-id: first\nid: second\n',
  'an id a number': 'id: 42\ntitle: 7\n',
  'an id that must change': 'id: "a b/c"\n',
  'an empty id and title': 'id: ""\ntitle: \'\'\n',
  'an id that is true': 'id: True\n',
  'a title that is a list': 'title: ["a"]\n',
  'keys without a value': 'title:\ndescription:\ntags: null\nversion: NULL\n',
  'booleans as metadata': 'beta: True\nold: FALSE\n',
  'a draft': 'draft: true\ntitle: x\n',
  'a draft false': 'draft: false\n',
  'publish false': 'publish: False\n',
  'doc-ingest false': 'doc-ingest: false\n',
  'unlisted as text': 'unlisted: "true"\n',
  'a publish switch that is a number': 'draft: 1\n',
  'ignored keys': 'slug: /a\nsidebar_position: 3\nlayout: page\nquestions: ["Why?"]\n',
  'generator keys': 'id: intro\nslug: /start\ntitle: Start\n',
  'an empty list': 'tags: []\n',
  'owners': 'primary_owners: ["a@b.c"]\n',
  'a link': 'link: https://example.com/a\n',
  'a relative link': 'link: /a\n',
  'a pair id': 'cc_pair_id: 3\n',
  'a date': 'doc_updated_at: 2026-11-23\n',
  'a metadata block': 'metadata:\n  a: b\n',
  'metadata nothing': 'metadata:\n',
  'blank lines only': '\n  \n',
  'a proto key': '__proto__: x\ntitle: T\n',
  'a constructor key': 'constructor: x\n',
  'a key twice': 'title: One\ntitle: Two\n',
  'a comment line': '# note\ntitle: x\n',
  'a nested map': 'seo:\n  title: x\n',
};

const GENERATOR_KEYS = ['id', 'slug'];

function read(block: FrontMatterBlock, ignoreKeys: readonly string[], generatorKeys: readonly string[], fast: boolean): { result?: unknown; problems: DocumentProblem[]; error?: string } {
  const problems: DocumentProblem[] = [];
  try {
    return { result: readFrontMatter(block, ignoreKeys, problems, generatorKeys, fast), problems };
  } catch (e) {
    return { problems, error: `${(e as Error).message} ${JSON.stringify(e)}` };
  }
}

function assertSame(source: string, name: string): void {
  const block: FrontMatterBlock = { kind: 'yaml', source, firstLine: 2, bodyOffset: 0, bodyLine: 0 };
  for (const [ignoreKeys, generatorKeys] of [[DEFAULT_IGNORE_KEYS, []], [[], GENERATOR_KEYS], [DEFAULT_IGNORE_KEYS, GENERATOR_KEYS]] as const) {
    assert.deepEqual(read(block, ignoreKeys, generatorKeys, true), read(block, ignoreKeys, generatorKeys, false), `${name} (generator keys: ${generatorKeys.join(', ')})`);
  }
}

describe('A flat front matter read by the build without the YAML parser (issue 37)', () => {
  for (const [name, source] of Object.entries(TRICKY)) {
    it(`reads as the parser: ${name}`, () => assertSame(source, name));
  }

  it('reads every front matter of the fixtures and of the bench corpus as the parser reads it, most without it', () => {
    const files = fs.readdirSync(FIXTURES, { recursive: true, encoding: 'utf8' }).filter((f) => /\.mdx?$/.test(f));
    const texts = [...files.map((f) => fs.readFileSync(path.join(FIXTURES, f), 'utf8')), ...mdxCorpus().map((p) => p.text)];
    let read = 0;
    let flat = 0;
    for (const text of texts) {
      const block = findFrontMatter(text.replace(/\r\n?/g, '\n'));
      if (block?.kind !== 'yaml') continue;
      read++;
      if (readFlatFrontMatter(block, DEFAULT_IGNORE_KEYS, [], []) !== undefined) flat++;
      assertSame(block.source, text.slice(0, 80));
    }
    assert.ok(read > 100, `front matters read: ${read}`);
    assert.ok(flat > read * 0.8, `flat: ${flat} of ${read}`);
  });

  it('is taken where it pays, and leaves the rest to the parser', () => {
    const flat = (name: string) => readFlatFrontMatter({ kind: 'yaml', source: TRICKY[name] as string, firstLine: 2, bodyOffset: 0, bodyLine: 0 }, DEFAULT_IGNORE_KEYS, [], []);
    for (const name of ['a Mintlify page', 'fields', 'an id and doc-ingest-id', 'keys without a value', 'a draft', 'ignored keys', 'an empty list', 'blank lines only', 'a proto key']) assert.ok(flat(name), name);
    for (const name of ['a title that is a list', 'owners', 'a link', 'a pair id', 'a date', 'a metadata block', 'metadata nothing', 'a key twice', 'a comment line', 'a nested map']) assert.equal(flat(name), undefined, name);
  });
});
