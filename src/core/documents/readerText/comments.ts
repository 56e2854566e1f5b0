/**
 * HTML comments (`<!-- ... -->`, `<!-- more -->` excerpt markers included) are never text a reader sees, whatever
 * generator renders the page (issue 35). In a Markdown page they go from the reader text; in fenced code and code
 * spans they are code a reader sees, and stay. (An `.mdx` page never gets here: MDX refuses `<!--` as a syntax
 * error, as the generator does; HTML pages drop comments when they are converted, `formats/html.ts`.)
 *
 * A comment that fills its lines goes with them (one blank line stays where it stood between blank lines); one
 * inside a line goes alone, and the line keeps the rest. An unclosed comment runs to the end of the page, as in
 * CommonMark, and a reader sees none of it either.
 */
import { splitLines } from './lines';
import type { Line } from './lines';
import type { Edit } from './mapped';

/** The edits that take the HTML comments out of `text` (outside fenced code and code spans). */
export function htmlComments(text: string): Edit[] {
  if (!text.includes('<!--')) return [];
  const lines = splitLines(text);
  const prose = proseRanges(text, lines);
  const edits: Edit[] = [];
  for (const [from, to] of prose) {
    let at = from;
    while (at < to) {
      const open = nextOutsideCodeSpan(text, '<!--', at, to);
      if (open === -1) break;
      const close = text.indexOf('-->', open + 4);
      const end = close === -1 || close + 3 > to ? to : close + 3;
      edits.push(wholeLines(text, open, end) ?? inlineRemoval(text, open, end));
      at = end;
    }
  }
  return edits;
}

/** Ranges of `text` outside fenced code: runs of lines that are not code. */
export function proseRanges(text: string, lines: readonly Line[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let start: number | undefined;
  for (const line of lines) {
    if (line.code) {
      if (start !== undefined) ranges.push([start, line.start]);
      start = undefined;
    } else {
      start ??= line.start;
    }
  }
  if (start !== undefined) ranges.push([start, text.length]);
  return ranges;
}

/**
 * The first `needle` at or after `from` (before `to`) that is not inside a code span: a run of backticks opens a
 * span that the next run of as many backticks closes (CommonMark); a run never closed is literal text.
 */
export function nextOutsideCodeSpan(text: string, needle: string, from: number, to: number): number {
  let at = from;
  while (at < to) {
    const tick = text.indexOf('`', at);
    const found = text.indexOf(needle, at);
    if (found === -1 || found >= to) return -1;
    if (tick === -1 || tick >= found) return found;
    let run = tick;
    while (text[run] === '`') run++;
    const marks = text.slice(tick, run);
    let close = text.indexOf(marks, run);
    while (close !== -1 && close < to && (text[close + marks.length] === '`' || text[close - 1] === '`')) {
      let skip = close;
      while (text[skip] === '`') skip++;
      close = text.indexOf(marks, skip);
    }
    at = close === -1 || close >= to ? run : close + marks.length;
  }
  return -1;
}

/**
 * When the comment `[start, end)` is alone on its lines (only spaces around it), the edit that takes those lines
 * out; when they stood between blank lines (or at the start), the blank line after them goes too.
 */
export function wholeLines(text: string, start: number, end: number): Edit | undefined {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  if (text.slice(lineStart, start).trim() !== '') return undefined;
  const newline = text.indexOf('\n', end);
  const lineEnd = newline === -1 ? text.length : newline;
  if (text.slice(end, lineEnd).trim() !== '') return undefined;
  let next = newline === -1 ? text.length : newline + 1;
  const blankBefore = lineStart === 0 || text.slice(text.lastIndexOf('\n', lineStart - 2) + 1, lineStart).trim() === '';
  const following = /^[ \t]*(?:\n|$)/.exec(text.slice(next));
  if (blankBefore && following && next < text.length) next += following[0].length;
  return { start: lineStart, end: next, text: '' };
}

/** Markup inside a line goes; between two spaces, one of them goes with it (`a <!-- b --> c` → `a c`). */
export function inlineRemoval(text: string, start: number, end: number): Edit {
  const spaced = /[ \t]/.test(text[start - 1] ?? '') && /[ \t]/.test(text[end] ?? '');
  return { start, end: spaced ? end + 1 : end, text: '' };
}
