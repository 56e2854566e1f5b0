/**
 * What git knows about a file, for `doc_updated_at` and owners: the last commit that changed it, its author,
 * and whether the text being ingested differs from the committed file.
 *
 * Plain Node (`child_process.execFile`, no shell). Every failure (git not installed, not a repository, a
 * timeout) gives `undefined`: git is a nice-to-have, never a reason to fail an ingestion.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { GitFileInfo } from './build';
import { normalizeNewlines } from './text';

export interface GitInfoOptions {
  /** The text being ingested (the editor's, possibly unsaved); default: the file as saved on disk. */
  text?: string;
  /** The git executable; default `git` from the PATH. */
  gitPath?: string;
  /** Time limit of each git command in milliseconds; default 10 000. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

type GitResult = { ok: true; stdout: Buffer } | { ok: false };

function runGit(args: string[], cwd: string, options: GitInfoOptions): Promise<GitResult> {
  return new Promise((resolve) => {
    try {
      execFile(
        options.gitPath ?? 'git',
        // Literal pathspecs: a file named `[draft].md` or `*.md` means itself, not a pattern.
        ['--literal-pathspecs', '-c', 'core.quotepath=off', ...args],
        {
          cwd,
          encoding: 'buffer',
          maxBuffer: 256 * 1024 * 1024,
          timeout: options.timeoutMs ?? 10_000,
          windowsHide: true,
          signal: options.signal,
          // Background reads must not take the index lock from a git command the user runs at the same time.
          env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0' },
        },
        (error, stdout) => resolve(error ? { ok: false } : { ok: true, stdout }),
      );
    } catch {
      resolve({ ok: false });
    }
  });
}

/** Committed text and working text compare equal when they differ only in a BOM or line endings. */
function comparable(text: string): string {
  return normalizeNewlines(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}

/**
 * Git facts about the file at `absolutePath`, or undefined when git or the repository is unavailable.
 *
 * - `lastCommitTime`, `lastCommitAuthor`: the committer time and the author (after `.mailmap`) of
 *   `git log -1 -- <file>`; absent for a file never committed.
 * - `changedSinceCommit`: the text (`options.text`, else the file on disk) compared with `git show HEAD:<file>`;
 *   true for a file not in HEAD.
 */
export async function getGitFileInfo(absolutePath: string, options: GitInfoOptions = {}): Promise<GitFileInfo | undefined> {
  const dir = path.dirname(absolutePath);
  const name = path.basename(absolutePath);
  const inside = await runGit(['rev-parse', '--is-inside-work-tree'], dir, options);
  if (!inside.ok || inside.stdout.toString('utf8').trim() !== 'true') return undefined;

  const [log, committed, text] = await Promise.all([
    runGit(['log', '-1', '--format=%ct%x00%aN%x00%aE', '--', name], dir, options),
    runGit(['show', `HEAD:./${name}`], dir, options),
    options.text !== undefined ? Promise.resolve(options.text) : readFile(absolutePath, 'utf8').catch(() => undefined),
  ]);
  if (!log.ok) return undefined;

  const info: GitFileInfo = { changedSinceCommit: true };
  const [seconds, authorName, authorEmail] = log.stdout.toString('utf8').trim().split('\0');
  const time = Number(seconds);
  if (seconds && Number.isFinite(time) && time > 0) {
    info.lastCommitTime = new Date(time * 1000);
    if (authorName !== undefined || authorEmail !== undefined) {
      info.lastCommitAuthor = { name: authorName ?? '', email: authorEmail ?? '' };
    }
  }
  if (committed.ok && text !== undefined) {
    info.changedSinceCommit = comparable(committed.stdout.toString('utf8')) !== comparable(text);
  }
  return info;
}
