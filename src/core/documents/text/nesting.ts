// The bound on how deep a page's markup may nest, shared by the MDX and HTML readers.
import * as l10n from '@vscode/l10n';

/**
 * How deep a page's markup may nest (docs/architecture.md, "Bounded"). The parsers of MDX and HTML and the walks
 * over their trees (ours and the libraries' that turn HTML into Markdown) recurse once or more per level, so a page
 * nesting thousands of elements would end in "Maximum call stack size exceeded". Past this depth, the page is a
 * problem at the line where it gets that deep. 500: far beyond any page written by hand or generated for reading,
 * and well within the stack of every host (the editor's extension host and Node run out at about 1,500 levels of
 * HTML, 3,000 of MDX).
 */
export const MAX_MARKUP_DEPTH = 500;

/** The sentence's part about it: "its elements are nested more than 500 deep". */
export const nestedTooDeep = (): string => l10n.t('its elements are nested more than {0} deep', MAX_MARKUP_DEPTH);
