// Keep the published id of a renamed page (F13): `doc-ingest-id:` written into the front matter (a key no site generator reads, issue 35), every other byte unchanged.
import assert from 'node:assert/strict';
import { documentIdOf } from '../../../src/core/identity';
import { writeFrontMatterId, writeFrontMatterIdBytes } from '../../../src/core/documents';

/** The edited text, failing the test on a refusal. */
function edited(text: string, id: string): string {
  const edit = writeFrontMatterId(text, id);
  assert.ok(edit.ok, `refused: ${edit.ok ? '' : edit.message}`);
  // A pure insertion: the input is the result without the inserted text.
  assert.equal(edit.text.slice(0, edit.offset) + edit.text.slice(edit.offset + edit.inserted.length), text);
  return edit.text;
}

describe('documents: writing the id into the front matter', () => {
  it('adds the line before the closing --- of existing front matter, keeping comments, order and quoting', () => {
    const text = '---\n# the page\ntitle: "Setup"\ntags: [a, b]\n---\n# Setup\n\nBody.\n';
    assert.equal(edited(text, 'docs~setup.md'), '---\n# the page\ntitle: "Setup"\ntags: [a, b]\ndoc-ingest-id: docs~setup.md\n---\n# Setup\n\nBody.\n');
  });

  it('keeps CRLF line endings: the new line ends in CRLF and no other byte changes', () => {
    const text = '---\r\ntitle: A\r\n---\r\n# A\r\n\r\nBody.\r\n';
    assert.equal(edited(text, 'guide~a.md'), '---\r\ntitle: A\r\ndoc-ingest-id: guide~a.md\r\n---\r\n# A\r\n\r\nBody.\r\n');
  });

  it('works on the bytes: a byte order mark, CRLF and non-ASCII text come back byte for byte', () => {
    const text = '\uFEFF---\r\ntitle: Übersicht\r\n---\r\nGrüße ✓\r\n';
    const result = writeFrontMatterIdBytes(new TextEncoder().encode(text), 'uebersicht.md--0a1b2c3d');
    assert.ok(result.ok);
    const expected = Buffer.from('\uFEFF---\r\ntitle: Übersicht\r\ndoc-ingest-id: uebersicht.md--0a1b2c3d\r\n---\r\nGrüße ✓\r\n', 'utf8');
    assert.deepEqual(Buffer.from(result.bytes), expected);
    assert.deepEqual([...result.bytes.slice(0, 3)], [0xef, 0xbb, 0xbf]);
  });

  it('creates front matter at the top when there is none, in the file\'s line ending', () => {
    assert.equal(edited('# A\n\nBody.\n', 'a.md'), '---\ndoc-ingest-id: a.md\n---\n# A\n\nBody.\n');
    assert.equal(edited('# A\r\n\r\nBody.\r\n', 'a.md'), '---\r\ndoc-ingest-id: a.md\r\n---\r\n# A\r\n\r\nBody.\r\n');
    assert.equal(edited('', 'empty.md'), '---\ndoc-ingest-id: empty.md\n---\n');
  });

  it('creates it after the byte order mark, never before', () => {
    assert.equal(edited('\uFEFF# A\n', 'a.md'), '\uFEFF---\ndoc-ingest-id: a.md\n---\n# A\n');
  });

  it('adds to empty front matter and to front matter closed by ... or at the end of the file', () => {
    assert.equal(edited('---\n---\nBody\n', 'a.md'), '---\ndoc-ingest-id: a.md\n---\nBody\n');
    assert.equal(edited('---\ntitle: A\n...\nBody\n', 'a.md'), '---\ntitle: A\ndoc-ingest-id: a.md\n...\nBody\n');
    assert.equal(edited('---\ntitle: A\n---', 'a.md'), '---\ntitle: A\ndoc-ingest-id: a.md\n---');
  });

  it('ends a block scalar that closes the front matter without changing it', () => {
    const text = '---\ndescription: |\n  Two\n  lines\n---\nBody\n';
    assert.equal(edited(text, 'a.md'), '---\ndescription: |\n  Two\n  lines\ndoc-ingest-id: a.md\n---\nBody\n');
  });

  it('a file that starts with an unclosed --- (a thematic break) gets front matter above it', () => {
    assert.equal(edited('---\nText after a rule.\n', 'a.md'), '---\ndoc-ingest-id: a.md\n---\n---\nText after a rule.\n');
  });

  it('quotes an id that YAML would read plain as a number, a date, a boolean or null', () => {
    const cases: Array<[string, string]> = [
      ['123', 'doc-ingest-id: "123"'],
      ['1.10', 'doc-ingest-id: "1.10"'],
      ['1e3', 'doc-ingest-id: "1e3"'],
      ['2026-01-02', 'doc-ingest-id: "2026-01-02"'],
      ['true', 'doc-ingest-id: "true"'],
      ['null', 'doc-ingest-id: "null"'],
      ['~', 'doc-ingest-id: "~"'],
      ['.inf', 'doc-ingest-id: ".inf"'],
      ['0x1F', 'doc-ingest-id: "0x1F"'],
    ];
    for (const [id, line] of cases) {
      assert.equal(edited('# A\n', id), `---\n${line}\n---\n# A\n`, id);
      // The builder reads the id back as written.
      assert.equal(documentIdOf(edited('# A\n', id), 'renamed.md', ''), id, id);
    }
    assert.equal(edited('# A\n', '-a.b_c~d'), '---\ndoc-ingest-id: -a.b_c~d\n---\n# A\n', 'plain when it reads as itself');
  });

  it('the file then builds the kept id, not its new path\'s', () => {
    const text = edited('---\ntitle: Setup\n---\n# Setup\n', 'old~setup.md');
    assert.equal(documentIdOf(text, 'new/place.md', ''), 'old~setup.md');
  });

  it('refuses front matter that cannot be read, saying why, and changes nothing', () => {
    const edit = writeFrontMatterId('---\ntitle: [unclosed\n---\n# A\n', 'a.md');
    assert.equal(edit.ok, false);
    assert.ok(!edit.ok && edit.reason === 'invalid');
    assert.match(edit.message, /^The front matter cannot be read: The front matter is not valid YAML \(line \d+\)/);
  });

  it('refuses front matter that already pins an id with doc-ingest-id, naming it', () => {
    const edit = writeFrontMatterId('---\ndoc-ingest-id: chosen\n---\n', 'a.md');
    assert.ok(!edit.ok && edit.reason === 'hasId' && edit.existing === 'chosen');
  });

  it('beside a Docusaurus id: (the generator\'s doc id, which stays), the page of the site builds the kept id', () => {
    const text = edited('---\nid: configure\ntitle: Configure\n---\n# Configure\n', 'site~docs~configure.md');
    assert.equal(text, '---\nid: configure\ntitle: Configure\ndoc-ingest-id: site~docs~configure.md\n---\n# Configure\n');
    assert.equal(documentIdOf(text, 'site/docs/setup/configure.md', '', { generatorKeys: ['id'] }), 'site~docs~configure.md');
  });

  it('refuses TOML front matter and front matter the line would break (flow style)', () => {
    const toml = writeFrontMatterId('+++\ntitle = "A"\n+++\n', 'a.md');
    assert.ok(!toml.ok && toml.reason === 'toml');
    const flow = writeFrontMatterId('---\n{title: A}\n---\n', 'a.md');
    assert.ok(!flow.ok && flow.reason === 'notKept', JSON.stringify(flow));
  });

  it('refuses bytes that are not UTF-8 text', () => {
    const result = writeFrontMatterIdBytes(Uint8Array.from([0x23, 0x20, 0xff, 0xfe, 0x0a]), 'a.md');
    assert.ok(!result.ok && result.reason === 'notText');
  });
});
