/**
 * Sections 5 and 6: status polling (requests and ms to refresh 1, 100 and 2,000 tracked user files through the
 * core poller and client) and connector files (10,000 files: the response, then the first page's rows, as the
 * view makes them minus the vscode objects).
 */
import { ServiceClient } from '../src/core/api';
import { createNodeFetch } from '../src/core/http/nodeFetch';
import { StatusPoller } from '../src/core/polling';
import { DateTexts, fileRowFacts, firstPage, matchingFiles } from '../src/extension/views/fileRows';
import type { Results } from './results';
import type { ServiceOnThread } from './serviceThread';
import { figure, timeMs } from './stats';

const TRACKED = [1, 100, 2000] as const;
const CONNECTOR_FILES = 10_000;
/** The default of docIngest.connectorFiles.pageSize. */
const PAGE_SIZE = 200;

export async function pollingSections(results: Results, service: ServiceOnThread, rounds: number): Promise<void> {
  const http = createNodeFetch(4);
  let requests = 0;
  const client = new ServiceClient({
    fetch: http.fetch, baseUrl: service.baseUrl, apiKey: service.adminKey, ingestionPath: service.ingestionPath,
    onRequest: () => void requests++,
  });
  try {
    const ids = await service.addUserFiles(Math.max(...TRACKED));
    const connectorId = await service.addConnectorFiles(CONNECTOR_FILES);
    const pollers = TRACKED.map((n) => {
      const poller = new StatusPoller({
        fetchStatuses: (batch, signal) => client.getUserFileStatuses(batch, { signal }),
        // Refreshed by hand: no timer fires during the measurement.
        timer: { setTimeout: () => 0, clearTimeout: () => undefined },
        now: Date.now,
      });
      for (const id of ids.slice(0, n)) poller.track(id);
      return { n, poller };
    });
    const poll = new Map<number, { ms: number[]; requests: number[] }>(TRACKED.map((n) => [n, { ms: [], requests: [] }]));
    const list: number[] = [];
    const page: number[] = [];
    const all: number[] = [];
    const dates = new DateTexts('en');
    for (let r = 0; r <= rounds; r++) {
      for (const { n, poller } of pollers) {
        const before = requests;
        const ms = await timeMs(() => poller.refresh());
        if (r === 0) continue; // warm-up
        poll.get(n)!.ms.push(ms);
        poll.get(n)!.requests.push(requests - before);
      }
      let files: Awaited<ReturnType<ServiceClient['listConnectorFiles']>> = [];
      const listMs = await timeMs(async () => void (files = await client.listConnectorFiles(connectorId)));
      const now = Date.now();
      const pageMs = await timeMs(() => firstPage(matchingFiles(files, ''), PAGE_SIZE).page.map((f) => fileRowFacts(connectorId, f, dates, now)));
      const allMs = await timeMs(() => files.map((f) => fileRowFacts(connectorId, f, dates, now)));
      if (files.length < CONNECTOR_FILES) throw new Error(`the connector lists ${files.length} files`);
      if (r === 0) continue;
      list.push(listMs);
      page.push(pageMs);
      all.push(allMs);
    }
    for (const n of TRACKED) {
      const p = poll.get(n)!;
      results.add('statusPolling', `tracked${n}.ms`, { name: `refresh ${n} tracked ids: time`, figure: figure(p.ms, 'ms') });
      results.add('statusPolling', `tracked${n}.requests`, { name: `refresh ${n} tracked ids: requests`, figure: figure(p.requests, 'requests'), goal: '= 1' });
    }
    results.add('connectorFiles', 'responseMs', { name: `list ${CONNECTOR_FILES} files: request, JSON and validation`, figure: figure(list, 'ms') });
    results.add('connectorFiles', 'firstPageRowsMs', { name: `response to the first page's rows (${PAGE_SIZE})`, figure: figure(page, 'ms') });
    results.add('connectorFiles', 'allRowsMs', { name: `rows for all ${CONNECTOR_FILES} files (if the view showed them)`, figure: figure(all, 'ms') });
    results.note('connectorFiles', 'how', 'rows are fileRows.ts facts (label, id, size, relative and exact dates, resource) as the view uses them; the vscode TreeItem and l10n wrapping is not timed (plain Node)');
  } finally {
    await http.close();
  }
}
