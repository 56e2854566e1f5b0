/**
 * A site's own syntax, named by its team (`.doc-ingest.json` `dropPatterns`, issue 35 item 4): each line outside
 * fenced code that one of the patterns matches is left out of the reader text, so that markup no generator rule
 * of ours knows (FastAPI's `{* ../../docs_src/x.py hl[2] *}`) is neither indexed nor reported. Code blocks stay as
 * written: an example of the syntax there is content. Each pattern is tried once per line (a line is its bound).
 */
import { forEachProseLine } from '../markup/prose';
import type { Edit } from './mapped';

const BLANK = /^[ \t]*$/;

export function droppedLines(text: string, patterns: readonly RegExp[]): Edit[] {
  const edits: Edit[] = [];
  // A dropped paragraph of its own leaves one blank line between its neighbours, not two: the blank line after it
  // goes too when the line before it was blank (or it opened the text).
  let afterBlank = true;
  let swallowBlank = false;
  let next = 0;
  forEachProseLine(text, (line) => {
    // A fenced block between two visited lines: neither blank nor dropped.
    if (line.start !== next) {
      afterBlank = false;
      swallowBlank = false;
    }
    const end = line.start + line.text.length;
    next = end + 1;
    const range = { start: line.start, end: end < text.length ? end + 1 : end, text: '' };
    const blank = BLANK.test(line.text);
    if (swallowBlank && blank) {
      edits.push(range);
      swallowBlank = false;
      return;
    }
    swallowBlank = false;
    if (!blank && patterns.some((p) => p.test(line.text))) {
      edits.push(range);
      swallowBlank = afterBlank;
      return;
    }
    afterBlank = blank;
  });
  return edits;
}
