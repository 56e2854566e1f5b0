/**
 * One measured look for changes in a process of its own (cold, as a command line run is). Given a job as JSON in
 * argv[2], prints a JSON line with the time. The modules are loaded before the clock starts: the command line's
 * start-up is a figure of its own (`doc-ingest --version`).
 *
 * Jobs:
 * - `loop`: the limit for a tool that must look at every file: read and hash each file in one plain loop;
 * - `cli`: `doc-ingest ingest --changed` in process (`main`), over the corpus with its ledger file;
 * - `dist`: the same from the production bundles (`dist/cli/main.mjs` and the chunks it loads, as installed), where
 *   `cli` loads the compiled sources file by file;
 * - `editor`: the core path of Ingest Changed Files (`SourceStates.states`): the stat of each file first, at once in
 *   slices (`inSlices`, as `localFileStat` takes them), then `checkSource` of each, 8 at a time (as the command does),
 *   with the ledger already open (the editor holds it from activation).
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { COMMANDS, main } from '../src/cli/main';
import type { CliIo } from '../src/cli/io';
import type { FileStat } from '../src/core/ledger';
import { pagePath } from './corpusPaths';
import { clock } from './stats';

export interface ChangedJob {
  mode: 'loop' | 'cli' | 'dist' | 'editor';
  root: string;
  count: number;
  baseUrl: string;
}

export interface ChangedResult {
  ms: number;
  /** CPU time (user + system) of this process while measured: what the look itself costs, load or not. */
  cpuMs: number;
  /** Files found unchanged (cli: from its sentence, 0 or count). */
  unchanged: number;
  /** cli: loading the ingest command's modules (`COMMANDS.ingest`), before the clock of `ms`. */
  loadMs?: number;
  /** cli: the CPU time of that load. */
  loadCpuMs?: number;
}

async function run(job: ChangedJob): Promise<ChangedResult> {
  const list = Array.from({ length: job.count }, (_, i) => pagePath(i));
  const abs = (f: string) => path.join(job.root, f);
  if (job.mode === 'loop') {
    const stop = clock();
    let n = 0;
    for (const f of list) if (createHash('sha256').update(readFileSync(abs(f))).digest('hex').length === 64) n++;
    return { ...stop(), unchanged: n };
  }
  if (job.mode === 'editor') {
    // Loaded for this job only: a command line job must load what its command needs by itself, as a real run does.
    const { checkSource } = await import('../src/core/ingest/freshness.js');
    const { jsonFileLedgerStorage, Ledger, ledgerScope } = await import('../src/core/ledger/index.js');
    const { forEachConcurrently } = await import('../src/core/pool.js');
    const { inSlices } = await import('../src/core/slices.js');
    const ledger = await Ledger.open(jsonFileLedgerStorage(path.join(job.root, '.doc-ingest', 'ledger.json')));
    const scope = ledgerScope(job.baseUrl, undefined);
    const stop = clock();
    let n = 0;
    // As SourceStates.states takes them: the stats first, at once in slices, then each file judged 8 at a time.
    const taken = new Map<string, { stat: FileStat; statAt: number }>();
    await inSlices(list, (f) => {
      const statAt = Date.now();
      const s = statSync(abs(f));
      taken.set(f, { stat: { size: s.size, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs, ino: s.ino }, statAt });
    });
    await forEachConcurrently(list, 8, async (f) => {
      const { stat, statAt } = taken.get(f)!;
      const check = await checkSource(ledger, scope, { source: f, relativePath: f }, {
        stat,
        statAt,
        read: () => readFile(abs(f)),
        includes: { read: (p) => readFile(abs(p)) },
      });
      if (check.state === 'unchanged') n++;
    });
    return { ...stop(), unchanged: n };
  }
  let out = '';
  let err = '';
  const io: CliIo = {
    stdout: { write: (s: string) => void (out += s), isTTY: false },
    stderr: { write: (s: string) => void (err += s), isTTY: false },
    env: { DOC_INGEST_BASE_URL: job.baseUrl, DOC_INGEST_API_KEY: 'bench-key-never-sent' },
    cwd: job.root,
    onInterrupt: () => undefined,
    exit: (code: number) => {
      throw new Error(`exit ${code}`);
    },
  };
  // The production bundles' entry loaded before any clock, as the sources' are (the command line's start-up is a
  // figure of its own): an ESM file, imported.
  const cli = job.mode === 'dist' ? (await import(pathToFileURL(path.resolve(__dirname, '../../dist/cli/main.mjs')).href)) as { COMMANDS: typeof COMMANDS; main: typeof main } : { COMMANDS, main };
  // The command's own module is loaded when it runs (`COMMANDS`): loaded here, before the clock, as the others are,
  // and timed apart.
  const load = clock();
  await cli.COMMANDS.ingest();
  const loaded = load();
  const stop = clock();
  const code = await cli.main(['ingest', '--changed'], io);
  const measured = stop();
  if (code !== 0) throw new Error(`ingest --changed: exit ${code}: ${err}`);
  return { ...measured, unchanged: /Every file is as last ingested/.test(out) ? job.count : 0, loadMs: loaded.ms, loadCpuMs: loaded.cpuMs };
}

if (require.main === module) {
  const job = JSON.parse(process.argv[2] ?? '{}') as ChangedJob;
  void run(job).then(
    (r) => process.stdout.write(`${JSON.stringify(r)}\n`),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
