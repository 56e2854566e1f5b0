// Issue 34, item 8: credentials in the server URL (`http://bob:hunter2@host/api`) were printed, written to the JSON
// report and misdiagnosed as an unreachable server. They are refused at once with exit 2, shown nowhere, nothing sent.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { useService } from '../../support/serviceHarness';
import { useFolder, writeDocs } from '../../support/batchFolder';
import { BOUND_MS, runCliBounded } from '../../support/runCli';

describe('doc-ingest command line: a server URL with credentials is refused and never shown (issue 34)', function () {
  this.timeout(BOUND_MS + 10_000);
  const h = useService('observed');
  const folder = useFolder(h);
  beforeEach(() => writeDocs(folder, 2));

  const URLS = ['http://bob:hunter2@HOST/api', 'http://bob@HOST/api', 'http://bob:hunt/er2@HOST/api', 'http://bob:12/hunter2@HOST/api'];
  for (const template of URLS) {
    for (const [command, ...args] of [['check'], ['ingest'], ['ingest', '--dry-run', '--json']]) {
      it(`${[command, ...args].join(' ')} with the server ${template}: exit 2, the key's place said, no credential shown or written, nothing sent`, async () => {
        const url = template.replace('HOST', new URL(h.service.baseUrl).host);
        const run = await runCliBounded([command!, ...args], { cwd: folder.root, env: { DOC_INGEST_BASE_URL: url, DOC_INGEST_API_KEY: h.service.keys.admin } });
        assert.equal(run.code, 2, `code ${run.code}: ${run.stderr}`);
        assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
        assert.match(run.stderr, /^doc-ingest: DOC_INGEST_BASE_URL has a user name or password in it: remove it \(the key goes in DOC_INGEST_API_KEY\)/);
        for (const part of ['bob', 'hunt', 'er2']) assert.ok(!run.stderr.includes(part) && !run.stdout.includes(part), run.stderr + run.stdout);
        assert.equal(run.stdout, '', 'no report');
        assert.equal(existsSync(path.join(folder.root, '.doc-ingest')), false, 'no ledger');
        assert.equal(h.service.requests.length, 0, 'nothing sent');
      });
    }
  }

  it('--server with credentials is refused the same way, naming the flag', async () => {
    const url = `http://bob:hunter2@${new URL(h.service.baseUrl).host}/api`;
    const run = await runCliBounded(['check', '--server', url], { cwd: folder.root, env: { DOC_INGEST_API_KEY: h.service.keys.admin } });
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /^doc-ingest: --server has a user name or password in it/);
    assert.ok(!run.stderr.includes('hunter2') && !run.stderr.includes('bob'), run.stderr);
  });
});
