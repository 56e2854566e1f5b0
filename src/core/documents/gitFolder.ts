/**
 * Git facts for many files at once: a batch asks git a constant number of times for a whole folder (at most
 * five processes, however many files), where `getGitFileInfo` costs three processes per file.
 *
 * - `git rev-parse --is-inside-work-tree --show-prefix`: is this a work tree, and where is the folder in it.
 * - `git log --name-only -- .`: the first commit that names a path is its last commit (no `--follow`, renames as
 *   a deletion plus an addition: the same as `git log -1 -- <file>`).
 * - `git ls-tree -r HEAD -- .`: what HEAD holds, with object ids.
 * - `git diff --name-only HEAD -- .`: which of those differ in the working tree (staged or not).
 * - `git cat-file --batch`, only for the files that differ (and symbolic links): their committed text, so that a
 *   change of BOM or line endings alone is not a change, as in `getGitFileInfo`.
 *
 * Same rules as `gitInfo.ts`: execFile without a shell, literal pathspecs, no optional locks, a time limit, and
 * every failure gives `undefined`, never an exception.
 *
 * Known differences from `getGitFileInfo`, all rare: history simplification is done for the folder, not per file
 * (a change reverted on one side of a merge may date a file differently); a file in a submodule gets
 * `undefined` (ask `getGitFileInfo`); a file in a nested repository that is not a submodule reads as untracked.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { GitFileInfo } from './build';
import { isInside } from '../files/inside';
import { forEachConcurrently } from '../pool';
import { comparable, runGit as run } from './git';

export interface GitFolderOptions {
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
function git(args: string[], cwd: string, options: GitFolderOptions, input?: string) {
  return run(args, cwd, { gitPath: options.gitPath, timeoutMs: options.timeoutMs ?? 30_000, signal: options.signal, input });
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
}

/**
 * `git log -z --format=%x00%ct%x00%aN%x00%aE --name-only`: every commit starts with an empty field (no path is
 * empty), then time, name and email, then its paths, the first one after a newline.
 */
function parseLog(stdout: Buffer): Map<string, LastCommit> {
  const fields = stdout.toString('utf8').split('\0');
  const last = new Map<string, LastCommit>();
  let i = 0;
  while (i + 3 < fields.length) {
    if (fields[i] !== '') {
      i++;
      continue;
    }
    const commit = { time: Number(fields[i + 1]), name: fields[i + 2] ?? '', email: (fields[i + 3] ?? '').trimEnd() };
    i += 4;
    let first = true;
    for (; i < fields.length && fields[i] !== ''; i++) {
      const name = first ? (fields[i] ?? '').replace(/^\n/, '') : (fields[i] ?? '');
      first = false;
      if (!last.has(name)) last.set(name, commit);
    }
  }
  return last;
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

  // Paths relative to the repository root, whatever the user's diff.relative; no rename pairing.
  const [log, tree, diff] = await Promise.all([
    git(['-c', 'diff.relative=false', '-c', 'log.follow=false', 'log', '--no-renames', '--format=%x00%ct%x00%aN%x00%aE', '--name-only', '-z', '--', '.'], folder, options),
    git(['ls-tree', '-r', '-z', '--full-name', 'HEAD', '--', '.'], folder, options),
    git(['-c', 'diff.relative=false', 'diff', '--name-only', '-z', '--no-renames', '--no-ext-diff', 'HEAD', '--', '.'], folder, options),
  ]);
  if (!log.ok || !tree.ok || !diff.ok) return undefined;

  const lastCommits = parseLog(log.stdout);
  const { files, submodules } = parseTree(tree.stdout);
  const head = new Map<string, HeadState>();
  for (const [file, entry] of files) head.set(file, { ...entry, diskChanged: false });

  // Files that differ from HEAD on disk, and links (whose committed text is the target, read through on disk):
  // compare their texts as getGitFileInfo does.
  const differing = new Set(diff.stdout.toString('utf8').split('\0').filter((f) => f !== ''));
  const toCompare = [...head].filter(([file, entry]) => differing.has(file) || entry.symlink);
  if (toCompare.length > 0) {
    const batch = await git(['cat-file', '--batch'], folder, options, toCompare.map(([, e]) => `${e.oid}\n`).join(''));
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

      const info: GitFileInfo = { changedSinceCommit: true };
      const commit = lastCommits.get(file);
      if (commit && Number.isFinite(commit.time) && commit.time > 0) {
        info.lastCommitTime = new Date(commit.time * 1000);
        info.lastCommitAuthor = { name: commit.name, email: commit.email };
      }
      const entry = head.get(file);
      if (entry) info.changedSinceCommit = changedSinceCommit(entry, absolutePath, text);
      return info;
    },
  };
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
