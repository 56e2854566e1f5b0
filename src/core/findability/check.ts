/**
 * Asks the server each page's questions with bounded concurrency and answers each (issue 36, item 3). The search
 * is injected (the client's `search`), so this runs in plain Node against any server; each question is one search,
 * a row in the key's user's search history on the server.
 */
import type { SearchHit, SearchOptions } from '../api/search';
import { forEachConcurrently } from '../pool';
import { answerOf, DEFAULT_TOP, type Answer } from './answer';
import type { Question } from './questions';

export interface PageQuestions {
  /** Workspace-relative path of the page. */
  path: string;
  /** The id the page is published under. */
  documentId: string;
  questions: Question[];
}

export interface PageAnswers {
  page: PageQuestions;
  answers: Answer[];
}

export interface FindabilityOptions {
  search(query: string, options: SearchOptions): Promise<SearchHit[]>;
  /** The workspace file of a document id, when it is one of this workspace's. */
  fileOf(documentId: string): string | undefined;
  top?: number;
  concurrency?: number;
  filters?: SearchOptions['filters'];
  /** Stops taking new questions (those under way finish). */
  stopped?: () => boolean;
}

/**
 * Searches under way at once, in the editor and the command line alike: each is a search on the server and a row in
 * the search history of the key's user, so a check never floods it.
 */
export const SEARCH_CONCURRENCY = 4;

/**
 * Hits asked per question: a document comes back once per matching section, so K distinct documents need more than
 * K hits; the real server's default (30) covers a top 5 of pages with several sections each.
 */
export function hitsToAsk(top: number): number {
  return Math.max(30, top * 6);
}

/** Every question of every page answered, in the order given; a failed search throws (the caller says why). */
export async function checkFindability(pages: readonly PageQuestions[], options: FindabilityOptions): Promise<PageAnswers[]> {
  const top = options.top ?? DEFAULT_TOP;
  const results = pages.map((page) => ({ page, answers: new Array<Answer>(page.questions.length) }));
  const work = results.flatMap((r) => r.page.questions.map((question, i) => ({ r, question, i })));
  let failure: unknown;
  await forEachConcurrently(
    work,
    Math.max(1, options.concurrency ?? SEARCH_CONCURRENCY),
    async ({ r, question, i }) => {
      try {
        const hits = await options.search(question.text, { limit: hitsToAsk(top), filters: options.filters });
        r.answers[i] = answerOf(question, r.page.documentId, hits, top, options.fileOf);
      } catch (e) {
        failure ??= e;
      }
    },
    () => failure !== undefined || !!options.stopped?.(),
  );
  if (failure !== undefined) throw failure;
  return results.map((r) => ({ page: r.page, answers: r.answers.filter(Boolean) }));
}
