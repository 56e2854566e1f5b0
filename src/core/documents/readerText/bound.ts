// The bound on what a page takes in through its includes, counted as if every include were expanded.
import * as l10n from '@vscode/l10n';

/**
 * The bound of a page's includes (docs/architecture.md, "Bounded"): includes multiply (a file including the next
 * ten times, seven deep, is ten million copies), so depth alone bounds nothing. What a page takes in is counted as
 * if every include were expanded where it stands: each included file in full (the whole file when a part of it is
 * shown: it is read whole) each time it is included, includes inside included files too. The text a page shows is
 * never longer than what it takes in, and the work of expanding is proportional to it, so one number bounds both.
 * Ten million characters: ten times the 1 MB page the project's benchmark builds in tens of milliseconds, and as
 * large as the largest page read by default (`maxFileSizeMB`, 10).
 */
export const MAX_INCLUDED_CHARS = 10_000_000;

/** An include that cannot be shown without passing a bound; `offset` in the text being rendered. */
export class IncludeBoundError extends Error {
  override readonly name = 'IncludeBoundError';
  constructor(
    readonly offset: number,
    /** Ends the sentence "The include at line N ...". */
    readonly reason: string,
  ) {
    super(reason);
  }

  at(offset: number): IncludeBoundError {
    return new IncludeBoundError(offset, this.reason);
  }
}

/** What the includes of one page have taken in so far. */
export class IncludeBudget {
  private taken = 0;

  /** Counts `chars` more; throws at `offset` when that passes the bound. */
  take(chars: number, offset: number): void {
    this.taken += chars;
    if (this.taken > MAX_INCLUDED_CHARS) {
      throw new IncludeBoundError(offset, l10n.t('takes in more than {0} characters, the most a page\'s includes may (each included file counted in full each time it is included, includes inside included files too), so the page was not built; include less, or split the page', MAX_INCLUDED_CHARS.toLocaleString('en-US')));
    }
  }

  /** How much was taken in while `run` ran. */
  measure<T>(run: () => T): { value: T; taken: number } {
    const before = this.taken;
    const value = run();
    return { value, taken: this.taken - before };
  }
}
