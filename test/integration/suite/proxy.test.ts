// Issue 26, item 2 in the editor: VS Code's own fetch (which the extension uses) goes through the proxy of the
// `http.proxy` setting to an HTTPS service whose certificate a private authority signed. runTest.ts made that
// authority before VS Code started and put it into the trust store VS Code reads (SSL_CERT_FILE on Linux), as a
// user adds a company CA to the system store. The proxy (test/net/proxy.ts) counts the tunnels it carries.
// The service is reached as 127.0.0.2 (loopback too): VS Code's proxy resolver (@vscode/proxy-agent) sends
// localhost, 127.0.0.1 and ::1 directly whatever http.proxy says.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startProxy, TestProxy } from '../../net/proxy';
import { HttpsFront, makeTestCa, startHttpsFront, testCaIn } from '../../net/tls';
import { setKey, setSettings, useWorld } from './helpers';

/** Loopback, but not what VS Code's proxy resolver always sends directly. */
const LOOPBACK = '127.0.0.2';

/** VS Code's settings this suite changes, each put back to its user value afterwards. */
const HTTP_SETTINGS = ['proxy', 'proxySupport', 'noProxy'] as const;

describe('editor behind a proxy, private CA (issue 26)', () => {
  const w = useWorld({ dialect: 'observed' });
  let proxy: TestProxy;
  let front: HttpsFront;
  let saved: [string, unknown][];
  beforeEach(async function () {
    const dir = process.env.DOC_INGEST_TEST_CA_DIR;
    assert.ok(dir, 'runTest.ts makes the test authority (openssl) and passes DOC_INGEST_TEST_CA_DIR');
    front = await startHttpsFront(testCaIn(dir), w.service.port, LOOPBACK);
    proxy = await startProxy();
    const http = vscode.workspace.getConfiguration('http');
    saved = HTTP_SETTINGS.map((k) => [k, http.inspect(k)?.globalValue]);
    await http.update('proxy', proxy.url, vscode.ConfigurationTarget.Global);
    await http.update('proxySupport', 'override', vscode.ConfigurationTarget.Global);
    await http.update('noProxy', [], vscode.ConfigurationTarget.Global);
  });
  afterEach(async () => {
    const http = vscode.workspace.getConfiguration('http');
    for (const [k, v] of saved ?? []) await http.update(k, v, vscode.ConfigurationTarget.Global);
    await proxy?.close();
    await front?.close();
  });

  it('http.proxy carries every connection to the HTTPS service (probe, key check, listing), the certificate checked', async () => {
    await setSettings({ baseUrl: `${front.origin}/api`, ingestionPath: w.service.ingestionPath });
    assert.equal(await w.api.connection.refresh(), 'needsKey');
    assert.equal((await w.api.connection.lookUpApi(`${front.origin}/api`)).verdict.kind, 'api', 'the probe reached the API over TLS');
    await setKey(w, 'admin');
    const client = await w.api.connection.client();
    const files = await client.listConnectorFiles(2);
    assert.ok(files.length > 0);
    assert.ok(w.service.requests.length >= 3, 'probe, key check, listing');
    assert.ok(proxy.tunnels.length >= 1, 'the proxy carried the requests');
    assert.ok(proxy.tunnels.every((t) => t === `${LOOPBACK}:${front.port}`), proxy.tunnels.join());
    assert.equal(front.connections, proxy.tunnels.length, 'every TLS connection the service got came through a tunnel of the proxy');
    assert.ok(w.service.requests.every((r) => r.headers.authorization === undefined || r.headers.authorization === `Bearer ${w.service.keys.admin}`));
  });

  it('a certificate from an authority nobody trusts: the sentence says to add it to the system store, and never to turn checks off', async () => {
    const other = await makeTestCa();
    const untrusted = await startHttpsFront(other, w.service.port, LOOPBACK);
    try {
      const found = await w.api.connection.lookUpApi(`${untrusted.origin}/api`);
      const verdict = found.verdict;
      assert.equal(verdict.kind, 'unreachable', JSON.stringify(verdict));
      const message = verdict.kind === 'unreachable' ? verdict.error.message : '';
      assert.match(message, new RegExp(`^The certificate of ${untrusted.origin.replace(/\./g, '\\.')} is signed by an authority this machine does not trust \\(`));
      assert.match(message, /Add the certificate authority that signed it \(your company's\) to the operating system's trust store, which VS Code uses, then try again; never turn certificate checks off\.$/);
      assert.ok(proxy.tunnels.includes(`${LOOPBACK}:${untrusted.port}`), 'through the proxy too');
      assert.equal(w.service.requests.length, 0, 'nothing reached the service');
    } finally {
      await untrusted.close();
      await other.remove();
    }
  });
});
