// The Documents view's rows without vscode: each document the service holds matched to its file through the ledger
// or through the id the file's path builds, with the ids and keys the rest of the extension makes.
import assert from 'node:assert/strict';
import type { DocumentInfo } from '../../../src/core/api';
import { documentIdFromPath, folderLabel, workspaceIdPrefix } from '../../../src/core/documents';
import { documentIdOf, IdClaims, sourceKey } from '../../../src/core/identity';
import { heldSources, ledgerRows, matchDocuments, matchingRows, rowLabel, rowState, sortRows, type DocumentRow, type SentRecord, type WorkspaceFacts } from '../../../src/extension/views/documentRows';
import { firstPage } from '../../../src/extension/views/fileRows';

const doc = (documentId: string, title = documentId, link?: string): DocumentInfo => ({ documentId, title, link });
const sent = (documentId: string, sourcePath: string, sourceHash = 'h1'): SentRecord => ({ documentId, sourcePath, sourceHash, ingestedAt: '2026-03-01T10:00:00.000Z' });

/** A workspace of files (key -> bytes), each claiming the id it builds, as WorkspaceIds claims them. */
function workspace(files: Record<string, string>, idOfKey: (key: string, text: string) => string | undefined): WorkspaceFacts {
  const claims = new IdClaims();
  for (const [key, text] of Object.entries(files)) claims.set(key, idOfKey(key, text));
  return { claims, exists: (key) => key in files };
}

const oneRoot = (files: Record<string, string>) => workspace(files, (key, text) => documentIdOf(text, key, ''));

describe('Documents view rows', () => {
  it('matches a document to the file the ledger sent it from, and one published elsewhere to the file whose path builds its id', () => {
    const facts = oneRoot({ 'guide/setup.md': '# Setup\n', 'guide/faq.md': '# FAQ\n' });
    const rows = matchDocuments([doc('guide~setup.md', 'Setup'), doc('guide~faq.md', 'FAQ')], [sent('guide~setup.md', 'guide/setup.md')], facts);
    assert.deepEqual(rows.map((r) => [r.documentId, r.source, r.matchedBy, !!r.sent]), [
      ['guide~setup.md', 'guide/setup.md', 'ledger', true],
      ['guide~faq.md', 'guide/faq.md', 'path', false],
    ]);
  });

  it('a front matter id matches its file by the id the file builds, not by its path', () => {
    const facts = oneRoot({ 'a.md': '---\nid: install-guide\n---\n# Install\n' });
    const [row] = matchDocuments([doc('install-guide', 'Install'), doc('a.md')], [], facts);
    assert.equal(row?.source, 'a.md');
    assert.equal(matchDocuments([doc('a.md')], [], facts)[0]?.source, undefined, 'the path id is no longer this file\'s');
  });

  it('in two folders, the same README.md is two documents, each matched to its own folder\'s file', () => {
    const folders = [{ name: 'api', index: 0 }, { name: 'web', index: 1 }];
    const files: Record<string, string> = {};
    const idOf = new Map<string, string>();
    for (const folder of folders) {
      const key = sourceKey({ folder: folderLabel(folder, folders), path: 'README.md' });
      files[key] = '# Readme\n';
      idOf.set(key, documentIdFromPath('README.md', workspaceIdPrefix('', folder, folders)));
    }
    const facts = workspace(files, (key) => idOf.get(key));
    const rows = matchDocuments([doc('web~readme.md', 'Web readme'), doc('api~readme.md', 'API readme')], [sent('web~readme.md', 'web/README.md')], facts);
    assert.deepEqual(rows.map((r) => [r.documentId, r.source, r.matchedBy]), [
      ['web~readme.md', 'web/README.md', 'ledger'],
      ['api~readme.md', 'api/README.md', 'path'],
    ]);
  });

  it('a file with a non-ASCII name (decomposed on disk, as macOS hands it out) matches the id its path builds', () => {
    const decomposed = 'Über uns/Größe.md'.normalize('NFD');
    const key = sourceKey({ path: decomposed });
    assert.equal(key, 'Über uns/Größe.md'.normalize('NFC'), 'source keys are NFC');
    // WorkspaceIds builds the id from the path as the file system spells it.
    const facts = workspace({ [key]: '# Größe\n' }, (_k, text) => documentIdOf(text, decomposed, ''));
    const id = documentIdFromPath('Über uns/Größe.md', '');
    assert.match(id, /^uber-uns--[0-9a-f]{8}~grosse--[0-9a-f]{8}\.md$/);
    const [row] = matchDocuments([doc(id, 'Größe')], [], facts);
    assert.equal(row?.source, key);
    assert.equal(rowLabel(row!), 'Größe');
  });

  it('a document no file builds, whose ledger file is gone or that the ledger does not know, is not in this workspace', () => {
    const facts = oneRoot({ 'kept.md': '# Kept\n' });
    const rows = matchDocuments([doc('gone.md', 'Gone'), doc('ci~only.md', 'From CI')], [sent('gone.md', 'gone.md')], facts);
    assert.deepEqual(rows.map((r) => [r.source, r.matchedBy]), [[undefined, undefined], [undefined, undefined]]);
    assert.deepEqual(rows.map((r) => rowState(r, undefined)), ['notInWorkspace', 'notInWorkspace']);
  });

  it('the ledger\'s file is taken when no file builds the id but it is still there (sent with Ingest Current File from outside the globs)', () => {
    const facts: WorkspaceFacts = { claims: new IdClaims(), exists: (key) => key === 'notes/todo.json' };
    const [row] = matchDocuments([doc('notes~todo.json')], [sent('notes~todo.json', 'notes/todo.json')], facts);
    assert.deepEqual([row?.source, row?.matchedBy], ['notes/todo.json', 'ledger']);
  });

  it('the file that builds the id now wins over the ledger\'s file, which moved away from it', () => {
    const facts = oneRoot({ 'old.md': '---\nid: other\n---\n', 'new.md': '---\nid: setup\n---\n' });
    const [row] = matchDocuments([doc('setup')], [sent('setup', 'old.md')], facts);
    assert.deepEqual([row?.source, row?.matchedBy], ['new.md', 'path']);
    assert.equal(rowState(row!, 'h1'), 'changed', 'last sent from another file');
  });

  it('a row is as sent, changed, published elsewhere or unreadable by the hash of its file now', () => {
    const facts = oneRoot({ 'a.md': '# A\n', 'b.md': '# B\n' });
    const [a, b] = matchDocuments([doc('a.md'), doc('b.md')], [sent('a.md', 'a.md', 'hash-of-a')], facts);
    assert.equal(rowState(a!, 'hash-of-a'), 'asSent');
    assert.equal(rowState(a!, 'another-hash'), 'changed');
    assert.equal(rowState(a!, undefined), 'unreadable');
    assert.equal(rowState(b!, 'whatever'), 'notSentFromHere');
  });

  it('keeps the id exactly as the server listed it, whatever its characters', () => {
    const ids = ['a%2Fb_c', '100%25', 'ünïcode~ id', 'x~y'];
    const rows = matchDocuments(ids.map((id) => doc(id)), ids.map((id) => sent(id, `${id}.md`)), { claims: new IdClaims(), exists: () => true });
    assert.deepEqual(rows.map((r) => r.documentId), ids);
    assert.deepEqual(rows.map((r) => r.sent?.documentId), ids);
  });

  it('without a listing, the ledger\'s records of the scope become rows, named after their files', () => {
    const facts = oneRoot({ 'guide/setup.md': '# Setup\n' });
    const rows = ledgerRows([sent('guide~setup.md', 'guide/setup.md'), sent('old~page.md', 'old/page.md')], facts);
    assert.deepEqual(rows.map((r) => [rowLabel(r), r.documentId, r.source, r.title]), [
      ['setup.md', 'guide~setup.md', 'guide/setup.md', undefined],
      ['old~page.md', 'old~page.md', undefined, undefined],
    ]);
  });

  it('the files whose document the service holds are every file building a listed id and every ledger match', () => {
    const facts = oneRoot({ 'a.md': '# A\n', 'dup1.md': '---\nid: dup\n---\n', 'dup2.md': '---\nid: dup\n---\n', 'never.md': '# N\n' });
    const rows = matchDocuments([doc('a.md'), doc('dup')], [], facts);
    assert.deepEqual([...heldSources(rows, facts.claims)].sort(), ['a.md', 'dup1.md', 'dup2.md']);
  });

  it('filters by title, id or file (ignoring case), sorts by title and pages thousands of rows', () => {
    const files: Record<string, string> = {};
    const documents: DocumentInfo[] = [];
    for (let i = 0; i < 2500; i++) {
      const path = `docs/page-${i}.md`;
      files[path] = `# Page ${i}\n`;
      documents.push(doc(documentIdFromPath(path, ''), `Page ${i}`));
    }
    documents.push(doc('ci~elsewhere', 'Zebra notes'));
    const rows = sortRows(matchDocuments(documents.reverse(), [], oneRoot(files)), 'en');
    assert.deepEqual(rows.slice(0, 3).map((r) => r.title), ['Page 0', 'Page 1', 'Page 2'], 'numeric order');
    assert.equal(rows.at(-1)?.title, 'Zebra notes');

    const { page, remaining } = firstPage(rows, 200);
    assert.equal(page.length, 200);
    assert.equal(remaining, 2301);

    assert.deepEqual(matchingRows(rows, 'ZEBRA').map((r) => r.documentId), ['ci~elsewhere'], 'by title');
    assert.deepEqual(matchingRows(rows, 'docs~page-2499').map((r) => r.title), ['Page 2499'], 'by id');
    assert.equal(matchingRows(rows, 'docs/page-24').length, 111, 'by file: page-24 and page-240 … page-2499');
    assert.equal(matchingRows(rows, '  ').length, rows.length, 'an empty filter shows all');
  });

  it('labels a row by its title, else its file name, else its id', () => {
    const row = (title: string | undefined, source: string | undefined): DocumentRow => ({ documentId: 'the-id', title, link: undefined, source, matchedBy: undefined, sent: undefined });
    assert.deepEqual([rowLabel(row('Title', 'a/b.md')), rowLabel(row(undefined, 'a/b.md')), rowLabel(row(undefined, undefined))], ['Title', 'b.md', 'the-id']);
  });
});
