/**
 * Running git for facts about files (`gitInfo.ts` for one file, `gitFolder.ts` for a folder): execFile without a
 * shell, literal pathspecs, no optional locks, a time limit; every failure is `{ ok: false }`, never an exception.
 */
import { execFile } from 'node:child_process';
import { withoutBomLf } from '../text/text';

export interface RunGitOptions {
  /** The git executable; default `git` from the PATH. */
  gitPath?: string;
  /** Time limit in milliseconds. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Written to git's standard input (`cat-file --batch`). */
  input?: string;
  /**
   * Each piece of output as it comes; returning true stops git there, and the output so far is the answer (a
   * walk of the history that has found what it looked for).
   */
  onOutput?(chunk: Buffer): boolean;
}

export type GitResult = { ok: true; stdout: Buffer } | { ok: false };

export function runGit(args: string[], cwd: string, options: RunGitOptions): Promise<GitResult> {
  return new Promise((resolve) => {
    try {
      let enough = false;
      const child = execFile(
        options.gitPath ?? 'git',
        // Literal pathspecs: a file named `[draft].md` or `*.md` means itself, not a pattern.
        ['--literal-pathspecs', '-c', 'core.quotepath=off', ...args],
        {
          cwd,
          encoding: 'buffer',
          maxBuffer: 512 * 1024 * 1024,
          timeout: options.timeoutMs,
          windowsHide: true,
          signal: options.signal,
          // Background reads must not take the index lock from a git command the user runs at the same time.
          env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0' },
        },
        (error, stdout) => resolve(error && !enough ? { ok: false } : { ok: true, stdout }),
      );
      const { onOutput } = options;
      if (onOutput) {
        child.stdout?.on('data', (chunk: Buffer) => {
          if (enough || !onOutput(chunk)) return;
          enough = true;
          child.kill();
        });
      }
      // A git that exits early closes its input; that is reported by the exit, not by a stream error.
      child.stdin?.on('error', () => undefined);
      child.stdin?.end(options.input ?? '');
    } catch {
      resolve({ ok: false });
    }
  });
}

/** Committed text and working text compare equal when they differ only in a BOM or line endings. */
export const comparable = withoutBomLf;
