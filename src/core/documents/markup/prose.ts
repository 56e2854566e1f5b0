/**
 * The lines of a text outside fenced code, for the scans that look for syntax a reader would see as markup: an
 * example of the syntax in a code block is content, never markup. One pass over the text, each line once.
 */

/** A line outside code: its text (inline code spans blanked out when asked) and the offset of its start. */
export interface ProseLine {
  text: string;
  start: number;
}

/**
 * Calls `visit` for each line of `text` outside fenced code (in a block quote too). A fence closes as CommonMark says: by a line of the
 * same character, as long or longer, indented at most 3 more than the opening (an example's inner ```bash, indented
 * 4, stays inside the outer ```mdx). `withoutCodeSpans`: inline code spans are blanked (same length, so columns stay).
 */
export function forEachProseLine(text: string, visit: (line: ProseLine) => void, withoutCodeSpans = false): void {
  let fence: { marker: string; indent: number } | undefined;
  let start = 0;
  while (start <= text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const line = text.slice(start, end);
    // A fence in a block quote (`> ```js`, `> > ```django`) is a fence too: read behind the quote markers.
    const inner = line.includes('>') ? line.replace(/^(?:[ \t]{0,3}>[ \t]?)+/, '') : line;
    const found = /^([ \t]*)(`{3,}|~{3,})/.exec(inner);
    const marker = found?.[2];
    if (fence) {
      if (marker && found && marker[0] === fence.marker[0] && marker.length >= fence.marker.length && found[1]!.length <= fence.indent + 3 && /^[ \t]*[`~]+[ \t]*$/.test(inner)) {
        fence = undefined;
      }
    } else if (marker && found) {
      fence = { marker, indent: found[1]!.length };
    } else {
      visit({ text: withoutCodeSpans && line.includes('`') ? blankCodeSpans(line) : line, start });
    }
    if (newline === -1) break;
    start = newline + 1;
  }
}

/** The line with its inline code spans (`` `x` ``, ``` ``a`b`` ```) replaced by spaces. */
function blankCodeSpans(line: string): string {
  // A span runs to the next run of backticks of the same length; a run with none is text (CommonMark).
  return line.replace(/(`+)[^`]*?\1/g, (span) => ' '.repeat(span.length));
}
