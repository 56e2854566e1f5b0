/**
 * Headings of a Markdown body, found with markdown-it (so a `#` inside a code fence, an indented code block or an
 * HTML block is no heading, and setext headings count), with their plain text and anchors.
 *
 * Only the block structure is parsed for the whole body; inline parsing runs for heading contents only. That keeps
 * a 1 MB file in the tens of milliseconds.
 */
import MarkdownIt from 'markdown-it';
import { blocksOf } from './blockParse';
import type { BlockParses } from './blockParse';
import { useFastBlockState } from './blockState';
import { MkdocsSlugger, Slugger } from './slug';
import type { AnchorStyle } from './slug';
import { codeSpan } from '../text/text';

export interface MarkdownHeading {
  /** 1 to 6. */
  level: number;
  /** Plain text: Markdown markup and HTML tags removed, an explicit `{#id}` removed, whitespace collapsed. */
  text: string;
  /** The anchor the docs site gives the heading; undefined when it would be empty (`## ???`). */
  anchor: string | undefined;
  /** True when the anchor is the heading's explicit `{#id}`. */
  explicitId: boolean;
  /** First line of the heading (0-based, in the body). */
  startLine: number;
  /** Line after the heading (two lines for a setext heading). */
  endLine: number;
  /**
   * False for headings nested in a block quote or list item: they get anchors (docs sites give them ids, and they
   * count for duplicate numbering) but do not start a section, which would cut the quote or list in two.
   */
  topLevel: boolean;
}

type Parser = ReturnType<typeof MarkdownIt>;

let parser: Parser | undefined;

function markdownParser(): Parser {
  parser ??= createBlockParser({ headingsOnly: true });
  return parser;
}

/**
 * A new parser configured as the one headings are found with (`images.ts` makes its own, with extra inline
 * bookkeeping, so both read the block structure the same way).
 * `headingsOnly`: the token list keeps the headings' tokens only; `keep`: the tokens of these types only;
 * `contentsWanted`: blocks get their content only where this matches (see `blockState.ts`).
 */
export function createBlockParser(options: Parameters<typeof useFastBlockState>[1] = {}): Parser {
  // `html: true`, as on GitHub and docs sites: an HTML block (`<details>`...) is one block, and a `#` line
  // inside it is no heading. Core rules after the block parser are off: inline content is parsed on demand.
  const md = new MarkdownIt('default', { html: true, linkify: false, typographer: false });
  md.core.ruler.enableOnly(['normalize', 'block']);
  useFastBlockState(md, options);
  return md;
}

type Token = MarkdownIt.Token;

/**
 * An explicit heading id at the end of the heading: `{#custom-id}` (Docusaurus, MkDocs attr_list, Pandoc,
 * kramdown's `{: #id}`), optionally followed by classes or attributes (`{#id .class}`).
 */
const EXPLICIT_ID = /[ \t]*\{:?[ \t]*#([^\s{}#]+)(?:[ \t]+[^{}\n]*)?[ \t]*\}[ \t]*$/;

/**
 * The text a reader sees of inline tokens (heading text, image alt text). `codeSpans`: code stays a code span
 * (an image's alt text put in a section's Markdown, where `<App>` in code is code, not a tag).
 */
export function plainText(tokens: readonly Token[], codeSpans = false): string {
  let text = '';
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
      case 'text_special':
        text += token.content;
        break;
      case 'code_inline':
        text += codeSpans ? codeSpan(token.content) : token.content;
        break;
      case 'softbreak':
      case 'hardbreak':
        text += '\n';
        break;
      default:
        // Link and emphasis markers, inline HTML tags and images add no text (as in the rendered heading).
        break;
    }
  }
  return text;
}

/**
 * Characters at which one of the inline rules enabled here (escapes, code, emphasis, strikethrough, links,
 * images, autolinks, inline HTML, entities, line breaks) can start. Text without them parses into one text
 * token equal to itself, so the parse (a state object per heading) is skipped.
 */
const INLINE_MARKUP = /[\n\\`*_~[\]!<&]/;

function inlineText(md: Parser, content: string, env: Record<string, unknown>): string {
  const tokens: Token[] = [];
  md.inline.parse(content, md, env, tokens);
  return plainText(tokens);
}

/** A heading as parsed, before any slugger made its anchor. */
interface ParsedHeading {
  level: number;
  /** The text as the slugger takes it (markup removed, whitespace as written). */
  raw: string;
  explicitAnchor: string | undefined;
  startLine: number;
  endLine: number;
  topLevel: boolean;
}

/** `parses`: the page's shared block parses (`blockParse.ts`); the heading texts are parsed with this parser either way. */
function parseHeadings(body: string, parses?: BlockParses): ParsedHeading[] {
  const md = markdownParser();
  const shared = parses && blocksOf(parses, body);
  const env: Record<string, unknown> = shared?.env ?? {};
  const tokens = shared?.tokens ?? md.parse(body, env);
  const headings: ParsedHeading[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const open = tokens[i];
    if (open === undefined || open.type !== 'heading_open' || open.map === null) continue;
    const inline = tokens[i + 1];
    let content = inline?.type === 'inline' ? inline.content : '';
    let explicitAnchor: string | undefined;
    const explicit = EXPLICIT_ID.exec(content);
    if (explicit) {
      explicitAnchor = explicit[1];
      content = content.slice(0, explicit.index);
    }
    const raw = INLINE_MARKUP.test(content) ? inlineText(md, content, env) : content;
    headings.push({ level: Number(open.tag.slice(1)), raw, explicitAnchor, startLine: open.map[0], endLine: open.map[1], topLevel: open.level === 0 });
  }
  return headings;
}

/** The parsed headings with anchors made as `anchors` makes them (each call its own slugger: numbering starts afresh). */
function anchored(parsed: readonly ParsedHeading[], anchors: AnchorStyle): MarkdownHeading[] {
  const slugger = anchors === 'mkdocs' ? new MkdocsSlugger() : new Slugger();
  return parsed.map((h) => {
    let anchor = h.explicitAnchor;
    if (anchor === undefined) {
      // Slugged even when empty, as the site's slugger counts every heading for duplicate numbering.
      const slug = slugger.slug(h.raw);
      anchor = slug === '' ? undefined : slug;
    }
    return {
      level: h.level,
      text: headingText(h.raw),
      anchor,
      explicitId: h.explicitAnchor !== undefined,
      startLine: h.startLine,
      endLine: h.endLine,
      topLevel: h.topLevel,
    };
  });
}

/** All headings of the body, in order, with anchors made as a GitHub-style docs site (or MkDocs) makes them. */
export function findHeadings(body: string, anchors: AnchorStyle = 'github', parses?: BlockParses): MarkdownHeading[] {
  return anchored(parseHeadings(body, parses), anchors);
}

/**
 * The body's headings once with each of the anchor styles, from one parse: `findHeadings(body, style)` for each
 * style, in the order given (a page of an MkDocs site needs GitHub's anchors and the site's).
 */
export function findHeadingsAnchoredBy(body: string, styles: readonly AnchorStyle[], parses?: BlockParses): MarkdownHeading[][] {
  const parsed = parseHeadings(body, parses);
  return styles.map((style) => anchored(parsed, style));
}

/** The text of the first level-1 heading with text, as `findHeadings` gives it, without making any anchor. */
function firstH1Of(body: string): string | undefined {
  for (const h of parseHeadings(body)) {
    const text = headingText(h.raw);
    if (h.level === 1 && text !== '') return text;
  }
  return undefined;
}

/** A heading's text as a reader sees it: its whitespace runs as one space, trimmed. */
function headingText(raw: string): string {
  return raw.replace(/\s+/g, ' ').trim();
}

/**
 * Lines that may make a level-1 heading: an ATX `#` followed by a space, a tab or the line's end (anywhere on the
 * line: block-quote and list markers may come first), or a setext `=` underline (after block-quote markers).
 */
const H1_CANDIDATE = /#(?=[ \t]|$)|^[ \t>]*=+[ \t]*$/m;

/**
 * The text of the body's first level-1 heading with text, as `findHeadings(body)` finds it (a site's page title),
 * parsing only as far as needed: a page's title is near its top, so only the lines up to it are parsed.
 *
 * Parsing a prefix that ends at a line's end gives every block that ends inside it as the whole body does
 * (CommonMark's block structure is decided line by line, and a heading is complete at its last line), so the first
 * level-1 heading of a prefix is the body's. Prefixes grow to each candidate line and at least double each time,
 * so a page whose title comes late costs at most about two parses of it. A heading's text can depend on a link
 * reference defined further down (`# [Guide]` with `[guide]: ...` at the end), so where the prefix holds a `[`
 * the whole body decides.
 */
export function firstH1Text(body: string): string | undefined {
  let parsed = 0;
  for (;;) {
    const candidate = H1_CANDIDATE.exec(body.slice(parsed));
    if (candidate === null) return undefined;
    const lineEnd = body.indexOf('\n', parsed + candidate.index);
    let end = Math.max(lineEnd === -1 ? body.length : lineEnd + 1, parsed * 2);
    if (end < body.length) {
      const next = body.indexOf('\n', end - 1);
      end = next === -1 ? body.length : next + 1;
    }
    const prefix = body.slice(0, end);
    const h1 = firstH1Of(prefix);
    if (h1 !== undefined) return prefix.includes('[') && end < body.length ? firstH1Of(body) : h1;
    if (end >= body.length) return undefined;
    parsed = end;
  }
}
