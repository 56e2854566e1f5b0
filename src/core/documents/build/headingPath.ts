/**
 * Heading paths (docs/documents.md#context-in-every-chunk): each section's enclosing headings, and its text with that path
 * in front, since the server embeds a section's text, never its `heading`.
 */
import type { MarkdownHeading } from '../markdown/markdown';
import type { PreparedFile } from './preparedFile';

/** Each heading's enclosing headings (fewer `#` before it, nearest first back to the outermost), then itself. */
export function enclosingHeadings(boundaries: readonly MarkdownHeading[]): Map<MarkdownHeading, MarkdownHeading[]> {
  const result = new Map<MarkdownHeading, MarkdownHeading[]>();
  const stack: MarkdownHeading[] = [];
  for (const heading of boundaries) {
    while (stack.length > 0 && (stack[stack.length - 1]?.level ?? 0) >= heading.level) stack.pop();
    stack.push(heading);
    result.set(heading, [...stack]);
  }
  return result;
}

/**
 * The heading path of a section (docs/documents.md#context-in-every-chunk): the texts of the headings enclosing it,
 * outermost first, then its own. Empty headings are left out, and so is the outermost heading when the document's
 * title holds its text (`Install` in a page titled `Install`, or `Install – Example Docs`) and it is not the
 * section's own (the server puts the title in front of every chunk already).
 */
export function headingPathOf(enclosing: readonly MarkdownHeading[], title: string | undefined): string[] {
  const path = enclosing.map((h) => h.text);
  if (path.length > 1 && title !== undefined && path[0] !== undefined && path[0] !== '' && title.includes(path[0])) path.shift();
  return path.filter((t) => t !== '');
}

/** Between the headings of a section's heading path. */
export const HEADING_PATH_SEPARATOR = ' › ';

const ATX_START = /^ {0,3}#{1,6}(?=[ \t\n]|$)/;

/**
 * The section's text with its heading path in front (the server embeds a section's text, never its `heading`):
 * a text that starts with its heading line gets the enclosing headings put in that line, before the heading's own
 * text (`### Install › Linux`; a heading without enclosing headings stays as written); any other text under a
 * heading (a selection starting below it, the text after an image) starts with the whole path as a line of its
 * own and a blank line, unless that path is only the title.
 */
export function withHeadingPath(file: PreparedFile, text: string, heading: MarkdownHeading | undefined, atHeading: boolean): string {
  if (heading === undefined) return text;
  const path = headingPathOf(file.enclosing.get(heading) ?? [heading], file.title);
  if (!atHeading) {
    // A path that is only the title adds nothing to what the server puts in front.
    if (path.length === 0 || (path.length === 1 && file.title?.includes(path[0]!))) return text;
    return `${path.join(HEADING_PATH_SEPARATOR)}\n\n${text}`;
  }
  const ancestors = heading.text === '' ? path : path.slice(0, -1);
  if (ancestors.length === 0) return text;
  const joined = ancestors.join(HEADING_PATH_SEPARATOR);
  const atx = ATX_START.exec(text);
  if (atx) {
    const rest = text.slice(atx[0].length);
    // An empty heading (`##`) holds the enclosing path alone.
    if (heading.text === '') return `${atx[0]} ${joined}${rest}`;
    return `${atx[0]} ${joined}${HEADING_PATH_SEPARATOR}${rest.replace(/^[ \t]+/, '')}`;
  }
  // A setext heading: the path goes in front of its first line's text.
  const indent = /^ {0,3}/.exec(text)?.[0] ?? '';
  return `${indent}${joined}${HEADING_PATH_SEPARATOR}${text.slice(indent.length)}`;
}
