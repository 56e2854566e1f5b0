/** Runs the built command line (`dist/cli.js`, as `npm run build` makes it) as a subprocess, as a pipeline would. */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { LocalService } from '../service';

export const CLI = path.resolve(__dirname, '../../../dist/cli.js');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  cwd: string;
  /** Added to a clean environment: nothing of the test runner's own DOC_INGEST_* or GITHUB_* leaks in. */
  env?: Record<string, string | undefined>;
  /** Called once the process runs, e.g. to interrupt it. */
  started?(child: ChildProcess): void;
}

export function runCli(args: readonly string[], options: CliOptions): Promise<CliRun> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? options.cwd, LANG: 'C.UTF-8' };
  for (const [k, v] of Object.entries(options.env ?? {})) if (v !== undefined) env[k] = v;
  return runProcess(process.execPath, [CLI, ...args], { cwd: options.cwd, env, started: options.started });
}

/** The environment that points the command line at the local service, with its admin key. */
export function serviceEnv(service: Pick<LocalService, 'baseUrl' | 'keys'>): Record<string, string> {
  return { DOC_INGEST_BASE_URL: service.baseUrl, DOC_INGEST_API_KEY: service.keys.admin };
}

/** Fails the test when one of `keys` shows in what the run printed: a key never reaches the output. */
export function assertNoKeyIn(run: CliRun, keys: readonly string[]): void {
  for (const key of keys) assert.ok(!run.stdout.includes(key) && !run.stderr.includes(key), 'no key in the output');
}

/**
 * Ctrl+C once `when()` holds, asked every 20 ms while the process runs: pass `started` to `runCli`; `interrupted()`
 * says whether it was sent.
 */
export function interruptWhen(when: () => boolean): { started(child: ChildProcess): void; interrupted(): boolean } {
  let interrupted = false;
  return {
    started: (child) => {
      const timer = setInterval(() => {
        if (when() && !interrupted) {
          interrupted = true;
          clearInterval(timer);
          child.kill('SIGINT');
        }
      }, 20);
      child.once('close', () => clearInterval(timer));
    },
    interrupted: () => interrupted,
  };
}

/** Long enough for any refusal: a run still going then has hung, and is killed (its code is then null). */
export const BOUND_MS = 15_000;

/** `runCli`, killed after {@link BOUND_MS}: for tests of what must end at once (a refused key or server URL). */
export function runCliBounded(args: readonly string[], options: CliOptions): Promise<CliRun> {
  return runCli(args, { ...options, started: (child) => setTimeout(() => child.kill('SIGKILL'), BOUND_MS).unref() });
}

/** Runs `command` with exactly `env`, collecting its output (the packed command, the GitHub Action's entry). */
export function runProcess(command: string, args: readonly string[], options: { cwd: string; env: Record<string, string>; started?(child: ChildProcess): void }): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
    options.started?.(child);
  });
}
