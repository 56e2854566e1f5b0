import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { seededRandom, startService, type DialectName, type LocalService } from '../../service';
import { probe } from '../../service/probe';

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

    it('never applies an ingestion request whose connection was dropped', async () => {
      const ingestDropped = () => probe(service, service.ingestionPath, {
        key: service.keys.admin,
        json: { document: { id: 'dropped', semantic_identifier: 'D', sections: [{ text: 'x' }], source: 'file', metadata: {} }, cc_pair_id: 2 },
      });
      service.faults.inject({ path: '/' + service.ingestionPath, drop: true });
      await assert.rejects(ingestDropped(), TypeError);
      assert.equal(service.document('dropped'), undefined);
      assert.equal((await ingestDropped()).status, 200);
      assert.equal(service.document('dropped')?.upserts, 1);
      service.faults.inject({ path: '/' + service.ingestionPath, delayMs: 50, drop: true });
      await assert.rejects(ingestDropped(), TypeError);
      assert.equal(service.document('dropped')?.upserts, 1, 'a delayed drop is not applied either');
    });

    it('applies a delayed ingestion request after its client has given up, as a real server keeps working', async () => {
      service.faults.inject({ path: '/' + service.ingestionPath, delayMs: 300 });
      await assert.rejects(
        fetch(`${service.baseUrl}/${service.ingestionPath}`, {
          method: 'POST', signal: AbortSignal.timeout(50),
          headers: { authorization: `Bearer ${service.keys.admin}`, 'content-type': 'application/json' },
          body: JSON.stringify({ document: { id: 'slow', semantic_identifier: 'S', sections: [{ text: 'x' }], source: 'file', metadata: {} }, cc_pair_id: 2 }),
        }),
        (e: Error) => e.name === 'TimeoutError',
      );
      assert.equal(service.document('slow'), undefined, 'not yet: the delay is pending');
      const end = Date.now() + 3000;
      while (!service.document('slow') && Date.now() < end) await sleep(10);
      assert.equal(service.document('slow')?.upserts, 1);
      assert.equal(service.requests[0]?.status, null, 'no response reached the client');
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

describe('local service: probabilistic faults', () => {
  let service: LocalService;
  afterEach(async () => { await service.close(); });

  /** Sends 1,000 requests, 50 at a time, and returns the hits of a 30% rule. */
  async function hitsOf1000(seed: number): Promise<number> {
    service = await startService({ random: seededRandom(seed) });
    const rule = service.faults.inject({ path: '/me', status: 503, times: Infinity, probability: 0.3 });
    let served = 0;
    for (let i = 0; i < 20; i++) {
      const batch = await Promise.all(Array.from({ length: 50 }, () => probe(service, 'me', { key: service.keys.admin })));
      served += batch.filter((r) => r.status === 200).length;
    }
    assert.equal(served + rule.hits, 1000, 'every request not taken by the rule is handled normally');
    await service.close();
    return rule.hits;
  }

  it('fires a rule with the given chance, the same way for the same seed', async () => {
    const first = await hitsOf1000(7);
    const draws = seededRandom(7);
    const expected = Array.from({ length: 1000 }, () => draws()).filter((x) => x < 0.3).length;
    assert.equal(first, expected, 'one draw per matching request, from the given generator');
    assert.ok(first > 240 && first < 360, `${first} of 1000 requests`);
    assert.equal(await hitsOf1000(7), first);
  });

  it('passes a rule that does not fire over without counting it; the next matching rule gets the request', async () => {
    service = await startService();
    const never = service.faults.inject({ path: '/me', status: 500, probability: 0 });
    const always = service.faults.inject({ path: '/me', status: 503, probability: 1 });
    assert.equal((await probe(service, 'me')).status, 503);
    assert.deepEqual([never.hits, never.remaining, always.hits, always.remaining], [0, 1, 1, 0]);
    assert.equal((await probe(service, 'me', { key: service.keys.admin })).status, 200, 'both rules are used up');
    assert.throws(() => service.faults.inject({ probability: 1.5 }), RangeError);
    assert.throws(() => service.faults.inject({ probability: Number.NaN }), RangeError);
  });

  it('gives seededRandom a repeatable sequence in [0, 1) per seed', () => {
    const a = seededRandom(1);
    const b = seededRandom(1);
    const xs = Array.from({ length: 100 }, () => a());
    assert.deepEqual(Array.from({ length: 100 }, () => b()), xs);
    assert.ok(xs.every((x) => x >= 0 && x < 1));
    assert.notDeepEqual(Array.from({ length: 100 }, seededRandom(2)), xs);
  });
});

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
