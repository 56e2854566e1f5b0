// plainWalk (src/cli/plainWalk.ts) lists what tinyglobby lists with the listing's options, for the globs it takes:
// random trees of tricky names, symbolic links and unreadable folders, each listed both ways.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { glob } from 'tinyglobby';
import { plainWalk } from '../../../src/cli/plainWalk';
import { DEFAULT_EXCLUDE, DEFAULT_INCLUDE } from '../../../src/core/config/defaults';
import { seededRandom } from '../../service';
import { makeTempFolderSync, removeFolderSync } from '../../support/tempFolder';

/** Names a tree may hold: extensions as prefixes, suffixes and alone, excluded names as files and in other case, hidden names. */
const NAMES = [
  'a.md', 'b.mdx', 'c.markdown', 'd.txt', 'e.MD', 'f.md.bak', 'g.mdx.md', '.md', '..md', 'md', '.hidden.md', 'x.d.ts', 'd.ts',
  'dist', 'dist.md', 'build', 'Build', 'out', 'outx', 'node_modules', '.git', '_site', '.vscode-test', 'x.md', 'notes',
  'docs', '.github', 'a b.md', 'ü.md', 'a.txt.md', 'readme', '-x.md', 'a.', 'a.md.',
];

interface Tree {
  root: string;
  remove(): void;
}

/** A tree of `files` files and folders named from NAMES, some of them symbolic links, one folder unreadable. */
function randomTree(seed: number, files: number): Tree {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const root = makeTempFolderSync('doc-ingest-walk-');
  const folders = [''];
  for (let i = 0; i < files; i++) {
    const parent = pick(folders);
    const name = pick(NAMES);
    const at = path.join(root, parent, name);
    // lstat: a dangling link is there too.
    if (fs.lstatSync(at, { throwIfNoEntry: false })) continue;
    const roll = random();
    if (roll < 0.35) {
      fs.mkdirSync(at);
      folders.push(path.join(parent, name));
    } else if (roll < 0.42) {
      // A link to a folder or to a file of the tree: neither followed nor listed.
      fs.symlinkSync(random() < 0.5 ? root : path.join(root, pick(folders)), at);
    } else if (roll < 0.45) {
      fs.symlinkSync(path.join(root, 'missing.md'), at);
    } else {
      fs.writeFileSync(at, `${i}\n`);
    }
  }
  return { root, remove: () => removeFolderSync(root) };
}

const OPTIONS = { absolute: false, dot: true, onlyFiles: true, expandDirectories: false, followSymbolicLinks: false } as const;

/** The include and exclude globs of the listing, as plainWalk takes them. */
const GLOBS: Array<[string[], string[]]> = [
  [DEFAULT_INCLUDE, DEFAULT_EXCLUDE],
  [['**/*.md'], []],
  [['**/*.mdx', '**/*.txt'], ['**/docs/**', '**/.github/**']],
  [['**/*.md', '**/*.d.ts'], ['**/x.md/**', '**/dist.md/**', '**/Build/**', '**/notes/**']],
  [['**/*.md'], ['**/.hidden.md/**', '**/md/**', '**/a.md./**']],
];

/**
 * `plainWalk` with the default globs, run by the user nobody (the tests run as root): its compiled module's text
 * handed to a child process, which may not be able to read this checkout.
 */
function walkAsNobody(root: string): string[] {
  const source = fs.readFileSync(require.resolve('../../../src/cli/plainWalk'), 'utf8');
  const script = `const module = { exports: {} }; (function (exports, require, module) { ${source}\n})(module.exports, require, module);
process.stdout.write(JSON.stringify(module.exports.plainWalk(process.argv[1], JSON.parse(process.argv[2]), JSON.parse(process.argv[3]))));`;
  const run = spawnSync(process.execPath, ['-e', script, root, JSON.stringify(DEFAULT_INCLUDE), JSON.stringify(DEFAULT_EXCLUDE)], { uid: 65534, gid: 65534, cwd: '/', encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout) as string[];
}

describe('plainWalk: the usual globs without a glob library (issue 37, goal 4)', () => {
  it('lists what tinyglobby lists, on 40 random trees for each set of globs', async function () {
    this.timeout(120_000);
    for (let seed = 1; seed <= 40; seed++) {
      const tree = randomTree(seed, 120);
      try {
        for (const [include, exclude] of GLOBS) {
          const expected = (await glob(include, { ...OPTIONS, cwd: tree.root, ignore: exclude })).sort();
          const walked = plainWalk(tree.root, include, exclude)?.sort();
          assert.deepEqual(walked, expected, `seed ${seed}, ${include.join(' ')} without ${exclude.join(' ')}`);
        }
      } finally {
        tree.remove();
      }
    }
  });

  it('passes over a folder it cannot read, as tinyglobby does', async function () {
    const tree = randomTree(7, 60);
    const closed = path.join(tree.root, 'closed');
    try {
      fs.mkdirSync(closed);
      fs.writeFileSync(path.join(closed, 'in.md'), 'x');
      fs.writeFileSync(path.join(tree.root, 'open.md'), 'x');
      fs.chmodSync(closed, 0);
      if (process.platform === 'win32') {
        // No mode closes a folder here: the walk lists it like any other, as tinyglobby does.
        const expected = (await glob(DEFAULT_INCLUDE, { ...OPTIONS, cwd: tree.root, ignore: DEFAULT_EXCLUDE })).sort();
        assert.deepEqual(plainWalk(tree.root, DEFAULT_INCLUDE, DEFAULT_EXCLUDE)?.sort(), expected);
      } else if (process.getuid?.() === 0) {
        // Root reads every folder (CI runs as root): the walk runs as nobody, for whom the folder is closed, and lists
        // what tinyglobby lists as root less the closed folder's files (tinyglobby's own pass-over is checked below,
        // when the tests run as a user).
        fs.chmodSync(tree.root, 0o755);
        const asRoot = (await glob(DEFAULT_INCLUDE, { ...OPTIONS, cwd: tree.root, ignore: DEFAULT_EXCLUDE })).sort();
        assert.ok(asRoot.includes('closed/in.md') && asRoot.includes('open.md'));
        assert.deepEqual(walkAsNobody(tree.root).sort(), asRoot.filter((p) => !p.startsWith('closed/')));
      } else {
        const expected = (await glob(DEFAULT_INCLUDE, { ...OPTIONS, cwd: tree.root, ignore: DEFAULT_EXCLUDE })).sort();
        assert.ok(expected.includes('open.md') && !expected.includes('closed/in.md'));
        assert.deepEqual(plainWalk(tree.root, DEFAULT_INCLUDE, DEFAULT_EXCLUDE)?.sort(), expected);
      }
    } finally {
      fs.chmodSync(closed, 0o755);
      tree.remove();
    }
  });

  it('leaves every other glob to tinyglobby', () => {
    const root = os.tmpdir();
    for (const include of [['docs/**/*.md'], ['**/*.{md,mdx}'], ['*.md'], ['**/README.md'], ['**/*'], ['!**/*.md'], ['**/*.md', 'CHANGELOG.md'], ['**/*.m?']]) {
      assert.equal(plainWalk(root, include, DEFAULT_EXCLUDE), undefined, include.join(' '));
    }
    for (const exclude of [['docs/**'], ['**/dist'], ['**/*.draft.md'], ['**/../**'], ['**/./**'], ['**/{a,b}/**'], ['**/node_modules/**', 'x/**']]) {
      assert.equal(plainWalk(root, DEFAULT_INCLUDE, exclude), undefined, exclude.join(' '));
    }
  });
});
