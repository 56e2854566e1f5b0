/**
 * One measured run in a process of its own (so its peak memory is the client's alone, and each run starts cold
 * as a command line run does). Given a job as JSON in argv[2], prints a JSON line with the time and peak RSS.
 *
 * Jobs:
 * - `batch`: the core batch runner (`runBatch`) over the files at the default concurrency, reading from disk as
 *   the command line does (`nodeFileAccess`); with `ledger`, a JSON file ledger (skip unchanged);
 * - `raw`: the practical limit: the same files built into request bodies before the clock starts, then posted by
 *   a bare keep-alive undici loop at the same concurrency;
 * - `sequential`: what a simple script does: read, build and post one file at a time (Node's fetch, keep-alive).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Agent, fetch as undiciFetch } from 'undici';
import { ServiceClient } from '../src/core/api';
import { DEFAULT_CONCURRENCY, nodeFileAccess, runBatch } from '../src/core/batch';
import type { BatchFile } from '../src/core/batch';
import { createNodeFetch } from '../src/core/http/nodeFetch';
import { forEachConcurrently } from '../src/core/pool';
import { buildFile, prepareIngestion, requestBody } from '../src/core/ingest/pipeline';
import { Ledger, jsonFileLedgerStorage } from '../src/core/ledger';
import { pagePath } from './corpus';
import { clock } from './stats';

export interface Job {
  mode: 'batch' | 'raw' | 'sequential';
  root: string;
  /** Files `pagePath(from)` to `pagePath(from + count - 1)` of the corpus. */
  from: number;
  count: number;
  baseUrl: string;
  ingestionPath: string;
  apiKey: string;
  /** batch only: the ledger file. */
  ledger?: string;
}

export interface JobResult {
  ms: number;
  files: number;
  /** Peak resident set size of this process, MB. */
  peakRssMB: number;
  /** CPU time (user + system) of this process while measured: what the client itself costs, load or not. */
  cpuMs: number;
  counts?: Record<string, number>;
}

const config = { idPrefix: '', ccPairId: 2, linkTemplate: 'https://docs.example.com/{path}#{anchor}' };

function body(relativePath: string, bytes: Uint8Array): string {
  return requestBody(prepareIngestion(buildFile({ relativePath, input: bytes }, config), config).request);
}

async function run(job: Job): Promise<Omit<JobResult, 'peakRssMB'>> {
  const url = `${job.baseUrl}/${job.ingestionPath}`;
  const headers = { authorization: `Bearer ${job.apiKey}`, 'content-type': 'application/json' };
  const abs = (f: string) => path.join(job.root, f);
  const list = Array.from({ length: job.count }, (_, i) => pagePath(job.from + i));
  if (job.mode === 'raw') {
    const bodies = await Promise.all(list.map(async (f) => body(f, readFileSync(abs(f)))));
    const agent = new Agent({ connections: DEFAULT_CONCURRENCY, keepAliveTimeout: 10000 });
    const stop = clock();
    await forEachConcurrently(bodies, DEFAULT_CONCURRENCY, async (b) => {
      const res = await undiciFetch(url, { method: 'POST', dispatcher: agent, headers, body: b });
      await res.text();
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
    });
    const measured = stop();
    await agent.close();
    return { ...measured, files: bodies.length };
  }
  if (job.mode === 'sequential') {
    const stop = clock();
    for (const f of list) {
      const res = await fetch(url, { method: 'POST', headers, body: body(f, readFileSync(abs(f))) });
      await res.text();
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
    }
    return { ...stop(), files: list.length };
  }
  const stop = clock();
  const http = createNodeFetch(DEFAULT_CONCURRENCY);
  const client = new ServiceClient({ fetch: http.fetch, baseUrl: job.baseUrl, apiKey: job.apiKey, ingestionPath: job.ingestionPath });
  const ledger = job.ledger ? await Ledger.open(jsonFileLedgerStorage(job.ledger)) : undefined;
  const files: BatchFile[] = list.map((f) => ({ key: abs(f), relativePath: f, source: f, absolutePath: abs(f) }));
  const summary = await runBatch({
    client,
    server: job.baseUrl,
    files,
    ...nodeFileAccess(),
    config: () => config,
    ledger,
  });
  await ledger?.flush();
  const measured = stop();
  await http.close();
  const failed = summary.results.find((r) => r.outcome === 'failed');
  if (failed) throw new Error(`${failed.file.relativePath}: ${failed.error}`);
  return { ...measured, files: files.length, counts: summary.counts };
}

if (require.main === module) {
  const job = JSON.parse(process.argv[2] ?? '{}') as Job;
  void run(job).then(
    (r) => {
      const result: JobResult = { ...r, peakRssMB: process.resourceUsage().maxRSS / 1024 };
      process.stdout.write(`${JSON.stringify(result)}\n`);
    },
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
