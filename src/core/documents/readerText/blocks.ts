/**
 * pymdownx.blocks (MkDocs): `/// name | argument`, its options indented by four on the lines right below
 * (`    type: warning`), its text, then `///` (more slashes for an outer block, so that inner ones may nest). A reader
 * sees the title and the text, as of an admonition (`lines.ts`): an admonition, a details block or a tab shows its
 * title (as written, else its kind: `/// tip` → “Tip”); `html`, `caption` and `define` show their text only (their
 * argument is a tag name or nothing a reader sees). Blocks inside fenced code are code, and stay.
 */
import { admonitionTitle, blank, splitLines, titleLine } from './lines';
import type { Line } from './lines';
import type { Edit } from './mapped';

const OPEN = /^([ \t]*)(\/{3,})[ \t]*([A-Za-z][\w-]*)[ \t]*(?:\|[ \t]*(.*?))?[ \t]*$/;
const CLOSE = /^[ \t]*(\/{3,})[ \t]*$/;
const OPTION = /^[ \t]*[\w-]+[ \t]*:/;

/** Blocks whose argument is no title: their text alone is what a reader sees. */
const NO_TITLE = new Set(['html', 'caption', 'define', 'figure-caption', 'table-caption']);

/** The edits that turn `///` blocks into their titles and texts. */
export function pymdownBlocks(text: string): Edit[] {
  if (!text.includes('///')) return [];
  const lines = splitLines(text);
  const edits: Edit[] = [];
  const open: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as Line;
    if (line.code) continue;
    const opening = OPEN.exec(line.text);
    if (opening) {
      open.push((opening[2] ?? '').length);
      const indent = opening[1] ?? '';
      // The options: lines indented four more than the header, right below it.
      let last = i;
      const name = (opening[3] ?? '').toLowerCase();
      let type = name === 'admonition' ? 'note' : name;
      while (last + 1 < lines.length) {
        const option = lines[last + 1] as Line;
        if (option.code || !option.text.startsWith(`${indent}    `) || !OPTION.test(option.text)) break;
        const kind = /^[ \t]*type[ \t]*:[ \t]*([\w-]+)/.exec(option.text);
        if (kind && name === 'admonition') type = kind[1] ?? type;
        last++;
      }
      const title = NO_TITLE.has(name) ? undefined : admonitionTitle(type, opening[4]);
      const next = lines[last + 1];
      const end = (lines[last] as Line).next;
      edits.push({ start: line.start, end, text: title === undefined ? '' : titleLine(title, next, blank(next)) });
      i = last;
      continue;
    }
    const closing = CLOSE.exec(line.text);
    if (closing && open.length > 0) {
      const count = (closing[1] ?? '').length;
      const at = open.lastIndexOf(count);
      if (at === -1) continue;
      open.splice(at);
      // Text right above and below would join into one paragraph (other closing lines in between show nothing).
      let before = i - 1;
      while (before >= 0 && CLOSE.test((lines[before] as Line).text)) before--;
      const next = lines[i + 1];
      const joins = !blank(lines[before]) && next !== undefined && !blank(next) && !CLOSE.test(next.text);
      // Between blank lines, one of them goes too: one blank line stays between the paragraphs.
      const end = blank(lines[i - 1]) && next !== undefined && blank(next) ? next.next : line.next;
      edits.push({ start: line.start, end, text: joins ? '\n' : '' });
      if (end !== line.next) i++;
    }
  }
  return edits;
}
