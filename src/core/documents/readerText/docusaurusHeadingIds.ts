/**
 * Docusaurus's explicit heading ids, `## Title {#custom-id}` (its docs, "Heading ids"): the `{#id}` is the heading's
 * anchor, and MDX never sees it (`markdown.mdx1Compat.headingIds`, true by default), where it would be an expression
 * acorn cannot parse. Taken out before the page is parsed as MDX; each id is kept for the heading's line.
 */
import { splitLines } from './lines';
import type { Edit } from './mapped';

const ATX = /^ {0,3}#{1,6}[ \t]/;
const TRAILING_ID = /[ \t]*\{#([^\s{}]+)\}[ \t]*$/;

/** The edits that take each heading's `{#id}` out, and the ids by the offset of their heading's line in `text`. */
export function docusaurusHeadingIds(text: string): { edits: Edit[]; ids: Map<number, string> } {
  const edits: Edit[] = [];
  const ids = new Map<number, string>();
  if (!text.includes('{#')) return { edits, ids };
  for (const line of splitLines(text)) {
    if (line.code || !ATX.test(line.text)) continue;
    const match = TRAILING_ID.exec(line.text);
    if (!match?.[1]) continue;
    edits.push({ start: line.start + match.index, end: line.start + line.text.length, text: '' });
    ids.set(line.start, match[1]);
  }
  return { edits, ids };
}
