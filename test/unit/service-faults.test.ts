import assert from 'node:assert/strict';
import { startService, type DialectName, type LocalService } from '../service';
import { probe } from '../service/probe';

for (const dialect of ['spec', 'observed'] as DialectName[]) {
  describe(`local service: fault injection (${dialect} dialect)`, () => {
    let service: LocalService;
    before(async () => { service = await startService({ dialect }); });
    after(async () => { await service.close(); });
    beforeEach(() => {
      service.faults.clear();
      service.clearRequests();
    });

    const ingest = () => probe(service, service.ingestionPath, {
      key: service.keys.admin,
      json: { document: { id: 'f', semantic_identifier: 'F', sections: [{ text: 'x' }], source: 'file', metadata: {} }, cc_pair_id: 2 },
    });

    it('answers with a status, body and Retry-After for the given number of requests, then normally', async () => {
      const rule = service.faults.inject({
        method: 'post', path: '/' + service.ingestionPath, times: 2, status: 503, body: { detail: 'busy' }, headers: { 'Retry-After': '1' },
      });
      const first = await ingest();
      assert.equal(first.status, 503);
      assert.equal(first.headers.get('retry-after'), '1');
      assert.deepEqual(first.json, { detail: 'busy' });
      assert.equal((await ingest()).status, 503);
      assert.equal((await ingest()).status, 200);
      assert.equal(rule.hits, 2);
      assert.equal(rule.remaining, 0);
      assert.deepEqual(service.requests.map((r) => [r.status, r.fault]), [[503, true], [503, true], [200, false]]);
      assert.equal(service.document('f')?.upserts, 1, 'faulted requests never reach the handler');
    });

    it('applies before authentication and only to matching requests', async () => {
      service.faults.inject({ path: /^\/manage\/credential\/\d+$/, status: 429, body: 'slow down' });
      const other = await probe(service, 'manage/credential/1', { method: 'GET' });
      assert.equal(other.status, 429, 'no key, yet the fault answers');
      assert.equal(other.text, 'slow down');
      assert.match(other.headers.get('content-type') ?? '', /^text\/plain/);
    });

    it('matches absolute /api/ paths and keeps Infinity rules until removed', async () => {
      const rule = service.faults.inject({ path: '/api/user/', status: 500, times: Infinity });
      for (let i = 0; i < 3; i++) {
        assert.equal((await probe(service, 'user/projects/file/statuses', { key: service.keys.basic, json: { file_ids: [] } })).status, 500);
      }
      assert.equal(rule.hits, 3);
      rule.remove();
      assert.equal((await probe(service, 'user/projects/file/statuses', { key: service.keys.basic, json: { file_ids: [] } })).status, 200);
    });

    it('drops the connection without a response', async () => {
      service.faults.inject({ drop: true });
      await assert.rejects(ingest(), TypeError);
      assert.equal(service.requests[0]?.status, null);
      assert.equal(service.requests[0]?.fault, true);
      assert.equal((await ingest()).status, 200, 'the next request is served');
    });

    it('answers with an HTML sign-in page', async () => {
      service.faults.inject({ html: true });
      const page = await ingest();
      assert.equal(page.status, 200);
      assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
      assert.match(page.text, /<form/);
      service.faults.inject({ html: true, status: 401 });
      assert.equal((await ingest()).status, 401);
    });

    it('delays, then handles the request normally', async () => {
      service.faults.inject({ delayMs: 150 });
      const t0 = Date.now();
      const r = await ingest();
      assert.ok(Date.now() - t0 >= 140, `took ${Date.now() - t0} ms`);
      assert.equal(r.status, 200);
      assert.equal(service.requests[0]?.fault, true);
    });

    it('delays, then answers with the fault status', async () => {
      service.faults.inject({ delayMs: 60, status: 504 });
      const t0 = Date.now();
      const r = await ingest();
      assert.ok(Date.now() - t0 >= 50);
      assert.equal(r.status, 504);
      assert.deepEqual(r.json, { detail: 'Gateway Timeout' });
    });

    it('lets an aborted client go while a delay is pending', async () => {
      service.faults.inject({ delayMs: 2000 });
      await assert.rejects(
        fetch(`${service.baseUrl}/me`, { signal: AbortSignal.timeout(50) }),
        (e: Error) => e.name === 'TimeoutError',
      );
    });
  });
}

describe('local service: close', () => {
  it('closes with kept-alive connections and pending delays, and refuses later connections', async () => {
    const service = await startService();
    assert.equal((await probe(service, 'me', { key: service.keys.admin })).status, service.dialect === 'observed' ? 200 : 404);
    service.faults.inject({ delayMs: 5000 });
    const pending = fetch(`${service.baseUrl}/me`).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 50));
    const t0 = Date.now();
    await service.close();
    assert.ok(Date.now() - t0 < 1000, 'close does not wait for the delay');
    assert.ok((await pending) instanceof Error);
    await assert.rejects(fetch(`${service.baseUrl}/me`));
  });
});
