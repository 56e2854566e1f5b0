import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  METADATA_TOKEN_BUDGET, buildSelectionDocument, getGitFileInfo, getGitFolderInfo, metadataTokens, pickRemote, repositoryWebAddress,
} from '../../../src/core/documents';
import type { GitFileInfo } from '../../../src/core/documents';
import { NOW, build, git } from '../../support/documents';

const HASH = 'a'.repeat(40);
const committed: GitFileInfo = { changedSinceCommit: false, lastCommit: HASH, lastCommitTime: NOW, repository: 'https://github.com/o/r' };

describe('documents: provenance (where a document comes from)', () => {
  describe('the remote\'s web address', () => {
    const cases: [string, string | undefined][] = [
      ['git@github.com:o/r.git', 'https://github.com/o/r'],
      ['git@github.com:o/r', 'https://github.com/o/r'],
      ['https://github.com/o/r.git', 'https://github.com/o/r'],
      ['https://github.com/o/r/', 'https://github.com/o/r'],
      ['https://user:token@github.com/o/r.git', 'https://github.com/o/r'],
      ['https://x-access-token:ghs_secret@GitHub.com/o/r.git', 'https://github.com/o/r'],
      ['http://ci:pw@git.example.com:8080/team/docs.git', 'http://git.example.com:8080/team/docs'],
      // Issue 34: only a clean address goes out: no query or fragment, no part of a token with a raw / # ? or @.
      ['https://gitlab.com/o/r.git?private_token=glpat-s3cret', 'https://gitlab.com/o/r'],
      ['https://oauth2:glpat-s3cret@gitlab.com/o/r.git?ref=main#readme', 'https://gitlab.com/o/r'],
      ['https://ci:12/s3cret@git.example.com/team/docs.git', 'https://git.example.com/team/docs'],
      ['https://ci:s3c?ret@git.example.com/team/docs.git', 'https://git.example.com/team/docs'],
      ['https://ci:pa@ss3cret@github.com/o/r.git', 'https://github.com/o/r'],
      ['git@github.com:o/r.git?private_token=s3cret', 'https://github.com/o/r'],
      ['ssh://git@github.com/o/r.git', 'https://github.com/o/r'],
      ['ssh://git@gitlab.example.com:2222/group/sub/r.git', 'https://gitlab.example.com/group/sub/r'],
      ['git://github.com/o/r.git', 'https://github.com/o/r'],
      ['git@ssh.dev.azure.com:v3/org/project/repo', 'https://dev.azure.com/org/project/_git/repo'],
      ['/srv/git/r.git', undefined],
      ['./relative/r', undefined],
      ['file:///srv/git/r.git', undefined],
      ['C:\\repos\\r', undefined],
      ['C:/repos/r', undefined],
      ['', undefined],
      ['https://github.com', undefined],
    ];
    for (const [remote, expected] of cases) {
      it(`${remote || '(empty)'} → ${expected ?? 'none'}`, () => {
        assert.equal(repositoryWebAddress(remote), expected);
      });
    }

    it('names origin when there is one, else the first remote; no remote, no address', () => {
      assert.equal(pickRemote('remote.fork.url\ngit@github.com:me/r.git\0remote.origin.url\nhttps://u:t@github.com/o/r.git\0'), 'https://github.com/o/r');
      assert.equal(pickRemote('remote.fork.url\ngit@github.com:me/r.git\0remote.up.url\ngit@github.com:o/r.git\0'), 'https://github.com/me/r');
      assert.equal(pickRemote(''), undefined);
    });
  });

  describe('in the metadata', () => {
    it('adds source_path, repository, commit and edit_url after the front matter\'s own keys', () => {
      const result = build('---\nteam: docs\n---\n# Guide\n\nText.\n', 'docs/guide.md', {
        git: committed,
        site: { editUrl: 'https://github.com/o/r/edit/main/docs/guide.md', breadcrumb: ['Docs', 'Guide'] },
      });
      assert.deepEqual(Object.entries(result.document.metadata), [
        ['team', 'docs'],
        ['breadcrumb', 'Docs › Guide'],
        ['source_path', 'docs/guide.md'],
        ['repository', 'https://github.com/o/r'],
        ['commit', HASH],
        ['edit_url', 'https://github.com/o/r/edit/main/docs/guide.md'],
      ]);
    });

    it('leaves the commit out when the text differs from the committed file, and what git does not know', () => {
      assert.deepEqual(build('# G\n', 'g.md', { git: { ...committed, changedSinceCommit: true } }).document.metadata, {
        source_path: 'g.md',
        repository: 'https://github.com/o/r',
      });
      // No git (no repository, an untrusted workspace): the path only.
      assert.deepEqual(build('# G\n', 'g.md').document.metadata, { source_path: 'g.md' });
      // A file never committed in a repository without a remote.
      assert.deepEqual(build('# G\n', 'g.md', { git: { changedSinceCommit: true } }).document.metadata, { source_path: 'g.md' });
    });

    it('has no source_path for a text the writer named (an untitled editor, a file outside the folders)', () => {
      assert.deepEqual(build('# G\n', 'Untitled-1', { documentId: 'notes', markdown: true }).document.metadata, {});
    });

    it('front matter keys of the same names win', () => {
      const result = build('---\nsource_path: handbook/guide.md\ncommit: v1.2\n---\n# G\n', 'g.md', { git: committed });
      assert.deepEqual(result.document.metadata, { source_path: 'handbook/guide.md', commit: 'v1.2', repository: 'https://github.com/o/r' });
    });

    it('provenance: false leaves all four out', () => {
      const result = build('# G\n', 'g.md', { git: committed, site: { editUrl: 'https://e.example.com/g.md' }, provenance: false });
      assert.deepEqual(result.document.metadata, {});
    });

    it('a selection carries its file\'s provenance', () => {
      const text = '# G\n\n## A\n\nx\n';
      const result = buildSelectionDocument(text, 'docs/g.md', text.indexOf('x'), text.length, { now: NOW, git: committed });
      assert.deepEqual(result.document.metadata, { source_path: 'docs/g.md', repository: 'https://github.com/o/r', commit: HASH });
    });
  });

  describe('the metadata budget', () => {
    it('estimates a token per four characters of the key=value tags, one line each', () => {
      assert.deepEqual(metadataTokens({}), { tokens: 0, largest: [] });
      // "a=bcd" (5) + newline + "tags=x, y" (9) = 15 characters.
      const estimate = metadataTokens({ a: 'bcd', tags: ['x', 'y'] });
      assert.equal(estimate.tokens, 4);
      assert.deepEqual(estimate.largest.map((k) => k.key), ['tags', 'a']);
    });

    it('warns on the front matter line when the metadata is past a quarter of a chunk, naming the largest keys', () => {
      const long = 'word '.repeat(100).trim();
      const text = `---\ntitle: T\nsummary: ${long}\nteam: docs\n---\n# T\n`;
      const result = build(text, 'docs/t.md', { git: committed });
      const warning = result.problems.find((p) => p.code === 'metadataLarge');
      assert.ok(warning, 'a metadataLarge problem');
      assert.equal(warning.severity, 'warning');
      assert.equal(warning.line, 1);
      assert.match(warning.message, new RegExp(`about \\d+ tokens, past the ${METADATA_TOKEN_BUDGET}`));
      assert.match(warning.message, /the largest keys are summary \(about 127\), commit \(about 12\), repository \(about 9\)/);
      assert.match(warning.message, /docIngest\.frontMatter\.ignoreKeys/);
      assert.ok(result.warnings.includes(warning.message));
    });

    it('counts what the build adds too, and says nothing while under the budget', () => {
      const under = build('---\nteam: docs\n---\n# T\n', 'docs/t.md', { git: committed, site: { editUrl: 'https://github.com/o/r/edit/main/docs/t.md' } });
      assert.equal(under.problems.some((p) => p.code === 'metadataLarge'), false);
      const deep = `${'very-long-folder-name/'.repeat(20)}t.md`;
      const over = build('# T\n', deep, { git: committed });
      const warning = over.problems.find((p) => p.code === 'metadataLarge');
      assert.ok(warning);
      assert.equal(warning.line, undefined, 'no front matter: no line');
      assert.match(warning.message, /largest keys are source_path/);
    });
  });

  describe('from git (a real repository)', function () {
    this.timeout(30_000);
    let root: string;
    let repo: string;
    let guideCommit: string;

    before(() => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-ingest-provenance-'));
      repo = path.join(root, 'repo');
      fs.mkdirSync(path.join(repo, 'docs'), { recursive: true });
      git(repo, ['init', '-q']);
      fs.writeFileSync(path.join(repo, 'docs', 'guide.md'), '# Guide\n');
      git(repo, ['add', '.']);
      git(repo, ['commit', '-q', '-m', 'Guide']);
      guideCommit = git(repo, ['rev-parse', 'HEAD']).trim();
      fs.writeFileSync(path.join(repo, 'other.md'), 'Other.\n');
      git(repo, ['add', '.']);
      git(repo, ['commit', '-q', '-m', 'Elsewhere']);
      fs.mkdirSync(path.join(root, 'bare'));
      git(path.join(root, 'bare'), ['init', '-q']);
      fs.writeFileSync(path.join(root, 'bare', 'a.md'), '# A\n');
      git(path.join(root, 'bare'), ['add', '.']);
      git(path.join(root, 'bare'), ['commit', '-q', '-m', 'A']);
    });

    after(() => {
      fs.rmSync(root, { recursive: true, force: true });
    });

    it('the commit is the last one that changed the file, not HEAD; the remote loses its credentials', async () => {
      git(repo, ['remote', 'add', 'origin', 'https://bot:s3cret@github.com/o/r.git']);
      try {
        const file = path.join(repo, 'docs', 'guide.md');
        const single = await getGitFileInfo(file);
        const folder = (await getGitFolderInfo(repo))?.fileInfo(file);
        for (const info of [single, folder]) {
          assert.equal(info?.lastCommit, guideCommit);
          assert.notEqual(info?.lastCommit, git(repo, ['rev-parse', 'HEAD']).trim());
          assert.equal(info?.repository, 'https://github.com/o/r');
          assert.ok(!JSON.stringify(info).includes('s3cret'));
        }
        const edited = await getGitFileInfo(file, { text: '# Guide\n\nEdited.\n' });
        assert.equal(build('# Guide\n\nEdited.\n', 'docs/guide.md', { git: edited }).document.metadata.commit, undefined);
      } finally {
        git(repo, ['remote', 'remove', 'origin']);
      }
    });

    it('without a remote there is no repository, but still the commit', async () => {
      const file = path.join(root, 'bare', 'a.md');
      const info = await getGitFileInfo(file);
      assert.equal(info?.repository, undefined);
      assert.match(info?.lastCommit ?? '', /^[0-9a-f]{40}$/);
      assert.equal((await getGitFolderInfo(path.join(root, 'bare')))?.fileInfo(file)?.repository, undefined);
    });
  });
});
