import assert from 'node:assert/strict';
import { DOCUMENT_ID_PATTERN } from '../../../src/core/api/schemas';
import { MAX_ID_LENGTH, buildDocument, documentIdFromPath, encodeIdSegment, proposeChosenId, validateExplicitId, workspaceIdPrefix } from '../../../src/core/documents';
import { documentError } from './helpers';

describe('documents: ids derived from paths', () => {
  it('joins readable, lowercased segments with ~ and keeps the extension', () => {
    assert.equal(documentIdFromPath('docs/Getting Started/Intro.md'), 'docs~getting-started~intro.md');
    assert.equal(documentIdFromPath('README.md'), 'readme.md');
    assert.equal(documentIdFromPath('notes/todo.txt'), 'notes~todo.txt');
  });

  it('gives a Windows-looking path and a messy POSIX path the same id', () => {
    const expected = 'docs~getting-started~intro.md';
    assert.equal(documentIdFromPath('docs\\Getting Started\\Intro.md'), expected);
    assert.equal(documentIdFromPath('./docs//Getting Started/./Intro.md'), expected);
    assert.equal(documentIdFromPath('/docs/Getting Started/Intro.md'), expected);
  });

  it('keeps the id when only the case of the file name changes', () => {
    assert.equal(documentIdFromPath('Docs/INTRO.md'), documentIdFromPath('docs/intro.md'));
  });

  it('folds accents, NFC and NFD alike, and spells out letters without a decomposition', () => {
    assert.equal(documentIdFromPath('Über/Café Menü.md'), 'uber~cafe-menu.md');
    assert.equal(documentIdFromPath('U\u0308ber/Cafe\u0301 Menu\u0308.md'), 'uber~cafe-menu.md');
    assert.equal(documentIdFromPath('Straße/Ærø.md'), 'strasse~aero.md');
  });

  it('encodes other non-ASCII characters as code points, so such names stay distinct', () => {
    assert.equal(documentIdFromPath('指南.md'), 'u6307-u5357.md');
    assert.equal(documentIdFromPath('docs/Привет.md'), 'docs~u43f-u440-u438-u432-u435-u442.md');
    assert.equal(documentIdFromPath('🚀 Launch.md'), 'u1f680-launch.md');
    assert.notEqual(documentIdFromPath('指南.md'), documentIdFromPath('指北.md'));
  });

  it('handles dots, punctuation, ~ and empty-looking segments', () => {
    assert.equal(documentIdFromPath('.github/CONTRIBUTING.md'), '.github~contributing.md');
    assert.equal(documentIdFromPath('v1.2.3/release notes.txt'), 'v1.2.3~release-notes.txt');
    assert.equal(documentIdFromPath('a - b (draft).md'), 'a-b-draft.md');
    assert.equal(documentIdFromPath('notes/file~name.md'), 'notes~file-name.md');
    assert.equal(documentIdFromPath('C++ & C#/!!!/x.md'), 'c-c~_~x.md');
    assert.equal(documentIdFromPath('my_notes/snake_case.md'), 'my_notes~snake_case.md');
  });

  it('always matches the document id pattern', () => {
    const paths = [
      'docs/Getting Started/Intro.md', 'a\\b\\c.MD', '指南/🚀.md', '%20/100%.md', 'we?ird#name&.md', ' space .md',
      '..hidden/..md', 'tab\tname.md', 'quote"s/\'single\'.md', 'x'.repeat(300),
    ];
    for (const p of paths) {
      const id = documentIdFromPath(p);
      assert.match(id, DOCUMENT_ID_PATTERN, `${p} → ${id}`);
      assert.ok(id.length <= MAX_ID_LENGTH, `${p} → ${id.length} characters`);
      assert.ok(id !== '.' && id !== '..');
    }
  });

  it('shortens very long paths with a hash, keeping the start and the file name', () => {
    const long = `${Array.from({ length: 30 }, (_, i) => `Section Number ${i}`).join('/')}/Intro.md`;
    const id = documentIdFromPath(long);
    assert.ok(id.length <= MAX_ID_LENGTH, `${id.length}`);
    assert.ok(id.startsWith('section-number-0~section-number-1~'), id);
    assert.match(id, /~[0-9a-f]{10}~intro\.md$/);
    assert.equal(documentIdFromPath(long), id, 'stable');
    const other = documentIdFromPath(long.replace('Section Number 29', 'Section Number 31'));
    assert.notEqual(other, id, 'a different long path gets a different id');
    assert.equal(other.slice(0, 150), id.slice(0, 150));
  });

  it('shortens a single very long file name too', () => {
    const id = documentIdFromPath(`${'a'.repeat(400)}.md`);
    assert.equal(id.length, MAX_ID_LENGTH);
    assert.match(id, /^a+~[0-9a-f]{10}~a+\.md$/);
  });

  it('puts the id prefix in front, adding ~ unless it ends in a separator', () => {
    assert.equal(documentIdFromPath('docs/Intro.md', 'handbook'), 'handbook~docs~intro.md');
    assert.equal(documentIdFromPath('docs/Intro.md', 'handbook-'), 'handbook-docs~intro.md');
    assert.equal(documentIdFromPath('docs/Intro.md', 'team.handbook~'), 'team.handbook~docs~intro.md');
    assert.equal(documentIdFromPath('docs/Intro.md', ''), 'docs~intro.md');
  });

  it('refuses an id prefix with characters outside the id alphabet', () => {
    const error = documentError(() => documentIdFromPath('docs/Intro.md', 'my handbook/'));
    assert.equal(error.code, 'invalidOption');
    assert.equal(error.key, 'idPrefix');
    assert.match(error.message, /id prefix “my handbook\/” may only contain letters, digits and \. _ ~ -/);
  });

  it('refuses an empty path', () => {
    const error = documentError(() => documentIdFromPath('./'));
    assert.equal(error.code, 'invalidPath');
    assert.match(error.message, /save it in the workspace/);
  });

  it('encodes a heading anchor the same way as a path segment', () => {
    assert.equal(encodeIdSegment('über-uns'), 'uber-uns');
    assert.equal(encodeIdSegment('install-1'), 'install-1');
    assert.equal(encodeIdSegment('???'), '_');
  });

  it('validates explicit ids and suggests a valid one', () => {
    assert.equal(validateExplicitId('guide_v2.md~linux', 'id'), 'guide_v2.md~linux');
    const error = documentError(() => validateExplicitId('my guide/v2', 'id', 2));
    assert.equal(error.code, 'invalidField');
    assert.equal(error.key, 'id');
    assert.equal(error.line, 2);
    assert.match(error.message, /for example “my-guide-v2”/);
    assert.equal(documentError(() => validateExplicitId('..', 'id')).key, 'id');
  });
});

describe('documents: ids of files without a single workspace folder', () => {
  const one = [{ name: 'docs', index: 0 }];
  const two = [{ name: 'API Docs', index: 0 }, { name: 'web', index: 1 }];

  it('keeps today\'s ids in a single-folder workspace', () => {
    assert.equal(workspaceIdPrefix('', one[0]!, one), '');
    assert.equal(workspaceIdPrefix('handbook', one[0]!, one), 'handbook');
    assert.equal(buildDocument('# A\n', 'guide/a.md', { idPrefix: workspaceIdPrefix('', one[0]!, one) }).document.id, 'guide~a.md');
  });

  it('puts the folder name in front in a multi-root workspace, after the configured prefix', () => {
    const api = buildDocument('# A\n', 'README.md', { idPrefix: workspaceIdPrefix('', two[0]!, two) }).document.id;
    const web = buildDocument('# A\n', 'README.md', { idPrefix: workspaceIdPrefix('', two[1]!, two) }).document.id;
    assert.equal(api, 'api-docs~readme.md');
    assert.equal(web, 'web~readme.md');
    assert.equal(workspaceIdPrefix('handbook', two[1]!, two), 'handbook~web~');
  });

  it('tells folders with the same name apart by their position', () => {
    const same = [{ name: 'docs', index: 0 }, { name: 'Docs', index: 1 }];
    assert.notEqual(workspaceIdPrefix('', same[0]!, same), workspaceIdPrefix('', same[1]!, same));
    assert.equal(workspaceIdPrefix('', same[1]!, same), 'docs-2~');
  });

  it('proposes parent folder and name for a file outside every folder, and the title for an untitled editor', () => {
    assert.equal(proposeChosenId('', { path: '/home/alice/Notes/README.md' }), 'notes~readme.md');
    assert.equal(proposeChosenId('handbook', { path: 'C:\\Users\\bob\\README.md' }), 'handbook~bob~readme.md');
    assert.equal(proposeChosenId('', { title: 'Alice draft' }), 'alice-draft');
    assert.equal(proposeChosenId('', { title: '' }), 'draft');
    assert.equal(proposeChosenId('', { title: 'A memo.' }), 'a-memo');
  });

  it('a chosen id replaces the path-derived one, and front matter still wins over it', () => {
    const chosen = buildDocument('# A\n', 'Untitled-1', { documentId: 'alice-draft' });
    assert.equal(chosen.document.id, 'alice-draft');
    assert.equal(chosen.idSource, 'chosen');
    const pinned = buildDocument('---\nid: pinned\n---\n# A\n', 'README.md', { documentId: 'alice-draft' });
    assert.equal(pinned.document.id, 'pinned');
    assert.equal(pinned.idSource, 'frontMatter');
    assert.equal(buildDocument('# A\n', 'README.md').idSource, 'path');
    assert.equal(documentError(() => buildDocument('# A\n', 'README.md', { documentId: 'a b' })).code, 'invalidField');
  });
});
