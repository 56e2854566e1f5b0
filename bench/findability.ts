/**
 * Section 9: is it findable? (issue 36). 100 questions answered by the core check (`checkFindability`: the client's
 * search, its zod validation, the ranks of page and section) against 100 raw search requests (the same bodies,
 * built before the clock starts, posted by a bare keep-alive undici loop), both at the command line's concurrency,
 * against the local service on its own thread holding PAGES pages. Rounds interleave the two, in alternating order.
 */
import { Agent, fetch as undiciFetch } from 'undici';
import { ServiceClient } from '../src/core/api';
import { searchBody } from '../src/core/api/search';
import { checkFindability, DEFAULT_TOP, hitsToAsk, SEARCH_CONCURRENCY } from '../src/core/findability';
import type { PageQuestions, Question } from '../src/core/findability';
import { createNodeFetch } from '../src/core/http/nodeFetch';
import { buildFile, prepareIngestion } from '../src/core/ingest/pipeline';
import { forEachConcurrently } from '../src/core/pool';
import { pagePath, pageText } from './corpus';
import type { Results } from './results';
import type { ServiceOnThread } from './serviceThread';
import { figure, ratio, timeMs } from './stats';

/** Pages the service holds: what each search ranks. */
const PAGES = 500;
/** Pages asked about, and questions per page: 100 questions. */
const ASKED = 20;
const PER_PAGE = 5;
const CONFIG = { linkTemplate: 'https://docs.example.com/{path}#{anchor}', idPrefix: '', source: 'file' };

export async function findabilitySection(results: Results, service: ServiceOnThread, rounds: number): Promise<void> {
  await service.setIngestLatency(0);
  const http = createNodeFetch(SEARCH_CONCURRENCY);
  const client = new ServiceClient({ fetch: http.fetch, baseUrl: service.baseUrl, apiKey: service.adminKey, ingestionPath: service.ingestionPath });
  const agent = new Agent({ connections: SEARCH_CONCURRENCY, keepAliveTimeout: 10_000 });
  try {
    const ids: string[] = [];
    await forEachConcurrently(Array.from({ length: PAGES }, (_, i) => i), 8, async (i) => {
      const built = buildFile({ relativePath: pagePath(i), input: pageText(i) }, CONFIG);
      ids[i] = built.document.id!;
      await client.ingestDocument(prepareIngestion(built, CONFIG).request);
    });
    const files = new Map(ids.map((id, i) => [id, pagePath(i)]));
    const pages: PageQuestions[] = Array.from({ length: ASKED }, (_, i) => ({
      path: pagePath(i),
      documentId: ids[i]!,
      questions: [
        { text: `Page ${i}`, origin: 'title' },
        ...[0, 1, 2].map((s): Question => ({ text: `Section ${s} of page ${i}`, anchor: `section-${s}-of-page-${i}`, origin: 'heading' })),
        { text: `configure step 0 page ${i} section 0`, origin: 'frontMatter' },
      ],
    }));
    const questions = pages.flatMap((p) => p.questions);
    if (questions.length !== ASKED * PER_PAGE) throw new Error(`${questions.length} questions`);
    const url = `${service.baseUrl}/search/send-search-message`;
    const headers = { authorization: `Bearer ${service.adminKey}`, 'content-type': 'application/json' };
    const bodies = questions.map((q) => JSON.stringify(searchBody('search/send-search-message', q.text, { limit: hitsToAsk(DEFAULT_TOP) })));

    const check = async () => {
      const answered = await checkFindability(pages, { search: (q, o) => client.search(q, o), fileOf: (id) => files.get(id), top: DEFAULT_TOP, concurrency: SEARCH_CONCURRENCY });
      found = answered.flatMap((r) => r.answers).filter((a) => a.found).length;
    };
    const raw = () => forEachConcurrently(bodies, SEARCH_CONCURRENCY, async (body) => {
      const res = await undiciFetch(url, { method: 'POST', dispatcher: agent, headers, body });
      await res.text();
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
    });
    let found = 0;
    const checkMs: number[] = [];
    const rawMs: number[] = [];
    for (let r = 0; r <= rounds; r++) {
      // Alternating order, so that neither always runs on a warmer service; round 0 warms both up.
      const [a, b] = r % 2 ? [await timeMs(raw), await timeMs(check)] : [await timeMs(check), await timeMs(raw)];
      const [c, w] = r % 2 ? [b, a] : [a, b];
      if (r === 0) continue;
      checkMs.push(c);
      rawMs.push(w);
    }
    results.note('findability', 'setup', {
      service: `the local service on its own thread, holding ${PAGES} generated pages (bench/corpus.ts), ranking with MiniSearch (BM25+) over chunks as the real server cuts them`,
      questions: `${ASKED * PER_PAGE}: ${PER_PAGE} per page of ${ASKED} pages (the title, three headings expecting their sections, a phrase of a code block); ${found} find their page in the top ${DEFAULT_TOP}`,
      concurrency: `${SEARCH_CONCURRENCY} searches in flight for both (SEARCH_CONCURRENCY, as doc-ingest findable and the editor), ${hitsToAsk(DEFAULT_TOP)} hits asked each`,
      raw: 'the same request bodies, built before the clock starts, posted by a bare keep-alive undici loop; the answers read as text',
      ratio: 'ratioVsRaw = check time / raw time per round, median over rounds (1 = as fast as raw requests)',
    });
    results.add('findability', 'q100.checkMs', { name: '100 questions answered (checkFindability)', figure: figure(checkMs, 'ms') });
    results.add('findability', 'q100.rawMs', { name: '100 raw search requests', figure: figure(rawMs, 'ms') });
    results.add('findability', 'q100.ratioVsRaw', { name: 'check time / raw time', figure: ratio(checkMs, rawMs), goal: '<= 1.2' });
  } finally {
    await agent.close();
    await http.close();
  }
}
