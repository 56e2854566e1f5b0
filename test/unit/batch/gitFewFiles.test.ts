// A run of a few files (a save, Save All) asks git about those files only: one saved file in a repository of
// 82,000 commits cost 15 s and 388 MB when the batch read the whole folder's history. The documents must not
// notice: the same dates and owners as the folder scan gives.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runBatch } from '../../../src/core/batch';
import type { BatchFile } from '../../../src/core/batch';
import { FEW_GIT_FILES } from '../../../src/core/batch/sharedReads';
import { useService } from '../../support/serviceHarness';
import { ADA, countingGit, git } from '../../support/documents';
import type { GitAuthor } from '../../support/documents';
import { diskBatch } from '../../support/batchFolder';
import { makeTempFolderSync, removeFolderSync, writeInSync } from '../../support/tempFolder';

const GRACE: GitAuthor = { name: 'Grace Hopper', email: 'grace@example.com', date: '2026-07-01T08:30:00Z' };
const LINUS: GitAuthor = { name: 'Linus Pauling', email: 'linus@example.com', date: '2026-08-15T16:45:00Z' };

describe('batch: git facts for a run of a few files', function () {
  this.timeout(60_000);
  const h = useService('observed');
  let repo = '';
  let files: BatchFile[] = [];
  const file = (relativePath: string): BatchFile => {
    const found = files.find((f) => f.relativePath === relativePath);
    assert.ok(found, relativePath);
    return found;
  };
  const write = (relativePath: string, text: string): void => writeInSync(repo, relativePath, text);

  before(() => {
    repo = makeTempFolderSync('doc-ingest-gitfew-');
    git(repo, ['init', '-q']);
    write('docs/old.md', '# Old\n\nWritten once by Ada.\n');
    write('docs/edited.md', '# Edited\n\nCommitted.\n');
    write('docs/renamed-from.md', '# Renamed\n\nMoved later.\n');
    git(repo, ['add', '.']);
    git(repo, ['commit', '-q', '-m', 'Ada writes']);
    // Enough other files that a run of all of them scans the folder.
    for (let i = 0; i <= FEW_GIT_FILES; i++) write(`docs/filler/page-${i}.md`, `# Page ${i}\n\nFiller.\n`);
    write('docs/Meine Notiz über Ä.md', '# Notiz\n\nUmlauts and spaces.\n');
    git(repo, ['add', '.']);
    git(repo, ['commit', '-q', '-m', 'Grace adds pages'], GRACE);
    write('docs/recent.md', '# Recent\n\nBy Linus.\n');
    write('docs/edited.md', '# Edited\n\nCommitted again.\n');
    git(repo, ['mv', 'docs/renamed-from.md', 'docs/renamed.md']);
    git(repo, ['add', '.']);
    git(repo, ['commit', '-q', '-m', 'Linus edits and renames'], LINUS);
    // The working tree: an edit on disk and a file never committed.
    write('docs/edited.md', '# Edited\n\nEdited on disk, not committed.\n');
    write('docs/untracked.md', '# Untracked\n\nNew.\n');

    const under = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.name === '.git' ? [] : e.isDirectory() ? under(path.join(dir, e.name)) : [path.join(dir, e.name)]));
    files = under(repo).sort().map((absolutePath) => {
      const relativePath = path.relative(repo, absolutePath).split(path.sep).join('/');
      return { key: absolutePath, absolutePath, relativePath, source: relativePath, root: repo };
    });
  });
  after(() => removeFolderSync(repo));

  /** Runs a batch of `some`, git asked through a recording wrapper: the documents the service got, by file, and the git commands. */
  const ingest = async (some: BatchFile[]) => {
    const counter = countingGit(fs.mkdtempSync(path.join(repo, '..', 'doc-ingest-gitfew-counter-')));
    h.service.clearRequests();
    const summary = await runBatch(diskBatch(h.client(), h.service.baseUrl, some, { gitFolders: [repo], gitPath: counter.gitPath }));
    assert.equal(summary.counts.failed, 0, JSON.stringify(summary.results.filter((r) => r.outcome === 'failed')));
    const received = new Map<string, Record<string, unknown>>();
    for (const r of h.service.requests.filter((q) => q.method === 'POST' && q.path.includes(h.service.ingestionPath))) {
      const document = (r.json as { document: Record<string, unknown> }).document;
      received.set(String(document.id), document);
    }
    // By file: the document sent for it.
    const documents = new Map(summary.results.map((r) => [r.file.relativePath, received.get(r.documentId ?? '')]));
    const commands = counter.commands();
    fs.rmSync(path.dirname(counter.gitPath), { recursive: true, force: true });
    return { documents, commands };
  };
  /** The paths a git command names after `--`. */
  const pathspec = (command: string[]) => (command.includes('--') ? command.slice(command.indexOf('--') + 1) : []);

  it('names only the files of the run to git, never the whole folder, and builds the documents the folder scan builds', async () => {
    const few = ['docs/old.md', 'docs/recent.md', 'docs/edited.md', 'docs/untracked.md', 'docs/renamed.md', 'docs/Meine Notiz über Ä.md'].map(file);
    const all = await ingest(files);
    assert.ok(files.length > FEW_GIT_FILES, `the whole run has more than ${FEW_GIT_FILES} files`);
    assert.ok(all.commands.some((c) => c.includes('log') && pathspec(c).includes('.')), 'the whole run scanned the folder: the comparison compares two ways');

    const some = await ingest(few);
    const logs = some.commands.filter((c) => c.includes('log'));
    assert.equal(logs.length, 1, 'one git log for the run');
    for (const c of some.commands) {
      assert.ok(!pathspec(c).includes('.'), `no command over the whole folder: ${c.join(' ')}`);
      if (c.includes('log') || c.includes('ls-tree') || c.includes('diff')) {
        assert.deepEqual(pathspec(c).sort(), few.map((f) => f.relativePath).sort(), `${c.find((a) => ['log', 'ls-tree', 'diff'].includes(a))} names the run's files`);
      }
    }

    for (const f of few) {
      assert.ok(some.documents.get(f.relativePath), `${f.relativePath} was sent`);
      assert.deepEqual(some.documents.get(f.relativePath), all.documents.get(f.relativePath), `${f.relativePath}: the same document both ways`);
    }
    // Agreement on something: the commit dates and authors are in the documents.
    const sent = (name: string) => some.documents.get(`docs/${name}`);
    assert.equal(sent('old.md')?.doc_updated_at, ADA.date);
    assert.equal(sent('recent.md')?.doc_updated_at, LINUS.date);
    assert.equal(sent('renamed.md')?.doc_updated_at, LINUS.date);
    assert.match(JSON.stringify(sent('old.md')?.primary_owners), /ada@example\.com/);
    assert.match(JSON.stringify(sent('edited.md')?.primary_owners), /linus@example\.com/);
    assert.notEqual(sent('edited.md')?.doc_updated_at, LINUS.date, 'changed since its commit: dated by the file, not the commit');
    assert.equal(sent('untracked.md')?.primary_owners, undefined, 'never committed: no owner');
  });
});
