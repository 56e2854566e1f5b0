import assert from 'node:assert/strict';
import { apiAddressCandidates, findServerApi, probeServer } from '../../../src/core/api';
import { DIALECTS, useService } from '../../support/serviceHarness';
import { closedPort } from '../../support/closedPort';

for (const dialect of DIALECTS) {
  describe(`server probe (${dialect} dialect)`, () => {
    const h = useService(dialect, { autoProcess: false });
    const origin = () => h.service.baseUrl.replace(/\/api$/, '');

    it('the API address is the API, asked without credentials', async () => {
      assert.deepEqual(await probeServer(h.http.fetch, h.service.baseUrl), { kind: 'api' });
      assert.equal(h.service.requests.length, 1);
      assert.equal(h.service.requests[0]?.headers.authorization, undefined, 'no key is sent to an unproven address');
    });

    it('the address without /api is the web app, and the lookup offers the API address', async () => {
      const found = await findServerApi(h.http.fetch, origin());
      assert.equal(found.verdict.kind, 'notApi');
      assert.equal(found.verdict.kind === 'notApi' && found.verdict.error.kind, 'wrong-server');
      assert.equal(found.suggestion, h.service.baseUrl);
    });

    it('a pasted route is cut back to the API address', async () => {
      const found = await findServerApi(h.http.fetch, `${h.service.baseUrl}/${h.service.ingestionPath}`);
      assert.equal(found.verdict.kind, 'notApi');
      assert.equal(found.suggestion, h.service.baseUrl);
    });

    it('a sign-in page in front of the API is not the API, and nothing near it is', async () => {
      h.service.faults.inject({ html: true, status: 200, times: Infinity });
      const found = await findServerApi(h.http.fetch, h.service.baseUrl);
      h.service.faults.clear();
      assert.equal(found.verdict.kind, 'notApi');
      assert.equal(found.suggestion, undefined);
    });

    it('a proxy failing with 502 is unreachable, not a verdict on the address', async () => {
      h.service.faults.inject({ status: 502, body: 'Bad Gateway' });
      const verdict = await probeServer(h.http.fetch, h.service.baseUrl);
      assert.equal(verdict.kind, 'unreachable');
    });
  });
}

describe('server probe without a server', () => {
  it('a port nobody listens on is unreachable, and no other address is tried', async () => {
    const port = await closedPort();
    const found = await findServerApi(fetch, `http://127.0.0.1:${port}`);
    assert.equal(found.verdict.kind, 'unreachable');
    assert.equal(found.verdict.kind === 'unreachable' && found.verdict.error.kind, 'network');
    assert.equal(found.suggestion, undefined);
  });

  it('proposes /api, or the address in front of a pasted route', () => {
    assert.deepEqual(apiAddressCandidates('https://search.example.com'), ['https://search.example.com/api']);
    assert.deepEqual(apiAddressCandidates('https://example.com/search/'), ['https://example.com/search/api']);
    assert.deepEqual(apiAddressCandidates('https://search.example.com/api/onyx-api/ingestion'), ['https://search.example.com/api']);
    assert.deepEqual(apiAddressCandidates('https://search.example.com/onyx-api/ingestion'), ['https://search.example.com/api']);
    assert.deepEqual(apiAddressCandidates('https://search.example.com/api'), []);
    assert.deepEqual(apiAddressCandidates('http://127.0.0.1:8787/api/user/file/upload'), ['http://127.0.0.1:8787/api']);
  });
});
