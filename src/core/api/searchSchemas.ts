/**
 * The zod schemas of the search routes' answers and of `GET version`, apart from `search.ts` so that the client
 * loads them, and zod, with the first search that needs them (issue 37).
 */
import * as z from 'zod';
import type { SearchPath } from './searchPaths';

/**
 * The fields a hit is made of; the server's others (metadata, boost, owners...) are dropped, not kept: a search
 * answers 30 entries per question, and copying every unknown field of each took twice the time of validating
 * (bench section 9: 100 questions against 100 raw requests).
 */
const SearchDocSchema = z.object({
  document_id: z.string(),
  chunk_ind: z.number().int().nullish(),
  semantic_identifier: z.string().nullish(),
  link: z.string().nullish(),
  blurb: z.string().nullish(),
  source_type: z.string().nullish(),
  score: z.number().nullish(),
  match_highlights: z.array(z.string()).nullish(),
});
export type SearchDoc = z.output<typeof SearchDocSchema>;

/** One schema per route, each turned into the list of its entries. */
export const SEARCH_RESPONSE: Record<SearchPath, z.ZodType<SearchDoc[]>> = {
  'search/send-search-message': z.object({ search_docs: z.array(SearchDocSchema).nullish() }).transform((r) => r.search_docs ?? []),
  'query/document-search': z.object({ top_documents: z.array(SearchDocSchema).nullish() }).transform((r) => r.top_documents ?? []),
  'admin/search': z.object({ documents: z.array(SearchDocSchema).nullish() }).transform((r) => r.documents ?? []),
};

export const VersionSchema = z.looseObject({ backend_version: z.string() });
