/**
 * Where an MDX page needs the MDX parser (F15, issue 25's cost): the MDX parser reads every character into a syntax
 * tree and costs 10 to 20 times a Markdown build per byte, yet most of a docs page is prose and code that MDX reads
 * exactly as Markdown and that the MDX stage leaves untouched. This scan cuts the page into top-level blocks and
 * keeps only the blocks that hold MDX (`import`/`export`, `{`, a `<` that may open a tag) for the parser.
 *
 * A cut is made only at a blank line outside fenced code, outside any component, tag or expression, before a line
 * that starts at column 0 (so it cannot continue a list or a component's indented content). The scan errs towards
 * fewer cuts; a cut it got wrong leaves an unclosed tag or expression in a region, which the parser reports, and the
 * caller then parses the whole page instead (so a wrong cut costs time, never a different text).
 */

/** A top-level block of the page: from the start of its first line to the end of its last non-blank line. */
export interface MdxBlock {
  start: number;
  end: number;
  /** Whether it holds MDX and goes to the MDX parser (otherwise MDX reads it as Markdown, left as it is). */
  mdx: boolean;
}

const ESM = /^(?:import|export)\b/;
const FENCE = /^[ \t]*(`{3,}|~{3,})/;
const NAME_START = /[A-Za-z$_]/;

/** The top-level blocks of `text`, in order, those to parse as MDX marked. */
export function mdxBlocks(text: string): MdxBlock[] {
  return new BlockScanner(text).blocks();
}

class BlockScanner {
  private readonly found: MdxBlock[] = [];
  private fence: { char: string; length: number } | undefined;
  /** Open components and fragments. */
  private depth = 0;
  /** Open `{` outside tags. */
  private braces = 0;
  /** Inside a tag's `<...>` that continues on the next line: its open quote and `{` depth. */
  private tag: { quote: string | undefined; braces: number } | undefined;
  private block: MdxBlock | undefined;
  private cutPending = false;

  constructor(private readonly text: string) {}

  blocks(): MdxBlock[] {
    const text = this.text;
    for (let at = 0; at < text.length;) {
      const newline = text.indexOf('\n', at);
      const end = newline === -1 ? text.length : newline;
      this.line(at, end);
      at = end + 1;
    }
    if (this.block) this.found.push(this.block);
    return this.found;
  }

  private line(start: number, end: number): void {
    const line = this.text.slice(start, end);
    if (this.fence) {
      const close = FENCE.exec(line);
      if (close && close[1]?.[0] === this.fence.char && (close[1]?.length ?? 0) >= this.fence.length && line.slice(close[0].length).trim() === '') this.fence = undefined;
      this.extend(end);
      return;
    }
    if (line.trim() === '') {
      if (this.depth === 0 && this.braces === 0 && this.tag === undefined) this.cutPending = true;
      return;
    }
    if (this.cutPending && !/^[ \t]/.test(line) && this.block) {
      this.found.push(this.block);
      this.block = undefined;
    }
    this.cutPending = false;
    this.block ??= { start, end, mdx: false };
    this.extend(end);
    const open = this.tag === undefined ? FENCE.exec(line) : null;
    if (open && !(open[1]?.[0] === '`' && line.slice(open[0].length).includes('`'))) {
      this.fence = { char: open[1]?.[0] ?? '`', length: open[1]?.length ?? 3 };
      return;
    }
    if (ESM.test(line)) this.block.mdx = true;
    this.scan(line);
  }

  private extend(end: number): void {
    if (this.block) this.block.end = end;
  }

  /** Follows tags and expressions through one line; any of them marks the block as MDX. */
  private scan(line: string): void {
    let i = 0;
    if (this.tag) i = this.inTag(line, 0);
    while (i < line.length) {
      const c = line[i];
      if (c === '\\') {
        i += 2;
      } else if (c === '`') {
        let run = 1;
        while (line[i + run] === '`') run++;
        const close = line.indexOf('`'.repeat(run), i + run);
        i = close === -1 ? i + run : close + run;
      } else if (c === '{') {
        this.mark();
        this.braces++;
        i++;
      } else if (c === '}') {
        this.braces = Math.max(0, this.braces - 1);
        i++;
      } else if (c === '<') {
        const next = line[i + 1] ?? '';
        if (next === '/') {
          this.mark();
          this.depth = Math.max(0, this.depth - 1);
          const close = line.indexOf('>', i);
          i = close === -1 ? line.length : close + 1;
        } else if (next === '>') {
          this.mark();
          this.depth++;
          i += 2;
        } else if (NAME_START.test(next)) {
          this.mark();
          this.tag = { quote: undefined, braces: 0 };
          i = this.inTag(line, i + 1);
        } else {
          if (next === '!') this.mark();
          i++;
        }
      } else {
        i++;
      }
    }
  }

  /** Scans a tag's name and attributes from `i`; at its `>`, a tag not self-closing opens a component. */
  private inTag(line: string, i: number): number {
    const tag = this.tag;
    if (tag === undefined) return i;
    for (; i < line.length; i++) {
      const c = line[i];
      if (tag.quote !== undefined) {
        if (c === tag.quote) tag.quote = undefined;
      } else if (c === '"' || c === "'") {
        tag.quote = c;
      } else if (c === '{') {
        tag.braces++;
      } else if (c === '}') {
        tag.braces = Math.max(0, tag.braces - 1);
      } else if (c === '>' && tag.braces === 0) {
        if (line[i - 1] !== '/') this.depth++;
        this.tag = undefined;
        return i + 1;
      }
    }
    return i;
  }

  private mark(): void {
    if (this.block) this.block.mdx = true;
  }
}
