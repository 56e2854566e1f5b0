/**
 * Where markup that markdown-it finds stands in the source: the sites of images (F8) and links (F14).
 *
 * markdown-it decides what is an image or a link (so none in code fences, indented code, code spans, HTML
 * comments; reference labels match as in CommonMark). Its inline tokens carry no positions, so the image, link and
 * inline-HTML rules of this parser are wrapped to record where each token starts and ends in its block's content
 * (`meta.place`), and the content's lines are then found in the source lines the block came from (content is the
 * source minus block-quote markers and indentation). A link's destination and a reference definition's are
 * recorded as well (`meta.destination`), found by markdown-it's own helpers, so that exactly those characters can
 * be replaced.
 */
import MarkdownIt from 'markdown-it';
import { useFastInlineState } from '../markdown/inlineState';
import { createBlockParser } from '../markdown/markdown';
import { lineStarts } from '../text/text';

type Parser = ReturnType<typeof MarkdownIt>;
type Token = MarkdownIt.Token;
type InlineRule = Parameters<Parser['inline']['ruler']['at']>[1];
type BlockRule = Parameters<Parser['block']['ruler']['at']>[1];
type InlineState = Parameters<InlineRule>[0];

/** Offsets in a block's inline content (inline tokens) or in the parsed text (reference definitions). */
export interface Place {
  start: number;
  end: number;
}

interface SiteMeta {
  place?: Place;
  destination?: Place;
}

/** The stock rule named `name` (rule functions are module-level in markdown-it, the same in every instance). */
function stockRule<R>(ruler: 'inline' | 'block', name: string): R {
  const md = new MarkdownIt('default', { html: true });
  md[ruler].ruler.enableOnly([name]);
  const rule = md[ruler].ruler.getRules('')[0];
  if (rule === undefined) throw new Error(`markdown-it has no ${ruler} rule ${name}`);
  return rule as R;
}

function addMeta(token: Token, meta: SiteMeta): void {
  token.meta = { ...(token.meta as object | null), ...meta };
}

/** The rule, recording on the token it made where in the content it starts and ends. */
function recordingPlace(rule: InlineRule): InlineRule {
  return (state, silent) => {
    const start = state.pos;
    if (!rule(state, silent)) return false;
    const token = state.tokens[state.tokens.length - 1];
    if (!silent && token !== undefined) addMeta(token, { place: { start, end: state.pos } });
    return true;
  };
}

/**
 * The link rule, recording on `link_open` the whole link's place and, for an inline link (`[text](dest "title")`),
 * its destination's. A reference link (`[text][id]`) has none here: its definition has.
 */
function recordingLink(rule: InlineRule): InlineRule {
  return (state, silent) => {
    const start = state.pos;
    const before = state.tokens.length;
    if (!rule(state, silent)) return false;
    // Text waiting before the link is pushed first, as its own token.
    const open = silent ? undefined : state.tokens.slice(before).find((t) => t.type === 'link_open');
    if (open === undefined) return true;
    const meta: SiteMeta = { place: { start, end: state.pos } };
    // An inline link ends with its `)`; a reference link with its label's `]`.
    if (state.src.charCodeAt(state.pos - 1) === 0x29) {
      const destination = inlineDestination(state, start);
      if (destination) meta.destination = destination;
    }
    addMeta(open, meta);
    return true;
  };
}

/** Where the destination of the inline link starting at `start` is, found as the link rule finds it. */
function inlineDestination(state: InlineState, start: number): Place | undefined {
  const labelEnd = state.md.helpers.parseLinkLabel(state, start, true);
  if (labelEnd < 0 || state.src.charCodeAt(labelEnd + 1) !== 0x28) return undefined;
  let pos = labelEnd + 2;
  while (pos < state.posMax && /[ \t\n]/.test(state.src.charAt(pos))) pos++;
  const result = state.md.helpers.parseLinkDestination(state.src, pos, state.posMax);
  return result.ok && result.pos > pos ? { start: pos, end: result.pos } : undefined;
}

/**
 * The reference definition rule, recording on its `reference_definition` token where its destination is in the
 * parsed text: the rule asks `parseLinkDestination` exactly once, so the parser's helper is wrapped to tell.
 */
export function recordingDefinitions(md: Parser): void {
  const rule = stockRule<BlockRule>('block', 'reference');
  // Each parser has its own copy of the helpers (markdown-it copies them per instance): this one alone is wrapped.
  const helpers = md.helpers as { -readonly [K in keyof Parser['helpers']]: Parser['helpers'][K] };
  const parseDestination = helpers.parseLinkDestination;
  let last: Place | undefined;
  helpers.parseLinkDestination = (str, start, max) => {
    const result = parseDestination(str, start, max);
    last = result.ok ? { start, end: result.pos } : undefined;
    return result;
  };
  md.block.ruler.at('reference', (state, startLine, endLine, silent) => {
    last = undefined;
    const before = state.tokens.length;
    if (!rule(state, startLine, endLine, silent)) return false;
    const token = state.tokens[before];
    if (!silent && token?.type === 'reference_definition' && last) addMeta(token, { destination: last });
    return true;
  });
}

/**
 * The block tokens the sites are found in: inline contents (paragraphs, headings, table cells), reference
 * definitions, HTML blocks, and table rows (a cell's inline token has no line of its own: its row's is used).
 * Every other token is dropped as it is made, which halves the cost of a large file's block parse.
 */
export const SITE_TOKENS: ReadonlySet<string> = new Set(['inline', 'reference_definition', 'html_block', 'tr_open']);

/**
 * A parser of sites: block structure as `findHeadings` reads it (see `createBlockParser`), the tokens above only,
 * and contents only for blocks where `wanted` matches (others are empty, and are passed over); inline HTML recorded.
 */
export function siteParser(wanted: RegExp): Parser {
  const md = createBlockParser({ keep: SITE_TOKENS, contentsWanted: wanted });
  useFastInlineState(md);
  md.inline.ruler.at('html_inline', recordingPlace(stockRule('inline', 'html_inline')));
  return md;
}

/** Records images (`meta.place`), their `src` normalised as markdown-it renders it. */
export function recordImages(md: Parser): void {
  md.inline.ruler.at('image', recordingPlace(stockRule('inline', 'image')));
}

/**
 * Records links and reference definitions (`meta.place`, `meta.destination`). Lean, as it reads every linked
 * paragraph of a file: destinations are read from the source, so markdown-it's normalisation of `href` (an URL
 * parse per link) is skipped, and so is emphasis, which decides no link (a link takes precedence over emphasis).
 * Images are still parsed, so that `![alt](x.md)` is an image and no link.
 */
export function recordLinks(md: Parser): void {
  md.inline.ruler.at('link', recordingLink(stockRule('inline', 'link')));
  md.inline.ruler.disable(['emphasis', 'strikethrough']);
  md.inline.ruler2.disable(['emphasis', 'strikethrough']);
  md.normalizeLink = (url) => url;
  recordingDefinitions(md);
}

export function placeOf(token: Token): Place | undefined {
  return (token.meta as SiteMeta | null)?.place;
}

export function destinationOf(token: Token): Place | undefined {
  return (token.meta as SiteMeta | null)?.destination;
}

/** Maps offsets in an inline token's content to offsets in the body. */
export interface ContentPlaces {
  content: string;
  /** The body offset of a content offset; undefined when the content's lines were not found in the body. */
  toBody(offset: number): number | undefined;
}

/**
 * Walks a parsed body, finding where each inline token's content and each HTML block's content lie in it. Call
 * `inline` / `htmlBlock` for every such token in order (also for those of no interest: table cells share a line,
 * and each is found after the last).
 */
export class BodyPlaces {
  readonly starts: number[];
  /** Per source line, where the next content may start. */
  private readonly cursors = new Map<number, number>();

  /** `starts`: the body's line starts, when the caller has them (`lineStarts(body)`). */
  constructor(readonly body: string, starts?: number[]) {
    this.starts = starts ?? lineStarts(body);
  }

  /** 0-based line of a body offset, by binary search over the line starts. */
  lineOf(offset: number): number {
    const starts = this.starts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /**
   * The places of an inline token's content, whose first line is on body line `firstLine`. With `interesting`
   * false the content is only passed over (its line's cursor moves past it).
   */
  inline(content: string, firstLine: number, interesting = true): ContentPlaces | undefined {
    const offsets = this.locateLines(content, firstLine);
    return interesting ? this.placesOf(content, offsets) : undefined;
  }

  /** The places of an HTML block's content (which ends with a newline). */
  htmlBlock(content: string, firstLine: number): ContentPlaces {
    return this.placesOf(content, this.locateLines(content.endsWith('\n') ? content.slice(0, -1) : content, firstLine));
  }

  private placesOf(content: string, lineOffsets: number[] | undefined): ContentPlaces {
    return {
      content,
      toBody: (offset) => {
        if (lineOffsets === undefined) return undefined;
        const before = content.lastIndexOf('\n', offset - 1);
        const k = before === -1 ? 0 : countLines(content, before + 1);
        return (lineOffsets[k] ?? 0) + offset - (before + 1);
      },
    };
  }

  /** Body offset of each line of `content`, whose first line is on body line `firstLine`; undefined if lost. */
  private locateLines(content: string, firstLine: number): number[] | undefined {
    const body = this.body;
    const offsets: number[] = [];
    const lines = content.split('\n');
    for (let k = 0; k < lines.length; k++) {
      const sourceLine = firstLine + k;
      const lineStart = this.starts[sourceLine];
      if (lineStart === undefined) return undefined;
      const from = this.cursors.get(sourceLine) ?? lineStart;
      const contentLine = lines[k] ?? '';
      // A tab partly taken as indentation comes out as spaces in the content: look for the rest of the line.
      const trimmed = contentLine.trimStart();
      const at = body.indexOf(trimmed, from);
      if (at === -1 || at + trimmed.length > this.lineEnd(sourceLine)) return undefined;
      offsets.push(at - (contentLine.length - trimmed.length));
      this.cursors.set(sourceLine, at + trimmed.length);
    }
    return offsets;
  }

  private lineEnd(line: number): number {
    return (this.starts[line + 1] ?? this.body.length + 1) - 1;
  }
}

/**
 * Walks a parsed body's block tokens in order, keeping `places` in step: each inline token whose content `may`
 * matches is parsed into its children, handed to `inline` with its content's places; one it rules out is only
 * passed over (a table cell shares its line with the next). Every other token goes to `block`, with the body line
 * it stands on.
 */
export function forEachInline(
  md: Parser,
  env: Record<string, unknown>,
  tokens: readonly Token[],
  places: BodyPlaces,
  may: RegExp,
  inline: (children: Token[], at: ContentPlaces) => void,
  block: (token: Token, line: number) => void,
): void {
  let line = 0;
  for (const token of tokens) {
    if (token.map !== null) line = token.map[0];
    if (token.type !== 'inline') {
      block(token, line);
      continue;
    }
    const content = token.content;
    if (!may.test(content)) {
      // A table cell (no map of its own) still moves its line's cursor past it.
      if (token.map === null && content !== '') places.inline(content, line, false);
      continue;
    }
    const at = places.inline(content, line) as ContentPlaces;
    const children: Token[] = [];
    md.inline.parse(content, md, env, children);
    inline(children, at);
  }
}

/** Number of `\n` in `text` before `end`. */
function countLines(text: string, end: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
