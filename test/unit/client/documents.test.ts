import assert from 'node:assert/strict';
import { NotFoundError, PermissionError, RejectedError, TimeoutError, ValidationError } from '../../../src/core/api';
import { DIALECTS, doc, thrown, useService } from '../../support/serviceHarness';

for (const dialect of DIALECTS) {
  describe(`what the service holds: list and delete (${dialect} dialect)`, () => {
    const h = useService(dialect, { autoProcess: false });
    const prefix = dialect === 'spec' ? 'service-api' : 'onyx-api';
    const unique = (name: string) => `${name}-${dialect}-${Math.random().toString(36).slice(2, 8)}`;

    async function ingest(id: string, ccPairId: number, link?: string): Promise<string> {
      const sections = [{ text: 'Body.', ...(link ? { link } : {}) }, { text: 'More.', link: 'https://docs.example.com/second' }];
      const res = await h.client('admin').ingestDocument({ document: doc(id, { sections }), cc_pair_id: ccPairId });
      assert.ok(res.documentId);
      return res.documentId;
    }

    it('lists the documents of one pair with title and first link, from the route beside the ingestion route', async () => {
      const a = await ingest(unique('guide'), 2, 'https://docs.example.com/guide');
      const b = await ingest(unique('setup'), 2);
      const other = await ingest(unique('handbook'), 3);
      h.service.clearRequests();
      const listed = await h.client('admin').listPairDocuments(2);
      const ids = listed.map((d) => d.documentId);
      assert.ok(ids.includes(a) && ids.includes(b), 'both documents of pair 2 are listed');
      assert.ok(!ids.includes(other), 'a document of pair 3 is not');
      const guide = listed.find((d) => d.documentId === a);
      assert.deepEqual(guide, { documentId: a, title: `Title of ${a}`, link: 'https://docs.example.com/guide' });
      assert.equal(listed.find((d) => d.documentId === b)?.link, undefined, 'no link on the first section: none listed');
      assert.deepEqual(h.service.requests.map((r) => `${r.method} ${r.path}`), [`GET /api/${prefix}/connector-docs/2`], 'one request');
    });

    it('lists what went through the ingestion route, and not what a connector indexed', async () => {
      const mine = await ingest(unique('pushed'), 2);
      h.service.addConnectorDocument({ id: unique('crawled'), title: 'Crawled page', ccPairId: 2 });
      const listed = await h.client('admin').listIngestedDocuments();
      const ids = listed.map((d) => d.documentId);
      assert.ok(ids.includes(mine));
      assert.ok(listed.every((d) => d.title !== 'Crawled page'), 'the connector document is left out');
      assert.ok((await h.client('admin').listPairDocuments(2)).some((d) => d.title === 'Crawled page'), 'but its pair lists it');
    });

    it('says in one sentence that a key may not list a pair, or that the pair does not exist', async () => {
      for (const pair of [3, 999]) {
        const e = await thrown(() => h.client('groupManager').listPairDocuments(pair));
        assert.ok(e instanceof PermissionError, `pair ${pair}: ${e.message}`);
        assert.match(e.message, new RegExp(`may not list the documents of connector-credential pair ${pair} \\(HTTP 403\\)`));
        assert.equal(e.setting, 'ccPairId');
      }
      const e = await thrown(() => h.client('basic').listIngestedDocuments());
      assert.ok(e instanceof PermissionError);
      assert.match(e.message, /may not list the documents of the ingestion route/);
    });

    /** As another publisher would: our client refuses such ids, the server stores them (normalised when observed). */
    async function ingestRaw(id: string): Promise<string> {
      const res = await h.http.fetch(`${h.service.baseUrl}/${h.service.ingestionPath}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${h.service.keys.admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ document: doc(id), cc_pair_id: 2 }),
      });
      assert.equal(res.status, 200, await res.clone().text());
      const stored = h.service.documents().find((d) => (d.received as { id?: string } | null)?.id === id);
      assert.ok(stored, `${id} is stored`);
      return stored.id;
    }

    it('deletes by the stored id: ids with ~, %, spaces, a slash and unicode round-trip through list and delete', async () => {
      const raw = ['a~b', '100%', 'with space', 'ünïcode-ページ', ...(dialect === 'observed' ? ['guide/setup.md'] : [])];
      const stored = [];
      for (const id of raw) stored.push(await ingestRaw(`${id}-${dialect}`));
      const listed = (await h.client('admin').listPairDocuments(2)).map((d) => d.documentId);
      for (const id of stored) assert.ok(listed.includes(id), `${id} is listed as stored`);
      for (const id of stored) {
        await h.client('admin').deleteDocument(id);
        assert.equal(h.service.document(id), undefined, `${id} is gone`);
      }
      const deletes = h.service.requests.filter((r) => r.method === 'DELETE');
      assert.equal(deletes.length, stored.length, 'one request per document, none repeated');
      assert.ok(deletes.every((r) => r.status === 200));
      if (dialect === 'observed') assert.ok(deletes.some((r) => r.path.endsWith('/100%2525-observed')), 'a stored % travels as %25');
    });

    it('says which document is missing, and which a connector made, each in one sentence', async () => {
      const missing = await thrown(() => h.client('admin').deleteDocument('never-there'));
      assert.ok(missing instanceof NotFoundError && missing.what === 'object', missing.message);
      assert.match(missing.message, /holds no document "never-there" \(HTTP 404\)/);
      const crawled = unique('crawled');
      h.service.addConnectorDocument({ id: crawled, title: 'Crawled', ccPairId: 2 });
      const e = await thrown(() => h.client('admin').deleteDocument(crawled));
      assert.ok(e instanceof RejectedError, e.message);
      assert.match(e.message, new RegExp(`"${crawled}" was not created through the ingestion route`));
      assert.ok(h.service.document(crawled), 'still held');
    });

    it('refuses a delete the key may not do, and keeps the document', async () => {
      const id = await ingest(unique('public'), 3);
      const e = await thrown(() => h.client('groupManager').deleteDocument(id));
      assert.ok(e instanceof PermissionError, e.message);
      assert.match(e.message, new RegExp(`may not delete "${id}" \\(HTTP 403\\)`));
      assert.ok(h.service.document(id));
    });

    it('reports a delete that timed out as unknown, and does not send it again', async () => {
      const id = await ingest(unique('slow'), 2);
      h.service.faults.inject({ method: 'DELETE', delayMs: 400 });
      const e = await thrown(() => h.client('admin', { timeoutMs: 100 }).deleteDocument(id));
      assert.ok(e instanceof TimeoutError, e.message);
      assert.match(e.message, new RegExp(`delete of "${id}" in time: it may or may not have been deleted`));
      assert.equal(h.service.requests.filter((r) => r.method === 'DELETE').length, 1);
    });

    it('sends nothing for an id a URL cannot name', async () => {
      for (const id of ['.', '..', '']) {
        const e = await thrown(() => h.client('admin').deleteDocument(id));
        assert.ok(e instanceof ValidationError, e.message);
      }
      assert.equal(h.service.requests.length, 0);
    });

    it('finds the route by itself when no ingestion path is set, and remembers it for the next call', async () => {
      const id = await ingest(unique('found'), 2);
      const remembered = new Map<string, string>();
      const routes = { get: (r: string) => remembered.get(r), set: (r: string, p: string) => void remembered.set(r, p) };
      const client = h.client('admin', { ingestionPath: undefined, routes });
      h.service.clearRequests();
      assert.ok((await client.listPairDocuments(2)).some((d) => d.documentId === id));
      assert.equal(remembered.get('ingestion'), `${prefix}/ingestion`);
      h.service.clearRequests();
      await client.deleteDocument(id);
      assert.deepEqual(h.service.requests.map((r) => `${r.method} ${r.path}`), [`DELETE /api/${prefix}/ingestion/${encodeURIComponent(id)}`]);
    });
  });
}
