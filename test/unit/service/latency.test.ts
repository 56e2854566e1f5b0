import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { startService, type DialectName, type LocalService } from '../../service';
import { probe, type Probe } from '../../service/probe';

const doc = (id: string) => ({ document: { id, semantic_identifier: id, sections: [{ text: 'x' }], source: 'file', metadata: {} }, cc_pair_id: 2 });

/** Polls until `check` holds, or fails after timeoutMs. */
async function until(what: string, check: () => boolean, timeoutMs = 3000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

for (const dialect of ['spec', 'observed'] as DialectName[]) {
  describe(`local service: ingestion latency and in-flight counters (${dialect} dialect)`, () => {
    let service: LocalService;
    afterEach(async () => { await service.close(); });

    const ingest = (id: string): Promise<Probe> => probe(service, service.ingestionPath, { key: service.keys.admin, json: doc(id) });

    it('holds concurrent ingestion requests for the latency without blocking each other', async () => {
      service = await startService({ dialect, ingestLatencyMs: 400 });
      const t0 = Date.now();
      const both = Promise.all([ingest('a'), ingest('b')]);
      await until('two requests in flight', () => service.ingestionStats.inFlight === 2);
      assert.equal(service.document('a'), undefined, 'nothing is stored before the latency is over');
      const [a, b] = await both;
      const took = Date.now() - t0;
      assert.deepEqual([a.status, b.status], [200, 200]);
      assert.ok(took >= 390, `took ${took} ms, less than the latency`);
      assert.equal(service.ingestionStats.peak, 2);
      assert.equal(service.ingestionStats.received, 2);
      await until('both responses counted out', () => service.ingestionStats.inFlight === 0);
      assert.equal(service.document('a')?.upserts, 1);
      assert.equal(service.document('b')?.upserts, 1);
    });

    it('answers validation and authentication errors at once; setIngestLatency applies to later requests', async () => {
      // Ten minutes: an answer that waited for the latency would not come within the test's time at all.
      service = await startService({ dialect, ingestLatencyMs: 600_000 });
      const invalid = await probe(service, service.ingestionPath, { key: service.keys.admin, json: { document: {} } });
      assert.equal(invalid.status, 422);
      const noKey = await probe(service, service.ingestionPath, { json: doc('a') });
      assert.equal(noKey.status, dialect === 'spec' ? 401 : 403);
      service.setIngestLatency(0);
      assert.equal((await ingest('a')).status, 200);
      assert.equal(service.ingestionStats.received, 3);
    });

    it('counts only ingestion requests, faulted ones included; resetPeak starts from the current count', async () => {
      service = await startService({ dialect });
      service.faults.inject({ path: '/' + service.ingestionPath, status: 503 });
      assert.equal((await ingest('a')).status, 503);
      assert.equal((await ingest('a')).status, 200);
      await probe(service, 'me', { key: service.keys.admin });
      await probe(service, service.ingestionPath + '?x=1', { method: 'GET', key: service.keys.admin });
      await until('responses counted out', () => service.ingestionStats.inFlight === 0);
      assert.equal(service.ingestionStats.received, 2, 'GET and other routes are not ingestion requests');
      assert.equal(service.ingestionStats.peak, 1);
      service.ingestionStats.resetPeak();
      assert.equal(service.ingestionStats.peak, 0);
    });

    it('stores the document after the latency even when the client has gone, and not when the service closes first', async () => {
      service = await startService({ dialect, ingestLatencyMs: 300 });
      await assert.rejects(
        fetch(`${service.baseUrl}/${service.ingestionPath}`, {
          method: 'POST', body: JSON.stringify(doc('gone')), signal: AbortSignal.timeout(50),
          headers: { authorization: `Bearer ${service.keys.admin}`, 'content-type': 'application/json' },
        }),
        (e: Error) => e.name === 'TimeoutError',
      );
      await until('the client counted out', () => service.ingestionStats.inFlight === 0);
      await until('the document stored', () => service.document('gone') !== undefined);
      assert.equal(service.document('gone')?.upserts, 1);

      const pending = ingest('closed').catch((e: unknown) => e);
      await until('the request in flight', () => service.ingestionStats.inFlight === 1);
      await service.close();
      assert.ok((await pending) instanceof Error);
      await sleep(400);
      assert.equal(service.document('closed'), undefined);
    });

    it('rejects a file over maxUploadBytes with 200 and the real server\'s reason', async () => {
      service = await startService({ dialect, maxUploadBytes: 1024 * 1024 });
      const fd = new FormData();
      fd.append('files', new Blob([new Uint8Array(1024 * 1024 + 1)], { type: 'image/png' }), 'big.png');
      fd.append('files', new Blob([new Uint8Array(1024 * 1024)], { type: 'image/png' }), 'fits.png');
      const r = await probe(service, service.uploadPath, { key: service.keys.basic, body: fd });
      assert.equal(r.status, 200);
      const body = r.json as { user_files: { name: string }[]; rejected_files: unknown[] };
      assert.deepEqual(body.rejected_files, [{ file_name: 'big.png', reason: 'Exceeds 1 MB file size limit' }]);
      assert.deepEqual(body.user_files.map((f) => f.name), ['fits.png']);
    });
  });
}
