/**
 * Issue 26, item 3: a 30x is never followed, so the key never goes to another origin, on every route of the client
 * (ingestion, uploads, listings, status polling, delete, credentials, the probe), with Node's fetch as the command
 * line uses it and the global fetch the editor uses. The message names where the server tried to send the request:
 * another origin by its origin only (no path, no query), the same server by its path.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { probeServer, ServiceClient, WrongServerError } from '../../../src/core/api';
import { createNodeFetch } from '../../../src/core/http/nodeFetch';
import type { FetchLike } from '../../../src/core/http/fetchLike';
import { doc, thrown } from '../../support/serviceHarness';
import { Folder, makeFolder, writeDocs } from '../../support/batchFolder';
import { runCli } from '../../support/runCli';

/** Not a real key: the value only has to be recognisable wherever it might leak. */
const TEST_KEY = 'on_test_redirect_key_value';

interface Seen {
  method: string;
  url: string;
  authorization?: string;
}

interface Recorder {
  origin: string;
  seen: Seen[];
  close(): Promise<void>;
}

/** A node:http server that records each request and answers with `answer`. */
async function recorder(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<Recorder> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
    req.resume();
    req.on('end', () => answer(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    seen,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

const FILE_ID = '0f8e5b4c-1d2a-4b3c-9e8f-7a6b5c4d3e2f';

/** Every route of the client, each as the user's action would call it. */
const ROUTES: [string, (c: ServiceClient) => Promise<unknown>][] = [
  ['ingestion POST', (c) => c.ingestDocument({ document: doc('redirected-doc'), cc_pair_id: 2 })],
  ['ingestion route probe', (c) => c.findIngestionRoute()],
  ['upload', (c) => c.uploadFile({ name: 'notes.md', data: new TextEncoder().encode('# Notes\n') })],
  ['status polling', (c) => c.getUserFileStatuses([FILE_ID])],
  ['key check', (c) => c.checkKey()],
  ['pair documents listing', (c) => c.listPairDocuments(2)],
  ['ingested documents listing', (c) => c.listIngestedDocuments()],
  ['delete', (c) => c.deleteDocument('redirected-doc')],
  ['connector files listing', (c) => c.listConnectorFiles(2)],
  ['connector listing', (c) => c.listFileConnectors()],
  ['pair', (c) => c.getPair(2)],
  ['who am I', (c) => c.whoAmI()],
  ['credentials listing', (c) => c.listCredentials()],
  ['credential update', (c) => c.updateCredential(1, { credential_json: { token: 'x' }, admin_public: false, source: 'file' })],
];

describe('redirects never carry the key (issue 26)', () => {
  let elsewhere: Recorder;
  let server: Recorder;
  /** What the server answers: status and Location, per test. */
  let redirect: { status: number; location: (r: Recorder) => string };
  const node = createNodeFetch();
  const fetches: [string, FetchLike][] = [
    ['Node fetch (command line)', node.fetch],
    ['global fetch (editor)', (input, init) => globalThis.fetch(input, init)],
  ];
  before(async () => {
    elsewhere = await recorder((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    server = await recorder((_req, res) =>
      res.writeHead(redirect.status, { location: redirect.location(elsewhere), 'content-type': 'text/html' }).end('<html><body>Moved</body></html>'));
  });
  after(async () => {
    await node.close();
    await server.close();
    await elsewhere.close();
  });
  beforeEach(() => {
    server.seen.length = 0;
    elsewhere.seen.length = 0;
  });
  const client = (fetch: FetchLike) =>
    new ServiceClient({ fetch, baseUrl: `${server.origin}/api`, apiKey: TEST_KEY, retry: { baseDelayMs: 1, maxDelayMs: 2 } });

  for (const [fetchName, fetch] of fetches) {
    it(`${fetchName}: a 301/302/303/307/308 to another origin stops every route, names that origin only, and sends nothing there`, async () => {
      for (const status of [301, 302, 303, 307, 308]) {
        redirect = { status, location: (r) => `${r.origin}/login/sso?token=secret-session-token&next=%2Fapi` };
        for (const [route, call] of ROUTES) {
          const what = `${route}, HTTP ${status}`;
          server.seen.length = 0;
          const e = await thrown(() => call(client(fetch)));
          assert.ok(e instanceof WrongServerError, `${what}: ${e.message}`);
          assert.equal(server.seen.length, 1, `${what}: asked once, not followed nor repeated`);
          assert.equal(server.seen[0]?.authorization, `Bearer ${TEST_KEY}`, `${what}: the configured server did get the key`);
          assert.match(e.message, new RegExp(`\\(HTTP ${status}\\) to ${elsewhere.origin.replace(/\./g, '\\.')}; it was not followed, so the key was not sent there\\.`), what);
          assert.doesNotMatch(e.message, /login|sso|token|secret|next=/, `${what}: origin only, no path or query`);
          assert.ok(!e.message.includes(TEST_KEY));
        }
      }
      assert.equal(elsewhere.seen.length, 0, 'the other origin received no request at all');
    });

    it(`${fetchName}: a redirect to another scheme or port of the same host is another origin too; a relative one stays on the server and names the path without its query`, async () => {
      redirect = { status: 302, location: () => `https://127.0.0.1:1/api/user/projects/file/statuses` };
      const scheme = await thrown(() => client(fetch).checkKey());
      assert.match(scheme.message, /to https:\/\/127\.0\.0\.1:1; it was not followed, so the key was not sent there\. If https:\/\/127\.0\.0\.1:1 is the service's own address/);
      redirect = { status: 307, location: () => '/api/v2/user/projects/file/statuses?session=secret-session-token' };
      const same = await thrown(() => client(fetch).checkKey());
      assert.ok(same instanceof WrongServerError);
      assert.match(same.message, /\(HTTP 307\) to \/api\/v2\/user\/projects\/file\/statuses on the same server; redirects are not followed\./);
      assert.doesNotMatch(same.message, /secret|session=/);
      assert.equal(server.seen.length, 2, 'each asked once');
      redirect = { status: 302, location: () => '' };
      const nowhere = await thrown(() => client(fetch).checkKey());
      assert.match(nowhere.message, /\(HTTP 302\) without a usable address; it was not followed\./);
    });
  }

  it('the probe (no key) reads a redirect to another origin as "not the API" and does not follow it', async () => {
    redirect = { status: 302, location: (r) => `${r.origin}/login?next=/api` };
    const verdict = await probeServer(node.fetch, `${server.origin}/api`);
    assert.equal(verdict.kind, 'notApi');
    assert.equal(elsewhere.seen.length, 0);
    assert.equal(server.seen[0]?.authorization, undefined, 'the probe sends no key');
  });

  describe('command line', () => {
    let folder: Folder;
    beforeEach(async () => {
      folder = await makeFolder();
      await writeDocs(folder, 3);
    });
    afterEach(() => folder.remove());

    it('ingest against a server that redirects elsewhere: one sentence naming the origin, exit 4, nothing sent there', async () => {
      redirect = { status: 307, location: (r) => `${r.origin}/api/onyx-api/ingestion?sig=secret-signature` };
      const run = await runCli(['ingest'], { cwd: folder.root, env: { DOC_INGEST_BASE_URL: `${server.origin}/api`, DOC_INGEST_API_KEY: TEST_KEY } });
      assert.equal(run.code, 4, run.stderr);
      const lines = run.stderr.trim().split('\n');
      assert.equal(lines.length, 1, run.stderr);
      assert.match(lines[0] ?? '', new RegExp(`^doc-ingest: stopped .*\\(HTTP 307\\) to ${elsewhere.origin.replace(/\./g, '\\.')}; it was not followed, so the key was not sent there\\.`));
      assert.doesNotMatch(run.stdout + run.stderr, /secret-signature|sig=/);
      assert.ok(!(run.stdout + run.stderr).includes(TEST_KEY));
      assert.equal(elsewhere.seen.length, 0);
    });
  });
});
