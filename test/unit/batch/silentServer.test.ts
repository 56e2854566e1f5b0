import assert from 'node:assert/strict';
import { DEFAULT_CONCURRENCY, runBatch, SILENT_TIMEOUTS_TO_STOP } from '../../../src/core/batch';
import type { BatchSummary } from '../../../src/core/batch';
import { DIALECTS, useService } from '../../support/serviceHarness';
import type { Harness } from '../../support/serviceHarness';
import { diskBatch, Folder, makeFolder, writeDocs } from '../../support/batchFolder';

/** Longer than any test: a request that meets it gets no answer while the test runs (and is never applied). */
const NEVER = 600_000;
const TIMEOUT_MS = 300;

describe('batch runner: a server that does not answer', function () {
  this.timeout(30_000);
  for (const dialect of DIALECTS) {
    describe(dialect, () => {
      describe('hung', () => {
        const h = useService(dialect);
        let folder: Folder;
        beforeEach(async () => {
          folder = await makeFolder();
          await writeDocs(folder, 20);
        });
        afterEach(() => folder.remove());

        it('stops after a few timeouts in a row with one sentence: a bounded number of requests, none sent twice, the rest not sent', async () => {
          h.service.faults.inject({ path: new RegExp(h.service.ingestionPath), delayMs: NEVER, times: Infinity });
          const summary = await runBatch(diskBatch(h.client(), h.service.baseUrl, folder.files, { timeoutMs: TIMEOUT_MS }));

          assert.equal(summary.stop?.reason, 'failure');
          assert.equal(summary.stop?.errorKind, 'timeout');
          assert.equal(summary.stop?.setting, 'ingestTimeoutSeconds');
          const sentence = summary.stop?.error ?? '';
          assert.match(sentence, new RegExp(`^The server is not answering: ${SILENT_TIMEOUTS_TO_STOP} requests in a row got no answer within 0\\.3 s each; check .*docIngest\\.ingestTimeoutSeconds.*\\.$`));
          assert.equal((summary.stop?.cause as Error | undefined)?.message, sentence, 'the editor shows the cause: it says the same');

          // The 8 in flight time out together; each of the timeouts before the stop's freed a worker for one more file.
          const sends = sendsPerDocument(h);
          const posts = [...sends.values()].reduce((a, b) => a + b, 0);
          assert.ok(posts >= DEFAULT_CONCURRENCY && posts <= DEFAULT_CONCURRENCY + SILENT_TIMEOUTS_TO_STOP - 1, `${posts} requests`);
          for (const [id, n] of sends) assert.equal(n, 1, `${id} is not sent again: the stop comes before any retry round`);

          assert.equal(summary.counts.failed + summary.counts.notSent, 20);
          for (const r of summary.results) {
            if (sends.has(r.documentId ?? '')) {
              assert.equal(r.outcome, 'failed', r.file.relativePath);
              assert.equal(r.errorKind, 'timeout');
              assert.match(r.error ?? '', /did not answer within 0\.3 s and may still apply it/);
            } else {
              assert.equal(r.outcome, 'notSent', r.file.relativePath);
              assert.ok(r.error?.includes(sentence), `${r.file.relativePath}: ${r.error}`);
            }
          }
        });
      });

      describe('intermittent', () => {
        // Every third ingestion request hangs, by arrival: a deterministic pattern of timeouts between successes.
        let draws = 0;
        const h = useService(dialect, { random: () => (draws++ % 3 === 0 ? 0 : 0.99) });
        let folder: Folder;
        beforeEach(async () => {
          folder = await makeFolder();
          await writeDocs(folder, 20);
          draws = 0;
        });
        afterEach(() => folder.remove());

        it('timeouts while the server answers others do not stop the batch; a file that timed out is sent at most twice', async () => {
          const hung = h.service.faults.inject({ path: new RegExp(h.service.ingestionPath), delayMs: NEVER, probability: 0.5, times: Infinity });
          const summary: BatchSummary = await runBatch(diskBatch(h.client(), h.service.baseUrl, folder.files, { timeoutMs: TIMEOUT_MS }));

          assert.equal(summary.stop, undefined);
          assert.ok(hung.hits > SILENT_TIMEOUTS_TO_STOP, `${hung.hits} timeouts in all, more than the stop's ${SILENT_TIMEOUTS_TO_STOP}`);
          assert.equal(summary.counts.notSent, 0);
          const sends = sendsPerDocument(h);
          for (const [id, n] of sends) assert.ok(n <= 2, `${id} sent ${n} times`);
          assert.ok([...sends.values()].some((n) => n === 2), 'a file that timed out once is sent once more');
          const stored = summary.results.filter((r) => r.outcome === 'created' || r.outcome === 'updated');
          for (const r of stored) assert.ok(h.service.document(r.documentId ?? ''), `${r.file.relativePath} is held`);
          for (const r of summary.results.filter((x) => x.outcome === 'failed')) {
            assert.equal(r.errorKind, 'timeout', r.file.relativePath);
            assert.equal(sends.get(r.documentId ?? ''), 2, `${r.file.relativePath} failed after its second timeout`);
          }
          assert.equal(stored.length + summary.counts.failed, 20);
        });
      });
    });
  }
});

/** Ingestion requests the service received, by the document id in their body. */
function sendsPerDocument(h: Harness): Map<string, number> {
  const sends = new Map<string, number>();
  for (const r of h.service.requests) {
    if (r.method !== 'POST' || !r.path.includes(h.service.ingestionPath)) continue;
    const id = (r.json as { document?: { id?: string } } | undefined)?.document?.id ?? '?';
    sends.set(id, (sends.get(id) ?? 0) + 1);
  }
  return sends;
}
