/**
 * Section 4: a run with nothing to send. 5,000 files ingested before (their ledger written as a run records it),
 * none changed since: `ingest --changed` and the core path of Ingest Changed Files against reading and hashing the
 * same files in one plain loop, each in a fresh process per round, interleaved. "Before" is the same command with
 * the ledger as this version's predecessors wrote it (no stamps: every file read and hashed, as before the stat
 * cache; that run then stamps them, so its ledger is put back before each round).
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { documentIdOf } from '../src/core/identity';
import { includedSourceHash } from '../src/core/ingest/includes';
import { jsonFileLedgerStorage, Ledger, ledgerScope, RACY_MS, sha256Hex, trustedStamp } from '../src/core/ledger';
import type { ChangedJob, ChangedResult } from './changedChild';
import { writeCorpus } from './corpus';
import type { Results } from './results';
import { ensurePackaged } from './sizes';
import { figure, ratio } from './stats';

const FILES = 5000;
/** Never asked: a run with nothing to send sends nothing. */
const BASE_URL = 'http://127.0.0.1:9';

function runJob(job: ChangedJob): Promise<ChangedResult> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [path.join(__dirname, 'changedChild.js'), JSON.stringify(job)], { maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${job.mode}: ${stderr || error.message}`));
      else resolve(JSON.parse(stdout) as ChangedResult);
    });
  });
}

/** The ledger a run of every file records (stamps included), and the same without stamps. */
async function writeLedgers(root: string, files: readonly string[]): Promise<{ stamped: string; plain: string }> {
  const dir = path.join(root, '.doc-ingest');
  await mkdir(dir, { recursive: true });
  const scope = ledgerScope(BASE_URL, undefined);
  const stamped = await Ledger.open(jsonFileLedgerStorage(path.join(dir, 'stamped.json')));
  const plain = await Ledger.open(jsonFileLedgerStorage(path.join(dir, 'plain.json')));
  for (const f of files) {
    const statAt = Date.now();
    const s = await stat(path.join(root, f));
    const bytes = await readFile(path.join(root, f));
    const record = { documentId: documentIdOf(bytes, f, '') ?? f, sourcePath: f, sourceHash: includedSourceHash(bytes, undefined), payloadHash: sha256Hex(`payload of ${f}`) };
    stamped.record(scope, { ...record, sourceStat: trustedStamp({ size: s.size, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs, ino: s.ino }, statAt) });
    plain.record(scope, record);
  }
  await stamped.close();
  await plain.close();
  return { stamped: path.join(dir, 'stamped.json'), plain: path.join(dir, 'plain.json') };
}

export async function changedSection(results: Results, rounds: number): Promise<void> {
  await ensurePackaged(); // the production dist/cli/, as installed
  const corpus = await writeCorpus(FILES);
  try {
    // Files changed within RACY_MS of a look are never taken on their stamp: as a writer's files, these are older.
    await sleep(RACY_MS + 500);
    const ledgers = await writeLedgers(corpus.root, corpus.files);
    const ledger = path.join(corpus.root, '.doc-ingest', 'ledger.json');
    const job = { root: corpus.root, count: FILES, baseUrl: BASE_URL };
    const samples = new Map<string, number[]>();
    const put = (key: string, ms: number) => samples.set(key, [...(samples.get(key) ?? []), ms]);
    const cpu = new Map<string, number[]>();
    const measure = async (key: string, mode: ChangedJob['mode'], ledgerFrom: string | undefined) => {
      if (ledgerFrom) await copyFile(ledgerFrom, ledger);
      const r = await runJob({ ...job, mode });
      if (r.unchanged !== FILES) throw new Error(`${key}: ${r.unchanged} of ${FILES} unchanged`);
      put(key, r.ms);
      if (r.loadMs !== undefined) put(`${key}Load`, r.loadMs);
      cpu.set(key, [...(cpu.get(key) ?? []), r.cpuMs]);
      if (r.loadCpuMs !== undefined) cpu.set(`${key}Load`, [...(cpu.get(`${key}Load`) ?? []), r.loadCpuMs]);
    };
    await measure('warm', 'loop', undefined);
    for (let r = 1; r <= rounds; r++) {
      await measure('loop', 'loop', undefined);
      await measure('cli', 'cli', ledgers.stamped);
      await measure('dist', 'dist', ledgers.stamped);
      await measure('editor', 'editor', ledgers.stamped);
      await measure('cliBefore', 'cli', ledgers.plain);
      await measure('editorBefore', 'editor', ledgers.plain);
      console.error(`  nothing to send: round ${r}/${rounds} done`);
    }
    const s = (key: string) => samples.get(key) ?? [];
    results.note('nothingToSend', 'setup', {
      files: `${FILES} generated Markdown files (the batch corpus), ingested before and unchanged since; the ledger as a run records it`,
      loop: 'the baseline: readFileSync and SHA-256 of each file in one plain loop, in a fresh process',
      cli: 'doc-ingest ingest --changed in process (main), modules loaded before the clock (the ingest command\'s own too, timed apart as cliLoadMs): listing, ledger, the check, the report',
      load: 'the child loads nothing of the command before the clock but the command line\'s entry (src/cli/main, or dist/cli/main.mjs): the editor job imports its modules for itself, and the corpus\'s paths come from a module of their own (until 2026-11-28 the child\'s own imports had loaded the ledger, the freshness check with the Markdown parser, and the test service, so cliLoadMs left those out)',
      dist: 'the same from the production bundles (npm run package: dist/cli/main.mjs and the chunks the ingest command loads), where cli loads the compiled sources (out/) file by file',
      editor: 'the core path of Ingest Changed Files (SourceStates.states): the stats first, synchronously in slices of at most 8 ms, then checkSource per file, 8 at a time, the ledger open (the editor holds it)',
      before: 'the same with the ledger as earlier versions wrote it (no stamps): every file read and hashed, as before the stat cache',
      beforeIssue37: 'quiet run of 2026-11-28 before issue 37 goal 4: ingest --changed / plain loop 2.51 (2.16-2.83; CPU 2.45), the ingest command\'s modules then loaded inside the clock; core path / plain loop 1.77 (1.57-2.05; CPU 1.64), an asynchronous stat per file; goal <= 1.5 for both',
      beforeRound2: 'quiet run of 2026-11-28 03:00: ingest --changed / plain loop 1.56 (1.37-1.89; CPU 1.63), its module load 60 ms apart; counted in, (127 + 60) / 81 = 2.3',
    });
    results.add('nothingToSend', 'loopMs', { name: `${FILES} files: read and hash in a plain loop`, figure: figure(s('loop'), 'ms') });
    results.add('nothingToSend', 'cliMs', { name: 'ingest --changed, nothing changed', figure: figure(s('cli'), 'ms') });
    results.add('nothingToSend', 'cliLoadMs', { name: 'loading the ingest command\'s modules first (not in the figure above; the quiet run of 2026-11-28 had it inside)', figure: figure(s('cliLoad'), 'ms') });
    results.add('nothingToSend', 'cliVsLoop', { name: 'ingest --changed / plain loop', figure: ratio(s('cli'), s('loop')), goal: '<= 1.5' });
    results.add('nothingToSend', 'cliBeforeVsLoop', { name: 'before (no stamps): ingest --changed / plain loop', figure: ratio(s('cliBefore'), s('loop')) });
    const c = (key: string) => cpu.get(key) ?? [];
    results.add('nothingToSend', 'cliCpuVsLoopCpu', { name: 'the same in CPU time (what load does not change)', figure: ratio(c('cli'), c('loop')) });
    // What a writer waits for once the command line has started: the ingest command's modules and the run (issue 37, goal 4).
    const withLoad = (key: string, of: (k: string) => number[]) => of(key).map((ms, i) => ms + (of(`${key}Load`)[i] ?? 0));
    results.add('nothingToSend', 'cliWithLoadVsLoop', { name: 'ingest --changed with the ingest command\'s module load counted in / plain loop', figure: ratio(withLoad('cli', s), s('loop')), goal: '<= 1.5' });
    results.add('nothingToSend', 'cliWithLoadCpuVsLoopCpu', { name: 'the same in CPU time', figure: ratio(withLoad('cli', c), c('loop')) });
    results.add('nothingToSend', 'distLoadMs', { name: 'the production command line (dist/cli/, bundled): loading the ingest command', figure: figure(s('distLoad'), 'ms') });
    results.add('nothingToSend', 'distWithLoadVsLoop', { name: 'the production command line: ingest --changed with that load / plain loop', figure: ratio(withLoad('dist', s), s('loop')), goal: '<= 1.5' });
    results.add('nothingToSend', 'distWithLoadCpuVsLoopCpu', { name: 'the same in CPU time', figure: ratio(withLoad('dist', c), c('loop')) });
    results.add('nothingToSend', 'editorMs', { name: 'Ingest Changed Files core path, nothing changed', figure: figure(s('editor'), 'ms') });
    results.add('nothingToSend', 'editorVsLoop', { name: 'Ingest Changed Files core path / plain loop', figure: ratio(s('editor'), s('loop')), goal: '<= 1.5' });
    results.add('nothingToSend', 'editorCpuVsLoopCpu', { name: 'the same in CPU time', figure: ratio(c('editor'), c('loop')) });
    results.add('nothingToSend', 'editorBeforeVsLoop', { name: 'before (no stamps): core path / plain loop', figure: ratio(s('editorBefore'), s('loop')) });
  } finally {
    await corpus.remove();
  }
}
