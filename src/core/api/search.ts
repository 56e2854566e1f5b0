/**
 * Search as the real (Onyx) server offers it, per version (spec/observed-server.md, "Search"): the request body of
 * each route, its answer normalised to one hit shape, and one sentence per way a search fails. The client
 * (`ServiceClient.search`) picks the route; this module knows the shapes.
 */
import { NotFoundError, PermissionError, ServerError, ServiceError, TimeoutError } from './errors';
import { SEARCH_PATHS, type SearchPath } from './searchPaths';
import type { SearchDoc } from './searchSchemas';
import * as l10n from '@vscode/l10n';

// Part of what this module offers the client; they live in searchPaths.ts so that searchSchemas.ts can name them.
export { SEARCH_PATHS, type SearchPath };

export interface SearchFilters {
  /** Only documents of these sources (`ingestion_api`, or `file` on servers before v4.1). */
  sourceType?: readonly string[];
  documentSet?: readonly string[];
}

export interface SearchOptions {
  /** How many hits to ask for (a document can come back once per matching section). Default 30. */
  limit?: number;
  filters?: SearchFilters;
}

/** One matching section of a document, whatever route found it. */
export interface SearchHit {
  documentId: string;
  /** The section's link: the citation a reader of the chat would follow. */
  link: string | undefined;
  /** Which chunk of the document matched (0 when the server does not say). */
  chunk: number;
  /** The server's score; undefined when it gives none. Only an order within one answer, not across answers. */
  score: number | undefined;
  title: string;
  blurb: string;
  /** The matched passages, without the server's `<hi>` marks. */
  highlights: string[];
  sourceType: string | undefined;
}

export const DEFAULT_SEARCH_LIMIT = 30;

function wireFilters(f: SearchFilters | undefined): Record<string, unknown> {
  return {
    ...(f?.sourceType?.length ? { source_type: [...f.sourceType] } : {}),
    ...(f?.documentSet?.length ? { document_set: [...f.documentSet] } : {}),
  };
}

/**
 * The body for one route. Query expansion and LLM selection are asked off: both need an LLM and would rank by
 * another question than the writer's.
 */
export function searchBody(path: SearchPath, query: string, options: SearchOptions): Record<string, unknown> {
  const limit = options.limit ?? DEFAULT_SEARCH_LIMIT;
  const filters = wireFilters(options.filters);
  switch (path) {
    case 'search/send-search-message':
      return { search_query: query, filters, num_hits: limit, include_content: false, stream: false, run_query_expansion: false };
    case 'query/document-search':
      return { message: query, retrieval_options: { filters, enable_auto_detect_filters: false, offset: 0, limit }, evaluation_type: 'skip' };
    case 'admin/search':
      return { query, filters };
  }
}

const HI = /<\/?hi>/g;

export function toHit(d: SearchDoc): SearchHit {
  return {
    documentId: d.document_id,
    link: d.link ?? undefined,
    chunk: d.chunk_ind ?? 0,
    score: d.score ?? undefined,
    title: d.semantic_identifier ?? d.document_id,
    blurb: d.blurb ?? '',
    highlights: (d.match_highlights ?? []).map((h) => h.replace(HI, '').trim()).filter(Boolean),
    sourceType: d.source_type ?? undefined,
  };
}

/** Older servers build document-search from the default LLM even when nothing asks it: without one the route fails. */
export function saysNoLlm(e: unknown, path: string): e is ServiceError {
  return path === 'query/document-search' && e instanceof ServiceError && e.status !== undefined && e.status >= 400 &&
    e.status !== 401 && e.status !== 403 && e.status !== 404 && /\bLLM\b/i.test(e.serverText ?? '');
}

/**
 * One sentence per way a search fails: no route on the server, no LLM on an older server (and no key for the
 * admin route), a key that may not search, no vector index, a timeout. Anything else stays as classified.
 */
export function explainSearchFailure(e: unknown, noLlm: ServiceError | undefined): unknown {
  if (!(e instanceof ServiceError)) return e;
  const init = { status: e.status, request: e.request, serverText: e.serverText, errorCode: e.errorCode };
  if (noLlm && (e instanceof PermissionError || (e instanceof NotFoundError && e.what === 'route') || e === noLlm)) {
    return new ServerError(
      l10n.t('This server searches through POST query/document-search (Onyx v2.5 to v2.9), which fails without a default LLM, and none is configured{0}.', noLlm.serverText ? l10n.t(' (the server said: "{0}")', noLlm.serverText) : ''),
      l10n.t('Ask the server\'s admin to configure a default LLM, or use a curator or admin key, which may use POST admin/search instead.'),
      { status: noLlm.status, request: noLlm.request, serverText: noLlm.serverText },
    );
  }
  if (e instanceof NotFoundError && e.what === 'route') {
    return new NotFoundError(
      l10n.t('This server offers no search route: POST {0} all answered HTTP 404.', SEARCH_PATHS.join(', POST ')),
      l10n.t('Check the server URL (it usually ends in /api); searching needs Onyx v2.5 or later, or a curator or admin key.'),
      'route',
      { ...init, setting: 'baseUrl' },
    );
  }
  if (e instanceof PermissionError || (e.kind === 'auth' && e.status === 403 && /limited permissions/i.test(e.serverText ?? ''))) {
    const admin = e.request?.path.endsWith('admin/search');
    return new PermissionError(
      admin
        ? l10n.t('This key may not search: this server searches only through POST admin/search, which takes curator or admin keys (HTTP 403).')
        : l10n.t('This key may not search (HTTP 403 from POST {0}).', e.request?.path ?? l10n.t('the search route')),
      admin ? l10n.t('Use a curator or admin key, or update the server to v2.5 or later, where any user may search.') : l10n.t('Use the key of a user who may search, or ask an admin for access.'),
      init,
    );
  }
  if (e instanceof ServerError && e.status === 501) {
    return new ServerError(
      l10n.t('This server runs without a vector index (HTTP 501), so it can search nothing.'),
      l10n.t('Ask the server\'s admin; nothing is findable there until it has one.'),
      init,
    );
  }
  if (e instanceof TimeoutError) {
    return new TimeoutError(
      l10n.t('The server did not answer the search within {0} s.', e.timeoutMs >= 1000 ? Math.round(e.timeoutMs / 1000) : e.timeoutMs / 1000),
      l10n.t('Try again later, or allow more time (the request timeout setting).'),
      e.timeoutMs,
      init,
    );
  }
  return e;
}
