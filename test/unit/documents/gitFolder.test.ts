import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getGitFileInfo, getGitFolderInfo } from '../../../src/core/documents';
import type { GitFolderInfo } from '../../../src/core/documents';
import { ADA, countingGit, git, GitAuthor } from '../../support/documents';

/** Grace's old address, mapped to her current one by the .mailmap. */
const GRACE_OLD: GitAuthor = { name: 'G. Hopper', email: 'grace@old.example.com', date: '2026-06-01T12:00:00Z' };
const GRACE: GitAuthor = { name: 'Grace Hopper', email: 'grace@example.com', date: '2026-07-01T08:30:00Z' };

function write(repo: string, file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  fs.writeFileSync(path.join(repo, file), text);
}

/** Every file under `dir`, outside `.git`. */
function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.name === '.git') return [];
    return e.isDirectory() ? filesUnder(p) : [p];
  });
}

describe('documents: git information for a whole folder', function () {
  this.timeout(60_000);
  let root: string;
  let repo: string;
  const spaced = path.join('docs', 'Meine Notizen über Ä.md');

  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-ingest-gitfolder-'));
    repo = path.join(root, 'repo');
    fs.mkdirSync(repo);
    git(repo, ['init', '-q']);
    write(repo, '.mailmap', 'Grace Hopper <grace@example.com> <grace@old.example.com>\n');
    write(repo, 'guide.md', '# Guide\n\nCommitted text.\n');
    write(repo, 'modified.md', 'Before.\n');
    write(repo, 'crlf-only.md', 'Line one.\nLine two.\n');
    write(repo, 'bom-added.md', 'No BOM yet.\n');
    write(repo, 'staged.md', 'Staged before.\n');
    write(repo, 'old-name.md', 'Renamed later.\n');
    write(repo, '[draft] *.md', 'Pattern-like name.\n');
    write(repo, 'crlf-committed.md', 'Committed\r\nwith CRLF.\r\n');
    write(repo, '..notes.md', 'A name that starts with two dots.\n');
    git(repo, ['add', '.']);
    git(repo, ['commit', '-q', '-m', 'First']);

    write(repo, spaced, 'Umlauts and spaces.\n');
    write(repo, path.join('docs', 'sub', 'deep.md'), '# Deep\n');
    git(repo, ['add', '.']);
    git(repo, ['commit', '-q', '-m', 'Grace adds docs'], GRACE_OLD);

    write(repo, 'modified.md', 'Committed by Grace.\n');
    git(repo, ['mv', 'old-name.md', 'new-name.md']);
    fs.symlinkSync('guide.md', path.join(repo, 'link.md'));
    git(repo, ['add', '.']);
    git(repo, ['commit', '-q', '-m', 'Grace edits, renames, links'], GRACE);

    // The working tree: edits, a line-ending-only change, a BOM, a staged edit, untracked files.
    write(repo, 'modified.md', 'Edited on disk.\n');
    write(repo, 'crlf-only.md', 'Line one.\r\nLine two.\r\n');
    write(repo, 'bom-added.md', '\uFEFFNo BOM yet.\n');
    write(repo, 'staged.md', 'Staged after.\n');
    git(repo, ['add', 'staged.md']);
    write(repo, 'untracked.md', 'New.\n');
    write(repo, path.join('docs', 'neu ö.md'), 'New with umlaut.\n');
    write(repo, path.join('docs', 'sub', 'untracked deep.md'), 'New deep.\n');
  });

  after(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** fileInfo must answer as getGitFileInfo does: saved file, saved text, and texts differing from it. */
  async function assertSameAsSingleFile(folderInfo: GitFolderInfo, files: string[]): Promise<void> {
    for (const file of files) {
      const label = path.relative(repo, file);
      assert.deepEqual(folderInfo.fileInfo(file), await getGitFileInfo(file), `${label} (saved file)`);
      const saved = fs.readFileSync(file, 'utf8');
      const texts = [saved, `${saved}An unsaved line.\n`, saved.replace(/\r?\n/g, '\r\n'), `\uFEFF${saved}`, saved.replace(/\r\n/g, '\n')];
      for (const text of texts) {
        assert.deepEqual(folderInfo.fileInfo(file, text), await getGitFileInfo(file, { text }), `${label} with text ${JSON.stringify(text)}`);
      }
    }
  }

  it('gives every file of the repository what getGitFileInfo gives it', async () => {
    const info = await getGitFolderInfo(repo);
    assert.ok(info);
    const files = filesUnder(repo);
    assert.ok(files.length >= 14, `the repository has all its cases (${files.length} files)`);
    await assertSameAsSingleFile(info, files);

    // Spot checks, so that agreement is not agreement on nothing.
    assert.deepEqual(info.fileInfo(path.join(repo, 'guide.md')), {
      lastCommitTime: new Date(ADA.date),
      lastCommitAuthor: { name: ADA.name, email: ADA.email },
      lastCommit: git(repo, ['log', '-1', '--format=%H', '--', 'guide.md']).trim(),
      changedSinceCommit: false,
    });
    assert.deepEqual(info.fileInfo(path.join(repo, spaced))?.lastCommitAuthor, { name: GRACE.name, email: GRACE.email }, '.mailmap applied');
    assert.equal(info.fileInfo(path.join(repo, 'crlf-only.md'))?.changedSinceCommit, false);
    assert.equal(info.fileInfo(path.join(repo, 'bom-added.md'))?.changedSinceCommit, false);
    assert.equal(info.fileInfo(path.join(repo, 'modified.md'))?.changedSinceCommit, true);
    assert.equal(info.fileInfo(path.join(repo, 'staged.md'))?.changedSinceCommit, true);
    assert.deepEqual(info.fileInfo(path.join(repo, 'new-name.md'))?.lastCommitTime, new Date(GRACE.date));
    assert.deepEqual(info.fileInfo(path.join(repo, 'untracked.md')), { changedSinceCommit: true });
    assert.deepEqual(info.fileInfo(path.join(repo, '..notes.md'))?.lastCommitTime, new Date(ADA.date), '..notes.md is a file of the folder (issue 23, item 15)');
    assert.deepEqual(info.fileInfo(path.join(repo, 'never-existed.md')), await getGitFileInfo(path.join(repo, 'never-existed.md')));
  });

  it('works from a subfolder, and knows nothing outside it', async () => {
    const docs = path.join(repo, 'docs');
    const info = await getGitFolderInfo(docs);
    assert.ok(info);
    await assertSameAsSingleFile(info, filesUnder(docs));
    assert.equal(info.fileInfo(path.join(repo, 'guide.md')), undefined);
    assert.equal(info.fileInfo(docs), undefined);
  });

  it('asked about a few files, gives them what the folder scan gives, names only them to git, and knows no other file', async () => {
    const whole = await getGitFolderInfo(repo);
    assert.ok(whole);
    const all = filesUnder(repo);
    const counter = countingGit(fs.mkdtempSync(path.join(root, 'counter-')));
    for (const some of [all.slice(0, 3), all.slice(3, 9), all.slice(9), [path.join(repo, 'never-existed.md')]]) {
      const few = await getGitFolderInfo(repo, { files: some, gitPath: counter.gitPath });
      assert.ok(few);
      for (const file of some) {
        const label = path.relative(repo, file);
        assert.deepEqual(few.fileInfo(file), whole.fileInfo(file), `${label} (saved file)`);
        const text = `${fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''}An unsaved line.\n`;
        assert.deepEqual(few.fileInfo(file, text), whole.fileInfo(file, text), `${label} (unsaved text)`);
      }
      const other = all.find((f) => !some.includes(f));
      assert.ok(other);
      assert.equal(few.fileInfo(other), undefined, 'a file not asked about gets no facts');
    }
    const commands = counter.commands();
    assert.ok(commands.some((c) => c.includes('log')), 'git log ran');
    for (const c of commands) assert.ok(!c.includes('.'), `no command names the whole folder: ${c.join(' ')}`);
  });

  it('asks git a constant number of times, however many files', async function () {
    const small = path.join(root, 'count');
    fs.mkdirSync(small);
    git(small, ['init', '-q']);
    const grow = (from: number, to: number, edit: boolean) => {
      for (let i = from; i < to; i++) write(small, `f${i}.md`, `File ${i}.\n`);
      git(small, ['add', '.']);
      git(small, ['commit', '-q', '-m', `files ${from}-${to}`]);
      // Every other file edited on disk, so the committed texts are read too.
      if (edit) for (let i = from; i < to; i += 2) write(small, `f${i}.md`, `File ${i}, edited.\n`);
    };
    const counted = async (): Promise<number> => {
      const counter = countingGit(fs.mkdtempSync(path.join(root, 'counter-')));
      const info = await getGitFolderInfo(small, { gitPath: counter.gitPath });
      assert.ok(info);
      for (const file of filesUnder(small)) assert.ok(info.fileInfo(file), file);
      return counter.calls();
    };
    grow(0, 4, true);
    const few = await counted();
    grow(4, 120, true);
    const many = await counted();
    // rev-parse, log, ls-tree, diff, config (the remote) and cat-file for the edited files.
    assert.ok(few >= 5 && few <= 6, `a handful of git processes (${few})`);
    assert.equal(many, few, '120 files cost as many git processes as 4');
  });

  it('gives undefined outside a repository, for a missing folder, without git, and in an empty repository', async () => {
    const plain = path.join(root, 'plain');
    fs.mkdirSync(plain, { recursive: true });
    assert.equal(await getGitFolderInfo(plain), undefined);
    assert.equal(await getGitFolderInfo(path.join(root, 'no-such-folder')), undefined);
    assert.equal(await getGitFolderInfo(repo, { gitPath: path.join(root, 'no-git-here') }), undefined);
    const empty = path.join(root, 'empty');
    fs.mkdirSync(empty);
    git(empty, ['init', '-q']);
    write(empty, 'a.md', 'A.\n');
    assert.equal(await getGitFolderInfo(empty), undefined);
    assert.equal(await getGitFileInfo(path.join(empty, 'a.md')), undefined, 'as the single-file function');
    assert.equal(await getGitFolderInfo(path.join(repo, '.git')), undefined, 'not a work tree');
  });

  it('gives undefined when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    assert.equal(await getGitFolderInfo(repo, { signal: controller.signal }), undefined);
  });
});
