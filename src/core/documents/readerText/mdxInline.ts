/**
 * JSX inside a line of prose without the MDX parser (issue 37, goal 7): on docs sites most of what the parser still
 * read was paragraphs, list items and table rows holding a few inline tags (`<kbd>Ctrl</kbd> + <kbd>I</kbd>`,
 * `<Icon icon="x" />`, `<Badge color="green">New</Badge>`, `<br />`). Such a line is one of Markdown's lines to the
 * skeleton (`mdxSkeleton.ts`), and its tags come back as the text elements the parser would make of them, at the
 * same offsets; the MDX stage only reads those (and their children's edges) from a paragraph.
 *
 * Only what is sure is read; anything else is undefined, and the line is the parser's (the differential test,
 * mdxSkeleton.test.ts, holds it to the parser on every page of the corpus and the fixtures):
 * - every `<` outside code spans opens a tag `tagAt` reads (one line, plain or literal attributes, no backtick);
 *   every element opened on the line closes on it, in order;
 * - the line holds something besides its tags (after its list markers), so that MDX never reads it as a flow tag;
 * - no `{`, `}`, `\` or tab, no backtick run left open, no backtick in a tag (the parser's tag takes it from the
 *   code spans around), no link reference definition (its title may hold a tag), no tag inside a link's `](...)`;
 * - no emphasis or link can open inside an element and close outside (the parser refuses such a page): the marks
 *   that could (`*`, `_`, `[`, `]` outside code spans) all stand outside elements, and none opens an image (its alt
 *   text drops the tags in it); or all stand in the content of one element that holds no element, and then the line
 *   is a block of its own (`alone`: no other line of its paragraph, no list item, can hold the other mark of a pair).
 */
import type { MdxNode } from './mdxNode';
import { tagAt } from './mdxTagLine';

/** Beyond these, the line is left to the parser: the stage's bound on nesting is the parser's to find. */
const MAX_INLINE_DEPTH = 8;

/** A line's block markers (list items and quotes): a line holding only these and tags is a flow tag. */
const LIST_MARKERS = /^[ ]*(?:(?:[-*+]|\d{1,9}[.)])[ ]+|>[ ]*)*/;
const DEFINITION = /^[ ]*\[[^\]]*\]:/;
const UNSURE = /[{}\\\t]/;
/** What may open or close emphasis, a link or an image. */
const MARKS = '*_[]';

/** A line's JSX text elements (see `inlineElements`). */
export interface InlineLine {
  nodes: MdxNode[];
  /**
   * Emphasis, links or images stand in an element's content: then the line must be the only line of its block, so
   * that none of them can pair with a mark on another line.
   */
  alone: boolean;
}

/**
 * The JSX text elements of `line` (a whole line of a paragraph, list item or heading), with offsets from `at` (where
 * the line starts in the text), nested as the parser nests them; undefined when anything about them is unsure.
 * Text between an element's tags is given as nodes of type `text`, so that the stage finds its children's edges.
 */
export function inlineElements(line: string, at: number): InlineLine | undefined {
  if (UNSURE.test(line) || DEFINITION.test(line)) return undefined;
  const code = codeSpans(line);
  if (code === undefined) return undefined;
  const links = linkTargets(line);
  const top: MdxNode[] = [];
  const open: Array<{ node: MdxNode; contentStart: number }> = [];
  /** Elements closed, with the range of their content and whether elements stand in it. */
  const contents: Array<{ from: number; to: number; nested: boolean }> = [];
  const marks: number[] = [];
  let text = false;
  const body = (LIST_MARKERS.exec(line) as RegExpExecArray)[0].length;
  let span = 0;
  for (let i = 0; i < line.length; i++) {
    while (span < code.length && (code[span] as [number, number])[1] <= i) span++;
    const inCode = span < code.length && (code[span] as [number, number])[0] <= i;
    const c = line[i] as string;
    if (inCode || c !== '<') {
      if (i >= body && c !== ' ') text = true;
      if (!inCode && MARKS.includes(c)) marks.push(i);
      continue;
    }
    const tag = tagAt(line, i);
    if (tag === undefined || tag.kind === 'comment' || line.slice(i, tag.end).includes('`') || links.some(([from, to]) => i > from && i < to)) return undefined;
    if (tag.kind === 'close') {
      const element = open.pop();
      if (element === undefined || element.node.name !== tag.name) return undefined;
      (element.node.position as { end: { offset?: number } }).end.offset = at + tag.end;
      contents.push({ from: element.contentStart, to: i, nested: (element.node.children ?? []).length > 0 });
      element.node.children = withText(element.node.children ?? [], at + element.contentStart, at + i);
    } else {
      const node: MdxNode = { type: 'mdxJsxTextElement', name: tag.name, attributes: tag.attributes, children: [], position: { start: { offset: at + i, column: i + 1 }, end: { offset: at + tag.end } } };
      (open.length === 0 ? top : ((open[open.length - 1] as { node: MdxNode }).node.children as MdxNode[])).push(node);
      if (tag.kind === 'open') {
        if (open.length >= MAX_INLINE_DEPTH) return undefined;
        open.push({ node, contentStart: tag.end });
      }
    }
    i = tag.end - 1;
  }
  if (open.length > 0 || !text) return undefined;
  // Marks in an element's content are sure only when every mark of the line is in that one content, with no
  // element inside it; marks only outside elements are sure unless one opens an image (its alt text drops tags).
  const holder = contents.find((c) => marks.some((m) => m >= c.from && m < c.to));
  if (holder === undefined) return marks.some((m) => line[m] === '[' && line[m - 1] === '!') ? undefined : { nodes: top, alone: false };
  return !holder.nested && marks.every((m) => m >= holder.from && m < holder.to) ? { nodes: top, alone: true } : undefined;
}

/** An element's children: its elements, and the text between them as nodes of type `text`. */
function withText(elements: readonly MdxNode[], from: number, to: number): MdxNode[] {
  const out: MdxNode[] = [];
  let at = from;
  for (const element of elements) {
    const start = element.position?.start.offset ?? at;
    if (start > at) out.push({ type: 'text', position: { start: { offset: at }, end: { offset: start } } });
    out.push(element);
    at = element.position?.end.offset ?? start;
  }
  if (to > at) out.push({ type: 'text', position: { start: { offset: at }, end: { offset: to } } });
  return out;
}

/** The code spans of `line` as [start, end) pairs, in order; undefined when a backtick run on it is not paired. */
function codeSpans(line: string): Array<[number, number]> | undefined {
  const spans: Array<[number, number]> = [];
  for (let i = line.indexOf('`'); i !== -1; i = line.indexOf('`', i)) {
    let run = 1;
    while (line[i + run] === '`') run++;
    const close = line.indexOf('`'.repeat(run), i + run);
    if (close === -1 || line[close + run] === '`') return undefined;
    spans.push([i, close + run]);
    i = close + run;
  }
  return spans;
}

/**
 * Where a link's destination and title may stand: from each `](` to its balanced `)` (or the line's end). A tag
 * there is no tag to the parser; a space or quote there (a title) is unsure, so the span runs on to the line's end.
 */
function linkTargets(line: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (let i = line.indexOf(']('); i !== -1; i = line.indexOf('](', i + 1)) {
    let depth = 0;
    let end = line.length;
    for (let k = i + 1; k < line.length; k++) {
      const c = line[k];
      if (c === ' ' || c === '"' || c === "'") break;
      if (c === '(') depth++;
      else if (c === ')' && --depth === 0) {
        end = k;
        break;
      }
    }
    spans.push([i, end]);
  }
  return spans;
}
