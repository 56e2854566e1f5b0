/**
 * Unrendered markup (`unrendered.ts`) as the build's problems: one warning per kind found in a page, at the source
 * line of its first occurrence. It never stops the page: the text is sent as built, and the writer is told what a
 * search would index that readers never see, and how to leave a site's own syntax out (`dropPatterns`).
 */
import { problem } from '../problems/problems';
import type { DocumentProblem } from '../problems/problems';
import { unrenderedMarkup } from './unrendered';
import * as l10n from '@vscode/l10n';

/** The problem code of every such warning; its kind is the problem's `markup`. */
export const UNRENDERED_MARKUP = 'unrenderedMarkup';

/** The key of `.doc-ingest.json` that names a site's own syntax to drop (`readerText/dropLines.ts`). */
export const DROP_PATTERNS_KEY = 'dropPatterns';

/**
 * The warnings of the built text `text`; `lineOf` gives the source line (1-based, in the whole file) of an offset in
 * it, so that the warning stands where the writer wrote the markup (an include's line for included text).
 */
export function unrenderedMarkupProblems(text: string, lineOf: (offset: number) => number): DocumentProblem[] {
  return unrenderedMarkup(text).map((found) => {
    const line = lineOf(found.offset);
    const more = found.lines > 1 ? ` (and ${found.lines - 1} more ${found.lines === 2 ? 'line' : 'lines'})` : '';
    return {
      ...problem(
        'warning',
        UNRENDERED_MARKUP,
        l10n.t('Line {0}{1} carries markup readers of the site never see ({2}): no rule turned it into what the site shows, so it would be indexed as written. If it is your site\'s own syntax, add a regular expression matching such lines to {3} in .doc-ingest.json to leave them out.', line, more, found.kind.label, DROP_PATTERNS_KEY),
        { line },
      ),
      markup: found.kind.id,
    };
  });
}
