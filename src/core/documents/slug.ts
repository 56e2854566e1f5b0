/**
 * GitHub-style heading anchors, as GitHub, Docusaurus and other `github-slugger` users make them.
 *
 * Algorithm (github-slugger 2.x, which mirrors github.com):
 * 1. lowercase the heading's text content (the rendered text: no Markdown markup, no HTML tags);
 * 2. remove every character that is not a letter, a mark, a decimal or letter number, connector punctuation
 *    (`_`), a space or a hyphen-minus. So all other punctuation (`.`, `'`, `’`, `(`, `–`...), symbols (emoji,
 *    `♥`, `$`), control characters (tabs, newlines) and separators other than the plain space go;
 * 3. replace each space with `-` (no trimming, no collapsing: `a - b` → `a---b`);
 * 4. within one document, a slug already given gets `-1`, `-2`... appended, skipping slugs already taken.
 *
 * The character classes come from Unicode properties at run time (`\p{...}`), so no generated table is needed;
 * the library generates its table from Unicode 13, which differs only for characters assigned since.
 */

const REMOVED = /[^\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc}\p{Alphabetic} -]/gu;

/** The anchor slug of one heading text, without duplicate handling. */
/** For ASCII text the classes above keep exactly letters, digits, `_`, space and `-`: a cheaper expression. */
const ASCII = /^[\x00-\x7f]*$/;
const REMOVED_ASCII = /[^a-z0-9_ -]/g;

export function githubSlug(text: string): string {
  const lower = text.toLowerCase();
  return lower.replace(ASCII.test(lower) ? REMOVED_ASCII : REMOVED, '').replace(/ /g, '-');
}

/** Gives each heading of one document its unique anchor, in document order. */
export class Slugger {
  private readonly occurrences = new Map<string, number>();

  slug(text: string): string {
    const original = githubSlug(text);
    let result = original;
    while (this.occurrences.has(result)) {
      const n = (this.occurrences.get(original) ?? 0) + 1;
      this.occurrences.set(original, n);
      result = `${original}-${n}`;
    }
    this.occurrences.set(result, 0);
    return result;
  }

  reset(): void {
    this.occurrences.clear();
  }
}
