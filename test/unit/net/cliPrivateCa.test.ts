/**
 * Issue 26, item 2: a server whose certificate a private authority signed (made here with openssl). Without that
 * authority the command line says exactly how to trust it and exits 4; with NODE_EXTRA_CA_CERTS it works, through
 * a proxy too. Nothing in the sources turns certificate checks off.
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { useService } from '../../support/serviceHarness';
import { Folder, makeFolder, writeDocs } from '../../support/batchFolder';
import { assertNoKeyIn, runCli } from '../../support/runCli';
import { startProxy } from '../../net/proxy';
import { HttpsFront, makeTestCa, startHttpsFront, TestCa } from '../../net/tls';

describe('command line and a private certificate authority (issue 26)', () => {
  const h = useService('observed');
  let ca: TestCa;
  let front: HttpsFront;
  let folder: Folder;
  before(async function () {
    this.timeout(20_000);
    ca = await makeTestCa();
  });
  after(() => ca?.remove());
  beforeEach(async () => {
    front = await startHttpsFront(ca, h.service.port);
    folder = await makeFolder();
    await writeDocs(folder, 3);
  });
  afterEach(async () => {
    await front.close();
    await folder.remove();
  });
  const cli = async (args: string[], env: Record<string, string> = {}) => {
    const run = await runCli(args, { cwd: folder.root, env: { DOC_INGEST_BASE_URL: `${front.origin}/api`, DOC_INGEST_API_KEY: h.service.keys.admin, ...env } });
    assertNoKeyIn(run, [h.service.keys.admin]);
    return run;
  };
  // Node 20 has no --use-system-ca (Node 22.15 and 23.8 have): the sentence offers it only where it exists.
  const systemCa = process.allowedNodeEnvironmentFlags.has('--use-system-ca');
  const how = `Trust the authority that signed it: set NODE_EXTRA_CA_CERTS=<path to the CA's PEM> in doc-ingest's environment${systemCa ? ', or NODE_OPTIONS=--use-system-ca if the authority is in the operating system\'s store' : ''}; never turn certificate checks off.`;

  it('without the authority: ingest and check say how to trust it (NODE_EXTRA_CA_CERTS) and exit 4; nothing is sent', async () => {
    const said = `The certificate of ${front.origin} is signed by an authority this machine does not trust (UNABLE_TO_VERIFY_LEAF_SIGNATURE). ${how}`;
    const ingest = await cli(['ingest']);
    assert.equal(ingest.code, 4, ingest.stderr);
    assert.equal(ingest.stderr.trim().split('\n').length, 1, ingest.stderr);
    assert.ok(ingest.stderr.trim().endsWith(said), ingest.stderr);
    const check = await cli(['check']);
    assert.equal(check.code, 4, check.stderr + check.stdout);
    assert.ok((check.stdout + check.stderr).includes(said), check.stdout + check.stderr);
    assert.equal(h.service.requests.length, 0, 'no request got through');
    assert.equal(front.connections, 0, 'no handshake completed');
    assert.doesNotMatch(ingest.stderr + check.stdout + check.stderr, /NODE_TLS_REJECT_UNAUTHORIZED|rejectUnauthorized|insecure/i);
  });

  it('with NODE_EXTRA_CA_CERTS naming the authority: the run succeeds over TLS; --verbose names the file', async () => {
    const run = await cli(['ingest', '--verbose'], { NODE_EXTRA_CA_CERTS: ca.caPem });
    assert.equal(run.code, 0, run.stderr);
    assert.ok(front.connections >= 1);
    assert.equal(h.service.requests.filter((r) => r.method === 'POST' && r.path.includes(h.service.ingestionPath) && r.status === 200).length, 3);
    assert.ok(run.stderr.includes(`doc-ingest: certificates: Node's bundled authorities and those in ${ca.caPem} (NODE_EXTRA_CA_CERTS); every certificate is checked.`), run.stderr);
  });

  it('through HTTPS_PROXY to the https server: a CONNECT tunnel, the certificate checked end to end', async () => {
    const proxy = await startProxy();
    try {
      const run = await cli(['ingest', '--verbose'], { NODE_EXTRA_CA_CERTS: ca.caPem, HTTPS_PROXY: proxy.url });
      assert.equal(run.code, 0, run.stderr);
      assert.ok(proxy.tunnels.length >= 1 && proxy.tunnels.every((t) => t === `127.0.0.1:${front.port}`), proxy.tunnels.join());
      assert.ok(run.stderr.includes(`requests to ${front.origin} go through the proxy ${proxy.url} (from HTTPS_PROXY).`), run.stderr);
      const untrusted = await cli(['ingest', '--force'], { HTTPS_PROXY: proxy.url });
      assert.equal(untrusted.code, 4, untrusted.stderr);
      assert.ok(untrusted.stderr.includes(`The certificate of ${front.origin} is signed by an authority this machine does not trust`), untrusted.stderr);
    } finally {
      await proxy.close();
    }
  });

  it('no source turns certificate verification off', async () => {
    const root = path.resolve(__dirname, '../../../../src');
    const files: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const e of await readdir(dir, { withFileTypes: true })) {
        if (e.isDirectory()) await walk(path.join(dir, e.name));
        else if (e.name.endsWith('.ts')) files.push(path.join(dir, e.name));
      }
    };
    await walk(root);
    assert.ok(files.length > 50);
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      assert.doesNotMatch(text, /rejectUnauthorized\s*:\s*false|NODE_TLS_REJECT_UNAUTHORIZED\s*=|checkServerIdentity\s*:/, file);
    }
  });
});
