// Search, as the real server offers it per version (issue 36; spec/observed-server.md, "Search"):
//   POST search/send-search-message   v2.10 and later: one entry per matching chunk (a document may come twice)
//   POST query/document-search        v2.5 to v2.9: the same entries; fails when the server has no default LLM
//   POST admin/search                 every version: the best chunk per document, at most 50; curators and admins
//   GET  version                      without a key: {"backend_version": ...}
// A route the configured version lacks answers 404 before authentication, as a missing route does; with the
// vector index switched off every search route answers 501 before authentication (`require_vector_db`).
import { ok, isPlainObject, type Reply } from '../http';
import type { HandlerContext, Route, SearchSettings } from '../router';
import type { ChunkHit } from '../searchIndex';
import type { StoredDocument } from '../types';
import type { Issue } from '../validation';

const SEARCH_PY = '/app/onyx/server/query_and_chat/query_backend.py';

/** `v4.6.1` -> [4, 6, 1]; anything unreadable counts as the newest. */
function versionParts(v: string): number[] {
  const m = /^v?(\d+)\.(\d+)(?:\.(\d+))?/.exec(v.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)] : [Infinity, 0, 0];
}

export function atLeast(version: string, major: number, minor: number): boolean {
  const [a = 0, b = 0] = versionParts(version);
  return a > major || (a === major && b >= minor);
}

/** Before v4.1 the server stored documents sent without `source` as `file`. */
function sourceOf(search: SearchSettings): (d: StoredDocument) => string {
  return (d) => (d.source === 'ingestion_api' && !atLeast(search.version, 4, 1) ? 'file' : d.source);
}

function required(json: unknown, key: string, issues: Issue[]): string | undefined {
  const body = isPlainObject(json) ? json : {};
  const v = body[key];
  if (typeof v === 'string') return v;
  issues.push(v === undefined
    ? { type: 'missing', loc: ['body', key], msg: 'Field required', input: json ?? null }
    : { type: 'string_type', loc: ['body', key], msg: 'Input should be a valid string', input: v });
  return undefined;
}

function sourceTypes(filters: unknown): string[] | undefined {
  if (!isPlainObject(filters) || !Array.isArray(filters.source_type)) return undefined;
  return filters.source_type.filter((s): s is string => typeof s === 'string');
}

function positiveInt(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : fallback;
}

/** The section of the chunk that holds most of the matched words: its link is the citation. */
function bestSection(hit: ChunkHit): { text: string; link: string | null } {
  const score = (text: string) => hit.terms.filter((t) => text.toLowerCase().includes(t)).length;
  let best = hit.chunk.sections[0] ?? { text: '', link: null };
  for (const s of hit.chunk.sections) if (score(s.text) > score(best.text)) best = s;
  return best;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Up to three snippets around matched words, each word marked `<hi>...</hi>` as the real server marks them. */
function highlights(text: string, terms: readonly string[]): string[] {
  if (!terms.length) return [];
  const words = new RegExp(`\\b(${terms.map(escapeRegExp).join('|')})\\b`, 'gi');
  const out: string[] = [];
  for (const m of text.matchAll(words)) {
    if (out.length >= 3) break;
    const from = Math.max(0, m.index - 60);
    const to = Math.min(text.length, m.index + m[0].length + 60);
    out.push(text.slice(from, to).replace(words, '<hi>$1</hi>'));
  }
  return out;
}

function blurb(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  if (one.length <= 200) return one;
  const cut = one.lastIndexOf(' ', 200);
  return `${one.slice(0, cut > 100 ? cut : 200)}...`;
}

/** One result entry, the fields every search route shares (`SearchDoc`). */
function searchDoc(hit: ChunkHit, search: SearchSettings): Record<string, unknown> {
  const d = hit.chunk.document;
  const section = bestSection(hit);
  return {
    document_id: d.id,
    chunk_ind: hit.chunk.index,
    semantic_identifier: d.semanticIdentifier,
    link: section.link,
    blurb: blurb(hit.chunk.sections[0]?.text ?? ''),
    source_type: sourceOf(search)(d),
    boost: 0,
    hidden: false,
    metadata: d.metadata,
    score: Math.round(hit.score * 1e6) / 1e6,
    match_highlights: highlights(section.text, hit.terms),
    updated_at: d.docUpdatedAt,
    primary_owners: null,
    secondary_owners: null,
    is_internet: false,
  };
}

function hits(ctx: HandlerContext, query: string, filters: unknown): ChunkHit[] {
  const search = ctx.settings.search;
  return ctx.store.index.query({ text: query, sourceTypes: sourceTypes(filters), sourceOf: sourceOf(search), searchableAfterMs: search.searchableAfterMs });
}

function sendSearchMessage(ctx: HandlerContext): Reply {
  const issues: Issue[] = [];
  const query = required(ctx.json, 'search_query', issues);
  if (query === undefined) throw ctx.invalid(issues);
  const body = ctx.json as Record<string, unknown>;
  const found = hits(ctx, query, body.filters).slice(0, positiveInt(body.num_hits, 30));
  return ok({
    all_executed_queries: [query],
    search_docs: found.map((h) => searchDoc(h, ctx.settings.search)),
    llm_selected_doc_ids: null,
    error: null,
  });
}

function documentSearch(ctx: HandlerContext): Reply {
  const issues: Issue[] = [];
  const query = required(ctx.json, 'message', issues);
  if (query === undefined) throw ctx.invalid(issues);
  // The route builds its search from the default LLM even when it asks nothing of it.
  if (!ctx.settings.search.llm) throw ctx.dialect.valueError('No default LLM provider found');
  const options = isPlainObject((ctx.json as Record<string, unknown>).retrieval_options)
    ? (ctx.json as { retrieval_options: Record<string, unknown> }).retrieval_options
    : {};
  const offset = typeof options.offset === 'number' && options.offset > 0 ? options.offset : 0;
  const found = hits(ctx, query, options.filters).slice(offset, offset + positiveInt(options.limit, 10));
  return ok({ top_documents: found.map((h) => searchDoc(h, ctx.settings.search)), llm_indices: [] });
}

function adminSearch(ctx: HandlerContext): Reply {
  const issues: Issue[] = [];
  const query = required(ctx.json, 'query', issues);
  if (query === undefined) throw ctx.invalid(issues);
  const seen = new Set<string>();
  const best = hits(ctx, query, (ctx.json as Record<string, unknown>).filters).filter((h) => {
    if (seen.has(h.chunk.documentId)) return false;
    seen.add(h.chunk.documentId);
    return true;
  });
  return ok({ documents: best.slice(0, 50).map((h) => searchDoc(h, ctx.settings.search)) });
}

export const searchRoutes: Route[] = [
  {
    method: 'POST', path: '/search/send-search-message', gate: 'basic', body: 'json', needsVectorIndex: true,
    available: (s) => atLeast(s.version, 2, 10),
    where: { file: SEARCH_PY, line: 240, fn: 'handle_send_search_message' },
    handle: sendSearchMessage,
  },
  {
    method: 'POST', path: '/query/document-search', gate: 'basic', body: 'json', needsVectorIndex: true,
    available: (s) => atLeast(s.version, 2, 5) && !atLeast(s.version, 2, 10),
    where: { file: SEARCH_PY, line: 80, fn: 'get_search_session' },
    handle: documentSearch,
  },
  {
    method: 'POST', path: '/admin/search', gate: 'manageConnectorsScoped', body: 'json', needsVectorIndex: true,
    where: { file: SEARCH_PY, line: 60, fn: 'admin_search' },
    handle: adminSearch,
  },
  {
    method: 'GET', path: '/version', gate: 'none', body: 'none',
    where: { file: '/app/onyx/server/manage/get_state.py', line: 30, fn: 'get_version' },
    handle: (ctx) => ok({ backend_version: ctx.settings.search.version }),
  },
];
