/**
 * Checking pages just sent (issue 36: after Ingest Current File, `ingest --findable`). The real server indexes a page
 * about a second after its POST returned, so a check made at once can find nothing of it. A page that no question
 * finds at all is asked again after a short pause, a few times, and then reported as it is: the wait is bounded, and a
 * page that one question finds is indexed and is never asked again.
 */
import { checkFindability, type FindabilityOptions, type PageAnswers, type PageQuestions } from './check';

/** Pauses before each further try, in ms: at most about 6 s in all, a few times the real server's indexing delay. */
export const SEARCHABLE_PAUSES_MS: readonly number[] = [1000, 2000, 3000];

export interface WaitOptions {
  /** The pauses before the second, third... try (default SEARCHABLE_PAUSES_MS); empty: one try. */
  pausesMs?: readonly number[];
  /** Ends a pause early (the caller cancelled); the check then ends with what it has. */
  signal?: AbortSignal;
  /** Told before each further try: which pages are asked again. */
  onRetry?: (pages: readonly PageQuestions[], attempt: number) => void;
}

/** Whether an answer shows the page indexed: some question finds it anywhere in the top K. */
function seen(r: PageAnswers): boolean {
  return r.page.questions.length === 0 || r.answers.some((a) => a.pageRank !== undefined);
}

/** Every page's answers, as `checkFindability` gives them, after asking again (bounded) the pages nothing found. */
export async function checkWhenSearchable(pages: readonly PageQuestions[], options: FindabilityOptions, wait: WaitOptions = {}): Promise<PageAnswers[]> {
  const answers = new Map<PageQuestions, PageAnswers>();
  let pending = [...pages];
  const pauses = wait.pausesMs ?? SEARCHABLE_PAUSES_MS;
  for (let attempt = 0; pending.length; attempt++) {
    for (const r of await checkFindability(pending, options)) answers.set(r.page, r);
    pending = pending.filter((p) => !seen(answers.get(p)!));
    const pause = pauses[attempt];
    if (!pending.length || pause === undefined || wait.signal?.aborted || options.stopped?.()) break;
    wait.onRetry?.(pending, attempt + 1);
    await sleep(pause, wait.signal);
  }
  return pages.map((p) => answers.get(p)!).filter(Boolean);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
