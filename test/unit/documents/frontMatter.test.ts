import assert from 'node:assert/strict';
import { DEFAULT_IGNORE_KEYS, findFrontMatter } from '../../../src/core/documents';
import { NOW_TEXT, build, documentError, texts } from '../../support/documents';

function md(frontMatter: string, body = '# Title\n\nBody text.\n'): string {
  return `---\n${frontMatter}\n---\n${body}`;
}

describe('documents: front matter', () => {
  describe('finding it', () => {
    it('finds --- … --- at the very start and where the body begins', () => {
      const text = '---\ntitle: A\n---\nBody\n';
      const block = findFrontMatter(text);
      assert.deepEqual(block, { kind: 'yaml', source: 'title: A\n', firstLine: 2, bodyOffset: 17, bodyLine: 3 });
      assert.equal(text.slice(block?.bodyOffset ?? 0), 'Body\n');
    });

    it('accepts ... as the closing line and trailing spaces on delimiters', () => {
      const block = findFrontMatter('---  \ntitle: A\n...\nBody');
      assert.equal(block?.source, 'title: A\n');
    });

    it('ignores --- that is not on the first line', () => {
      assert.equal(findFrontMatter('\n---\ntitle: A\n---\n'), undefined);
    });

    it('treats an unclosed --- as a thematic break and says so', () => {
      const result = build('---\nJust text after a rule.\n', 'note.md');
      assert.deepEqual(texts(result), ['---\nJust text after a rule.']);
      assert.deepEqual(result.warnings, [
        'The file starts with --- but has no closing --- line, so it was not read as front matter.',
      ]);
    });

    it('leaves TOML front matter out of the body with a warning', () => {
      const result = build('+++\ntitle = "A"\n+++\n# Heading\n', 'hugo.md');
      assert.deepEqual(texts(result), ['# Heading']);
      assert.equal(result.document.title, 'Heading');
      assert.match(result.warnings[0] ?? '', /TOML front matter \(\+\+\+\) is not read/);
    });

    it('accepts an empty front matter', () => {
      const result = build('---\n---\nBody\n', 'empty-fm.md');
      assert.deepEqual(texts(result), ['Body']);
      assert.deepEqual(result.document.metadata, { source_path: 'empty-fm.md' });
    });
  });

  describe('reserved keys', () => {
    it('configure the document and are not metadata', () => {
      const result = build(md([
        'id: guide-v2',
        'title: Installation Guide',
        'semantic_identifier: Install (v2)',
        'primary_owners: Jane Doe <jane@example.com>',
        'secondary_owners: [ops@example.com, {display_name: Sam, email: sam@example.com}]',
        'cc_pair_id: 7',
        'link: https://wiki.example.com/install',
        'doc_updated_at: 2026-01-02T03:04:05+01:00',
      ].join('\n')));
      const doc = result.document;
      assert.equal(doc.id, 'guide-v2');
      assert.equal(doc.title, 'Installation Guide');
      assert.equal(doc.semantic_identifier, 'Install (v2)');
      assert.deepEqual(doc.primary_owners, [{ display_name: 'Jane Doe', email: 'jane@example.com' }]);
      assert.deepEqual(doc.secondary_owners, [{ email: 'ops@example.com' }, { display_name: 'Sam', email: 'sam@example.com' }]);
      assert.equal(result.ccPairId, 7);
      assert.equal(doc.doc_updated_at, '2026-01-02T02:04:05Z');
      assert.deepEqual(doc.sections.map((s) => s.link), ['https://wiki.example.com/install#title']);
      assert.deepEqual(doc.metadata, { source_path: 'guide.md' });
      assert.equal('cc_pair_id' in doc, false);
    });

    it('reads numbers and true/false as text for title and id', () => {
      const doc = build(md('title: 2026\nid: 42')).document;
      assert.equal(doc.title, '2026');
      assert.equal(doc.id, '42');
    });

    it('accepts cc_pair_id written as text digits', () => {
      assert.equal(build(md('cc_pair_id: "12"')).ccPairId, 12);
    });

    const badPairIds: Array<[string, string]> = [
      ['0', 'a positive whole number'], ['1.5', 'a positive whole number'], ['abc', '“abc”'], ['[1]', 'a list'],
    ];
    for (const [value, shown] of badPairIds) {
      it(`refuses cc_pair_id: ${value}`, () => {
        const error = documentError(() => build(md(`title: A\ncc_pair_id: ${value}`)));
        assert.equal(error.code, 'invalidField');
        assert.equal(error.key, 'cc_pair_id');
        assert.equal(error.line, 3);
        assert.ok(error.message.includes(shown), error.message);
      });
    }

    it('refuses an id outside the id alphabet, naming the key and line', () => {
      const error = documentError(() => build(md('title: A\nid: my guide/v2')));
      assert.equal(error.key, 'id');
      assert.equal(error.line, 3);
      assert.equal(
        error.message,
        'The front matter id “my guide/v2” may only contain letters, digits and . _ ~ - (for example “my-guide-v2”): the server would store it as “my_guide%2Fv2”.',
      );
    });

    it('refuses a title that is a list or a date', () => {
      assert.equal(documentError(() => build(md('title: [a, b]'))).message, 'The front matter title must be text, not a list.');
      assert.match(documentError(() => build(md('title: 2026-01-01'))).message, /title must be text, not a date \(put it in quotes\)/);
    });

    it('refuses a link that is not an absolute URL', () => {
      const error = documentError(() => build(md('link: /relative/page')));
      assert.equal(error.key, 'link');
      assert.match(error.message, /must be an absolute URL/);
    });

    it('reads doc_updated_at as a date, a date-time, or quoted text, always with Z', () => {
      assert.equal(build(md('doc_updated_at: 2026-01-02')).document.doc_updated_at, '2026-01-02T00:00:00Z');
      assert.equal(build(md('doc_updated_at: "2026-01-02"')).document.doc_updated_at, '2026-01-02T00:00:00Z');
      assert.equal(build(md('doc_updated_at: 2026-01-02 03:04:05')).document.doc_updated_at, '2026-01-02T03:04:05Z');
      assert.equal(build(md('doc_updated_at: "2026-01-02T03:04:05.5-02:30"')).document.doc_updated_at, '2026-01-02T05:34:05.500Z');
      assert.equal(build(md('doc_updated_at:')).document.doc_updated_at, NOW_TEXT);
    });

    for (const value of ['yesterday', '"2026-02-30"', '2026-13-01T00:00:00Z', '1700000000']) {
      it(`refuses doc_updated_at: ${value}`, () => {
        const error = documentError(() => build(md(`doc_updated_at: ${value}`)));
        assert.equal(error.code, 'invalidField');
        assert.equal(error.key, 'doc_updated_at');
        assert.equal(error.line, 2);
        assert.match(error.message, /is not a date; use a date such as 2026-11-23 or 2026-11-23T10:00:00Z/);
      });
    }
  });

  describe('metadata', () => {
    it('takes other keys as metadata: text, lists, numbers as written, booleans, dates', () => {
      const doc = build(md([
        'team: docs',
        'tags: [a, b]',
        'keywords:',
        '  - install',
        '  - 42',
        'version: 1.10',
        'count: 3',
        'beta: true',
        'reviewed: 2026-03-01',
        'published_at: 2026-03-01T10:30:00+02:00',
        'description: "Quoted: text"',
      ].join('\n'))).document;
      assert.deepEqual(doc.metadata, {
        team: 'docs',
        tags: ['a', 'b'],
        keywords: ['install', '42'],
        version: '1.10',
        count: '3',
        beta: 'true',
        reviewed: '2026-03-01',
        published_at: '2026-03-01T08:30:00Z',
        description: 'Quoted: text',
        source_path: 'guide.md',
      });
    });

    it('skips objects, nested lists and empty keys with a warning naming each key', () => {
      const result = build(md('params:\n  a: 1\nmatrix: [[1, 2]]\nowner:\nteam: docs'));
      assert.deepEqual(result.document.metadata, { team: 'docs', source_path: 'guide.md' });
      assert.deepEqual(result.warnings, [
        'Front matter “params” (line 2) is an object (metadata values must be text or lists of text), so it was left out of the metadata.',
        'Front matter “matrix” (line 4) is a list that holds lists or objects, so it was left out of the metadata.',
        'Front matter “owner” (line 5) has no value, so it was left out of the metadata.',
      ]);
    });

    it('leaves the default site-generator keys out silently', () => {
      const result = build(md('layout: docs\nslug: /install\npermalink: /x/\nsidebar_position: 2\nnav_order: 1\nweight: 5\ndraft: false\nhide: [toc]\nredirect_from: [/old]\nhero:\n  name: X\nteam: docs'));
      assert.deepEqual(result.document.metadata, { team: 'docs', source_path: 'guide.md' });
      assert.deepEqual(result.warnings, []);
      for (const key of ['layout', 'slug', 'permalink', 'sidebar_position', 'sidebar_label', 'nav_order', 'weight', 'draft', 'template', 'aliases', 'redirect_from', 'hide']) {
        assert.ok(DEFAULT_IGNORE_KEYS.includes(key), key);
      }
      for (const kept of ['description', 'tags', 'keywords', 'categories', 'authors', 'date']) {
        assert.ok(!DEFAULT_IGNORE_KEYS.includes(kept), kept);
      }
    });

    it('uses the given ignore keys instead of the defaults', () => {
      const doc = build(md('layout: docs\naudience: internal\nteam: docs'), 'guide.md', { ignoreKeys: ['audience'] }).document;
      assert.deepEqual(doc.metadata, { layout: 'docs', team: 'docs', source_path: 'guide.md' });
    });

    it('takes the metadata block, which wins over a top-level key of the same name', () => {
      const doc = build(md('team: old\nmetadata:\n  team: docs\n  tags: [a, b]\n  layout: kept')).document;
      assert.deepEqual(doc.metadata, { team: 'docs', tags: ['a', 'b'], layout: 'kept', source_path: 'guide.md' });
    });

    it('refuses a metadata block value that is not text, naming the key and line', () => {
      const error = documentError(() => build(md('title: A\nmetadata:\n  team: docs\n  version: 2')));
      assert.equal(error.code, 'invalidField');
      assert.equal(error.key, 'metadata.version');
      assert.equal(error.line, 5);
      assert.equal(error.message, 'The front matter metadata.version must be text or a list of text, not a number (put it in quotes: "2").');
    });

    it('refuses a metadata block list holding non-text and a metadata block that is not a mapping', () => {
      const list = documentError(() => build(md('metadata:\n  tags: [a, {b: c}]')));
      assert.equal(list.key, 'metadata.tags');
      assert.match(list.message, /must be text or a list of text, not a list/);
      const scalar = documentError(() => build(md('metadata: docs')));
      assert.equal(scalar.key, 'metadata');
      assert.equal(scalar.message, 'The front matter metadata must be a mapping of keys to text or lists of text, not string.');
    });
  });

  describe('invalid YAML', () => {
    it('gives the file line of the problem', () => {
      const error = documentError(() => build('---\ntitle: A\ntags: [a, b\nteam: docs\n---\nBody\n'));
      assert.equal(error.code, 'frontMatter');
      assert.equal(error.line, 4);
      assert.equal(
        error.message,
        'The front matter is not valid YAML (line 4): Flow sequence in block collection must be sufficiently indented and end with a ].',
      );
    });

    it('reports a tab used as indentation on its line', () => {
      const error = documentError(() => build('---\ntitle: A\n\tteam: docs\n---\nBody\n'));
      assert.equal(error.code, 'frontMatter');
      assert.equal(error.line, 3);
      assert.equal(error.message, 'The front matter is not valid YAML (line 3): Tabs are not allowed as indentation.');
    });

    it('reports an alias to an unknown anchor instead of crashing', () => {
      const error = documentError(() => build('---\ntitle: A\nteam: [*nope]\n---\nBody\n'));
      assert.equal(error.code, 'frontMatter');
      assert.equal(error.message, 'The front matter uses the alias *nope, but no anchor &nope is defined before it.');
    });

    it('resolves aliases to known anchors', () => {
      const doc = build('---\nteam: &t docs\nowner_team: *t\n---\nBody\n').document;
      assert.deepEqual(doc.metadata, { team: 'docs', owner_team: 'docs', source_path: 'guide.md' });
    });

    it('refuses duplicate keys', () => {
      const error = documentError(() => build('---\ntitle: A\ntitle: B\n---\nBody\n'));
      assert.equal(error.code, 'frontMatter');
      assert.equal(error.line, 3);
      assert.match(error.message, /unique/i);
    });

    it('refuses a front matter that is a list, not key: value lines', () => {
      const error = documentError(() => build('---\n- a\n- b\n---\nBody\n'));
      assert.equal(error.code, 'frontMatter');
      assert.equal(error.message, 'The front matter must be a list of “key: value” lines, not a list.');
    });
  });
});
