/**
 * Issue 26, item 1: the command line honours HTTPS_PROXY / HTTP_PROXY / NO_PROXY (and lower case) through undici's
 * EnvHttpProxyAgent. A counting proxy (test/net/proxy.ts) carries the requests of a real `ingest` run against the
 * local service; NO_PROXY bypasses it; a proxy that refuses, or is not there, is one sentence and exit 4.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { NetworkError, ServiceClient } from '../../../src/core/api';
import { createNodeFetch } from '../../../src/core/http/nodeFetch';
import { thrown, useService } from '../../support/serviceHarness';
import { Folder, makeFolder, writeDocs } from '../../support/batchFolder';
import { assertNoKeyIn, runCli, serviceEnv } from '../../support/runCli';
import { startProxy, TestProxy } from '../../net/proxy';

describe('command line behind a proxy (issue 26)', () => {
  const h = useService('observed');
  let folder: Folder;
  let proxy: TestProxy | undefined;
  beforeEach(async () => {
    folder = await makeFolder();
    await writeDocs(folder, 4);
  });
  afterEach(async () => {
    await proxy?.close();
    proxy = undefined;
    await folder.remove();
  });
  const cli = async (args: string[], env: Record<string, string>) => {
    const run = await runCli(args, { cwd: folder.root, env: { ...serviceEnv(h.service), ...env } });
    assertNoKeyIn(run, [h.service.keys.admin]);
    return run;
  };
  const origin = () => new URL(h.service.baseUrl).origin;
  const hostPort = () => new URL(h.service.baseUrl).host;

  it('HTTP_PROXY with credentials carries every request of an ingest run; --verbose names it with the credentials masked', async () => {
    proxy = await startProxy({ credentials: 'builder:pr0xy-pass' });
    const proxyUrl = `http://builder:pr0xy-pass@127.0.0.1:${proxy.port}`;
    const run = await cli(['ingest', '--verbose'], { HTTP_PROXY: proxyUrl });
    assert.equal(run.code, 0, run.stderr);
    assert.ok(h.service.requests.length >= 4, 'the files were sent');
    assert.equal(proxy.requests.length, h.service.requests.length, 'every request the service saw came through the proxy');
    assert.ok(proxy.requests.every((r) => r.target === hostPort()));
    assert.ok(proxy.tunnels.length >= 1 && proxy.tunnels.every((t) => t === hostPort()), 'tunnelled with CONNECT');
    assert.ok(proxy.tunnels.length <= 8, `${proxy.tunnels.length} tunnels: connections are kept alive and reused`);
    assert.ok(run.stderr.includes(`doc-ingest: requests to ${origin()} go through the proxy http://***@127.0.0.1:${proxy.port} (from HTTP_PROXY).`), run.stderr);
    assert.ok(!run.stderr.includes('pr0xy-pass') && !run.stdout.includes('pr0xy-pass') && !run.stderr.includes('builder'), 'no proxy credentials printed');
  });

  it('lower-case http_proxy is honoured too, and wins over HTTP_PROXY as in undici and curl', async () => {
    proxy = await startProxy();
    const run = await cli(['ingest', '--verbose'], { http_proxy: proxy.url, HTTP_PROXY: 'http://127.0.0.1:9' });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(proxy.requests.length, h.service.requests.length);
    assert.match(run.stderr, /\(from http_proxy\)/);
  });

  it('NO_PROXY naming the server\'s host bypasses the proxy; --verbose says so', async () => {
    proxy = await startProxy();
    const run = await cli(['ingest', '--verbose'], { HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url, NO_PROXY: 'localhost,127.0.0.1' });
    assert.equal(run.code, 0, run.stderr);
    assert.ok(h.service.requests.length >= 4);
    assert.equal(proxy.requests.length + proxy.tunnels.length, 0, 'the proxy saw nothing');
    assert.ok(run.stderr.includes(`doc-ingest: requests to ${origin()} go directly, not through a proxy: NO_PROXY lists 127.0.0.1.`), run.stderr);
  });

  for (const refuse of [407, 403] as const) {
    it(`a proxy that answers CONNECT with ${refuse}: one sentence naming the proxy, exit 4, nothing sent or recorded`, async () => {
      proxy = await startProxy({ refuse });
      const run = await cli(['ingest'], { HTTP_PROXY: proxy.url });
      assert.equal(run.code, 4, run.stderr);
      assert.ok(proxy.refused >= 1);
      assert.equal(h.service.requests.length, 0, 'nothing reached the service');
      const lines = run.stderr.trim().split('\n');
      assert.equal(lines.length, 1, run.stderr);
      const said = refuse === 407
        ? `The proxy ${proxy.url} (from HTTP_PROXY) refused to carry the request to ${origin()}: it asks for credentials (HTTP 407). Put the proxy's user and password in HTTP_PROXY (http://user:password@host:port), or ask its admin.`
        : `The proxy ${proxy.url} (from HTTP_PROXY) refused to carry the request to ${origin()} (HTTP 403). Ask the proxy's admin to allow that server, or list its host in NO_PROXY if it is reached without the proxy.`;
      assert.ok(lines[0]?.endsWith(said), run.stderr);
      assert.equal(existsSync(path.join(folder.root, '.doc-ingest/ledger.json')), false, 'nothing confirmed, no ledger');
    });
  }

  it('in the client: a refusal is a NetworkError of cause proxy that no retry repeats; a 502 says the proxy could not reach the server', async () => {
    for (const refuse of [407, 502] as const) {
      proxy = await startProxy({ refuse });
      const http = createNodeFetch({ env: { HTTP_PROXY: proxy.url } });
      try {
        const client = new ServiceClient({ fetch: http.fetch, baseUrl: h.service.baseUrl, apiKey: h.service.keys.admin, retry: { baseDelayMs: 1, maxDelayMs: 2 } });
        const e = await thrown(() => client.checkKey());
        assert.ok(e instanceof NetworkError, e.message);
        assert.equal(e.networkCause, 'proxy');
        assert.equal(e.transient, false);
        assert.equal(proxy.refused, 1, 'asked once: a refusal is not retried');
        if (refuse === 502) assert.equal(e.message, `The proxy ${proxy.url} (from HTTP_PROXY) could not reach ${origin()} (HTTP 502). Check the server URL; if the server is reached without the proxy, list its host in NO_PROXY.`);
      } finally {
        await http.close();
        await proxy.close();
        proxy = undefined;
      }
    }
  });

  it('a proxy that is not there (closed port): one sentence, exit 4', async () => {
    proxy = await startProxy();
    const closed = proxy.url;
    await proxy.close();
    proxy = undefined;
    const ingest = await cli(['ingest'], { HTTP_PROXY: closed });
    assert.equal(ingest.code, 4, ingest.stderr);
    assert.ok(ingest.stderr.trim().endsWith(`The proxy ${closed} (from HTTP_PROXY) could not be reached (ECONNREFUSED). Check the host and port in HTTP_PROXY, or unset it if there is no proxy.`), ingest.stderr);
    assert.equal(ingest.stderr.trim().split('\n').length, 1, ingest.stderr);
    assert.equal(h.service.requests.length, 0);
  });

  it('HTTPS_PROXY alone is not used for an http:// server (as undici and curl): it goes directly, and --verbose says why', async () => {
    proxy = await startProxy();
    const run = await cli(['check', '--verbose'], { HTTPS_PROXY: proxy.url });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(proxy.requests.length + proxy.tunnels.length, 0);
    assert.ok(run.stderr.includes(`doc-ingest: requests to ${origin()} go directly: no proxy is set for http:// addresses (HTTP_PROXY).`), run.stderr);
  });

  it('a proxy variable that is no URL: exit 2 naming the variable, its value not repeated, nothing sent', async () => {
    const run = await cli(['ingest'], { HTTPS_PROXY: 'builder:secret@proxy.example' });
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /HTTPS_PROXY is not a proxy URL: write it as http:\/\/host:port/);
    assert.ok(!run.stderr.includes('secret') && !run.stderr.includes('builder'));
    assert.equal(h.service.requests.length, 0);
  });

  // Issue 34 item 6: a raw / # ? or second @ in the password made the URL parser (and so undici) end the host inside
  // it; the value was then printed whole, or what was taken for the host was (`--verbose`, "not a proxy URL").
  it('a proxy password with a raw / # or @ is never printed, whatever the parser makes of it: exit 2, the value not repeated', async () => {
    proxy = await startProxy();
    const port = proxy.port;
    const values = [
      `http://builder:pa/ss-w0rd@127.0.0.1:${port}`, // no URL: the "port" is letters
      `http://builder:12/ss-w0rd@127.0.0.1:${port}`, // a URL of the host builder:12, the rest its path
      `http://builder:12#ss-w0rd@127.0.0.1:${port}`, // a URL of the host builder:12, the rest its fragment
      `http://builder:12?ss-w0rd@127.0.0.1:${port}`, // ... its query
      'builder:pa@ss-w0rd@proxy.example', // no scheme, two @
    ];
    for (const value of values) {
      const run = await cli(['check', '--verbose'], { HTTP_PROXY: value });
      assert.equal(run.code, 2, `${value}: ${run.stderr}`);
      assert.ok(run.stderr.includes('HTTP_PROXY is not a proxy URL'), run.stderr);
      for (const part of ['ss-w0rd', 'builder']) assert.ok(!run.stderr.includes(part), `${value}: ${run.stderr}`);
    }
    assert.equal(h.service.requests.length + proxy.requests.length + proxy.tunnels.length, 0, 'nothing sent');
  });

  it('a proxy password with a raw second @ is read as written: the run goes through the proxy and --verbose masks it all', async () => {
    proxy = await startProxy({ credentials: 'builder:pa@ss-w0rd' });
    const run = await cli(['check', '--verbose'], { HTTP_PROXY: `http://builder:pa@ss-w0rd@127.0.0.1:${proxy.port}` });
    assert.equal(run.code, 0, run.stderr);
    assert.ok(proxy.requests.length >= 1);
    assert.ok(run.stderr.includes(`go through the proxy http://***@127.0.0.1:${proxy.port} (from HTTP_PROXY)`), run.stderr);
    assert.ok(!run.stderr.includes('ss-w0rd') && !run.stderr.includes('builder'), run.stderr);
  });
});
