import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getGitFileInfo } from '../../../src/core/documents';
import { NOW, NOW_TEXT, build, git } from '../../support/documents';

describe('documents: git information', function () {
  this.timeout(30_000);
  let root: string;
  let repo: string;
  const guideText = '# Guide\n\nCommitted text.\n';
  const oddName = path.join('docs', '[draft] Getting Started.md');

  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-ingest-git-'));
    repo = path.join(root, 'repo');
    fs.mkdirSync(path.join(repo, 'docs'), { recursive: true });
    git(repo, ['init', '-q']);
    fs.writeFileSync(path.join(repo, 'guide.md'), guideText);
    fs.writeFileSync(path.join(repo, oddName), 'Odd name.\n');
    git(repo, ['add', '.']);
    git(repo, ['commit', '-q', '-m', 'First']);
    fs.writeFileSync(path.join(repo, 'other.md'), 'Other.\n');
    git(repo, ['add', 'other.md']);
    git(repo, ['commit', '-q', '-m', 'Second, not touching the guide'], { name: 'Grace Hopper', email: 'grace@example.com', date: '2026-06-01T12:00:00Z' });
    fs.writeFileSync(path.join(repo, oddName), 'Odd name, edited.\n');
    git(repo, ['commit', '-q', '-am', 'Edit odd'], { name: 'Grace Hopper', email: 'grace@example.com', date: '2026-07-01T08:30:00Z' });
    fs.writeFileSync(path.join(repo, 'untracked.md'), 'New.\n');
    fs.mkdirSync(path.join(root, 'plain'));
    fs.writeFileSync(path.join(root, 'plain', 'loose.md'), 'Loose.\n');
  });

  after(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('gives the last commit time and author of an unchanged file', async () => {
    const info = await getGitFileInfo(path.join(repo, 'guide.md'));
    assert.deepEqual(info, {
      lastCommitTime: new Date('2026-05-04T03:02:01Z'),
      lastCommitAuthor: { name: 'Ada Lovelace', email: 'ada@example.com' },
      lastCommit: git(repo, ['log', '-1', '--format=%H', '--', 'guide.md']).trim(),
      changedSinceCommit: false,
    });
  });

  it('sees unsaved editor text that differs from HEAD as changed', async () => {
    const info = await getGitFileInfo(path.join(repo, 'guide.md'), { text: '# Guide\n\nEdited, not saved.\n' });
    assert.equal(info?.changedSinceCommit, true);
    assert.deepEqual(info?.lastCommitTime, new Date('2026-05-04T03:02:01Z'));
  });

  it('does not count a BOM or CRLF line endings as a change', async () => {
    const info = await getGitFileInfo(path.join(repo, 'guide.md'), { text: `\uFEFF${guideText.replace(/\n/g, '\r\n')}` });
    assert.equal(info?.changedSinceCommit, false);
  });

  it('sees a file edited on disk as changed', async () => {
    const file = path.join(repo, 'other.md');
    fs.writeFileSync(file, 'Other, edited on disk.\n');
    try {
      const info = await getGitFileInfo(file);
      assert.equal(info?.changedSinceCommit, true);
      assert.deepEqual(info?.lastCommitAuthor, { name: 'Grace Hopper', email: 'grace@example.com' });
    } finally {
      fs.writeFileSync(file, 'Other.\n');
    }
  });

  it('reads files whose names look like pathspec patterns, in subfolders', async () => {
    const info = await getGitFileInfo(path.join(repo, oddName));
    assert.deepEqual(info, {
      lastCommitTime: new Date('2026-07-01T08:30:00Z'),
      lastCommitAuthor: { name: 'Grace Hopper', email: 'grace@example.com' },
      lastCommit: git(repo, ['--literal-pathspecs', 'log', '-1', '--format=%H', '--', oddName.split(path.sep).join('/')]).trim(),
      changedSinceCommit: false,
    });
  });

  it('gives an untracked file no commit and marks it changed', async () => {
    assert.deepEqual(await getGitFileInfo(path.join(repo, 'untracked.md')), { changedSinceCommit: true });
  });

  it('gives undefined outside a repository, for a missing folder, and without git', async () => {
    assert.equal(await getGitFileInfo(path.join(root, 'plain', 'loose.md')), undefined);
    assert.equal(await getGitFileInfo(path.join(root, 'no-such-folder', 'x.md')), undefined);
    assert.equal(await getGitFileInfo(path.join(repo, 'guide.md'), { gitPath: path.join(root, 'no-git-here') }), undefined);
  });

  it('feeds doc_updated_at and owners of the built document', async () => {
    const unchanged = await getGitFileInfo(path.join(repo, 'guide.md'), { text: guideText });
    const doc = build(guideText, 'guide.md', { git: unchanged, now: NOW }).document;
    assert.equal(doc.doc_updated_at, '2026-05-04T03:02:01Z');
    assert.deepEqual(doc.primary_owners, [{ display_name: 'Ada Lovelace', email: 'ada@example.com' }]);

    const edited = '# Guide\n\nNew text.\n';
    const changed = await getGitFileInfo(path.join(repo, 'guide.md'), { text: edited });
    assert.equal(build(edited, 'guide.md', { git: changed, now: NOW }).document.doc_updated_at, NOW_TEXT);
  });
});
