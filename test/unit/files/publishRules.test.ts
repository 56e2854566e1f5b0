// Issue 25, item 5: what is never published by where it is: .gitignore (nested, negations, .git/info/exclude),
// .docingestignore, hidden folders, the same for `\` and `/` and for non-ASCII names; rule files behind a link unread.
import assert from 'node:assert/strict';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { diskRuleReader } from '../../../src/core/files/diskRuleReader';
import { PublishRules, withheldSentence } from '../../../src/core/files/publishRules';
import { makeTempFolder, removeFolder } from '../../support/tempFolder';

const MD = ['**/*.md'];

function rules(files: Record<string, string>, include: readonly string[] = MD): PublishRules {
  return new PublishRules({ include, read: (p) => files[p], ignoreCase: false });
}

describe('publish rules (issue 25)', () => {
  it('a .gitignore line ignores a file and names its file, line and pattern', () => {
    const r = rules({ '.gitignore': '# build output\nnode_modules/\n\nnotes.md\n' });
    assert.deepEqual(r.withheld('notes.md'), { reason: 'ignored', file: '.gitignore', line: 4, pattern: 'notes.md', path: 'notes.md' });
    assert.deepEqual(r.withheld('docs/notes.md'), { reason: 'ignored', file: '.gitignore', line: 4, pattern: 'notes.md', path: 'docs/notes.md' }, 'a name without a slash matches at any depth');
    assert.equal(r.withheld('docs/guide.md'), undefined);
  });

  it('a nested .gitignore applies below its folder only, relative to it, and wins over the root', () => {
    const r = rules({
      '.gitignore': '*.draft.md\n',
      'docs/.gitignore': '/local.md\n!keep.draft.md\n',
    });
    assert.deepEqual(r.withheld('docs/local.md'), { reason: 'ignored', file: 'docs/.gitignore', line: 1, pattern: '/local.md', path: 'docs/local.md' });
    assert.equal(r.withheld('local.md'), undefined, 'the nested file says nothing about the root');
    assert.equal(r.withheld('docs/sub/local.md'), undefined, 'a leading slash anchors to the .gitignore folder');
    assert.equal(r.withheld('docs/keep.draft.md'), undefined, 'the deeper negation wins');
    assert.equal(r.withheld('docs/other.draft.md')?.reason, 'ignored');
    assert.equal(r.withheld('other.draft.md')?.reason, 'ignored');
  });

  it('negation re-includes a file, but not inside an ignored folder (git’s rule)', () => {
    const r = rules({ '.gitignore': '*.md\n!README.md\nbuild/\n!build/keep.md\n' });
    assert.equal(r.withheld('README.md'), undefined);
    assert.equal(r.withheld('docs/README.md'), undefined);
    assert.equal(r.withheld('guide.md')?.reason, 'ignored');
    const inBuild = r.withheld('build/keep.md');
    assert.equal(inBuild?.reason, 'ignored');
    assert.equal(inBuild?.reason === 'ignored' && inBuild.path, 'build/', 'the folder is what is ignored');
  });

  it('.git/info/exclude counts, below the root .gitignore', () => {
    const r = rules({ '.git/info/exclude': 'private/\n', '.gitignore': '!private/\n' });
    assert.equal(r.withheld('private/a.md'), undefined, 'the root .gitignore wins over info/exclude');
    const only = rules({ '.git/info/exclude': 'private/\n' });
    assert.deepEqual(only.withheld('private/a.md'), { reason: 'ignored', file: '.git/info/exclude', line: 1, pattern: 'private/', path: 'private/' });
  });

  it('.docingestignore ignores in the same syntax, at the root and in folders, and wins over git', () => {
    const r = rules({
      '.docingestignore': 'internal/\n',
      'docs/.docingestignore': 'wip-*.md\n',
      '.gitignore': 'generated/\n',
      'docs/.gitignore': 'secret.md\n',
    });
    assert.deepEqual(r.withheld('internal/a.md'), { reason: 'ignored', file: '.docingestignore', line: 1, pattern: 'internal/', path: 'internal/' });
    assert.deepEqual(r.withheld('docs/x/wip-1.md'), { reason: 'ignored', file: 'docs/.docingestignore', line: 1, pattern: 'wip-*.md', path: 'docs/x/wip-1.md' });
    assert.equal(r.withheld('wip-1.md'), undefined);
    const publishGenerated = rules({ '.gitignore': 'generated/\n', 'docs/.gitignore': 'secret.md\n', '.docingestignore': '!/generated/\n!/docs/secret.md\n' });
    assert.equal(publishGenerated.withheld('generated/api.md'), undefined, 'a negation in .docingestignore publishes what git ignores');
    assert.equal(publishGenerated.withheld('docs/secret.md'), undefined, 'even over a deeper .gitignore');
  });

  it('hidden files and folders are withheld unless an include glob names them', () => {
    const r = rules({});
    assert.deepEqual(r.withheld('.github/CONTRIBUTING.md'), { reason: 'hidden', path: '.github' });
    assert.deepEqual(r.withheld('docs/.internal/a.md'), { reason: 'hidden', path: 'docs/.internal' });
    assert.deepEqual(r.withheld('docs/.draft.md'), { reason: 'hidden', path: 'docs/.draft.md' });
    assert.equal(r.withheld('docs/a.md'), undefined);
    const named = rules({}, ['**/*.md', '.github/**/*.md']);
    assert.equal(named.withheld('.github/CONTRIBUTING.md'), undefined, 'a glob that writes the dot names the folder');
    assert.equal(named.withheld('.github/ISSUE_TEMPLATE/bug.md'), undefined);
    assert.deepEqual(named.withheld('.vscode/notes.md'), { reason: 'hidden', path: '.vscode' }, 'only the folder it names');
    const ignoredAnyway = rules({ '.gitignore': '.github/\n' }, ['.github/**/*.md']);
    assert.equal(ignoredAnyway.withheld('.github/a.md')?.reason, 'ignored', 'naming a hidden folder does not lift an ignore file');
  });

  it('Windows separators and decomposed non-ASCII names are judged as the same path', () => {
    const r = rules({ '.gitignore': 'Entwürfe/\nÜbersicht.md\n', 'docs\\.gitignore': 'never read' });
    assert.equal(r.withheld('docs\\Entwürfe\\a.md')?.reason, 'ignored');
    assert.equal(r.withheld('Entwu\u0308rfe/a.md')?.reason, 'ignored', 'NFD as macOS lists it');
    assert.equal(r.withheld('docs/U\u0308bersicht.md')?.reason, 'ignored');
    assert.equal(r.withheld('docs\\.hidden\\a.md')?.reason, 'hidden');
    assert.equal(r.withheld('docs\\guide.md'), undefined);
  });

  it('case follows the option (git’s core.ignorecase)', () => {
    assert.equal(rules({ '.gitignore': 'Notes.md\n' }).withheld('notes.md'), undefined);
    assert.equal(new PublishRules({ include: MD, read: (p) => (p === '.gitignore' ? 'Notes.md\n' : undefined), ignoreCase: true }).withheld('notes.md')?.reason, 'ignored');
  });

  it('each rule file is read once per PublishRules, and a reader that throws reads as no file', () => {
    const reads: string[] = [];
    const r = new PublishRules({
      include: MD,
      ignoreCase: false,
      read: (p) => {
        reads.push(p);
        if (p === 'docs/.gitignore') throw new Error('EACCES');
        return p === '.gitignore' ? 'x.md\n' : undefined;
      },
    });
    for (let i = 0; i < 3; i++) r.withheld('docs/a.md');
    assert.equal(r.withheld('docs/x.md')?.reason, 'ignored');
    assert.deepEqual(reads.sort(), ['.docingestignore', '.git/info/exclude', '.gitignore', 'docs/.docingestignore', 'docs/.gitignore'].sort());
  });

  it('a file named outright: only a .docingestignore line (of it or a folder above) keeps it back, not git\'s files nor the hidden rule', () => {
    const r = rules({
      '.gitignore': 'scratch.md\nnotes/\n',
      '.git/info/exclude': 'local.md\n',
      '.docingestignore': 'internal/\n',
      'docs/.docingestignore': 'wip-*.md\n!wip-keep.md\n',
    });
    for (const path of ['scratch.md', 'notes/todo.md', 'local.md', '.github/CONTRIBUTING.md', 'docs/.drafts/a.md']) {
      assert.ok(r.withheld(path), `a batch leaves out ${path}`);
      assert.equal(r.withheldNamed(path), undefined, `named, ${path} is sent`);
    }
    assert.deepEqual(r.withheldNamed('internal/plan.md'), { reason: 'ignored', file: '.docingestignore', line: 1, pattern: 'internal/', path: 'internal/' });
    assert.deepEqual(r.withheldNamed('docs/x/wip-1.md'), { reason: 'ignored', file: 'docs/.docingestignore', line: 1, pattern: 'wip-*.md', path: 'docs/x/wip-1.md' });
    assert.equal(r.withheldNamed('docs/wip-keep.md'), undefined, 'a negation still publishes');
    assert.deepEqual(r.withheld('internal/plan.md'), r.withheldNamed('internal/plan.md'), 'a batch names the same line');
  });

  it('an include glob names a file when it spells the file\'s name; a wildcard in the name sweeps, it does not name (issue 35)', () => {
    const r = rules({}, ['**/*.md', 'CHANGELOG.md', 'packages/*/README.md', 'docs/{a,b}.md']);
    assert.equal(r.namesFile('CHANGELOG.md'), true);
    assert.equal(r.namesFile('packages/core/README.md'), true);
    assert.equal(r.namesFile('packages/core/notes.md'), false, 'matched by **/*.md only');
    assert.equal(r.namesFile('docs/a.md'), false, 'braces in the name are a wildcard');
    assert.equal(r.namesFile('sub/CHANGELOG.md'), false, 'the glob names the root\'s file only');
    assert.equal(rules({}).namesFile('CHANGELOG.md'), false, 'the default globs name nothing');
  });

  it('the sentence names the file, the rule file and line, and what to do', () => {
    assert.equal(
      withheldSentence('docs/drafts/a.md', { reason: 'ignored', file: 'docs/.docingestignore', line: 3, pattern: 'drafts/', path: 'docs/drafts/' }),
      'docs/drafts/a.md is not published: docs/.docingestignore line 3 (drafts/) ignores the folder docs/drafts/; remove or change that line to publish it.',
    );
    assert.equal(
      withheldSentence('a.md', { reason: 'ignored', file: '.docingestignore', line: 1, pattern: 'a.md', path: 'a.md' }),
      'a.md is not published: .docingestignore line 1 (a.md) ignores it; remove or change that line to publish it.',
    );
  });

  describe('on disk', () => {
    let root: string;
    let outside: string;
    beforeEach(async () => {
      root = await makeTempFolder('publish-rules-');
      outside = await makeTempFolder('publish-rules-outside-');
    });
    afterEach(async () => {
      await removeFolder(root);
      await removeFolder(outside);
    });

    it('reads .gitignore, nested ones and .git/info/exclude from the disk', async () => {
      await mkdir(path.join(root, '.git/info'), { recursive: true });
      await mkdir(path.join(root, 'docs'), { recursive: true });
      await writeFile(path.join(root, '.gitignore'), 'tmp/\r\n');
      await writeFile(path.join(root, 'docs/.gitignore'), 'local.md\n');
      await writeFile(path.join(root, '.git/info/exclude'), 'mine.md\n');
      const r = new PublishRules({ include: MD, read: diskRuleReader(root), ignoreCase: false });
      assert.equal(r.withheld('tmp/a.md')?.reason, 'ignored', 'CRLF rule files');
      assert.equal(r.withheld('docs/local.md')?.reason, 'ignored');
      assert.equal(r.withheld('mine.md')?.reason, 'ignored');
      assert.equal(r.withheld('docs/guide.md'), undefined);
    });

    it('a rule file in a symlinked folder is not read: nothing outside the root is', async () => {
      await writeFile(path.join(outside, '.gitignore'), 'a.md\n');
      await writeFile(path.join(outside, '.docingestignore'), '!b.md\n');
      await symlink(outside, path.join(root, 'linked'), 'dir');
      await writeFile(path.join(root, '.gitignore'), '');
      const read: string[] = [];
      const disk = diskRuleReader(root);
      const r = new PublishRules({ include: MD, read: (p) => { const t = disk(p); if (t !== undefined) read.push(p); return t; }, ignoreCase: false });
      assert.equal(r.withheld('linked/a.md'), undefined);
      assert.deepEqual(read, ['.gitignore'], 'only the root .gitignore was read');
    });
  });
  it('judges files folder by folder (issue 37): a folder with no rule file on its way withholds nothing, its neighbours keep their rules, whatever was asked first', () => {
    const r = rules({ 'docs/a/.gitignore': 'secret.md\n', 'docs/b/.docingestignore': 'draft.md\n' });
    for (let i = 0; i < 50; i++) assert.equal(r.withheld(`docs/x/page-${i}.md`), undefined);
    assert.equal(r.withheld('docs/x/secret.md'), undefined, 'no rule file from the root down to docs/x');
    assert.deepEqual(r.withheld('docs/a/secret.md'), { reason: 'ignored', file: 'docs/a/.gitignore', line: 1, pattern: 'secret.md', path: 'docs/a/secret.md' });
    assert.deepEqual(r.withheld('docs/a/deep/secret.md'), { reason: 'ignored', file: 'docs/a/.gitignore', line: 1, pattern: 'secret.md', path: 'docs/a/deep/secret.md' }, 'a rule file above the folder applies');
    assert.equal(r.withheld('docs/a/other.md'), undefined);
    assert.equal(r.withheldNamed('docs/a/secret.md'), undefined, 'a file named outright: git\'s files are not asked');
    assert.deepEqual(r.withheldNamed('docs/b/sub/draft.md'), { reason: 'ignored', file: 'docs/b/.docingestignore', line: 1, pattern: 'draft.md', path: 'docs/b/sub/draft.md' });
    assert.deepEqual(r.withheld('docs/b/sub/draft.md'), { reason: 'ignored', file: 'docs/b/.docingestignore', line: 1, pattern: 'draft.md', path: 'docs/b/sub/draft.md' });
  });

  it('a verdict handed out is a copy: changing it changes no later answer', () => {
    const r = rules({ '.gitignore': 'private/\n' });
    const first = r.withheld('private/a.md');
    assert.ok(first?.reason === 'ignored');
    first.path = 'changed';
    assert.deepEqual(r.withheld('private/b.md'), { reason: 'ignored', file: '.gitignore', line: 1, pattern: 'private/', path: 'private/' });
  });
});
