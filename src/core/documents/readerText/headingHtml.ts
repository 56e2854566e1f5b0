/**
 * Inline HTML in a heading (issue 35, item 3): `## <span class="new">Install</span> now` shows "Install now" to a
 * reader, and the generators make its anchor from that text (MkDocs's toc and GitHub strip the tags), so the heading
 * line of the reader text keeps the text only. ATX headings outside fenced code; an MDX page's headings are read
 * by its parser (`mdx.ts`). An inline code span keeps its tags as written: they are text there.
 */
import { forEachProseLine } from '../markup/prose';
import type { Edit } from './mapped';

const HEADING = /^[ ]{0,3}#{1,6}[ \t]/;
/** An opening, closing or empty tag: a name, attributes without `<` or `>`. */
const TAG = /<\/?[A-Za-z][\w:-]*(?:[ \t][^<>]*)?\/?>/g;

/** A heading line with a `<` on it, anywhere in the text: without one, no line is looked at (most pages). */
const MAY_HAVE_HEADING_HTML = /^[ ]{0,3}#{1,6}[ \t][^\n]*</m;

export function headingHtml(text: string): Edit[] {
  const edits: Edit[] = [];
  if (!MAY_HAVE_HEADING_HTML.test(text)) return edits;
  forEachProseLine(text, (line) => {
    if (!HEADING.test(line.text) || !line.text.includes('<')) return;
    // Tags inside code spans are found on the line with its spans blanked, then cut from the line as written.
    const blanked = line.text.replace(/(`+)[^`]*?\1/g, (span) => ' '.repeat(span.length));
    for (const tag of blanked.matchAll(TAG)) {
      edits.push({ start: line.start + tag.index, end: line.start + tag.index + tag[0].length, text: '' });
    }
  });
  return edits;
}
