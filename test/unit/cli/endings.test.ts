// Issue 23: a command-line run always ends cleanly and keeps its ledger, whether its reader goes away (item 13) or
// the user presses Ctrl+C twice.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { useService } from '../../support/serviceHarness';
import { useFolder, writeDocs } from '../../support/batchFolder';
import { IngestReportSchema } from '../../../src/cli/report';
import { CLI, runCli, serviceEnv } from '../../support/runCli';

const LEDGER = '.doc-ingest/ledger.json';

describe('doc-ingest command line: a run that always ends (issue 23)', () => {
  const h = useService('observed');
  const folder = useFolder(h);

  const env = () => serviceEnv(h.service);
  /** The ids of the documents the service confirmed (answered 200) to this test's runs. */
  const confirmed = () =>
    h.service.requests
      .filter((r) => r.method === 'POST' && r.path.includes(h.service.ingestionPath) && r.status === 200)
      .map((r) => (r.json as { document: { id: string } }).document.id)
      .sort();
  /** The document ids the ledger file holds; none when there is no file. */
  const ledgerIds = async () => {
    const text = await readFile(path.join(folder.root, LEDGER), 'utf8').catch(() => '{"scopes": []}');
    const data = JSON.parse(text) as { scopes: { documents: { documentId: string }[] }[] };
    return data.scopes.flatMap((s) => s.documents.map((d) => d.documentId)).sort();
  };

  it('ingest --json | head -c 10: no stack, the run ends with its own exit code (0), the ledger holds every confirmed document', async function () {
    this.timeout(120_000);
    // A report far beyond a pipe's buffer (64 KB): its write is under way when head has read its 10 bytes and gone.
    await writeDocs(folder, 1000);
    const pipeline = '{ "$0" "$1" ingest --json; echo "exit=$?" >&2; } | head -c 10';
    const run = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn('sh', ['-c', pipeline, process.execPath, CLI], { cwd: folder.root, env: { PATH: process.env.PATH ?? '', ...env() } });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      child.once('error', reject);
      child.once('close', () => resolve({ stdout, stderr }));
    });
    assert.equal(run.stdout, '{\n  "versi', 'head saw the start of the report');
    assert.doesNotMatch(run.stderr, /EPIPE|\n\s+at /, 'no stack');
    assert.match(run.stderr, /^exit=0$/m, `the run's own exit code: ${run.stderr}`);
    assert.equal(confirmed().length, 1000);
    assert.deepEqual(await ledgerIds(), confirmed(), 'the ledger holds every document the service confirmed');
  });

  it('stderr closed after the first progress line: the run goes on, its report is whole, the ledger holds every confirmed document', async function () {
    this.timeout(120_000);
    await writeDocs(folder, 1000);
    let firstLine = '';
    const run = await runCli(['ingest', '--json'], {
      cwd: folder.root,
      env: env(),
      started: (child) => {
        child.stderr?.once('data', (chunk: Buffer | string) => {
          firstLine = String(chunk).split('\n')[0] ?? '';
          child.stderr?.destroy();
        });
      },
    });
    assert.match(firstLine, /^doc-ingest: 100\/1000 files$/, 'closed at the first tenth: nine more progress lines were to come');
    assert.equal(run.code, 0);
    const report = IngestReportSchema.parse(JSON.parse(run.stdout));
    assert.equal(report.totals.created + report.totals.updated, 1000, 'the run went on to its end');
    assert.deepEqual(await ledgerIds(), confirmed(), 'the ledger holds every document the service confirmed');
    assert.equal(confirmed().length, 1000);
  });

  it('Ctrl+C again while an interrupted run ends: exit 130, not killed by the signal, and the ledger holds every document the service confirmed', async function () {
    this.timeout(60_000);
    await writeDocs(folder, 30);
    // Four answers at once, then a service that never answers: the run is stuck with two requests in flight.
    h.service.faults.inject({ method: 'POST', path: h.service.ingestionPath, times: 4 });
    h.service.faults.inject({ method: 'POST', path: h.service.ingestionPath, times: Infinity, delayMs: 600_000, drop: true });
    const posts = () => h.service.requests.filter((r) => r.method === 'POST' && r.path.includes(h.service.ingestionPath)).length;
    let interrupts = 0;
    const run = await runCli(['ingest', '--json', '--concurrency', '2'], {
      cwd: folder.root,
      env: env(),
      started: (child) => {
        // Two more requests started after four answers: with two workers, the four are confirmed (and recorded).
        const timer = setInterval(() => {
          if (posts() < 6 || interrupts) return;
          clearInterval(timer);
          interrupts = 1;
          child.kill('SIGINT');
        }, 5);
        child.once('close', () => clearInterval(timer));
        // The second Ctrl+C once the run has said what it sent: while it writes its ledger and ends.
        child.stderr?.on('data', (d: Buffer | string) => {
          if (interrupts === 1 && String(d).includes('Run again with --changed')) {
            interrupts = 2;
            child.kill('SIGINT');
          }
        });
      },
    });
    assert.equal(interrupts, 2, 'interrupted twice');
    assert.equal(confirmed().length, 4);
    assert.deepEqual(await ledgerIds(), confirmed(), 'the ledger holds every document the service confirmed');
    assert.equal(run.code, 130, `exit 130, not killed by the signal: ${run.stderr}`);
  });
});
