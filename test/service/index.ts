/**
 * The local service: an in-memory HTTP implementation of the service interface, for tests and for trying the
 * extension without a real deployment. Two dialects: `spec` (the interface as specified) and `observed`
 * (the real Onyx server): docs/architecture.md#dialects.
 *
 *   const service = await startService({ dialect: 'observed' });   // 127.0.0.1, free port
 *   await fetch(`${service.baseUrl}/${service.ingestionPath}`, {
 *     method: 'POST', headers: { authorization: `Bearer ${service.keys.admin}`, 'content-type': 'application/json' },
 *     body: JSON.stringify({ document: {...}, cc_pair_id: 2 }) });
 *   service.document('my-doc');                                     // what was stored
 *   await service.close();
 *
 * startService(options?: ServiceOptions): Promise<LocalService>
 *   options: dialect ('observed' default) | seed ('test' default, 'demo') | port (0) | processingMs (1000) |
 *            autoProcess (true) | indexingPhase (false, observed only) | uploadTokenLimit (200_000) | onResponse |
 *            random (Math.random; draws for fault probabilities) | ingestLatencyMs (0) |
 *            maxUploadBytes (100 MB: a bigger file is rejected with 200, rejected_files reason
 *            "Exceeds N MB file size limit", N = bytes / 2^20, in both dialects) |
 *            search ({version: 'v4.6.1', llm: true, vectorIndex: true}: see "Search" below)
 * seededRandom(seed) -> () => number     a repeatable generator (mulberry32) for options.random
 *
 * LocalService
 *   baseUrl                `http://127.0.0.1:PORT/api`; every route lives under /api; outside it, a web app's
 *                          HTML pages (200 for `/`, else 404), as a real deployment serves
 *   port, dialect
 *   ingestionPath          `service-api/ingestion` (spec) | `onyx-api/ingestion` (observed), relative to baseUrl
 *   uploadPath             `user/file/upload` (spec) | `user/projects/file/upload` (observed)
 *   keys.<principal>       API keys (`on_...`), users.<principal> {id, email}; principals:
 *                            admin         admin
 *                            curator       global manage:connectors
 *                            groupManager  manager of group 1: may ingest into pair 2, never into pair 1 (public)
 *                            basic         user A (alice@example.com), basic2 user B (bob@example.com)
 *                            limited       service account without permissions
 *   requests               every request: {method, path (with query), headers, body, json?, status, fault, time}
 *   clearRequests()
 *   faults.inject(rule) -> {hits, remaining, remove()}; faults.clear()      (rule format: FaultRule in types.ts)
 *     { method?, path?: '/onyx-api/ingestion' | /regexp/, times? (1; Infinity), probability? (0..1, 1),
 *       status?, body?, headers? | delayMs? | drop? | html? }        applies before routing and authentication
 *     The first rule in injection order that matches, has uses left and fires wins. A rule with a probability
 *     draws once per matching request (options.random); a miss costs no use and counts no hit, and the request
 *     goes on to the next matching rule or is handled normally.
 *     drop: the socket is destroyed (after delayMs, if any) before routing, so nothing is applied.
 *     delayMs alone: after the delay the request is handled and applied even if the client has gone away
 *     (as a real server keeps working); only the response is lost. close() during a delay: nothing is applied.
 *   ingestionStats         live counters of POSTs to ingestionPath (faulted ones included):
 *                          inFlight (received, not yet answered nor closed by the client), peak, received,
 *                          resetPeak() (peak := inFlight)
 *   setIngestLatency(ms)   ingestLatencyMs from now on: an ingestion request that passes authentication and
 *                          validation waits that long (a timer; other requests go on) before the document is
 *                          checked, stored and answered, as the real server embeds inside the request. As with
 *                          delayMs, a client that goes away does not stop the write; close() does.
 *   setSearch({version?, llm?, vectorIndex?})   the search settings from now on (see "Search" below)
 *   documents(), document(id)            ingested documents by stored id (received document, ccPairId(s),
 *                                        owner, upserts, writes, normalised fields)
 *   credentials(), credential(id); userFiles(), userFile(id); connectors(), connectorFiles(connectorId); pairs()
 *                                        (all return copies)
 *   addConnectorFiles(connectorId, count | [{fileId?, fileName?, size?: n|null, uploadedAt?: date|null}])
 *   addUserFile(owner: principal | userId, {name?, status?, contentType?, size?, createdAt?})
 *   addCredential(owner: principal | userId | null, {name?, source?, credentialJson?, adminPublic?, ...})
 *   addConnectorDocument({id, title, ccPairId, link?})   a document a connector indexed: its pair lists it, the
 *                                        ingestion listing does not, and its DELETE answers 400
 *   setUserFileStatus(id, status), completeUserFile(id), failUserFile(id)   (cancel the file's timer), deleteUserFile(id)
 *   close()                              stops listening, drops kept-alive sockets, clears timers
 *
 * Seed `test`:
 *   pair 1  DefaultCCPair, connector 0 "Ingestion API" (ingestion_api), credential 0, public, hidden from listings
 *   pair 2  "Product docs", file connector 2, credential 3, private, group 1   (3 files, one with null size/date)
 *   pair 3  "Handbook", file connector 3, credential 3, public                 (2 files)
 *   pair 4  "Company website", web connector 4, credential 4, private, group 2 (files route: 400)
 *   connector 5 "Orphaned uploads": a file connector without a pair (files route: 404)
 *   credential 1: user A's, source file, secrets of every masking kind; credential 2: user B's, source web
 * Seed `demo`: the same plus 300 more files in connector 2 and three user files of the admin.
 *
 * Search (issue 36), in both dialects, relative to baseUrl like the ingestion route (routes/search.ts):
 *   POST search/send-search-message  {search_query, filters?: {source_type?}, num_hits? (30)} -> {search_docs, ...}:
 *                                    one entry per matching chunk; version v2.10 and later; any key
 *   POST query/document-search       {message, retrieval_options?: {filters?, offset?, limit? (10)}} -> {top_documents,
 *                                    llm_indices}; v2.5 to v2.9 only; without an LLM (search.llm false) 400, the
 *                                    dialect's ValueError body "No default LLM provider found"; any key
 *   POST admin/search                {query, filters?} -> {documents}: the best chunk per document, at most 50;
 *                                    every version; admins and curators (group managers too), else 403
 *   GET  version                     {backend_version: search.version}, no key read
 *   A route the version lacks answers 404 {"detail":"Not Found"} before authentication; with vectorIndex false the
 *   three search routes answer 501 before authentication. Entries: document_id, chunk_ind, semantic_identifier,
 *   link (the link of the chunk's section that holds most matched words), blurb, source_type (`ingestion_api` reads
 *   `file` before v4.1), score, match_highlights (`<hi>word</hi>`), updated_at, metadata.
 *   Ranking: MiniSearch (BM25+) over chunks cut as the real server cuts them: the title in each, sections packed up
 *   to about 512 tokens (2048 characters). A document is searchable as soon as its POST returned (or search.searchableAfterMs
 *   later, as the real server indexes about a second after answering); deleted, gone.
 *
 * User files: upload creates PROCESSING (observed: SKIPPED for a `.csv` over the token limit). With autoProcess
 * the file becomes COMPLETED after processingMs, or FAILED when its name contains "fail"; with indexingPhase
 * (observed) PROCESSING -> INDEXING -> COMPLETED, one processingMs each.
 */
import { dialectFor } from './dialects';
import { Faults } from './faults';
import { UserFileProcessor } from './processing';
import { routesFor } from './routes';
import { MAX_UPLOAD_BYTES } from './routes/upload';
import type { Settings } from './router';
import { seed } from './seed';
import { ServiceServer } from './server';
import { Store } from './store';
import type { LocalService, PrincipalName, RequestRecord, ServiceOptions, UserRef } from './types';

export type * from './types';
export { seededRandom } from './random';

/** The newest server the issue read: every search route of its version, an LLM, a vector index. */
const DEFAULT_SEARCH = { version: 'v4.6.1', llm: true, vectorIndex: true } as const;

const PRINCIPALS: PrincipalName[] = ['admin', 'curator', 'groupManager', 'basic', 'basic2', 'limited'];

export async function startService(options: ServiceOptions = {}): Promise<LocalService> {
  const dialect = dialectFor(options.dialect ?? 'observed');
  const store = new Store();
  seed(store, options.seed ?? 'test');
  const processor = new UserFileProcessor(store, {
    autoProcess: options.autoProcess ?? true,
    processingMs: options.processingMs ?? 1000,
    indexingPhase: dialect.name === 'observed' && (options.indexingPhase ?? false),
  });
  for (const f of store.userFiles.values()) processor.started(f);
  const requests: RequestRecord[] = [];
  const faults = new Faults(options.random);
  const settings: Settings = {
    uploadTokenLimit: options.uploadTokenLimit ?? 200_000,
    maxUploadBytes: options.maxUploadBytes ?? MAX_UPLOAD_BYTES,
    ingestLatencyMs: options.ingestLatencyMs ?? 0,
    search: { ...DEFAULT_SEARCH, ...options.search },
  };
  const server = new ServiceServer({
    store, dialect, routes: routesFor(dialect), faults, processor, requests, onResponse: options.onResponse, settings,
  });
  let port: number;
  try {
    port = await server.listen(options.port ?? 0);
  } catch (e) {
    processor.close();
    throw e;
  }

  const byName = <T>(f: (name: PrincipalName) => T): Record<PrincipalName, T> =>
    Object.fromEntries(PRINCIPALS.map((n) => [n, f(n)])) as Record<PrincipalName, T>;
  const copy = structuredClone;

  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    port,
    dialect: dialect.name,
    ingestionPath: dialect.ingestionPath,
    uploadPath: dialect.uploadPath,
    keys: byName((n) => store.principal(n).key),
    users: byName((n): UserRef => ({ ...store.principal(n).user })),
    requests,
    clearRequests: () => { requests.length = 0; },
    faults,
    ingestionStats: server.ingestion,
    setIngestLatency: (ms) => { settings.ingestLatencyMs = ms; },
    setSearch: (change) => { settings.search = { ...settings.search, ...change }; },

    documents: () => copy([...store.documents.values()]),
    document: (id) => copy(store.documents.get(id)),
    credentials: () => copy([...store.credentials.values()]),
    credential: (id) => copy(store.credentials.get(id)),
    userFiles: () => copy([...store.userFiles.values()]),
    userFile: (id) => copy(store.userFiles.get(id)),
    connectors: () => copy([...store.connectors.values()]),
    connectorFiles: (id) => copy(store.connectors.get(id)?.files ?? []),
    pairs: () => copy([...store.pairs.values()]),

    addConnectorFiles: (id, files) => copy(store.addConnectorFiles(id, files)),
    addUserFile(owner, init) {
      const f = store.addUserFile(owner, init);
      processor.started(f);
      return copy(f);
    },
    addCredential: (owner, init) => copy(store.addCredential(owner, init)),
    addConnectorDocument: (init) => copy(store.addConnectorDocument(init)),
    setUserFileStatus: (id, status) => processor.set(id, status),
    completeUserFile: (id) => processor.set(id, 'COMPLETED'),
    failUserFile: (id) => processor.set(id, 'FAILED'),
    deleteUserFile(id) {
      processor.set(id, 'DELETING'); // stops its timer
      store.userFiles.delete(id);
    },

    async close() {
      processor.close();
      await server.close();
    },
  };
}
