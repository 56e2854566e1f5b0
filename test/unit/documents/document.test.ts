import assert from 'node:assert/strict';
import { IngestionDocumentSchema, IngestionRequestSchema } from '../../../src/core/api/schemas';
import { buildDocument } from '../../../src/core/documents';
import type { GitFileInfo } from '../../../src/core/documents';
import { NOW, NOW_TEXT, build, documentError, texts } from '../../support/documents';

const committed: GitFileInfo = {
  lastCommitTime: new Date('2026-05-04T03:02:01Z'),
  lastCommitAuthor: { name: 'Ada Lovelace', email: 'ada@example.com' },
  changedSinceCommit: false,
};

describe('documents: building a document', () => {
  describe('the result', () => {
    it('passes the strict request schema, with the pair id beside the document', () => {
      const result = buildDocument('---\ncc_pair_id: 3\n---\n# Hello\n\nWorld\n', 'hello.md', { now: NOW });
      const parsed = IngestionDocumentSchema.parse(result.document);
      assert.deepEqual(parsed, {
        id: 'hello.md',
        semantic_identifier: 'Hello',
        title: 'Hello',
        sections: [{ text: '# Hello\n\nWorld', heading: 'Hello' }],
        source: 'file',
        metadata: { source_path: 'hello.md' },
        doc_updated_at: NOW_TEXT,
      });
      assert.equal(result.ccPairId, 3);
      IngestionRequestSchema.parse({ document: result.document, cc_pair_id: result.ccPairId });
    });

    it('leaves ccPairId out when the front matter has none', () => {
      assert.equal('ccPairId' in build('# A\n'), false);
    });

    it('uses the given source and refuses one the service does not know', () => {
      assert.equal(build('# A\n', 'a.md', { source: 'web' }).document.source, 'web');
      const error = documentError(() => build('# A\n', 'a.md', { source: 'Web' as never }));
      assert.equal(error.code, 'invalidOption');
      assert.equal(error.key, 'source');
    });

    it('refuses an invalid link template before building', () => {
      const error = documentError(() => build('# A\n', 'a.md', { linkTemplate: 'https://x.example/{paht}' }));
      assert.equal(error.key, 'linkTemplate');
    });

    it('uses the id prefix for path ids but never for front matter ids', () => {
      assert.equal(build('# A\n', 'docs/a.md', { idPrefix: 'handbook' }).document.id, 'handbook~docs~a.md');
      assert.equal(build('---\nid: fixed\n---\n# A\n', 'docs/a.md', { idPrefix: 'handbook' }).document.id, 'fixed');
    });
  });

  describe('titles', () => {
    it('takes the front matter title first', () => {
      const doc = build('---\ntitle: From Front Matter\n---\n# From Heading\n').document;
      assert.equal(doc.title, 'From Front Matter');
      assert.equal(doc.semantic_identifier, 'From Front Matter');
    });

    it('takes semantic_identifier as the title when there is no title', () => {
      const doc = build('---\nsemantic_identifier: Display Name\n---\n# Heading\n').document;
      assert.equal(doc.title, 'Display Name');
      assert.equal(doc.semantic_identifier, 'Display Name');
    });

    it('keeps both when both are given', () => {
      const doc = build('---\ntitle: Title\nsemantic_identifier: Shown\n---\n# Heading\n').document;
      assert.deepEqual([doc.title, doc.semantic_identifier], ['Title', 'Shown']);
    });

    it('takes the first H1, even after other headings', () => {
      const doc = build('## Overview\n\n# The Real Title\n\n# Second H1\n').document;
      assert.equal(doc.title, 'The Real Title');
    });

    it('takes the file name without extension when there is no H1', () => {
      assert.equal(build('## Only H2\n', 'docs/Getting-Started.md').document.title, 'Getting-Started');
      assert.equal(build('text\n', 'docs/release.notes.mdx').document.title, 'release.notes');
    });

    it('uses a unicode title as it is', () => {
      const doc = build('# Über die Straße — 入門 🚀\n', 'ueber.md').document;
      assert.equal(doc.title, 'Über die Straße — 入門 🚀');
    });

    it('ignores an empty front matter title and an empty H1', () => {
      assert.equal(build('---\ntitle: ""\n---\n#\n\n# Named\n').document.title, 'Named');
    });
  });

  describe('other text files', () => {
    for (const [file, text] of [
      ['notes/todo.txt', 'Buy milk.\n\n# not a heading here\n'],
      ['docs/index.rst', 'Title\n=====\n\nSome reStructuredText.\n'],
      ['docs/guide.adoc', '= Guide\n\n== Section\n'],
      ['src/tool.py', '#!/usr/bin/env python\n# comment\nprint("hi")\n'],
    ] as Array<[string, string]>) {
      it(`gives ${file} one section titled with the file name`, () => {
        const doc = build(text, file, { linkTemplate: 'https://docs.example.com/{path}#{anchor}' }).document;
        assert.equal(doc.title, file.split('/').pop());
        assert.deepEqual(doc.sections, [{ text: text.trimEnd(), link: `https://docs.example.com/${file}` }]);
        assert.deepEqual(doc.metadata, { source_path: file });
      });
    }

    it('does not read front matter in a text file', () => {
      const doc = build('---\ntitle: X\n---\nbody\n', 'a.txt').document;
      assert.equal(doc.title, 'a.txt');
      assert.equal(doc.sections[0]?.text, '---\ntitle: X\n---\nbody');
    });
  });

  describe('refusals', () => {
    for (const [name, text] of [['empty', ''], ['whitespace only', ' \n\t\n  '], ['CRLF blank lines', '\r\n\r\n']] as Array<[string, string]>) {
      it(`refuses an ${name} document`, () => {
        const error = documentError(() => build(text, 'docs/empty.md'));
        assert.equal(error.code, 'empty');
        assert.equal(error.message, '“empty.md” is empty or only whitespace; there is nothing to ingest.');
      });
    }

    it('refuses a document with only front matter', () => {
      const error = documentError(() => build('---\ntitle: Nothing else\n---\n\n \n', 'fm-only.md'));
      assert.equal(error.code, 'empty');
      assert.equal(error.message, '“fm-only.md” has only front matter and no text to ingest.');
    });

    it('refuses an empty text file', () => {
      assert.equal(documentError(() => build('\n', 'a.txt')).code, 'empty');
    });

    it('refuses text with NUL characters', () => {
      const error = documentError(() => build('PNG\u0000\u0001binary', 'image.md'));
      assert.equal(error.code, 'binary');
      assert.equal(error.message, '“image.md” looks like a binary file (it contains NUL bytes), so it cannot be ingested as text.');
    });

    it('refuses bytes with NUL, invalid UTF-8 and UTF-16', () => {
      assert.equal(documentError(() => build(new Uint8Array([0x23, 0x20, 0x00, 0x41]), 'a.md')).code, 'binary');
      const invalid = documentError(() => build(new Uint8Array([0x23, 0x20, 0xc3, 0x28]), 'a.md'));
      assert.equal(invalid.code, 'binary');
      assert.match(invalid.message, /not valid UTF-8/);
      const utf16 = documentError(() => build(new Uint8Array([0xff, 0xfe, 0x23, 0x00]), 'a.md'));
      assert.equal(utf16.message, '“a.md” is saved as UTF-16; save it as UTF-8 to ingest it.');
    });

    it('reads valid UTF-8 bytes, with or without a byte order mark', () => {
      const bytes = new TextEncoder().encode('# Grüße\r\n\r\nText');
      const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]);
      for (const input of [bytes, withBom]) {
        const doc = build(input, 'gruesse.md').document;
        assert.equal(doc.title, 'Grüße');
        assert.deepEqual(texts({ document: doc, idSource: 'path', warnings: [] }), ['# Grüße\n\nText']);
      }
    });
  });

  describe('doc_updated_at', () => {
    it('is now without git', () => {
      assert.equal(build('# A\n').document.doc_updated_at, NOW_TEXT);
    });

    it('is the last commit time when the file is committed and unchanged', () => {
      assert.equal(build('# A\n', 'a.md', { git: committed }).document.doc_updated_at, '2026-05-04T03:02:01Z');
    });

    it('is now when the text changed since the commit, or was never committed', () => {
      assert.equal(build('# A\n', 'a.md', { git: { ...committed, changedSinceCommit: true } }).document.doc_updated_at, NOW_TEXT);
      assert.equal(build('# A\n', 'a.md', { git: { changedSinceCommit: true } }).document.doc_updated_at, NOW_TEXT);
    });

    it('keeps milliseconds of now and always ends in Z', () => {
      const doc = build('# A\n', 'a.md', { now: new Date('2026-11-23T10:00:00.250+02:00') }).document;
      assert.equal(doc.doc_updated_at, '2026-11-23T08:00:00.250Z');
    });

    it('is the saved file\'s modification time when git cannot say (no repository, untrusted, changed since the commit)', () => {
      const saved = new Date('2026-03-04T05:06:07Z');
      assert.equal(build('# A\n', 'a.md', { fileModifiedTime: saved }).document.doc_updated_at, '2026-03-04T05:06:07Z');
      assert.equal(build('# A\n', 'a.md', { fileModifiedTime: saved, git: { changedSinceCommit: true } }).document.doc_updated_at, '2026-03-04T05:06:07Z');
      assert.equal(build('# A\n', 'a.md', { fileModifiedTime: saved, git: committed }).document.doc_updated_at, '2026-05-04T03:02:01Z', 'a commit wins');
      assert.equal(build('---\ndoc_updated_at: 2025-12-31\n---\n# A\n', 'a.md', { fileModifiedTime: saved }).document.doc_updated_at, '2025-12-31T00:00:00Z');
    });

    it('is the front matter date when given, over git', () => {
      const doc = build('---\ndoc_updated_at: 2025-12-31\n---\n# A\n', 'a.md', { git: committed }).document;
      assert.equal(doc.doc_updated_at, '2025-12-31T00:00:00Z');
    });

    it('uses the real clock when no time is injected', () => {
      const before = Date.now();
      const stamp = buildDocument('# A\n', 'a.md').document.doc_updated_at ?? '';
      assert.match(stamp, /Z$/);
      assert.ok(Date.parse(stamp) >= before - 1000 && Date.parse(stamp) <= Date.now() + 1000);
    });
  });

  describe('owners', () => {
    it('reads owners written as name <email>, email, name or object, one or many', () => {
      const doc = build([
        '---',
        'primary_owners:',
        '  - Jane Doe <jane@example.com>',
        '  - "\'Quoted Name\' <q@example.com>"',
        '  - bob@example.com',
        '  - Carol Only',
        '  - {first_name: Dan, middle_initial: Q, last_name: Lee, email: dan@example.com}',
        '  - {name: Eve, email: eve@example.com}',
        'secondary_owners: <noname@example.com>',
        '---',
        '# A',
      ].join('\n')).document;
      assert.deepEqual(doc.primary_owners, [
        { display_name: 'Jane Doe', email: 'jane@example.com' },
        { display_name: 'Quoted Name', email: 'q@example.com' },
        { email: 'bob@example.com' },
        { display_name: 'Carol Only' },
        { first_name: 'Dan', middle_initial: 'Q', last_name: 'Lee', email: 'dan@example.com' },
        { display_name: 'Eve', email: 'eve@example.com' },
      ]);
      assert.deepEqual(doc.secondary_owners, [{ email: 'noname@example.com' }]);
    });

    it('refuses owners of the wrong shape, naming the entry', () => {
      const unknownField = documentError(() => build('---\nprimary_owners:\n  - {display_name: A, phone: "1"}\n---\n# A\n'));
      assert.equal(unknownField.key, 'primary_owners[0].phone');
      assert.equal(unknownField.line, 2);
      assert.match(unknownField.message, /is not an owner field/);
      const number = documentError(() => build('---\nsecondary_owners: [42]\n---\n# A\n'));
      assert.equal(number.key, 'secondary_owners[0]');
      assert.match(number.message, /must be text or an object, not a number/);
      const brackets = documentError(() => build('---\nprimary_owners: Jane <not an email>\n---\n# A\n'));
      assert.match(brackets.message, /is not a name with an email in <…>/);
    });

    it('takes the git author as primary owner when the front matter names none', () => {
      const doc = build('# A\n', 'a.md', { git: { ...committed, changedSinceCommit: true } }).document;
      assert.deepEqual(doc.primary_owners, [{ display_name: 'Ada Lovelace', email: 'ada@example.com' }]);
      assert.equal(doc.secondary_owners, undefined);
    });

    it('prefers front matter owners, and an empty list means no owners at all', () => {
      const named = build('---\nprimary_owners: [x@example.com]\n---\n# A\n', 'a.md', { git: committed }).document;
      assert.deepEqual(named.primary_owners, [{ email: 'x@example.com' }]);
      const none = build('---\nprimary_owners: []\n---\n# A\n', 'a.md', { git: committed }).document;
      assert.equal('primary_owners' in none, false);
    });

    it('has no owners without front matter owners or git', () => {
      assert.equal('primary_owners' in build('# A\n').document, false);
    });
  });
});
