import assert from 'node:assert/strict';
import { NotFoundError, ValidationError } from '../../../src/core/api';
import { DIALECTS, doc, thrown, useService } from '../../support/serviceHarness';

for (const dialect of DIALECTS) {
  describe(`client routes (${dialect} dialect)`, () => {
    const h = useService(dialect, { autoProcess: false });

    it('lists a file connector\'s files, keeping unknown sizes and dates as null', async () => {
      const files = await h.client().listConnectorFiles(2);
      const expected = h.service.connectorFiles(2);
      assert.equal(files.length, expected.length);
      assert.ok(files.length >= 3);
      assert.deepEqual(files.map((f) => f.file_id), expected.map((f) => f.fileId));
      assert.ok(files.some((f) => f.file_size === null && f.upload_date === null), 'one file has no size and no date');
      const dated = files.find((f) => f.upload_date);
      assert.ok(dated && !Number.isNaN(Date.parse(dated.upload_date!)));
    });

    it('ingests a document: created first, then updated, stored once', async () => {
      const client = h.client('curator');
      const first = await client.ingestDocument({ document: doc(`guide.md-${dialect}`), cc_pair_id: 2 });
      const second = await client.ingestDocument({ document: doc(`guide.md-${dialect}`, { sections: [{ text: 'changed' }] }), cc_pair_id: 2 });
      assert.equal(first.outcome, 'created');
      assert.equal(second.outcome, 'updated');
      assert.equal(first.documentId, `guide.md-${dialect}`);
      const stored = h.service.document(`guide.md-${dialect}`);
      assert.equal(stored?.upserts, 2);
      assert.equal(stored?.ccPairId, 2);
      assert.deepEqual(stored?.metadata, { team: 'docs', tags: ['a', 'b'] });
      const sent = h.service.requests.find((r) => r.path.endsWith(h.service.ingestionPath));
      assert.equal(sent?.headers['content-type'], 'application/json');
      assert.equal(sent?.headers.authorization, `Bearer ${h.service.keys.curator}`);
    });

    it('updates the caller\'s own credential and returns its snapshot', async () => {
      const mine = h.service.credentials().find((c) => c.userId === h.service.users.basic.id);
      assert.ok(mine, 'the seed gives user A a credential');
      const res = await h.client('basic').updateCredential(mine.id, {
        credential_json: { token: 'a-brand-new-secret-value' },
        admin_public: false,
        source: 'file',
      });
      assert.ok('id' in res && res.id === mine.id);
      assert.deepEqual(h.service.credential(mine.id)?.credentialJson, { token: 'a-brand-new-secret-value' });
    });

    it('refuses to send masked credential values, and sends nothing', async () => {
      const e = await thrown(() =>
        h.client('basic').updateCredential(1, {
          credential_json: { token: 'abcd...wxyz', nested: { pin: '••••••••••••' }, ok: 'plain' },
          admin_public: false,
          source: 'file',
        }),
      );
      assert.ok(e instanceof ValidationError);
      assert.equal(e.sent, false);
      assert.deepEqual(e.issues.map((i) => i.path), ['credential_json.token', 'credential_json.nested.pin']);
      assert.equal(h.seen('/manage/credential'), 0);
    });

    it('reads user-file statuses in batches, one request per batch, leaving out foreign ids', async () => {
      const mine = Array.from({ length: 5 }, (_, i) => h.service.addUserFile('basic', { name: `f${i}.md` }).id);
      const foreign = h.service.addUserFile('basic2', { name: 'theirs.md' }).id;
      const records = await h.client('basic', { statusBatchSize: 2 }).getUserFileStatuses([...mine, foreign]);
      assert.deepEqual(records.map((r) => r.id).sort(), [...mine].sort());
      assert.ok(records.every((r) => r.status === 'PROCESSING'));
      assert.equal(h.seen('/file/statuses'), 3, '6 ids in batches of 2');
    });

    it('follows a file through its statuses', async () => {
      const id = h.service.addUserFile('basic', { name: 'notes.md' }).id;
      const client = h.client('basic');
      assert.equal((await client.getUserFileStatuses([id]))[0]?.status, 'PROCESSING');
      h.service.completeUserFile(id);
      assert.equal((await client.getUserFileStatuses([id]))[0]?.status, 'COMPLETED');
    });

    it('uploads a file through the route this server has, and remembers it', async () => {
      const client = h.client('basic');
      const first = await client.uploadFile({ name: 'diagram.png', data: new Uint8Array([137, 80, 78, 71]), contentType: 'image/png' });
      assert.equal(first.name, 'diagram.png');
      assert.ok(first.file_id, 'the upload returns the file-store id used by image sections');
      assert.equal(h.service.userFile(first.id)?.name, 'diagram.png');
      const triedSpecRoute = h.service.requests.filter((r) => r.path === '/api/user/file/upload').length;
      assert.equal(triedSpecRoute, 1, 'the specification\'s route is tried first');
      assert.equal(h.seen('/user/projects/file/upload'), dialect === 'observed' ? 1 : 0);
      h.service.clearRequests();
      await client.uploadFile({ name: 'second.png', data: new Uint8Array([1, 2, 3]), contentType: 'image/png' });
      assert.equal(h.service.requests.length, 1, 'the working route is remembered');
      assert.equal(h.service.requests[0]?.path, `/api/${h.service.uploadPath}`);
    });

    it('without a chosen ingestion path, finds the route this server has and remembers it', async () => {
      const memory = new Map<string, string>();
      const learned: [string, string, readonly string[]][] = [];
      const options = {
        ingestionPath: undefined,
        routes: { get: (r: string) => memory.get(r), set: (r: string, p: string) => void memory.set(r, p) },
        onRouteLearned: (r: string, p: string, missing: readonly string[]) => void learned.push([r, p, missing]),
      };
      const first = await h.client('admin', options).ingestDocument({ document: doc(`auto-${dialect}`) });
      assert.equal(first.outcome, 'created');
      const paths = h.service.requests.map((r) => `${r.path} ${r.status}`);
      const expected = dialect === 'spec'
        ? ['/api/service-api/ingestion 200']
        : ['/api/service-api/ingestion 404', '/api/onyx-api/ingestion 200'];
      assert.deepEqual(paths, expected);
      assert.equal(memory.get('ingestion'), h.service.ingestionPath);
      assert.deepEqual(learned, dialect === 'spec' ? [] : [['ingestion', 'onyx-api/ingestion', ['service-api/ingestion']]]);

      // Another client for the same server (a new session) asks the remembered route first and only.
      h.service.clearRequests();
      const again = await h.client('admin', options).ingestDocument({ document: doc(`auto-${dialect}`) });
      assert.equal(again.outcome, 'updated');
      assert.deepEqual(h.service.requests.map((r) => r.path), [`/api/${h.service.ingestionPath}`]);
      assert.equal(h.service.document(`auto-${dialect}`)?.upserts, 2, 'one document, updated');
    });

    it('a remembered ingestion path that went missing is replaced by the other one', async () => {
      const memory = new Map<string, string>([['ingestion', 'onyx-api/ingestion' === h.service.ingestionPath ? 'service-api/ingestion' : 'onyx-api/ingestion']]);
      const routes = { get: (r: string) => memory.get(r), set: (r: string, p: string) => void memory.set(r, p) };
      await h.client('admin', { ingestionPath: undefined, routes }).ingestDocument({ document: doc(`moved-${dialect}`) });
      assert.deepEqual(h.service.requests.map((r) => r.status), [404, 200]);
      assert.equal(memory.get('ingestion'), h.service.ingestionPath);
    });

    it('a chosen ingestion path is used as given, even when it is missing', async () => {
      const memory = new Map<string, string>();
      const routes = { get: (r: string) => memory.get(r), set: (r: string, p: string) => void memory.set(r, p) };
      const e = await thrown(() => h.client('admin', { ingestionPath: 'api/v2/ingest', routes }).ingestDocument({ document: doc('chosen') }));
      assert.ok(e instanceof NotFoundError);
      assert.equal(e.what, 'route');
      assert.match(e.message, /no route POST api\/v2\/ingest/);
      assert.deepEqual(h.service.requests.map((r) => r.path), ['/api/api/v2/ingest'], 'no other path tried');
      assert.equal(memory.size, 0);
    });

    it('when neither ingestion path exists, says both were tried', async () => {
      const gone = h.service.faults.inject({ path: /ingestion$/, status: 404, body: { detail: 'Not Found' }, times: Infinity });
      const e = await thrown(() => h.client('admin', { ingestionPath: undefined }).ingestDocument({ document: doc('nowhere') }));
      gone.remove();
      assert.ok(e instanceof NotFoundError);
      assert.match(e.message, /POST service-api\/ingestion and POST onyx-api\/ingestion both answered HTTP 404/);
      assert.match(e.message, /docIngest\.ingestionPath/);
      assert.equal(h.service.requests.length, 2);
    });

    it('a missing pair (404 for an object) is not mistaken for a missing route', async () => {
      const e = await thrown(() => h.client('admin', { ingestionPath: undefined }).ingestDocument({ document: doc('no-pair'), cc_pair_id: 999 }));
      assert.ok(e instanceof NotFoundError);
      assert.equal(e.what, 'object');
      assert.match(e.message, /docIngest\.ccPairId/);
      const tried = h.service.requests.map((r) => r.path);
      assert.deepEqual(tried, dialect === 'spec' ? ['/api/service-api/ingestion'] : ['/api/service-api/ingestion', '/api/onyx-api/ingestion']);
    });

    it('lists file connectors with their pair ids where the server can', async () => {
      const client = h.client('admin');
      if (dialect === 'observed') {
        const connectors = await client.listFileConnectors();
        assert.deepEqual(connectors.map((c) => [c.ccPairId, c.connectorId]).sort(), [[2, 2], [3, 3]]);
        assert.ok(connectors.every((c) => c.name.length > 0));
      } else {
        const e = await thrown(() => client.listFileConnectors());
        assert.ok(e instanceof NotFoundError);
        assert.equal(e.what, 'route');
        assert.match(e.message, /docIngest\.connectorIds/);
      }
    });

    it('checks a key with one cheap request', async () => {
      await h.client('basic').checkKey();
      assert.equal(h.service.requests.length, 1);
      assert.deepEqual(h.service.requests[0]?.json, { file_ids: [] });
    });
  });
}
