/**
 * Git facts for many files at once: a batch asks git a constant number of times for a whole folder (at most
 * six processes, however many files), where `getGitFileInfo` costs four processes per file.
 *
 * - `git config --get-regexp ^remote\..*\.url$`: the remote whose web address is every file's `repository`.
 *
 * - `git rev-parse --is-inside-work-tree --show-prefix`: is this a work tree, and where is the folder in it.
 * - `git log --name-only -- .`: the first commit that names a path is its last commit (no `--follow`, renames as
 *   a deletion plus an addition: the same as `git log -1 -- <file>`). Asked about a few files (`files`), the log
 *   names those files instead, and stops as soon as each has its commit; the commands below name them too.
 * - `git ls-tree -r HEAD -- .`: what HEAD holds, with object ids.
 * - `git diff --name-only HEAD -- .`: which of those differ in the working tree (staged or not).
 * - `git cat-file --batch`, only for the files that differ (and symbolic links): their committed text, so that a
 *   change of BOM or line endings alone is not a change, as in `getGitFileInfo`.
 *
 * Same rules as `gitInfo.ts`: execFile without a shell, literal pathspecs, no optional locks, a time limit, and
 * every failure gives `undefined`, never an exception.
 *
 * Known differences from `getGitFileInfo`, all rare: history simplification is done for the folder (or the files
 * asked about), not per file (a change reverted on one side of a merge may date a file differently); a file in a
 * submodule gets `undefined` (ask `getGitFileInfo`); a file in a nested repository that is not a submodule reads
 * as untracked.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { GitFileInfo } from './gitInfo';
import { isInside } from '../../files/inside';
import { forEachConcurrently } from '../../pool';
import { comparable, runGit as run } from './git';
import { pickRemote } from './provenance';

export interface GitFolderOptions {
  /**
   * Only these files (absolute paths inside the folder): git is asked about them alone, and reads the history only
   * back to the oldest of their last commits, never the whole folder's changes; `fileInfo` answers undefined for
   * any other file. For a few files in a long history: reading the changes of 82,000 commits took 15 s and
   * 388 MB for one saved file. The command lines carry the paths: keep them few.
   */
  files?: readonly string[];
  /** The git executable; default `git` from the PATH. */
  gitPath?: string;
  /** Time limit of each git command in milliseconds; default 30 000 (a folder is more work than a file). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface GitFolderInfo {
  /**
   * The same facts as `getGitFileInfo(absolutePath, { text })`, for a file inside the folder; `text` is the text
   * being ingested, by default the file as saved. Undefined for a path outside the folder or in a submodule.
   */
  fileInfo(absolutePath: string, text?: string): GitFileInfo | undefined;
}

/** One command with the caller's limits (thirty seconds by default: a folder is more work than a file). */
function git(args: string[], cwd: string, options: GitFolderOptions, more: { input?: string; onOutput?(chunk: Buffer): boolean } = {}) {
  return run(args, cwd, { gitPath: options.gitPath, timeoutMs: options.timeoutMs ?? 30_000, signal: options.signal, ...more });
}

function comparableHash(text: string): string {
  return createHash('sha256').update(comparable(text)).digest('hex');
}

/** The object id git gives these bytes as a blob (SHA-1, or SHA-256 in a repository of that format). */
function blobId(text: string, oidLength: number): string {
  const bytes = Buffer.from(text, 'utf8');
  return createHash(oidLength === 64 ? 'sha256' : 'sha1')
    .update(`blob ${bytes.length}\0`)
    .update(bytes)
    .digest('hex');
}

interface LastCommit {
  time: number;
  name: string;
  email: string;
  hash: string;
}

/**
 * Reads `git log -z --format=%x00%ct%x00%aN%x00%aE%x00%H --name-only` as it comes: every commit starts with an
 * empty field (no path is empty), then time, name, email and hash, then its paths, the first one after a newline. The first
 * commit that names a path is its last commit.
 */
class LastCommitReader {
  readonly last = new Map<string, LastCommit>();
  /** The start of a field the last piece of output cut. */
  private rest: Buffer = Buffer.alloc(0);
  private next: 'start' | 'time' | 'name' | 'email' | 'hash' | 'path' = 'start';
  private commit: LastCommit = { time: 0, name: '', email: '', hash: '' };
  private firstPath = true;

  read(chunk: Buffer): void {
    const bytes = this.rest.length ? Buffer.concat([this.rest, chunk]) : chunk;
    let from = 0;
    for (let nul = bytes.indexOf(0); nul >= 0; nul = bytes.indexOf(0, from)) {
      this.field(bytes.toString('utf8', from, nul));
      from = nul + 1;
    }
    this.rest = Buffer.from(bytes.subarray(from));
  }

  private field(text: string): void {
    switch (this.next) {
      case 'start':
        if (text === '') this.next = 'time';
        return;
      case 'time':
        this.commit = { time: Number(text), name: '', email: '', hash: '' };
        this.next = 'name';
        return;
      case 'name':
        this.commit.name = text;
        this.next = 'email';
        return;
      case 'email':
        this.commit.email = text;
        this.next = 'hash';
        return;
      case 'hash':
        this.commit.hash = text.trimEnd();
        this.next = 'path';
        this.firstPath = true;
        return;
      case 'path': {
        if (text === '') {
          this.next = 'time';
          return;
        }
        const name = this.firstPath ? text.replace(/^\n/, '') : text;
        this.firstPath = false;
        if (!this.last.has(name)) this.last.set(name, this.commit);
      }
    }
  }
}

interface HeadFile {
  oid: string;
  symlink: boolean;
}

/** `git ls-tree -r -z --full-name`: `<mode> <type> <oid>\t<path>` per entry. */
function parseTree(stdout: Buffer): { files: Map<string, HeadFile>; submodules: string[] } {
  const files = new Map<string, HeadFile>();
  const submodules: string[] = [];
  for (const entry of stdout.toString('utf8').split('\0')) {
    const tab = entry.indexOf('\t');
    if (tab < 0) continue;
    const [mode, type, oid] = entry.slice(0, tab).split(' ');
    const file = entry.slice(tab + 1);
    if (type === 'blob' && oid) files.set(file, { oid, symlink: mode === '120000' });
    else if (type === 'commit') submodules.push(`${file}/`);
  }
  return { files, submodules };
}

/** `git cat-file --batch`: `<oid> <type> <size>\n<content>\n` per object, or `<oid> missing\n`. */
function parseBatch(stdout: Buffer): Map<string, string> {
  const texts = new Map<string, string>();
  let at = 0;
  while (at < stdout.length) {
    const eol = stdout.indexOf(0x0a, at);
    if (eol < 0) break;
    const [oid, type, size] = stdout.subarray(at, eol).toString('utf8').split(' ');
    at = eol + 1;
    if (type === 'missing' || size === undefined || oid === undefined) continue;
    const length = Number(size);
    texts.set(oid, stdout.subarray(at, at + length).toString('utf8'));
    at += length + 1;
  }
  return texts;
}

interface HeadState extends HeadFile {
  /** Hash of the comparable committed text, for files that differ on disk (or are links); else undefined. */
  committedHash?: string;
  /** Whether the saved file differs from HEAD beyond BOM and line endings. */
  diskChanged: boolean;
}

/** Git facts for every file under `folderAbsolutePath`, or undefined when git or the repository is unavailable. */
export async function getGitFolderInfo(folderAbsolutePath: string, options: GitFolderOptions = {}): Promise<GitFolderInfo | undefined> {
  const folder = path.resolve(folderAbsolutePath);
  const where = await git(['rev-parse', '--is-inside-work-tree', '--show-prefix'], folder, options);
  if (!where.ok) return undefined;
  const out = where.stdout.toString('utf8');
  const newline = out.indexOf('\n');
  if (newline < 0 || out.slice(0, newline) !== 'true') return undefined;
  const prefix = out.slice(newline + 1).replace(/\n$/, '');
  // The pathspec: the whole folder, or the files asked about (relative to the folder, as git takes them here).
  const pathspec = options.files
    ? options.files.filter((f) => path.resolve(f) !== path.resolve(folder) && isInside(folder, path.resolve(f))).map((f) => path.relative(folder, path.resolve(f)).split(path.sep).join('/'))
    : ['.'];
  if (!pathspec.length) return undefined;
  /** The files asked about, relative to the repository root (as git names them), or undefined for the whole folder. */
  const asked = options.files ? new Set(pathspec.map((f) => prefix + f)) : undefined;

  // Paths relative to the repository root, whatever the user's diff.relative; no rename pairing.
  const [lastCommits, tree, diff, remotes] = await Promise.all([
    asked ? lastCommitsOf(pathspec, asked, folder, options) : lastCommitsInFolder(folder, options),
    git(['ls-tree', '-r', '-z', '--full-name', 'HEAD', '--', ...pathspec], folder, options),
    git(['-c', 'diff.relative=false', 'diff', '--name-only', '-z', '--no-renames', '--no-ext-diff', 'HEAD', '--', ...pathspec], folder, options),
    // No remote: git config answers 1, and the repository is left out.
    git(['config', '-z', '--get-regexp', '^remote\\..*\\.url$'], folder, options),
  ]);
  const repository = remotes.ok ? pickRemote(remotes.stdout.toString('utf8')) : undefined;
  if (!lastCommits || !tree.ok || !diff.ok) return undefined;

  const { files, submodules } = parseTree(tree.stdout);
  const head = new Map<string, HeadState>();
  for (const [file, entry] of files) head.set(file, { ...entry, diskChanged: false });

  // Files that differ from HEAD on disk, and links (whose committed text is the target, read through on disk):
  // compare their texts as getGitFileInfo does.
  const differing = new Set(diff.stdout.toString('utf8').split('\0').filter((f) => f !== ''));
  const toCompare = [...head].filter(([file, entry]) => differing.has(file) || entry.symlink);
  if (toCompare.length > 0) {
    const batch = await git(['cat-file', '--batch'], folder, options, { input: toCompare.map(([, e]) => `${e.oid}\n`).join('') });
    if (!batch.ok) return undefined;
    const committed = parseBatch(batch.stdout);
    // A few at a time: a folder with thousands of changed files must not open them all at once.
    await forEachConcurrently(toCompare, 8, async ([file, entry]) => {
      const text = committed.get(entry.oid);
      entry.committedHash = text === undefined ? undefined : comparableHash(text);
      const disk = await readFile(path.join(folder, file.slice(prefix.length)), 'utf8').catch(() => undefined);
      entry.diskChanged = entry.committedHash === undefined || disk === undefined || comparableHash(disk) !== entry.committedHash;
    });
  }

  return {
    fileInfo(absolutePath: string, text?: string): GitFileInfo | undefined {
      const resolved = path.resolve(absolutePath);
      const relative = path.relative(folder, resolved);
      if (relative === '' || !isInside(folder, resolved)) return undefined;
      const file = prefix + relative.split(path.sep).join('/');
      if (submodules.some((s) => file.startsWith(s))) return undefined;
      if (asked && !asked.has(file)) return undefined; // not asked about: no facts, rather than wrong ones

      const info: GitFileInfo = { changedSinceCommit: true };
      const commit = lastCommits.get(file);
      if (commit && Number.isFinite(commit.time) && commit.time > 0) {
        info.lastCommitTime = new Date(commit.time * 1000);
        info.lastCommitAuthor = { name: commit.name, email: commit.email };
        if (/^[0-9a-f]{40,64}$/.test(commit.hash)) info.lastCommit = commit.hash;
      }
      if (repository !== undefined) info.repository = repository;
      const entry = head.get(file);
      if (entry) info.changedSinceCommit = changedSinceCommit(entry, absolutePath, text);
      return info;
    },
  };
}

const LOG = ['-c', 'diff.relative=false', '-c', 'log.follow=false', 'log', '--no-renames', '--format=%x00%ct%x00%aN%x00%aE%x00%H', '--name-only', '-z'];

/** The whole folder's history, read once. */
async function lastCommitsInFolder(folder: string, options: GitFolderOptions): Promise<Map<string, LastCommit> | undefined> {
  const log = await git([...LOG, '--', '.'], folder, options);
  if (!log.ok) return undefined;
  const reader = new LastCommitReader();
  reader.read(log.stdout);
  return reader.last;
}

/**
 * The history of these files only, stopped as soon as each has its last commit: one walk back to the oldest of
 * them, however many they are (a file never committed walks the whole history, printing nothing).
 */
async function lastCommitsOf(pathspec: readonly string[], asked: ReadonlySet<string>, folder: string, options: GitFolderOptions): Promise<Map<string, LastCommit> | undefined> {
  const reader = new LastCommitReader();
  const log = await git([...LOG, '--', ...pathspec], folder, options, {
    onOutput: (chunk) => {
      reader.read(chunk);
      return reader.last.size >= asked.size && [...asked].every((f) => reader.last.has(f));
    },
  });
  return log.ok ? reader.last : undefined;
}

function changedSinceCommit(entry: HeadState, absolutePath: string, text: string | undefined): boolean {
  if (text === undefined) return entry.diskChanged;
  if (entry.committedHash !== undefined) return comparableHash(text) !== entry.committedHash;
  if (entry.symlink) return true; // committed text unknown: the cat-file answer lacked it
  // The file on disk equals HEAD (git said so): the usual text is the saved one, stored as is or with LF endings.
  if (blobId(text, entry.oid.length) === entry.oid) return false;
  const plain = comparable(text);
  // Committed with LF endings and no BOM (a checkout with autocrlf); a text with two BOMs is left to the fallback.
  if (plain.charCodeAt(0) !== 0xfeff && blobId(plain, entry.oid.length) === entry.oid) return false;
  // Unsaved edits, or endings git converts otherwise: the saved file stands for HEAD in the comparison.
  try {
    return comparable(readFileSync(absolutePath, 'utf8')) !== plain;
  } catch {
    return true;
  }
}
