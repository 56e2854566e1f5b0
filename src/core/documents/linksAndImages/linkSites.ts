/**
 * The links of a Markdown body (F14) and where their destinations are written: inline links
 * (`[setup](../guide/setup.md#install "title")`), reference definitions (`[setup]: ../guide/setup.md`), and the
 * `href` of HTML `<a>` tags, in HTML blocks and inline HTML.
 *
 * markdown-it decides what is a link (none in code spans, fences, indented code or HTML comments; a reference link
 * `[text][id]` is found at its definition, where its destination is written); `inlineSites.ts` says where each
 * destination stands, so that a rewrite replaces exactly its characters and nothing else of the text.
 *
 * Cheap for text without the links looked for: nothing beyond a regular expression test runs unless the body has
 * one (`](`, `]:` or `<a ` for any link; see {@link MAY_HAVE_LOCAL_LINK} and {@link MAY_HAVE_PAGE_LINK}), and only
 * the paragraphs that have one are parsed for links.
 */
import type MarkdownIt from 'markdown-it';
import { blocksOf } from '../markdown/blockParse';
import type { BlockParses } from '../markdown/blockParse';
import { BodyPlaces, destinationOf, forEachInline, placeOf, recordLinks, siteParser } from './inlineSites';
import type { ContentPlaces } from './inlineSites';

export interface LinkSite {
  syntax: 'inline' | 'reference' | 'html';
  /** The destination as a browser reads it: Markdown escapes and HTML entities decoded, %-escapes kept. */
  href: string;
  /**
   * Body offsets of the destination as written: `<...>` included for a Markdown destination in angle brackets;
   * an HTML attribute's value without its quotes.
   */
  start: number;
  end: number;
  /** 0-based line of the destination in the body. */
  line: number;
  /** For `html`: the quote around the value (`"`, `'`, or '' when unquoted). */
  quote?: string;
}

/** Whether a text may hold a link: without these characters, markdown-it finds none. */
export const MAY_HAVE_LINK = /\]\(|\]:|<a\s/i;
/**
 * Whether a text may hold a link that stays in the root: a Markdown destination that starts with no scheme and no
 * `/` (block-quote markers and spaces may come first), or any HTML link. A text without one holds none.
 */
export const MAY_HAVE_LOCAL_LINK = /\](?:\(|:)[\s>]*<?(?![a-z][a-z0-9+.-]*:|\/)|<a\s/i;
/** Whether a text may hold a link within its page: a Markdown destination that starts with `#`, or any HTML link. */
export const MAY_HAVE_PAGE_LINK = /\](?:\(|:)[\s>]*<?#|<a\s/i;

const ANCHOR_OR_COMMENT = /<!--[\s\S]*?(?:-->|$)|<a\s(?:"[^"]*"|'[^']*'|[^'">])*>/gi;
const HTML_ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/dg;

type Parser = ReturnType<typeof MarkdownIt>;

let parser: Parser | undefined;

function linkParser(): Parser {
  if (parser === undefined) {
    parser = siteParser(MAY_HAVE_LINK);
    recordLinks(parser);
  }
  return parser;
}

/**
 * Every link of the body whose destination is written in it, in text order; with `may` (one of the expressions
 * above), only paragraphs it matches are looked at, so some links it rules out may be missing. `lineStarts`: the
 * body's, when the caller has them; `parses`: the page's shared block parses (`blockParse.ts`), when it has them.
 */
export function findLinkSites(body: string, may: RegExp = MAY_HAVE_LINK, lineStarts?: number[], parses?: BlockParses): LinkSite[] {
  if (!may.test(body)) return [];
  const md = linkParser();
  const shared = parses && blocksOf(parses, body);
  const env: Record<string, unknown> = shared?.env ?? {};
  const tokens = shared?.tokens ?? md.parse(body, env);
  const places = new BodyPlaces(body, lineStarts);
  const sites: LinkSite[] = [];

  const add = (syntax: LinkSite['syntax'], start: number | undefined, end: number | undefined, href: string, quote?: string): void => {
    // A destination whose lines were not found in the body is left as written.
    if (start === undefined || end === undefined) return;
    const site: LinkSite = { syntax, href, start, end, line: places.lineOf(start) };
    if (quote !== undefined) site.quote = quote;
    sites.push(site);
  };
  const markdownHref = (written: string) => md.utils.unescapeAll(written.startsWith('<') ? written.slice(1, -1) : written);

  forEachInline(md, env, tokens, places, may, (children, at) => {
    for (const child of children) {
      const destination = child.type === 'link_open' ? destinationOf(child) : undefined;
      if (destination) {
        add('inline', at.toBody(destination.start), at.toBody(destination.end), markdownHref(at.content.slice(destination.start, destination.end)));
      } else if (child.type === 'html_inline' && /^<a\s/i.test(child.content)) {
        const place = placeOf(child);
        if (place) addHtml(md, child.content, place.start, at, add);
      }
    }
  }, (token, line) => {
    if (token.type === 'reference_definition') {
      const destination = destinationOf(token);
      if (destination) add('reference', destination.start, destination.end, markdownHref(body.slice(destination.start, destination.end)));
    } else if (token.type === 'html_block' && /<a\s/i.test(token.content)) {
      const at = places.htmlBlock(token.content, line);
      for (const match of token.content.matchAll(ANCHOR_OR_COMMENT)) {
        if (!match[0].startsWith('<!--')) addHtml(md, match[0], match.index, at, add);
      }
    }
  });
  return sites;
}

/** The `href` of an `<a ...>` tag that starts at `tagStart` in the content (the first `href`, as in browsers). */
function addHtml(
  md: Parser,
  tag: string,
  tagStart: number,
  at: ContentPlaces,
  add: (syntax: 'html', start: number | undefined, end: number | undefined, href: string, quote: string) => void,
): void {
  const attributes = tag.slice(0, tag.endsWith('/>') ? -2 : -1);
  for (const match of attributes.slice(2).matchAll(HTML_ATTRIBUTE)) {
    if ((match[1] ?? '').toLowerCase() !== 'href') continue;
    const group = match[2] !== undefined ? 2 : match[3] !== undefined ? 3 : match[4] !== undefined ? 4 : undefined;
    const span = group === undefined ? undefined : match.indices?.[group];
    if (group === undefined || span === undefined) return;
    const raw = match[group] ?? '';
    // Entities only: backslashes are doubled so that unescapeAll's Markdown escapes give them back unchanged.
    const href = md.utils.unescapeAll(raw.replace(/\\/g, '\\\\')).trim();
    const start = tagStart + 2 + span[0];
    add('html', at.toBody(start), at.toBody(start + raw.length), href, group === 2 ? '"' : group === 3 ? "'" : '');
    return;
  }
}
