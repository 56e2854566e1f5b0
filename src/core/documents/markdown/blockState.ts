/**
 * A faster block state for markdown-it parsers that only look for block structure (headings, image sites).
 *
 * Speed, never difference: each replacement below is checked against the stock State at start-up, and the stock
 * State stays in place on any difference (a future markdown-it), so this can only make parsing faster.
 * - Tokens: markdown-it 15's Token constructor sets each field through a transpiled `defineProperty` helper,
 *   which costs about a fifth of a large parse. Block tokens are made as plain objects on Token's prototype with
 *   the same fields and defaults, so every Token method still works.
 * - Lines: the stock constructor looks at every character of the text (1 MB: a million steps, the largest single
 *   cost of finding headings). Here each line's indentation is read character by character and its end found
 *   with `indexOf`, which gives the same line tables.
 * - `headingsOnly`: the token list keeps only `heading_open`, the heading's `inline` and `heading_close`. The block
 *   rules still run (and see the same lines, levels and parent types), but the tens of thousands of paragraph,
 *   list, table and fence tokens of a large file are neither kept nor walked. Block rules never read tokens back
 *   except to mark tight lists' paragraphs hidden, which headings do not care about. Nor are the texts of
 *   paragraphs, fences and HTML blocks copied out of the source (`getLines`, about the size of the file again in
 *   strings per parse): only a setext heading's lines become a kept token's content, and they are read when that
 *   heading is complete.
 * - `keep` (a set of token types): the token list keeps tokens of those types only (the sites of images and links
 *   need inline contents, reference definitions, HTML blocks and table rows).
 * - `contentsWanted` (an expression): a paragraph's, HTML block's or code block's lines are copied out as its
 *   content only when the expression matches in them (the places of its matches are found once per parse);
 *   otherwise the content is empty. Looking for image or link sites, most paragraphs have none, and their copies
 *   were most of the parse's garbage.
 */
import type MarkdownIt from 'markdown-it';

type Parser = ReturnType<typeof MarkdownIt>;
type Token = MarkdownIt.Token;
type StateBlock = InstanceType<Parser['block']['State']>;

/** Line tables as the stock StateBlock constructor builds them (see markdown-it's `state_block`). */
function scanLines(state: StateBlock, src: string): void {
  const bMarks: number[] = [];
  const eMarks: number[] = [];
  const tShift: number[] = [];
  const sCount: number[] = [];
  const bsCount: number[] = [];
  const len = src.length;
  let start = 0;
  while (start < len) {
    let pos = start;
    let indent = 0;
    let offset = 0;
    for (; pos < len; pos++) {
      const ch = src.charCodeAt(pos);
      if (ch === 0x20) offset++;
      else if (ch === 0x09) offset += 4 - (offset % 4);
      else break;
      indent++;
    }
    // The stock loop ends inside the indentation of a last line that holds only spaces: no line for it.
    if (pos >= len) break;
    const newline = src.indexOf('\n', pos);
    const end = newline === -1 ? len : newline;
    bMarks.push(start);
    eMarks.push(end);
    tShift.push(indent);
    sCount.push(offset);
    bsCount.push(0);
    start = end + 1;
  }
  bMarks.push(len);
  eMarks.push(len);
  tShift.push(0);
  sCount.push(0);
  bsCount.push(0);
  state.bMarks = bMarks;
  state.eMarks = eMarks;
  state.tShift = tShift;
  state.sCount = sCount;
  state.bsCount = bsCount;
  state.lineMax = bMarks.length - 1;
}

/** Texts whose line tables the start-up check compares: tabs, blank lines, a last line with and without `\n`... */
const LINE_SAMPLES = ['', '\n', 'a', 'a\n', '  \n', 'a\n  ', 'a\n \t', '\t x\n  \ty\n\n', ' \t \tz', 'x\n\t', '\n\n  a  \n', '   \t\t# h\n\n    code\n\tq'];

function lineTables(state: StateBlock): string {
  return JSON.stringify([state.bMarks, state.eMarks, state.tShift, state.sCount, state.bsCount, state.lineMax, state.src]);
}

type TokenMaker = (type: string, tag: string, nesting: Token['nesting']) => Token;

/**
 * Tokens made as plain objects on `TokenClass`'s prototype, with the same fields and defaults as its constructor
 * gives (so every Token method still works); undefined when they would differ (a future markdown-it).
 */
export function plainTokenMaker(TokenClass: new (type: string, tag: string, nesting: Token['nesting']) => Token): TokenMaker | undefined {
  let reference: Token;
  try {
    reference = new TokenClass('paragraph_open', 'p', 1);
  } catch {
    return undefined;
  }
  const prototype = TokenClass.prototype as object;
  const makeToken: TokenMaker = (type, tag, nesting) => {
    const token = Object.create(prototype) as Token;
    token.map = null;
    token.level = 0;
    token.children = null;
    token.content = '';
    token.markup = '';
    token.info = '';
    token.block = false;
    token.hidden = false;
    token.type = type;
    token.tag = tag;
    token.attrs = null;
    token.nesting = nesting;
    token.meta = null;
    return token;
  };
  return fields(makeToken('paragraph_open', 'p', 1)) === fields(reference) ? makeToken : undefined;
}

/** An object's own fields and values, in a stable order: what the start-up checks compare. */
export function fields(t: object): string {
  return JSON.stringify(Object.entries(t).sort(([a], [b]) => a.localeCompare(b)));
}

/** Installs the faster State on `md` (see the file comment). */
export function useFastBlockState(md: Parser, options: { headingsOnly?: boolean; keep?: ReadonlySet<string>; contentsWanted?: RegExp } = {}): void {
  const headingsOnly = options.headingsOnly ?? false;
  const keepTypes = options.keep;
  const wantedPattern = options.contentsWanted && new RegExp(options.contentsWanted.source, `${options.contentsWanted.flags.replace('g', '')}g`);
  const Base = md.block.State;
  let makeToken: TokenMaker | undefined;
  try {
    makeToken = plainTokenMaker(new Base('', md, {}, []).Token);
  } catch {
    return;
  }
  if (makeToken === undefined) return;
  const make = makeToken;

  const asciiTrim = (md.utils as { asciiTrim?: (text: string) => string }).asciiTrim;
  const skipLines = headingsOnly && typeof asciiTrim === 'function';
  // A kept setext heading whose lines were not wanted gets its content read when it is complete, as under
  // skipLines; without markdown-it's trim to read it as the stock rule does, every content is wanted.
  const keepsHeadings = keepTypes?.has('heading_open') === true;
  const wanted = keepsHeadings && typeof asciiTrim !== 'function' ? undefined : wantedPattern;
  const readsSetext = skipLines || (keepsHeadings && wanted !== undefined);

  class FastStateBlock extends Base {
    /** Whether the last token pushed opened a heading (its `inline` comes next). */
    private headingOpened = false;
    /** The heading being pushed and its inline token (headingsOnly). */
    private openHeading: Token | undefined;
    private headingInline: Token | undefined;
    /** The arguments of the last `getLines` call, answered with '' (skipLines). */
    private lastLines: [number, number, number, boolean] | undefined;
    /** Where `contentsWanted` matches in the text, in order (undefined without it). */
    private readonly wantedAt: number[] | undefined;

    override getLines(begin: number, end: number, indent: number, keepLastLF: boolean): string {
      if (this.wantedAt !== undefined) {
        if (this.wants(begin, end)) return super.getLines(begin, end, indent, keepLastLF);
        this.lastLines = [begin, end, indent, keepLastLF];
        return '';
      }
      if (!skipLines) return super.getLines(begin, end, indent, keepLastLF);
      this.lastLines = [begin, end, indent, keepLastLF];
      return '';
    }

    /** Whether a match of `contentsWanted` starts in lines [begin, end). */
    private wants(begin: number, end: number): boolean {
      const at = this.wantedAt ?? [];
      const from = this.bMarks[begin] ?? 0;
      const to = this.eMarks[end - 1] ?? this.src.length;
      let low = 0;
      let high = at.length;
      while (low < high) {
        const mid = (low + high) >> 1;
        if ((at[mid] ?? 0) < from) low = mid + 1;
        else high = mid;
      }
      return low < at.length && (at[low] ?? Infinity) <= to;
    }

    constructor(src: string, parser: Parser, env: ConstructorParameters<typeof Base>[2], tokens: Token[]) {
      // The stock constructor scans the text it is given: give it none, then scan faster.
      super('', parser, env, tokens);
      this.src = src;
      scanLines(this, src);
      if (wanted) this.wantedAt = Array.from(src.matchAll(wanted), (m) => m.index);
    }

    override push(type: string, tag: string, nesting: Token['nesting']): Token {
      const token = make(type, tag, nesting);
      token.block = true;
      if (nesting < 0) this.level--;
      token.level = this.level;
      if (nesting > 0) this.level++;
      // A token not kept is still returned whole: the rule that asked may set its fields, as it always does.
      const keep = headingsOnly
        ? type === 'heading_open' || type === 'heading_close' || (type === 'inline' && this.headingOpened)
        : keepTypes === undefined || keepTypes.has(type);
      this.headingOpened = type === 'heading_open';
      if (keep) {
        this.tokens.push(token);
        if (type === 'heading_open') this.openHeading = token;
        else if (type === 'inline') this.headingInline = token;
        else if (
          type === 'heading_close' && readsSetext && this.openHeading && this.headingInline && this.headingInline.content === '' && this.lastLines &&
          (this.openHeading.markup === '=' || this.openHeading.markup === '-')
        ) {
          // A setext heading (lheading) took its content from getLines, answered with '': read those lines now,
          // as the stock rule does (`asciiTrim(getLines(...))`), right after it asked for them. An ATX heading
          // reads its text from `src` itself.
          this.headingInline.content = asciiTrim!(super.getLines(...this.lastLines));
        }
      }
      return token;
    }
  }
  // The same pushes through the stock and the fast State must give the same tokens, and the same texts the
  // same line tables.
  const pushes = (state: StateBlock): string =>
    fields(([['blockquote_open', 'blockquote', 1], ['hr', 'hr', 0], ['blockquote_close', 'blockquote', -1]] as const)
      .map(([type, tag, nesting]) => state.push(type, tag, nesting)));
  try {
    if (pushes(new Base('', md, {}, [])) !== pushes(new FastStateBlock('', md, {}, []))) return;
    for (const sample of LINE_SAMPLES) {
      if (lineTables(new Base(sample, md, {}, [])) !== lineTables(new FastStateBlock(sample, md, {}, []))) return;
    }
  } catch {
    return;
  }
  md.block.State = FastStateBlock;
}
