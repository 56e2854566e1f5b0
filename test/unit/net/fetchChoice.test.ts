/**
 * Issue 37, goal 3: outside VS Code, a request straight to the server goes over Node's own http and undici is not
 * even loaded (it cost `doc-ingest check` more than its requests); a proxy the variables name, or a form (an
 * upload), still goes through undici. A private authority (NODE_EXTRA_CA_CERTS) needs no undici: Node's https
 * trusts it. Each case runs in a child process of its own (whether undici was loaded is a fact of a whole process)
 * against the local service over real HTTP.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { useService } from '../../support/serviceHarness';
import { startProxy, TestProxy } from '../../net/proxy';
import { HttpsFront, makeTestCa, startHttpsFront, TestCa } from '../../net/tls';

const OUT_SRC = path.resolve(__dirname, '../../../src');

/** Checks the key (and uploads a file with UPLOAD=1) through createNodeFetch, then says whether undici was loaded. */
const CHILD = `
const { createNodeFetch } = require(${JSON.stringify(path.join(OUT_SRC, 'core/http/nodeFetch.js'))});
const { ServiceClient } = require(${JSON.stringify(path.join(OUT_SRC, 'core/api/index.js'))});
(async () => {
  const http = createNodeFetch({ env: process.env });
  const client = new ServiceClient({ fetch: http.fetch, baseUrl: process.env.BASE_URL, apiKey: process.env.API_KEY, ingestionPath: process.env.INGESTION_PATH });
  await client.checkKey();
  if (process.env.UPLOAD) await client.uploadFile({ name: 'note.txt', data: new TextEncoder().encode('hello'), contentType: 'text/plain' });
  await http.close();
  const undici = Object.keys(require.cache).some((k) => /[\\\\/]node_modules[\\\\/]undici[\\\\/]/.test(k));
  process.stdout.write(JSON.stringify({ undici }));
})().catch((e) => { console.error(e && e.message); process.exit(1); });
`;

interface ChildRun {
  undici: boolean;
}

function runChild(env: Record<string, string>): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', CHILD], { env: { PATH: process.env.PATH ?? '', ...env } }, (error, stdout, stderr) => {
      if (error) reject(new Error(`child failed: ${stderr || error.message}`));
      else resolve(JSON.parse(stdout) as ChildRun);
    });
  });
}

describe('which fetch the command line uses (issue 37)', () => {
  const h = useService('observed');
  let proxy: TestProxy | undefined;
  afterEach(async () => {
    await proxy?.close();
    proxy = undefined;
  });
  const env = (extra: Record<string, string> = {}) => ({ BASE_URL: h.service.baseUrl, API_KEY: h.service.keys.admin, INGESTION_PATH: h.service.ingestionPath, ...extra });

  it('no proxy: the request goes straight to the server over Node\'s http, and undici is never loaded', async () => {
    const run = await runChild(env());
    assert.ok(h.service.requests.length >= 1, 'the service saw the request');
    assert.equal(run.undici, false);
  });

  it('a proxy the variables name: undici carries the request through it', async () => {
    proxy = await startProxy();
    const run = await runChild(env({ HTTP_PROXY: proxy.url }));
    assert.ok(proxy.requests.length >= 1, 'the proxy carried the request');
    assert.equal(proxy.requests.length, h.service.requests.length, 'every request went through the proxy');
    assert.equal(run.undici, true);
  });

  it('a proxy set, but NO_PROXY names the server: straight to it, without undici', async () => {
    proxy = await startProxy();
    const run = await runChild(env({ HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' }));
    assert.equal(proxy.requests.length + proxy.tunnels.length, 0, 'the proxy saw nothing');
    assert.ok(h.service.requests.length >= 1);
    assert.equal(run.undici, false);
  });

  it('an upload (a form) goes through undici, which builds the multipart body', async () => {
    const run = await runChild(env({ UPLOAD: '1' }));
    assert.ok(h.service.requests.some((r) => r.method === 'POST' && /upload/.test(r.path)), 'the file was uploaded');
    assert.equal(run.undici, true);
  });

  describe('a private certificate authority', () => {
    let ca: TestCa;
    let front: HttpsFront;
    before(async function () {
      this.timeout(20_000);
      ca = await makeTestCa();
      front = await startHttpsFront(ca, h.service.port);
    });
    after(async () => {
      await front?.close();
      await ca?.remove();
    });

    it('NODE_EXTRA_CA_CERTS: Node\'s https trusts it, no undici needed', async () => {
      const run = await runChild(env({ BASE_URL: `${front.origin}/api`, NODE_EXTRA_CA_CERTS: ca.caPem }));
      assert.ok(front.connections >= 1, 'over TLS');
      assert.ok(h.service.requests.length >= 1);
      assert.equal(run.undici, false);
    });

    it('without it: refused as untrusted, by Node\'s https as by undici', async () => {
      await assert.rejects(runChild(env({ BASE_URL: `${front.origin}/api` })), /does not trust \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)/);
    });
  });
});
