// Issue 36: a page just sent is checked with a short bounded wait, as the real server indexes it about a second
// after its POST returned (the local service's search.searchableAfterMs).
import assert from 'node:assert/strict';
import { checkWhenSearchable } from '../../../src/core/findability';
import type { PageQuestions } from '../../../src/core/findability';
import { useService } from '../../support/serviceHarness';

describe('findability: pages just sent (issue 36)', function () {
  this.timeout(30_000);
  const h = useService('observed');
  let n = 0;

  const page = (id: string, questions: string[]): PageQuestions =>
    ({ path: `${id}.md`, documentId: id, questions: questions.map((text) => ({ text, origin: 'frontMatter' as const })) });
  const send = (id: string, text: string) => h.client('admin').ingestDocument({ document: { id, semantic_identifier: id, source: 'file', metadata: {}, sections: [{ text }] }, cc_pair_id: 2 });
  const options = () => ({ search: h.client('basic').search.bind(h.client('basic')), fileOf: () => undefined, top: 5 });

  afterEach(() => h.service.setSearch({ searchableAfterMs: 0 }));

  it('asks again, after a pause, a page that nothing found while the server indexed it', async () => {
    const id = `fresh-${++n}`;
    h.service.setSearch({ searchableAfterMs: 150 });
    await send(id, 'Zebras graze on the quiet savanna.');
    const retried: number[] = [];
    const [r] = await checkWhenSearchable([page(id, ['zebras graze savanna'])], options(), { pausesMs: [100, 100, 100], onRetry: (_p, attempt) => retried.push(attempt) });
    assert.equal(r!.answers[0]!.pageRank, 1);
    assert.ok(retried.length >= 1, 'asked again at least once');
    assert.ok(h.seen('search/send-search-message') >= 2);
  });

  it('is bounded: a page that never comes back is asked once per pause more, then reported not found', async () => {
    const id = `never-${++n}`;
    const [r] = await checkWhenSearchable([page(id, ['okapi giraffe relative'])], options(), { pausesMs: [10, 10] });
    assert.equal(r!.answers[0]!.found, false);
    assert.equal(h.seen('search/send-search-message'), 3, 'one try and one per pause');
  });

  it('a page one question finds is indexed: it is not asked again, though another question misses', async () => {
    const id = `seen-${++n}`;
    await send(id, 'Penguins waddle across the ice.');
    const [r] = await checkWhenSearchable([page(id, ['penguins waddle ice', 'unrelated quasar nebula'])], options(), { pausesMs: [10, 10] });
    assert.deepEqual(r!.answers.map((a) => a.found), [true, false]);
    assert.equal(h.seen('search/send-search-message'), 2, 'each question once');
  });

  it('a cancelled wait asks no more: it ends with what it has', async () => {
    const controller = new AbortController();
    controller.abort();
    const [r] = await checkWhenSearchable([page(`gone-${++n}`, ['nothing here'])], options(), { pausesMs: [20_000], signal: controller.signal });
    assert.equal(r!.answers[0]!.found, false);
    assert.equal(h.seen('search/send-search-message'), 1);
  });
});
