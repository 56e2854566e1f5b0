/**
 * What git knows about a file, for `doc_updated_at` and owners: the last commit that changed it, its author,
 * and whether the text being ingested differs from the committed file.
 *
 * Plain Node (`child_process.execFile`, no shell). Every failure (git not installed, not a repository, a
 * timeout) gives `undefined`: git is a nice-to-have, never a reason to fail an ingestion.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { comparable, runGit as run } from './git';
import { pickRemote } from './provenance';

/** What git knows about the file; undefined when git or the repository is not available. */
export interface GitFileInfo {
  /** Time of the last commit that changed the file; undefined when the file was never committed. */
  lastCommitTime?: Date;
  /** Author of that commit. */
  lastCommitAuthor?: { name: string; email: string };
  /** Id (full hash) of that commit: metadata `commit` when the text is the committed one. */
  lastCommit?: string;
  /** The web address of the repository's remote (`origin`, else the first), credentials stripped (`provenance.ts`). */
  repository?: string;
  /** True when the text being ingested differs from the file in HEAD (or the file is not in HEAD). */
  changedSinceCommit: boolean;
}

export interface GitInfoOptions {
  /** The text being ingested (the editor's, possibly unsaved); default: the file as saved on disk. */
  text?: string;
  /** The git executable; default `git` from the PATH. */
  gitPath?: string;
  /** Time limit of each git command in milliseconds; default 10 000. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** One of the three commands, with the caller's limits (ten seconds each by default). */
function git(args: string[], cwd: string, options: GitInfoOptions) {
  return run(args, cwd, { gitPath: options.gitPath, timeoutMs: options.timeoutMs ?? 10_000, signal: options.signal });
}

/**
 * Git facts about the file at `absolutePath`, or undefined when git or the repository is unavailable.
 *
 * - `lastCommitTime`, `lastCommitAuthor`, `lastCommit`: the committer time, the author (after `.mailmap`) and the
 *   hash of `git log -1 -- <file>`; absent for a file never committed.
 * - `repository`: the web address of the remote `origin` (else the first remote), from `git config`.
 * - `changedSinceCommit`: the text (`options.text`, else the file on disk) compared with `git show HEAD:<file>`;
 *   true for a file not in HEAD.
 */
export async function getGitFileInfo(absolutePath: string, options: GitInfoOptions = {}): Promise<GitFileInfo | undefined> {
  const dir = path.dirname(absolutePath);
  const name = path.basename(absolutePath);
  const inside = await git(['rev-parse', '--is-inside-work-tree'], dir, options);
  if (!inside.ok || inside.stdout.toString('utf8').trim() !== 'true') return undefined;

  const [log, committed, remotes, text] = await Promise.all([
    git(['log', '-1', '--format=%ct%x00%aN%x00%aE%x00%H', '--', name], dir, options),
    git(['show', `HEAD:./${name}`], dir, options),
    git(['config', '-z', '--get-regexp', '^remote\\..*\\.url$'], dir, options),
    options.text !== undefined ? Promise.resolve(options.text) : readFile(absolutePath, 'utf8').catch(() => undefined),
  ]);
  if (!log.ok) return undefined;

  const info: GitFileInfo = { changedSinceCommit: true };
  const [seconds, authorName, authorEmail, hash] = log.stdout.toString('utf8').trim().split('\0');
  const time = Number(seconds);
  if (seconds && Number.isFinite(time) && time > 0) {
    info.lastCommitTime = new Date(time * 1000);
    if (authorName !== undefined || authorEmail !== undefined) {
      info.lastCommitAuthor = { name: authorName ?? '', email: authorEmail ?? '' };
    }
    if (hash && /^[0-9a-f]{40,64}$/.test(hash)) info.lastCommit = hash;
  }
  // No remote: git config answers 1, and the repository is left out.
  const repository = remotes.ok ? pickRemote(remotes.stdout.toString('utf8')) : undefined;
  if (repository !== undefined) info.repository = repository;
  if (committed.ok && text !== undefined) {
    info.changedSinceCommit = comparable(committed.stdout.toString('utf8')) !== comparable(text);
  }
  return info;
}
