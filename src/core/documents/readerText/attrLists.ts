/**
 * Python-Markdown attribute lists (attr_list, MkDocs): `{ #id .class key=value }`, also written `{: ... }`. They set
 * HTML attributes a reader never sees, so they go from the text: at the end of a heading (its `#id` is then the
 * heading's anchor, which the site links to), at the end of a block's last line, right after an inline element (an
 * image, a link, emphasis, code), alone on a line, and with the empty link of an anchor `[](){#anchor}`.
 * Only a brace whose every word is an id, a class or a key=value is one: `{name}` in prose stays. Fenced code and
 * code spans are code a reader sees, and stay.
 */
import { wholeLines } from './comments';
import { splitLines } from './lines';
import type { Line } from './lines';
import type { Edit } from './mapped';

const TOKEN = String.raw`(?:#[^\s{}#]+|\.[\w-]+|[\w:-]+=(?:"[^"\n]*"|'[^'\n]*'|[^\s"'}]+))`;
/** One attribute list; group 1 is its empty link (`[]()` before it), when it has one. */
const ATTR_LIST = new RegExp(String.raw`(\[\]\(\))?\{:?[ \t]*${TOKEN}(?:[ \t]+${TOKEN})*[ \t]*\}`, 'g');
const ID = /(?:^|[\s{:])#([^\s{}#]+)/;
const ATX = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const SETEXT = /^ {0,3}(?:=+|-+)[ \t]*$/;
/** What an inline attribute list follows directly: the end of an image, link, emphasis, code span or `:emoji:`. */
const INLINE_END = /(?:[)\]*_`]|:[\w+-]+:)$/;

export interface AttrListEdits {
  edits: Edit[];
  /** The explicit anchors of headings: the input offset of the heading's line → its `#id`. */
  headingIds: Map<number, string>;
}

/** The edits that take attribute lists out of `text`, and the headings' ids they set. */
export function attributeLists(text: string): AttrListEdits {
  const edits: Edit[] = [];
  const headingIds = new Map<number, string>();
  if (!text.includes('{')) return { edits, headingIds };
  const lines = splitLines(text);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as Line;
    if (line.code || !line.text.includes('{')) continue;
    const next = lines[i + 1];
    const heading = ATX.test(line.text) || (next !== undefined && !next.code && line.text.trim() !== '' && SETEXT.test(next.text));
    for (const match of matchesOutsideCode(line.text)) {
      const start = line.start + match.index;
      const end = start + match[0].length;
      const atEnd = line.text.slice(match.index + match[0].length).replace(/[ \t#]*$/, '') === '';
      const inline = match[1] !== undefined || INLINE_END.test(line.text.slice(0, match.index));
      if (!atEnd && !inline) continue;
      if (heading && atEnd) {
        const id = ID.exec(match[0].slice((match[1] ?? '').length));
        if (id?.[1] !== undefined) headingIds.set(line.start, id[1]);
      }
      // The spaces before an attribute list at the end of a line go with it.
      const spaces = atEnd && match[1] === undefined ? /[ \t]*$/.exec(line.text.slice(0, match.index))![0].length : 0;
      edits.push(wholeLines(text, start, end) ?? { start: start - spaces, end, text: '' });
    }
  }
  return { edits, headingIds };
}

/** The attribute lists of a line that stand outside code spans. */
function matchesOutsideCode(line: string): RegExpExecArray[] {
  const spans: Array<[number, number]> = [];
  for (const span of line.matchAll(/(`+)[\s\S]*?[^`]\1(?!`)|(`+)\2/g)) spans.push([span.index, span.index + span[0].length]);
  const found: RegExpExecArray[] = [];
  ATTR_LIST.lastIndex = 0;
  for (let match = ATTR_LIST.exec(line); match; match = ATTR_LIST.exec(line)) {
    const at = match.index;
    if (!spans.some(([from, to]) => at >= from && at < to)) found.push(match);
  }
  return found;
}
