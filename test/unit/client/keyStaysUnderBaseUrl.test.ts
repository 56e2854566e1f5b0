// Issue 23, item 7: an ingestion path may not send the key anywhere but below the server URL. A raw HTTP server
// stands as the server's host and records every request, wherever on the host it went.
import assert from 'node:assert/strict';
import * as z from 'zod';
import { ServiceClient, ValidationError } from '../../../src/core/api';
import { Transport } from '../../../src/core/api/transport';
import { createNodeFetch, NodeFetch } from '../../../src/core/http/nodeFetch';
import { doc, thrown, useService } from '../../support/serviceHarness';
import { isOneSentence, RecordingHost, startRecordingHost } from './recordingHost';

const KEY = 'on_route-test-key-value';

/** Paths a repository or a user might give that would leave the server URL, or hide where they go. */
const REFUSED_ROUTES = ['../../attacker/collect', '%2e%2e/x', '/absolute', 'a/../../b', 'http://evil/x', 'a?b', 'a\\b', 'a//b', 'a b', './x', 'a%2fb'];

describe('the key stays below the server URL (issue 23, item 7)', () => {
  let host: RecordingHost;
  let http: NodeFetch;
  before(async () => {
    host = await startRecordingHost({
      '/api/custom/ingest': { document_id: 'kept', already_existed: false },
    });
    http = createNodeFetch();
  });
  beforeEach(() => void host.requests.splice(0));
  after(async () => {
    await http.close();
    await host.close();
  });

  const client = (ingestionPath: string) =>
    new ServiceClient({ fetch: http.fetch, baseUrl: host.baseUrl, apiKey: KEY, ingestionPath, retry: { baseDelayMs: 1, maxDelayMs: 5 } });

  for (const route of REFUSED_ROUTES) {
    it(`ingestion path ${JSON.stringify(route)}: nothing is sent anywhere, and one sentence names docIngest.ingestionPath`, async () => {
      const e = await thrown(async () => {
        const c = client(route);
        await c.ingestDocument({ document: doc('leak') });
        await c.findIngestionRoute();
      });
      assert.deepEqual(host.requests, [], 'no request reached the host');
      assert.ok(e instanceof ValidationError, `${e.name}: ${e.message}`);
      assert.equal(e.sent, false);
      assert.equal(e.setting, 'ingestionPath');
      assert.match(e.message, /docIngest\.ingestionPath/);
      assert.ok(isOneSentence(e.message), e.message);
      assert.ok(!e.message.includes(KEY));
    });
  }

  it('a plain custom route is sent as given, below the server URL, with the key', async () => {
    const outcome = await client(' custom/ingest/ ').ingestDocument({ document: doc('kept') });
    assert.equal(outcome.outcome, 'created');
    assert.deepEqual(host.requests, [{ method: 'POST', url: '/api/custom/ingest', authorized: true }]);
  });

  // The transport is the last line of defence: whatever route a caller hands it, the URL as resolved (dot
  // segments, encoded ones included, removed as fetch would) must stay on the base URL's origin and below its path.
  const ESCAPES = ['../../attacker/collect', '%2e%2e/%2E%2e/x', 'a/.%2e/../x', '..\\..\\x', 'a/%2e%2e%2fx', 'a/%5c..%5cx', '../api2/x'];
  for (const path of ESCAPES) {
    it(`the transport refuses route ${JSON.stringify(path)} as resolved: no request, one sentence`, async () => {
      const transport = new Transport({ fetch: http.fetch, baseUrl: host.baseUrl, apiKey: KEY });
      for (const body of [{ json: {} }, { form: new FormData() }]) {
        const e = await thrown(() => transport.call({ method: 'POST', path, schema: z.unknown(), retry: true, ...body }));
        assert.ok(e instanceof ValidationError, `${e.name}: ${e.message}`);
        assert.equal(e.sent, false);
        assert.ok(isOneSentence(e.message), e.message);
        assert.ok(!e.message.includes(KEY));
      }
      assert.deepEqual(host.requests, [], 'no request reached the host, upload or not');
    });
  }

  it('the transport still sends routes that stay below the server URL, dot segments inside it included', async () => {
    const transport = new Transport({ fetch: http.fetch, baseUrl: `${host.baseUrl}/`, apiKey: KEY });
    await transport.call({ method: 'POST', path: 'custom/ingest', json: {}, schema: z.unknown(), retry: false });
    await transport.call({ method: 'POST', path: 'custom/x/../ingest', json: {}, schema: z.unknown(), retry: false });
    assert.deepEqual(host.requests.map((r) => r.url), ['/api/custom/ingest', '/api/custom/ingest']);
    assert.deepEqual(host.keyLeaks(), []);
  });
});

describe('a chosen ingestion path against the local service (issue 23, item 7)', () => {
  const h = useService('observed');

  it('the service\'s own route, given with surrounding spaces and a trailing slash, ingests', async () => {
    const outcome = await h.client('admin', { ingestionPath: ` ${h.service.ingestionPath}/ ` }).ingestDocument({ document: doc('custom-route') });
    assert.equal(outcome.outcome, 'created');
    assert.deepEqual(h.service.requests.map((r) => r.path), [`/api/${h.service.ingestionPath}`]);
    assert.ok(h.service.document('custom-route'));
  });
});
