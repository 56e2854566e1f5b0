/**
 * Python-Markdown's md_in_html (MkDocs): an HTML element with a `markdown` attribute (`<div markdown>`,
 * `markdown="1"`, `"block"`, `"span"`) holds Markdown, which the site renders. In CommonMark the element's lines
 * would make one HTML block (its headings no headings, its emphasis raw asterisks), so the opening and closing tags
 * go (a reader never sees a tag) and what stood between them is read as Markdown. A tag that shares its line with
 * text, or an element that is never closed, is left as written.
 */
import { blank, splitLines } from './lines';
import type { Line } from './lines';
import type { Edit } from './mapped';

const OPEN = /^[ \t]*<([A-Za-z][\w-]*)\b(?:"[^"]*"|'[^']*'|[^'">])*?\smarkdown(?:[ \t]*=[ \t]*(?:"(?:1|block|span)"|'(?:1|block|span)'|1|block|span))?(?=[\s/>])(?:"[^"]*"|'[^']*'|[^'">])*>[ \t]*$/;

/** The edits that take out the tag lines of elements with a `markdown` attribute. */
export function markdownInHtml(text: string): Edit[] {
  if (!/\smarkdown\b/.test(text)) return [];
  const lines = splitLines(text);
  const edits: Edit[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as Line;
    const open = line.code ? null : OPEN.exec(line.text);
    if (!open) continue;
    const tag = (open[1] ?? '').toLowerCase();
    const close = closingLine(lines, i, tag);
    if (close === undefined) continue;
    edits.push(tagLine(lines, i), tagLine(lines, close));
  }
  return edits;
}

/** The line (index) that closes the element opened at `from`: `</tag>` alone on it, same-name elements counted. */
function closingLine(lines: readonly Line[], from: number, tag: string): number | undefined {
  const opens = new RegExp(`<${tag}\\b`, 'gi');
  const closes = new RegExp(`</${tag}\\s*>`, 'gi');
  let depth = 0;
  for (let i = from; i < lines.length; i++) {
    const line = lines[i] as Line;
    if (line.code) continue;
    depth += (line.text.match(opens) ?? []).length - (line.text.match(closes) ?? []).length;
    if (depth <= 0) return new RegExp(`^[ \\t]*</${tag}\\s*>[ \\t]*$`, 'i').test(line.text) ? i : undefined;
  }
  return undefined;
}

/**
 * The tag line goes; a blank line stays in its place unless one stands next to it already (the blocks stay apart),
 * and between two blank lines one of them goes too.
 */
function tagLine(lines: readonly Line[], i: number): Edit {
  const line = lines[i] as Line;
  const next = lines[i + 1];
  if (blank(lines[i - 1]) && next !== undefined && blank(next)) return { start: line.start, end: next.next, text: '' };
  const apart = blank(lines[i - 1]) || blank(next);
  return { start: line.start, end: line.next, text: apart ? '' : '\n' };
}
