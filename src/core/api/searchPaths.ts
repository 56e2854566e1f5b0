/** The search routes, apart from `search.ts` so that their answers' schemas (`searchSchemas.ts`) can name them without a cycle. */

/** Newest first: v2.10 and later; v2.5 to v2.9; every version, for curator and admin keys only. */
export const SEARCH_PATHS = ['search/send-search-message', 'query/document-search', 'admin/search'] as const;
export type SearchPath = (typeof SEARCH_PATHS)[number];
