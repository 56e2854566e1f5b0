/**
 * The MDX parser's cost without its cost (issue 37): on docs sites most of what stands inside components is plain
 * Markdown (a changelog's `<Update>` holds kilobytes of lists), which the MDX stage leaves as written except at the
 * edges of its blocks. Here such runs of lines are cut out before the parser sees the text: the parser reads the
 * skeleton (the tags, and every line this file is unsure of), and each run comes back as nodes of its own, one per
 * block, at the offsets and columns the parser would have given them.
 *
 * A run is cut out only where the result is sure to be the parser's (the differential test, mdxSkeleton.test.ts,
 * holds it to the real parser on every page of the bench corpus and of the fixtures):
 * - its lines hold no `<`, `{` or `}` outside fenced code, code spans that close on their line and inline tags
 *   read without the parser (`mdxInline.ts`: a line of prose whose tags open and close on it; then no line of the
 *   run leaves a code span open), and it stands between lines that are each one whole JSX tag (or the text's
 *   ends), outside any tag or expression that continues over lines; its blocks carry their inline tags as children;
 * - its blocks start at one indentation, without tabs, end without trailing blanks and are separated by single
 *   blank lines, so that a list running on over a blank line gives the same text as two blocks would;
 * - no line inside a block could start another block (a heading, fence, quote, break or table after a paragraph
 *   line; a lazy line after a list), each fence closes inside the run, and nothing nests deep;
 * - in the skeleton's tree, the run stands directly in a component (or at the top), never in a list or quote.
 * Anything else stays in the skeleton, for the parser to decide.
 *
 * Known difference, kept so that what is sent stays as it was: a tag indented into the last item of a list (and
 * a list going on after it) is read here as a block after the list, where the parser puts it in the item; the
 * whole-page reading of such a component leaves its lines indented as code (an `<img>` in a `<Frame>` in a step's
 * list on four pages of the Mintlify docs), so the fast path's reading is the better text until the stage dedents
 * components in list items.
 *
 * A text whose every other line is a tag or comment read without the parser (`mdxTagLine.ts`) is not parsed at
 * all (`sureChildren`): its tags nest as written and its runs are cut out as above; a list followed by a deeper
 * tag is left to the skeleton.
 */
import type { MdxNode } from './mdxNode';
import { tagLine } from './mdxTagLine';
import { FENCE, lines, outsideCode } from './mdxSkeletonLines';
import type { Line } from './mdxSkeletonLines';

/** A block of a run: what the parser would make one top-level node. */
interface Chunk {
  start: number;
  end: number;
  column: number;
  /** A list may run on over a blank line into a neighbour. */
  list?: true;
  /** The JSX text elements of its lines (`mdxInline.ts`). */
  inline?: MdxNode[];
}

interface Run {
  /** What is cut out: whole lines, from the first line after the tag line before to the tag line after. */
  from: number;
  to: number;
  chunks: Chunk[];
  /** The indentation of its blocks, and the widest blank line (a blank line wider than the dedent would stay). */
  indent: number;
  widestBlank: number;
}

/** What may start another block after a line of a block (MDX reads neither HTML nor indented code). */
const BLOCK_START = /^(?:#{1,6}(?:[ \t]|$)|>|`{3,}|~{3,}|[-*+](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|[-*_=:| \t]*-[-*_=:| \t]*$|[=*_ \t]+$)/;
const LIST_ITEM = /^(?:([-*+])|\d{1,9}([.)]))( {1,4})(?=\S)/;
const ATX = /^#{1,6}(?:[ \t]|$)/;
const THEMATIC_BREAK = /^(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;
/** Beyond these, a run is left to the parser: the stage's bound on nesting is the parser's to find. */
const MAX_INDENT = 200;
const MAX_EMPHASIS_MARKS = 200;

/** Components nest no deeper than this without the parser (the stage's bound on nesting is the parser's to find). */
const MAX_SURE_DEPTH = 20;

/**
 * The top-level nodes of `text` as `parse(text).children` would give them, without parsing it: when each of its
 * lines is plain (in a run cut out as in `skeletonChildren`, given back as nodes of type `markdown`), blank, or a
 * tag or comment read without the parser, its tags closing as they open. Undefined when any of that is unsure.
 */
export function sureChildren(text: string): MdxNode[] | undefined {
  const all = lines(text);
  const root: MdxNode[] = [];
  const open: MdxNode[] = [];
  for (let i = 0; i < all.length;) {
    const line = all[i] as Line;
    const children = open.length === 0 ? root : ((open[open.length - 1] as MdxNode).children as MdxNode[]);
    if (line.kind === 'plain' || line.kind === 'blank') {
      let j = i;
      while (j < all.length && (all[j]?.kind === 'plain' || all[j]?.kind === 'blank')) j++;
      // Blank lines alone (between two tags) are no node.
      if (all.slice(i, j).every((l) => l.kind === 'blank')) {
        i = j;
        continue;
      }
      const run = chunked(all.slice(i, j), text);
      if (run === undefined || !listEndsApart(run, all[j], text)) return undefined;
      const base = open.length === 0 ? run.indent : ((open[0] as MdxNode).position?.start.column ?? 1) - 1;
      if (run.indent < base || run.widestBlank > run.indent - base) return undefined;
      for (const c of run.chunks) children.push(chunkNode(c));
      i = j;
      continue;
    }
    const { tag, last } = tagLines(all, i, text);
    if (tag === undefined) return undefined;
    const position = { start: { offset: line.start + tag.start, column: tag.start + 1 }, end: { offset: line.start + tag.end } };
    if (tag.kind === 'comment') {
      children.push({ type: 'mdxFlowExpression', value: tag.value, position });
    } else if (tag.kind === 'close') {
      const element = open.pop();
      if (element?.name !== tag.name || element.position === undefined) return undefined;
      element.position.end = position.end;
    } else {
      const element: MdxNode = { type: 'mdxJsxFlowElement', name: tag.name, attributes: tag.attributes, children: [], position };
      children.push(element);
      if (tag.kind === 'open') {
        if (open.length >= MAX_SURE_DEPTH) return undefined;
        open.push(element);
      }
    }
    i = last + 1;
  }
  return open.length === 0 ? root : undefined;
}

/** A tag may run over this many lines (its attributes one a line) and still be read without the parser. */
const MAX_TAG_LINES = 30;

/** The tag or comment starting at line `first` (`mdxTagLine.ts`), and its last line: one line, or the lines of a tag left open on it. */
function tagLines(all: readonly Line[], first: number, text: string): { tag: ReturnType<typeof tagLine>; last: number } {
  const start = all[first] as Line;
  for (let last = first; last < all.length && last - first < MAX_TAG_LINES; last++) {
    const line = all[last] as Line;
    if (line.fenced || (last > first && line.kind !== 'mdx')) break;
    const tag = tagLine(text.slice(start.start, line.end));
    if (tag !== undefined) return { tag, last };
  }
  return { tag: undefined, last: first };
}

/**
 * Whether a run ending in a list is sure to end before `next` (a tag line, or the end): a tag indented deeper than
 * the list may stand in its last item (`- item` then `  <Note>` at the item's content).
 */
function listEndsApart(run: Omit<Run, 'from' | 'to'>, next: Line | undefined, text: string): boolean {
  if (!run.chunks[run.chunks.length - 1]?.list || next === undefined) return true;
  return indentOf(text.slice(next.start, next.end)) <= run.indent;
}

/**
 * The top-level nodes of `text` as `parse(text).children` would give them, the plain runs cut out and given back
 * as nodes of type `markdown`; undefined when there is no run to cut or the skeleton does not parse (the caller
 * then parses the text as it is).
 */
export function skeletonChildren(text: string, parse: (text: string) => MdxNode): MdxNode[] | undefined {
  const runs = plainRuns(lines(text), text);
  if (runs.length === 0) return undefined;
  const kept: Array<{ from: number; to: number; at: number }> = [];
  const at: number[] = [];
  let skeleton = '';
  let last = 0;
  for (const run of runs) {
    kept.push({ from: last, to: run.from, at: skeleton.length });
    skeleton += text.slice(last, run.from);
    at.push(skeleton.length);
    last = run.to;
  }
  kept.push({ from: last, to: text.length, at: skeleton.length });
  skeleton += text.slice(last);
  let tree: MdxNode;
  try {
    tree = parse(skeleton);
  } catch {
    return undefined;
  }
  const root = tree.children ?? [];
  mapOffsets(root, kept);
  for (const run of runs) {
    const place = container(root, run);
    if (place === undefined) return undefined;
    const base = place.base ?? run.indent;
    if (run.indent < base || run.widestBlank > run.indent - base) return undefined;
    const nodes = run.chunks.map(chunkNode);
    const siblings = place.children;
    let index = 0;
    while (index < siblings.length && offset(siblings[index] as MdxNode, 'start') < run.from) index++;
    siblings.splice(index, 0, ...nodes);
  }
  return root;
}

/** A block of a run as a node of type `markdown`, holding the JSX text elements of its lines. */
function chunkNode(c: Chunk): MdxNode {
  const node: MdxNode = { type: 'markdown', position: { start: { offset: c.start, column: c.column }, end: { offset: c.end } } };
  if (c.inline !== undefined) node.children = c.inline;
  return node;
}

function offset(node: MdxNode, side: 'start' | 'end'): number {
  return node.position?.[side].offset ?? 0;
}

/**
 * The children list the run stands in: the innermost component around it, walking down from the top, and the
 * indentation its blocks keep (that of the top-level component, as the stage counts it; undefined at the top).
 * Undefined when anything but a component stands around it.
 */
function container(root: MdxNode[], run: Run): { children: MdxNode[]; base: number | undefined } | undefined {
  let children = root;
  let base: number | undefined;
  for (;;) {
    const around = children.find((c) => offset(c, 'start') < run.from && offset(c, 'end') >= run.to);
    if (around === undefined) return { children, base };
    if (around.type !== 'mdxJsxFlowElement') return undefined;
    base ??= (around.position?.start.column ?? 1) - 1;
    children = around.children ??= [];
  }
}

/** Moves every offset of the skeleton's tree to the text's (starts to the kept piece they open, ends to the one they close). */
function mapOffsets(root: MdxNode[], kept: ReadonlyArray<{ from: number; to: number; at: number }>): void {
  const toText = (o: number, side: 'start' | 'end'): number => {
    let lo = 0;
    let hi = kept.length - 1;
    // The last piece starting at or before `o` (for an end: before it), as pieces are in order.
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      const piece = kept[mid] as { at: number };
      if (side === 'start' ? piece.at <= o : piece.at < o) lo = mid;
      else hi = mid - 1;
    }
    const piece = kept[lo] as { from: number; at: number };
    return piece.from + (o - piece.at);
  };
  const pending = [...root];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    const position = node.position;
    if (position?.start.offset !== undefined) position.start.offset = toText(position.start.offset, 'start');
    if (position?.end.offset !== undefined) position.end.offset = toText(position.end.offset, 'end');
    for (const child of node.children ?? []) pending.push(child);
  }
}

/** The runs of plain lines that can be cut out, in order. */
function plainRuns(all: readonly Line[], text: string): Run[] {
  const runs: Run[] = [];
  for (let i = 0; i < all.length;) {
    if (all[i]?.kind !== 'plain' && all[i]?.kind !== 'blank') {
      i++;
      continue;
    }
    let j = i;
    while (j < all.length && (all[j]?.kind === 'plain' || all[j]?.kind === 'blank')) j++;
    // Lines [i, j). A neighbour right next to the run is a whole tag (or the text's end), else a paragraph would run
    // on into it. A neighbour behind a blank line may be anything when the run starts at column 0 (inside no list
    // item) and its block next to that neighbour is no list (which could run on over the blank line).
    const before = all[i - 1];
    const after = all[j];
    const apartBefore = before === undefined || before.kind === 'tag' ? 'tag' : all[i]?.kind === 'blank' ? 'blank' : undefined;
    const apartAfter = after === undefined || after.kind === 'tag' ? 'tag' : all[j - 1]?.kind === 'blank' ? 'blank' : undefined;
    const run = apartBefore && apartAfter ? chunked(all.slice(i, j), text) : undefined;
    const first = run?.chunks[0];
    const last = run?.chunks[run.chunks.length - 1];
    const sure = run !== undefined && (apartBefore === 'tag' || (run.indent === 0 && !first?.list)) && (apartAfter === 'tag' || (run.indent === 0 && !last?.list));
    if (run !== undefined && sure) runs.push({ ...run, from: (all[i] as Line).start, to: after === undefined ? text.length : after.start });
    i = j;
  }
  return runs;
}

const indentOf = (line: string): number => line.length - line.trimStart().length;

/** The blocks of a run's lines; undefined when any of them is not sure (see the file's comment). */
function chunked(lines: readonly Line[], text: string): Omit<Run, 'from' | 'to'> | undefined {
  let first = 0;
  let last = lines.length - 1;
  while (first <= last && lines[first]?.kind === 'blank') first++;
  while (last >= first && lines[last]?.kind === 'blank') last--;
  if (first > last) return undefined;
  // A code span left open on a line may close on the next: then the spans of a line with code are not its own.
  if (lines.some((l) => l.code) && lines.some((l) => !l.fenced && outsideCode(text.slice(l.start, l.end)) === undefined)) return undefined;
  const chunks: Chunk[] = [];
  let indent = -1;
  let widestBlank = 0;
  let open: { kind: 'paragraph' | 'list' | 'table' | 'fence'; lines: number; bullet?: string; content?: number; fence?: string; alone?: true } | undefined;
  let blanks = 0;
  const close = (line: Line) => {
    const chunk = chunks[chunks.length - 1] as Chunk;
    chunk.end = line.end;
    if (line.inline) (chunk.inline ??= []).push(...line.inline);
  };
  for (let k = first; k <= last; k++) {
    const line = lines[k] as Line;
    const raw = text.slice(line.start, line.end);
    if (open?.kind === 'fence') {
      open.lines++;
      const fence = FENCE.exec(raw);
      const marks = fence?.[1] ?? '';
      if (!fence || marks[0] !== open.fence?.[0] || marks.length < (open.fence?.length ?? 0) || raw.slice(fence[0].length).trim() !== '') continue;
      if (/[ \t]$/.test(raw)) return undefined;
      close(line);
      open = undefined;
      continue;
    }
    if (line.kind === 'blank') {
      blanks++;
      widestBlank = Math.max(widestBlank, raw.length);
      continue;
    }
    const lead = indentOf(raw);
    if (/^[ ]*\t/.test(raw) || lead > MAX_INDENT || emphasisMarks(raw) > MAX_EMPHASIS_MARKS) return undefined;
    const body = raw.slice(lead);
    const startsBlock = open === undefined || blanks > 0;
    if (blanks > 1) return undefined;
    if (startsBlock) {
      blanks = 0;
      if (indent === -1) indent = lead;
      if (lead !== indent) return undefined;
      if (line.fenced) {
        const fence = FENCE.exec(raw);
        if (!fence) return undefined;
        chunks.push({ start: line.start + lead, end: line.end, column: lead + 1 });
        open = { kind: 'fence', lines: 1, fence: fence[1] };
        continue;
      }
      // Where a block ends (and a heading's end is its line's), the parser's end leaves trailing blanks out.
      if (/[ \t]$/.test(raw)) return undefined;
      chunks.push({ start: line.start + lead, end: line.end, column: lead + 1, ...(line.inline ? { inline: [...line.inline] } : {}) });
      if (line.alone && LIST_ITEM.test(body)) return undefined;
      if (ATX.test(body)) {
        open = undefined; // one line; the next line starts a block of its own
      } else {
        const item = LIST_ITEM.exec(body);
        if (item) {
          open = { kind: 'list', lines: 1, bullet: item[1] ?? item[2], content: lead + item[0].length };
          (chunks[chunks.length - 1] as Chunk).list = true;
        }
        else if (BLOCK_START.test(body)) return undefined;
        else open = { kind: body.includes('|') ? 'table' : 'paragraph', lines: 1, ...(line.alone ? { alone: true as const } : {}) };
      }
      continue;
    }
    // A line inside the open block.
    // (After a heading or a closed fence nothing continues: `open` is undefined, and the line started a block above.)
    if (open === undefined || line.fenced) return undefined;
    // A line whose elements hold marks is a block of its own (see `alone`).
    if (line.alone || open.alone) return undefined;
    open.lines++;
    if (open.kind === 'list') {
      const item = LIST_ITEM.exec(body);
      if (lead === indent && item && (item[1] ?? item[2]) === open.bullet) {
        open.content = lead + item[0].length;
      } else if (lead < (open.content ?? 0) || line.fenced || FENCE.test(raw) || body.startsWith('>')) {
        return undefined;
      }
    } else if (BLOCK_START.test(body)) {
      const item = LIST_ITEM.exec(body);
      if (item && lead === indent && (item[1] !== undefined || /^1[.)]/.test(body)) && !THEMATIC_BREAK.test(body)) {
        // A list interrupts a paragraph (a bullet, or the number 1, with text after it): a block of its own, right after.
        if (/[ \t]$/.test(raw)) return undefined;
        chunks.push({ start: line.start + lead, end: line.end, column: lead + 1, list: true, ...(line.inline ? { inline: [...line.inline] } : {}) });
        open = { kind: 'list', lines: 1, bullet: item[1] ?? item[2], content: lead + item[0].length };
        continue;
      }
      // A table's delimiter row, right under its head; anything else that may start a block is left to the parser.
      if (!(open.kind === 'table' && open.lines === 2 && /^[-:| \t]+$/.test(body))) return undefined;
    } else if (open.kind === 'paragraph' && body.includes('|')) {
      return undefined;
    }
    if (/[ \t]$/.test(raw)) return undefined;
    close(line);
  }
  if (open?.kind === 'fence') return undefined;
  return { chunks, indent, widestBlank };
}

function emphasisMarks(line: string): number {
  if (line.length < MAX_EMPHASIS_MARKS) return 0;
  let n = 0;
  for (let i = 0; i < line.length; i++) if (line[i] === '*' || line[i] === '_') n++;
  return n;
}
