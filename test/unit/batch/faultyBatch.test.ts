import assert from 'node:assert/strict';
import { runBatch } from '../../../src/core/batch';
import { seededRandom } from '../../service';
import { DIALECTS, useService } from '../../support/serviceHarness';
import { diskBatch, Folder, makeFolder, writeDocs } from '../../support/batchFolder';

describe('batch runner: 500 documents through a faulty server', function () {
  this.timeout(120_000);
  for (const dialect of DIALECTS) {
    describe(dialect, () => {
      // Seeded: the same faults on every run, so a failure here can be reproduced.
      const h = useService(dialect, { random: seededRandom(13) });
      let folder: Folder;
      before(async () => {
        folder = await makeFolder();
        await writeDocs(folder, 500, 'fault');
      });
      after(() => folder.remove());

      it('ends with each document held once at most, failed only after two timeouts, and a summary that matches what the server holds', async () => {
        const route = new RegExp(h.service.ingestionPath);
        // About 2% slower than the client's timeout (the server still applies them), 5% dropped, 10% 503 + Retry-After.
        const slow = h.service.faults.inject({ path: route, delayMs: 1500, probability: 0.02, times: Infinity });
        const dropped = h.service.faults.inject({ path: route, drop: true, probability: 0.05, times: Infinity });
        const busy = h.service.faults.inject({ path: route, status: 503, headers: { 'Retry-After': '0.05' }, body: { detail: 'busy' }, probability: 0.1, times: Infinity });
        const summary = await runBatch(diskBatch(h.client(), h.service.baseUrl, folder.files, { concurrency: 8, timeoutMs: 500 }));

        assert.ok(slow.hits > 0 && dropped.hits > 0 && busy.hits > 0, `faults hit: slow ${slow.hits}, dropped ${dropped.hits}, 503 ${busy.hits}`);
        assert.deepEqual({ notSent: summary.counts.notSent, cancelled: summary.counts.cancelled }, { notSent: 0, cancelled: 0 });
        assert.equal(summary.stop, undefined, 'a few slow requests among answered ones do not stop the batch');
        // Only a file that timed out twice fails: it is not sent a third time, since the server may still apply it.
        const sends = (id: string | undefined) => h.service.requests.filter((r) => r.method === 'POST' && (r.json as { document?: { id?: string } } | undefined)?.document?.id === id).length;
        const failed = summary.results.filter((r) => r.outcome === 'failed');
        for (const r of failed) {
          assert.equal(r.errorKind, 'timeout', `${r.file.relativePath}: ${r.error}`);
          assert.ok(sends(r.documentId) >= 2, `${r.file.relativePath} timed out on its second send`);
        }
        const stored = summary.results.filter((r) => r.outcome === 'created' || r.outcome === 'updated');
        assert.equal(stored.length + failed.length, 500);

        const held = h.service.documents().filter((d) => /^fault-/i.test(d.id));
        assert.ok(held.length >= stored.length && held.length <= 500, `${held.length} held: one document per file, none twice`);
        const reported = new Set(stored.map((r) => r.documentId));
        assert.equal(reported.size, stored.length);
        const files = new Set(summary.results.map((r) => r.documentId));
        for (const d of held) assert.ok(files.has(d.id), `${d.id} is in the summary`);
        // The summary's "created" are documents the server made in this run: none was made twice.
        for (const r of stored) {
          const doc = h.service.document(r.documentId ?? '');
          assert.ok(doc, `${r.file.relativePath} is held`);
          assert.match(JSON.stringify(doc.received), new RegExp(`Text of fault ${r.file.relativePath.replace(/^fault-|\.md$/g, '')}\\.`));
        }
      });
    });
  }
});
