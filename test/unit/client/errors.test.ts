import assert from 'node:assert/strict';
import http from 'node:http';
import {
  AuthError,
  CancelledError,
  HttpError,
  NetworkError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
  ServiceClient,
  ServiceError,
  TimeoutError,
  ValidationError,
  WrongServerError,
} from '../../../src/core/api';
import { errorFromResponse } from '../../../src/core/api/classify';
import { createNodeFetch } from '../../../src/core/http/nodeFetch';
import { startService } from '../../service';
import { DIALECTS, doc, thrown, useService } from '../../support/serviceHarness';

/** Every error a user can see must say what to do, and never contain the key. */
function assertUsable(e: Error, key: string): asserts e is ServiceError {
  assert.ok(e instanceof ServiceError, `a ServiceError, got ${e.name}: ${e.message}`);
  assert.ok(e.action.length > 10 || e.kind === 'cancelled', 'says what to do');
  assert.ok(!e.message.includes(key), 'the key is not in the message');
  assert.ok(!(e.serverText ?? '').includes(key), 'the key is not in the server text');
}

for (const dialect of DIALECTS) {
  describe(`client errors (${dialect} dialect)`, () => {
    const h = useService(dialect, { autoProcess: false });

    it('auth: an unknown key is an AuthError that says to set a valid key', async () => {
      const client = new ServiceClient({ fetch: h.http.fetch, baseUrl: h.service.baseUrl, apiKey: 'on_not_a_real_key_0123456789' });
      const e = await thrown(() => client.checkKey());
      assertUsable(e, 'on_not_a_real_key_0123456789');
      assert.ok(e instanceof AuthError);
      assert.equal(e.status, dialect === 'spec' ? 401 : 403);
      assert.match(e.action, /API key/);
    });

    it('auth: a token without a known prefix is an AuthError too', async () => {
      const client = new ServiceClient({ fetch: h.http.fetch, baseUrl: h.service.baseUrl, apiKey: 'plain-session-token' });
      const e = await thrown(() => client.listConnectorFiles(2));
      assertUsable(e, 'plain-session-token');
      assert.ok(e instanceof AuthError);
    });

    it('permission: a basic user may not ingest', async () => {
      const e = await thrown(() => h.client('basic').ingestDocument({ document: doc('x') }));
      assertUsable(e, h.service.keys.basic);
      assert.ok(e instanceof PermissionError);
      assert.equal(e.status, 403);
    });

    it('permission: a group manager may not ingest into the public default pair', async () => {
      const e = await thrown(() => h.client('groupManager').ingestDocument({ document: doc('gm'), cc_pair_id: 1 }));
      assert.ok(e instanceof PermissionError);
      if (dialect === 'observed') assert.match(e.action, /docIngest\.ccPairId/);
      const ok = await h.client('groupManager').ingestDocument({ document: doc('gm'), cc_pair_id: 2 });
      assert.equal(ok.outcome, 'created');
    });

    it('not found: an unknown route names the ingestion path setting', async () => {
      const client = h.client('admin', { ingestionPath: 'wrong/ingestion' });
      const e = await thrown(() => client.ingestDocument({ document: doc('y') }));
      assertUsable(e, h.service.keys.admin);
      assert.ok(e instanceof NotFoundError);
      assert.equal(e.what, 'route');
      assert.match(e.action, /docIngest\.ingestionPath/);
    });

    it('not found: an unknown connector is an unknown object, not a route', async () => {
      const e = await thrown(() => h.client().listConnectorFiles(9999));
      assert.ok(e instanceof NotFoundError);
      assert.equal(e.what, 'object');
    });

    it('not found: someone else\'s credential', async () => {
      const theirs = h.service.credentials().find((c) => c.userId === h.service.users.basic2.id)!;
      const before = structuredClone(theirs.credentialJson);
      const e = await thrown(() => h.client('basic').updateCredential(theirs.id, { credential_json: { a: 'b' }, admin_public: false, source: 'web' }));
      assert.ok(e instanceof NotFoundError);
      assert.equal(e.what, 'object');
      assert.deepEqual(h.service.credential(theirs.id)?.credentialJson, before, 'unchanged');
    });

    it('validation: an invalid request is refused before sending, naming the field', async () => {
      const e = await thrown(() => h.client().ingestDocument({ document: doc('has space/and slash') }));
      assert.ok(e instanceof ValidationError);
      assert.equal(e.sent, false);
      assert.deepEqual(e.issues.map((i) => i.path), ['document.id']);
      const naive = await thrown(() => h.client().ingestDocument({ document: doc('ok', { doc_updated_at: '2026-01-01T00:00:00' }) }));
      assert.ok(naive instanceof ValidationError);
      assert.deepEqual(naive.issues.map((i) => i.path), ['document.doc_updated_at']);
      const badIds = await thrown(() => h.client().getUserFileStatuses(['not-a-uuid']));
      assert.ok(badIds instanceof ValidationError);
      assert.equal(h.service.requests.length, 0, 'nothing was sent');
    });

    it('validation: the server\'s 422 becomes field paths', async () => {
      const body =
        dialect === 'spec'
          ? { detail: [{ loc: ['body', 'document', 'metadata', 'team'], msg: 'Input should be a valid string', type: 'string_type' }] }
          : {
              status_code: 422,
              message:
                "1 validation error: {'type': 'missing', 'loc': ('body', 'document', 'metadata'), 'msg': 'Field required', 'input': {'semantic_identifier': 'x'}}  File \"/app/onyx/server/onyx_api/ingestion.py\", line 101, in upsert_ingestion_doc   POST /onyx-api/ingestion",
              data: null,
            };
      h.service.faults.inject({ path: `/${h.service.ingestionPath}`, status: 422, body });
      const e = await thrown(() => h.client().ingestDocument({ document: doc('v') }));
      assert.ok(e instanceof ValidationError);
      assert.equal(e.sent, true);
      assert.deepEqual(e.issues.map((i) => i.path), [dialect === 'spec' ? 'document.metadata.team' : 'document.metadata']);
      assert.match(e.message, /document\.metadata/);
    });

    it('validation: the real server\'s 400 {"message"} body keeps its text', async () => {
      h.service.faults.inject({ path: `/${h.service.ingestionPath}`, status: 400, body: { message: 'Invalid sections: something odd' } });
      const e = await thrown(() => h.client().ingestDocument({ document: doc('v') }));
      assert.ok(e instanceof ValidationError);
      assert.equal(e.serverText, 'Invalid sections: something odd');
    });

    it('rate limit: retried after Retry-After, then succeeds', async () => {
      h.service.faults.inject({ path: '/user/projects/file/statuses', status: 429, headers: { 'Retry-After': '0' }, body: { detail: 'slow down' } });
      await h.client('basic').checkKey();
      assert.equal(h.seen('/file/statuses'), 2);
    });

    it('rate limit: a Retry-After too long to wait is reported with its time', async () => {
      h.service.faults.inject({ path: '/user/projects/file/statuses', status: 429, headers: { 'Retry-After': '3600' }, body: { detail: 'slow down' } });
      const e = await thrown(() => h.client('basic').checkKey());
      assert.ok(e instanceof RateLimitError);
      assert.equal(e.retryAfterMs, 3600000);
      assert.match(e.message, /3600 s/);
      assert.equal(h.seen('/file/statuses'), 1);
    });

    it('server errors: 503 is retried a bounded number of times; 500 is not retried', async () => {
      h.service.faults.inject({ path: '/manage/admin/connector/2/files', status: 503, times: Infinity });
      const e = await thrown(() => h.client().listConnectorFiles(2));
      assert.ok(e instanceof ServerError);
      assert.equal(e.transient, true);
      assert.equal(h.seen('/connector/2/files'), 4, 'four attempts in all');
      h.service.faults.clear();
      h.service.clearRequests();
      h.service.faults.inject({ path: '/manage/admin/connector/2/files', status: 500, body: { detail: 'boom' } });
      const e500 = await thrown(() => h.client().listConnectorFiles(2));
      assert.ok(e500 instanceof ServerError);
      assert.equal(e500.serverText, 'boom');
      assert.equal(h.seen('/connector/2/files'), 1);
    });

    it('retries an ingestion with an explicit id, never one without', async () => {
      h.service.faults.inject({ path: `/${h.service.ingestionPath}`, status: 502 });
      const ok = await h.client().ingestDocument({ document: doc(`retried-${dialect}`) });
      assert.equal(ok.outcome, 'created');
      assert.equal(h.seen(h.service.ingestionPath), 2);
      assert.equal(h.service.documents().filter((d) => d.id === `retried-${dialect}`).length, 1, 'no duplicate');
      h.service.clearRequests();
      h.service.faults.inject({ path: `/${h.service.ingestionPath}`, status: 502 });
      const e = await thrown(() => h.client().ingestDocument({ document: doc(undefined) }));
      assert.ok(e instanceof ServerError);
      assert.equal(h.seen(h.service.ingestionPath), 1);
    });

    it('never retries other 4xx, nor uploads', async () => {
      h.service.faults.inject({ path: '/manage/admin/connector/2/files', status: 409, body: { detail: 'conflict' } });
      const e = await thrown(() => h.client().listConnectorFiles(2));
      assert.ok(e instanceof HttpError);
      assert.equal(h.seen('/connector/2/files'), 1);
      h.service.faults.inject({ method: 'POST', path: /file\/upload/, status: 503, times: Infinity });
      const up = await thrown(() => h.client('basic').uploadFile({ name: 'a.png', data: new Uint8Array([1]) }));
      assert.ok(up instanceof ServerError);
      assert.equal(h.seen('file/upload'), 1);
    });

    it('a dropped connection is a network error, retried where safe', async () => {
      h.service.faults.inject({ path: '/user/projects/file/statuses', drop: true, times: 2 });
      await h.client('basic').checkKey();
      assert.equal(h.seen('/file/statuses'), 3);
      h.service.faults.inject({ path: '/user/projects/file/statuses', drop: true, times: Infinity });
      const e = await thrown(() => h.client('basic').checkKey());
      assert.ok(e instanceof NetworkError);
      assert.equal(e.networkCause, 'reset');
    });

    it('timeout: a slow answer becomes a TimeoutError naming the time', async () => {
      h.service.faults.inject({ path: '/manage/admin/connector/2/files', delayMs: 400 });
      const e = await thrown(() => h.client('admin', { timeoutMs: 100 }).listConnectorFiles(2));
      assert.ok(e instanceof TimeoutError);
      assert.equal(e.timeoutMs, 100);
      assert.equal(h.seen('/connector/2/files'), 1, 'timeouts are not retried');
    });

    it('cancel: aborting stops the request and any retry wait', async () => {
      h.service.faults.inject({ path: '/manage/admin/connector/2/files', delayMs: 2000 });
      const abort = new AbortController();
      setTimeout(() => abort.abort(), 50);
      const e = await thrown(() => h.client().listConnectorFiles(2, { signal: abort.signal }));
      assert.ok(e instanceof CancelledError);
      h.service.faults.inject({ path: '/manage/admin/connector/2/files', status: 503, times: Infinity });
      const slow = h.client('admin', { retry: { baseDelayMs: 5000, maxDelayMs: 5000 }, random: () => 1 });
      const abort2 = new AbortController();
      const started = Date.now();
      setTimeout(() => abort2.abort(), 50);
      const e2 = await thrown(() => slow.listConnectorFiles(2, { signal: abort2.signal }));
      assert.ok(e2 instanceof CancelledError);
      assert.ok(Date.now() - started < 4000, 'did not sit out the 5 s backoff');
    });

    it('wrong server: an HTML page where JSON was expected', async () => {
      h.service.faults.inject({ path: '/manage/admin/connector/2/files', html: true });
      const e = await thrown(() => h.client().listConnectorFiles(2));
      assert.ok(e instanceof WrongServerError);
      assert.match(e.action, /\/api/);
      h.service.faults.inject({ path: '/user/projects/file/statuses', html: true, status: 401 });
      const e401 = await thrown(() => h.client('basic').checkKey());
      assert.ok(e401 instanceof WrongServerError, 'a sign-in page is not a key problem');
    });

    it('wrong server: a redirect names where it goes', async () => {
      h.service.faults.inject({ path: '/manage/admin/connector/2/files', status: 302, headers: { location: 'https://sso.example.com/login' }, body: '' });
      const e = await thrown(() => h.client().listConnectorFiles(2));
      assert.ok(e instanceof WrongServerError);
      assert.match(e.message, /sso\.example\.com/);
    });

    it('the key is redacted from any server text that echoes it', async () => {
      h.service.faults.inject({ path: '/manage/admin/connector/2/files', status: 500, body: { detail: `bad header Bearer ${h.service.keys.admin}` } });
      const e = await thrown(() => h.client().listConnectorFiles(2));
      assertUsable(e, h.service.keys.admin);
      assert.match(e.message, /\[redacted\]/);
    });

    it('parses unknown statuses, file types and sources leniently, keeping extra fields', async () => {
      const id = h.service.addUserFile('basic', { name: 'x.md' }).id;
      h.service.faults.inject({
        path: '/user/projects/file/statuses',
        status: 200,
        body: [{ id, name: 'x.md', status: 'ARCHIVED', chat_file_type: 'spreadsheet', project_id: null, created_at: '2026-08-22T06:07:53', brand_new_field: 1 }],
      });
      const [record] = await h.client('basic').getUserFileStatuses([id]);
      assert.equal(record?.status, 'unknown');
      assert.equal(record?.chat_file_type, 'unknown');
      assert.equal((record as Record<string, unknown>).brand_new_field, 1);
    });

    it('reports a response of an unexpected shape clearly', async () => {
      h.service.faults.inject({ path: '/manage/admin/connector/2/files', status: 200, body: { items: [] } });
      const e = await thrown(() => h.client().listConnectorFiles(2));
      assert.equal((e as ServiceError).kind, 'unexpected-response');
      assert.match(e.message, /files/);
    });
  });
}

describe('client network errors', () => {
  const http_ = createNodeFetch();
  after(() => http_.close());
  const client = (baseUrl: string) => new ServiceClient({ fetch: http_.fetch, baseUrl, apiKey: 'on_secret_key_value', retry: { attempts: 1 } });

  it('refused: nothing listens on the port', async () => {
    const s = await startService();
    const url = s.baseUrl;
    await s.close();
    const e = await thrown(() => client(url).checkKey());
    assert.ok(e instanceof NetworkError);
    assert.equal(e.networkCause, 'refused');
    assert.equal(e.code, 'ECONNREFUSED');
  });

  it('blocked port: fetch refuses port 9 ("bad port"), and the message says the port cannot be used', async () => {
    for (const f of [http_.fetch, globalThis.fetch.bind(globalThis)]) {
      const e = await thrown(() => new ServiceClient({ fetch: f, baseUrl: 'http://127.0.0.1:9/api', apiKey: 'on_secret_key_value' }).checkKey());
      assert.ok(e instanceof NetworkError);
      assert.equal(e.networkCause, 'blocked-port');
      assert.equal(e.transient, false, 'trying again cannot help');
      assert.match(e.summary, /^Port 9 cannot be used/);
      assert.doesNotMatch(e.message, /bad port/);
      assert.match(e.action, /another port/);
    }
  });

  it('dns: the host name does not resolve', async () => {
    const e = await thrown(() => client('http://doc-ingest-no-such-host.invalid/api').checkKey());
    assert.ok(e instanceof NetworkError);
    assert.equal(e.networkCause, 'dns');
    assert.match(e.action, /server URL/);
  });

  it('tls: https spoken to a plain http server', async () => {
    const s = await startService();
    try {
      const e = await thrown(() => client(s.baseUrl.replace('http://', 'https://')).checkKey());
      assert.ok(e instanceof NetworkError);
      assert.equal(e.networkCause, 'tls');
      assert.ok(!e.message.includes('on_secret_key_value'));
    } finally {
      await s.close();
    }
  });

  it('reset: the server closes the socket mid-answer', async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('[{"id":');
      setTimeout(() => res.socket?.destroy(), 10);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    try {
      const e = await thrown(() => client(`http://127.0.0.1:${port}/api`).checkKey());
      assert.ok(e instanceof NetworkError);
      assert.equal(e.networkCause, 'reset');
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});

describe('errors name the setting their action refers to', () => {
  const notFound = (isIngestionRoute: boolean, body = '{"detail":"Not Found"}') =>
    errorFromResponse({ status: 404, headers: new Headers({ 'content-type': 'application/json' }), text: body, request: { method: 'POST', path: 'x' }, isIngestionRoute });

  it('a missing ingestion route names docIngest.ingestionPath; another missing route the server URL', () => {
    assert.equal(notFound(true).setting, 'ingestionPath');
    assert.match(notFound(true).action, /docIngest\.ingestionPath/);
    assert.equal(notFound(false).setting, 'baseUrl');
  });

  it('a missing pair names docIngest.ccPairId; an unknown id names none', () => {
    assert.equal(notFound(true, '{"detail":"Connector-credential pair 9 not found"}').setting, 'ccPairId');
    assert.equal(notFound(false, '{"detail":"File 3 not found"}').setting, undefined);
  });
});
