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

/** How a docs site makes heading anchors: GitHub's (Docusaurus and most sites) or MkDocs's default `toc` extension. */
export type AnchorStyle = 'github' | 'mkdocs';

/**
 * MkDocs's anchors (Python-Markdown's `toc` extension with its default `slugify`): the text decomposed (NFKD) and
 * reduced to ASCII, every character but word characters, spaces and hyphens removed, trimmed, lowercased, and each
 * run of spaces and hyphens made one `-`. So `Install & configure` is `install-configure` (GitHub:
 * `install--configure`) and `Café` is `cafe` (GitHub: `café`).
 */
export function mkdocsSlug(text: string): string {
  const ascii = text.normalize('NFKD').replace(/[^\x00-\x7f]/g, '');
  return ascii.replace(/[^\w\s-]/g, '').trim().toLowerCase().replace(/[-\s]+/g, '-');
}

/**
 * Unique MkDocs anchors within one page, as `toc`'s `unique`: a taken (or empty) anchor gets `_1`, and an anchor
 * ending in `_N` counts on (`a_1` → `a_2`).
 */
export class MkdocsSlugger {
  private readonly taken = new Set<string>();

  slug(text: string): string {
    let id = mkdocsSlug(text);
    while (this.taken.has(id) || id === '') {
      const m = /^(.*)_([0-9]+)$/.exec(id);
      id = m ? `${m[1]}_${Number(m[2]) + 1}` : `${id}_1`;
    }
    this.taken.add(id);
    return id;
  }
}
