/**
 * The lines of an MDX text as `mdxSkeleton.ts` sorts them before cutting plain runs out: blank, a whole tag, MDX
 * (a tag or expression, or inside one that continues over lines) or plain Markdown, each marked inside a fence or
 * not, following tags and expressions as the block scan does (`mdxRegions.ts`).
 */
import type { MdxNode } from './mdxNode';
import { inlineElements } from './mdxInline';
import type { InlineLine } from './mdxInline';

export interface Line {
  start: number;
  end: number;
  kind: 'blank' | 'tag' | 'mdx' | 'plain';
  /** Inside a fence (its opening and closing lines included): what MDX never reads. */
  fenced: boolean;
  /** A plain line whose `<`, `{` and `}` all stand in code spans that close on it, or in its inline tags. */
  code?: true;
  /** A plain line's JSX text elements, read without the parser (`mdxInline.ts`). */
  inline?: MdxNode[];
  /** Its elements hold emphasis, links or images: the line must be a block of its own, not in a list. */
  alone?: true;
}

export const FENCE = /^[ \t]*(`{3,}|~{3,})/;
/** A line that is one JSX tag, its attributes strings, bare names or expressions nested at most twice. */
const WHOLE_TAG = /^[ \t]*<\/?[A-Za-z][\w.:-]*(?:\s+[A-Za-z_:][\w.:-]*(?:=(?:"[^"]*"|'[^']*'|\{(?:[^{}"']|"[^"]*"|'[^']*'|\{(?:[^{}"']|"[^"]*"|'[^']*')*\})*\}))?)*\s*\/?>[ \t]*$/;

/** The lines of `text`, each classified, following fences, and tags and expressions that continue over lines. */
export function lines(text: string): Line[] {
  const out: Line[] = [];
  let fence: { char: string; length: number } | undefined;
  const state = { tag: undefined as { quote: string | undefined; braces: number } | undefined, braces: 0 };
  let inline: InlineLine | undefined;
  for (let start = 0; start <= text.length;) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const line = text.slice(start, end);
    if (fence) {
      const close = FENCE.exec(line);
      if (close && close[1]?.[0] === fence.char && (close[1]?.length ?? 0) >= fence.length && line.slice(close[0].length).trim() === '') fence = undefined;
      out.push({ start, end, kind: 'plain', fenced: true });
    } else if (line.trim() === '') {
      out.push({ start, end, kind: state.tag || state.braces ? 'mdx' : 'blank', fenced: false });
    } else if (state.tag === undefined && state.braces === 0) {
      const open = FENCE.exec(line);
      if (open && !(open[1]?.[0] === '`' && line.slice(open[0].length).includes('`'))) {
        fence = { char: open[1]?.[0] ?? '`', length: open[1]?.length ?? 3 };
        out.push({ start, end, kind: 'plain', fenced: true });
      } else if (!/[<{}]/.test(line)) {
        out.push({ start, end, kind: 'plain', fenced: false });
      } else if (codeOnly(line)) {
        out.push({ start, end, kind: 'plain', fenced: false, code: true });
      } else if (line.includes('<') && (inline = inlineElements(line, start)) !== undefined) {
        out.push({ start, end, kind: 'plain', fenced: false, code: true, inline: inline.nodes, ...(inline.alone ? { alone: true as const } : {}) });
      } else {
        scan(line, state);
        out.push({ start, end, kind: state.tag === undefined && state.braces === 0 && WHOLE_TAG.test(line) ? 'tag' : 'mdx', fenced: false });
      }
    } else {
      scan(line, state);
      out.push({ start, end, kind: 'mdx', fenced: false });
    }
    if (newline === -1) break;
    start = newline + 1;
  }
  return out;
}

/**
 * Whether every `<`, `{` and `}` of `line` stands in a code span that opens and closes on it (`` `<hr />` ``), so
 * that MDX reads none of them, as long as no line before it in its block leaves a code span open (`chunked`).
 */
function codeOnly(line: string): boolean {
  return !line.includes('\\') && !/[<{}]/.test(outsideCode(line) ?? '<');
}

/** `line` with its code spans taken out; undefined when a backtick run on it is not paired with one as long. */
export function outsideCode(line: string): string | undefined {
  let out = '';
  for (let i = 0; i < line.length;) {
    if (line[i] !== '`') {
      const next = line.indexOf('`', i);
      out += line.slice(i, next === -1 ? line.length : next);
      i = next === -1 ? line.length : next;
      continue;
    }
    let run = 1;
    while (line[i + run] === '`') run++;
    const close = line.indexOf('`'.repeat(run), i + run);
    if (close === -1 || line[close + run] === '`') return undefined;
    i = close + run;
  }
  return out;
}

/** Follows tags (their quotes and braces) and expressions through a line, as the block scan does (mdxRegions.ts). */
function scan(line: string, state: { tag: { quote: string | undefined; braces: number } | undefined; braces: number }): void {
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    const tag = state.tag;
    if (tag !== undefined) {
      if (tag.quote !== undefined) {
        if (c === tag.quote) tag.quote = undefined;
      } else if (c === '"' || c === "'") tag.quote = c;
      else if (c === '{') tag.braces++;
      else if (c === '}') tag.braces = Math.max(0, tag.braces - 1);
      else if (c === '>' && tag.braces === 0) state.tag = undefined;
    } else if (c === '\\') {
      i++;
    } else if (c === '`') {
      let run = 1;
      while (line[i + run] === '`') run++;
      const close = line.indexOf('`'.repeat(run), i + run);
      i = close === -1 ? i + run - 1 : close + run - 1;
    } else if (c === '{') {
      state.braces++;
    } else if (c === '}') {
      state.braces = Math.max(0, state.braces - 1);
    } else if (c === '<' && /[A-Za-z/]/.test(line[i + 1] ?? '')) {
      state.tag = { quote: undefined, braces: 0 };
    }
  }
}
