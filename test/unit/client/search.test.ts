// Issue 36, item 1: the client searches on the route the server's version offers, learns it once per server,
// normalises the hits, and says in one sentence why a search failed.
import assert from 'node:assert/strict';
import { NotFoundError, PermissionError, ServerError, TimeoutError, type VariantRoute } from '../../../src/core/api';
import { DIALECTS, thrown, useService } from '../../support/serviceHarness';

for (const dialect of DIALECTS) {
  describe(`client search (issue 36, ${dialect})`, function () {
    this.timeout(30_000);
    const h = useService(dialect);

    before(async () => {
      const admin = h.client('admin');
      await admin.ingestDocument({
        document: {
          id: 'setup', semantic_identifier: 'Setting up', source: 'file', metadata: {},
          sections: [
            { text: 'Setting up on Linux: unpack the archive. '.repeat(40), link: 'https://docs.example.com/setup#linux' },
            { text: 'Setting up on macOS: drag the app. '.repeat(40), link: 'https://docs.example.com/setup#macos' },
          ],
        },
        cc_pair_id: 2,
      });
      await admin.ingestDocument({ document: { id: 'faq', semantic_identifier: 'FAQ', source: 'web', metadata: {}, sections: [{ text: 'Does it run on Linux? Yes.' }] }, cc_pair_id: 2 });
    });
    beforeEach(() => h.service.setSearch({ version: 'v4.6.1', llm: true, vectorIndex: true }));

    it('normalises the hits: document id, section link, chunk, score, title, blurb, highlights without marks', async () => {
      const hits = await h.client('basic').search('linux archive');
      const setup = hits.filter((x) => x.documentId === 'setup');
      assert.ok(setup.length >= 1);
      const first = setup[0]!;
      assert.equal(first.link, 'https://docs.example.com/setup#linux');
      assert.equal(first.title, 'Setting up');
      assert.equal(typeof first.chunk, 'number');
      assert.ok(first.score! > 0);
      assert.match(first.blurb, /^Setting up on Linux/);
      assert.ok(first.highlights.length > 0 && first.highlights.every((t) => !t.includes('<hi>')), JSON.stringify(first.highlights));
      const both = await h.client('basic').search('setting up');
      assert.deepEqual(new Set(both.filter((x) => x.documentId === 'setup').map((x) => x.chunk)), new Set([0, 1]), 'one hit per matching chunk');
      assert.deepEqual((await h.client('basic').search('linux', { filters: { sourceType: ['web'] } })).map((x) => x.documentId), ['faq']);
      assert.equal((await h.client('basic').search('setting up', { limit: 1 })).length, 1);
      assert.equal(JSON.parse(h.service.requests.at(-1)!.body).num_hits, 1);
    });

    it('learns the route once per server: document-search on v2.5 to v2.9, admin/search before, remembered', async () => {
      h.service.setSearch({ version: 'v2.7.0' });
      const known = new Map<VariantRoute, string>();
      const learned: string[] = [];
      const client = h.client('basic', { routes: { get: (r) => known.get(r), set: (r, p) => void known.set(r, p) }, onRouteLearned: (r, p, missing) => learned.push(`${r} ${p} after ${missing.join(',')}`) });
      assert.deepEqual((await client.search('faq linux')).map((x) => x.documentId).slice(0, 1), ['faq']);
      assert.equal(known.get('search'), 'query/document-search');
      assert.deepEqual(learned, ['search query/document-search after search/send-search-message']);
      h.service.clearRequests();
      await client.search('linux');
      assert.deepEqual(h.service.requests.map((r) => r.path), ['/api/query/document-search'], 'the remembered route only');
      h.service.setSearch({ version: 'v2.2.0' });
      const old = h.client('admin');
      await old.search('linux');
      assert.equal(h.seen('admin/search'), 1);
    });

    it('one sentence per failure: no route, no LLM, a key that may not, no vector index, a timeout', async () => {
      h.service.faults.inject({ path: /^\/(search|query|admin)\//, status: 404, body: { detail: 'Not Found' }, times: 3 });
      const none = await thrown(() => h.client('admin').search('linux'));
      assert.ok(none instanceof NotFoundError && none.what === 'route');
      assert.match(none.message, /^This server offers no search route: POST search\/send-search-message, POST query\/document-search, POST admin\/search all answered HTTP 404\./);

      h.service.setSearch({ version: 'v2.8.1', llm: false });
      const noLlm = await thrown(() => h.client('basic').search('linux'));
      assert.ok(noLlm instanceof ServerError, String(noLlm));
      assert.match(noLlm.message, /fails without a default LLM, and none is configured \(the server said: "No default LLM provider found"\)\. Ask the server's admin/);
      assert.ok((await h.client('curator').search('linux')).length > 0, 'a curator key goes on to admin/search');

      h.service.setSearch({ version: 'v2.0.0', llm: true });
      const basic = await thrown(() => h.client('basic').search('linux'));
      assert.ok(basic instanceof PermissionError);
      assert.match(basic.message, /^This key may not search: this server searches only through POST admin\/search, which takes curator or admin keys \(HTTP 403\)\./);

      h.service.setSearch({ version: 'v4.6.1', vectorIndex: false });
      const noIndex = await thrown(() => h.client('basic').search('linux'));
      assert.match(noIndex.message, /^This server runs without a vector index \(HTTP 501\)/);

      h.service.setSearch({ vectorIndex: true });
      h.service.faults.inject({ path: '/search/send-search-message', delayMs: 400, times: 5 });
      const slow = await thrown(() => h.client('basic', { retry: { attempts: 1 } }).search('linux', { timeoutMs: 100 }));
      assert.ok(slow instanceof TimeoutError, String(slow));
      assert.match(slow.message, /^The server did not answer the search within 0.1 s\./);
    });

    it('version(): GET version, undefined where the server has none', async () => {
      h.service.setSearch({ version: 'v3.1.4' });
      assert.equal(await h.client('limited').version(), 'v3.1.4');
      h.service.faults.inject({ path: '/version', status: 404, body: { detail: 'Not Found' } });
      assert.equal(await h.client('admin').version(), undefined);
    });

    it('refuses an empty question before sending', async () => {
      await thrown(() => h.client('basic').search('  '));
      assert.equal(h.service.requests.length, 0);
    });
  });
}
