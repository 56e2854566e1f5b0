/**
 * The GitHub Action (action.yml): runs the bundled command line beside it (`dist/cli.js`, the same file `npm pack`
 * ships) as `doc-ingest ingest --json`, with the inputs as flags and the key in `DOC_INGEST_API_KEY`. The command
 * line's stderr (progress, warnings, `::error` annotations) goes to the log as it comes; its report is written to the
 * `report` input's path, and becomes the step's outputs and summary. The step's exit code is the command line's.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { IngestReport } from '../cli/report';
import { cliArguments, cliEnvironment, InputError, readInputs } from './inputs';
import { failureMarkdown, outputLines, outputsOf, summaryMarkdown } from './summary';
import type { OutputName } from './summary';

export interface ActionProcess {
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** The runner reads workflow commands (`::add-mask::`) from here. */
  stdout: { write(text: string): void };
  stderr: { write(text: string): void };
  /** The command line to run: `dist/cli.js` beside the action's own bundle. */
  cli: string;
}

/** Kept of the command line's stderr for the summary when it made no report: its sentences are at the start. */
const STDERR_KEPT = 64 * 1024;

export async function runAction(p: ActionProcess): Promise<number> {
  // Before anything else can print it: the runner replaces the key by *** in the log from here on.
  const key = p.env.INPUT_KEY?.trim();
  if (key) for (const line of key.split(/\r?\n/)) if (line.trim()) p.stdout.write(`::add-mask::${line.trim()}\n`);
  let inputs;
  try {
    inputs = readInputs(p.env);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    p.stdout.write(`::error title=Doc Ingest::${e.message}\n`);
    finish(p, undefined, undefined, 2, failureMarkdown(`doc-ingest: ${e.message}\n`, 2));
    return 2;
  }
  const env: Record<string, string> = {};
  // The command line reads DOC_INGEST_* of the job's env as usual; the inputs (the key among them) are not passed on.
  for (const [k, v] of Object.entries(p.env)) if (v !== undefined && !k.startsWith('INPUT_')) env[k] = v;
  if (inputs.key) env.DOC_INGEST_API_KEY = inputs.key;
  Object.assign(env, cliEnvironment(inputs));
  const { code, stdout, stderr } = await run(process.execPath, [p.cli, ...cliArguments(inputs)], p.cwd, env, p.stderr);
  let report: IngestReport | undefined;
  try {
    report = stdout.trim() ? (JSON.parse(stdout) as IngestReport) : undefined;
  } catch {
    p.stderr.write('doc-ingest action: the command line\'s report is not JSON; it is not written.\n');
  }
  const reportPath = path.resolve(p.cwd, inputs.report);
  if (report) {
    mkdirSync(path.dirname(reportPath), { recursive: true });
    writeFileSync(reportPath, stdout);
    const t = report.totals;
    p.stdout.write(`doc-ingest: ${t.files} files: ${t.created} created, ${t.updated} updated, ${t.unchanged} unchanged, ${t.skipped} skipped, ${t.failed} failed${t.wouldSend ? `, ${t.wouldSend} would be sent` : ''}. Report: ${reportPath}\n`);
  }
  finish(p, report, report ? reportPath : undefined, code, report ? summaryMarkdown(report, reportPath) : failureMarkdown(stderr, code));
  return code;
}

function finish(p: ActionProcess, report: IngestReport | undefined, reportPath: string | undefined, code: number, summary: string): void {
  const outputs: Partial<Record<OutputName, string>> = outputsOf(report, reportPath, code);
  if (p.env.GITHUB_OUTPUT) appendFileSync(p.env.GITHUB_OUTPUT, outputLines(outputs, `ghadelimiter_${randomUUID()}`));
  if (p.env.GITHUB_STEP_SUMMARY) appendFileSync(p.env.GITHUB_STEP_SUMMARY, summary);
}

function run(node: string, args: string[], cwd: string, env: Record<string, string>, log: { write(text: string): void }): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      log.write(d);
      if (stderr.length < STDERR_KEPT) stderr += d;
    });
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code: code ?? (signal ? 128 + 15 : 1), stdout: Buffer.concat(out).toString('utf8'), stderr }));
  });
}
