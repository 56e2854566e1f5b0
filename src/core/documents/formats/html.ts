/**
 * HTML pages (`.html`, `.htm`: exported or built pages) as Markdown text (docs/documents.md#notebooks-and-html-pages).
 *
 * Parsed with parse5 (through `hast-util-from-html`, as browsers parse: never an error), the main content picked,
 * turned into Markdown with `hast-util-to-mdast` and `mdast-util-to-markdown` (GFM tables), so that headings make
 * sections and links, lists, tables and code stay readable.
 *
 * - The main content: the first `<main>`, else the first `[role=main]`, else the `<article>` with the most text,
 *   else the deepest element that holds at least 80% of the page's text, text inside links counting for nothing
 *   (so a menu of links never keeps a column from being chosen) and what is left out (below) neither; the choice
 *   stops at a block of text (a paragraph, a list, code...), so that a page's heading stays with its paragraphs.
 * - Left out everywhere: `nav`, `aside`, `footer`, `script`, `style`, `noscript`, `template`, forms and their
 *   controls, embedded frames and objects, images and media (`img`, `picture`, `svg`, `video`...), elements that are
 *   `hidden` or `aria-hidden="true"`, and the permalink marks docs generators put in headings (`¶`, `#`, `§`).
 *   A `header` outside the main content goes with the page; one inside it keeps only its headings (an article's
 *   title is often there).
 * - The page's `<title>` is the document's title (else, as for Markdown, the first level-1 heading, else the file
 *   name); `<meta name="description">` goes into metadata as `description` (unless ignored, as any front matter key).
 *
 * The parsers are loaded when a page is built (`convert.ts` requires this file), never at start-up.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast' with { 'resolution-mode': 'import' };
import { DocumentError } from '../problems/errors';
import { nestedTooDeep } from '../text/nesting';
import { countNewlines } from '../text/text';
import { htmlNesting } from './htmlNesting';
import type { ConvertedText } from './types';
import * as l10n from '@vscode/l10n';

type FromHtml = typeof import('hast-util-from-html', { with: { 'resolution-mode': 'import' } });
type ToMdast = typeof import('hast-util-to-mdast', { with: { 'resolution-mode': 'import' } });
type ToMarkdown = typeof import('mdast-util-to-markdown', { with: { 'resolution-mode': 'import' } });
type Gfm = typeof import('mdast-util-gfm', { with: { 'resolution-mode': 'import' } });

/* eslint-disable @typescript-eslint/no-require-imports -- ESM packages required when a page is built (Node 20 and esbuild load them in place). */
const { fromHtml } = require('hast-util-from-html') as FromHtml;
const { toMdast } = require('hast-util-to-mdast') as ToMdast;
const { toMarkdown } = require('mdast-util-to-markdown') as ToMarkdown;
const { gfmToMarkdown } = require('mdast-util-gfm') as Gfm;
/* eslint-enable @typescript-eslint/no-require-imports */

/** Elements left out with everything inside them. */
const DROPPED = new Set([
  'nav', 'aside', 'footer', 'script', 'style', 'noscript', 'template', 'form', 'button', 'input', 'select',
  'textarea', 'label', 'iframe', 'frame', 'frameset', 'object', 'embed', 'canvas', 'svg', 'math', 'img', 'picture',
  'video', 'audio', 'source', 'track', 'map', 'area', 'dialog', 'head', 'link', 'meta',
]);

/** Blocks of text. */
const TEXT_BLOCKS = new Set(['p', 'pre', 'blockquote', 'li', 'dd', 'dt', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'figcaption']);

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** What a permalink next to a heading shows (`¶` Sphinx and MkDocs, `#` Docusaurus and VitePress, `§`, `🔗`). */
const PERMALINK = /^[\s\u200b¶#§🔗]*$/u;

function isElement(node: RootContent | ElementContent | Root): node is Element {
  return node.type === 'element';
}

function* elements(node: Root | Element): Generator<Element> {
  for (const child of node.children) {
    if (!isElement(child)) continue;
    yield child;
    yield* elements(child);
  }
}

function textOf(node: Root | Element | ElementContent, skipLinks = false): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element' && node.type !== 'root') return '';
  if (node.type === 'element' && (DROPPED.has(node.tagName) || (skipLinks && node.tagName === 'a'))) return '';
  return node.children.map((c) => textOf(c as ElementContent, skipLinks)).join('');
}

function visibleLength(text: string): number {
  return text.replace(/\s+/g, ' ').trim().length;
}

function hiddenElement(el: Element): boolean {
  const hidden = el.properties['hidden'];
  const ariaHidden = el.properties['ariaHidden'];
  return (hidden !== undefined && hidden !== false && hidden !== null) || String(ariaHidden) === 'true';
}

/** Leaves out what a reader of the content does not read (see the header); `inHeading`: permalinks go too. */
function prune(node: Root | Element, inHeading = false): void {
  const kept: (RootContent | ElementContent)[] = [];
  for (const child of node.children) {
    if (child.type === 'comment' || child.type === 'doctype') continue;
    if (!isElement(child)) {
      kept.push(child);
      continue;
    }
    if (DROPPED.has(child.tagName) || hiddenElement(child)) continue;
    if (inHeading && child.tagName === 'a' && PERMALINK.test(textOf(child))) continue;
    if (child.tagName === 'header') {
      for (const heading of [...elements(child)].filter((e) => HEADINGS.has(e.tagName))) {
        prune(heading, true);
        kept.push(heading);
      }
      continue;
    }
    prune(child, inHeading || HEADINGS.has(child.tagName));
    kept.push(child);
  }
  node.children = kept as typeof node.children;
}

function firstElement(root: Root, test: (el: Element) => boolean): Element | undefined {
  for (const el of elements(root)) if (test(el)) return el;
  return undefined;
}

/** Length of the text outside links inside `el`, for each element (what is left out counts for nothing). */
function linkFreeText(el: Element, lengths: Map<Element, number>): number {
  if (DROPPED.has(el.tagName) || el.tagName === 'header' || el.tagName === 'a' || hiddenElement(el)) {
    lengths.set(el, 0);
    return 0;
  }
  let length = 0;
  for (const child of el.children) {
    if (child.type === 'text') length += visibleLength(child.value);
    else if (isElement(child)) length += linkFreeText(child, lengths);
  }
  lengths.set(el, length);
  return length;
}

/** Elements that are one block of text: the choice does not go inside them (a page's heading stays with its text). */
const WHOLE_BLOCKS = new Set([...TEXT_BLOCKS, 'ul', 'ol', 'dl', 'figure', 'details']);
WHOLE_BLOCKS.delete('td');

/**
 * Without `<main>` or `<article>`: the deepest element holding at least {@link MOST} of the page's text outside
 * links (a menu of links weighs nothing), going no deeper than a block of text (see the header).
 */
function largestTextBlock(body: Element): Element {
  const lengths = new Map<Element, number>();
  const total = linkFreeText(body, lengths);
  let block = body;
  for (;;) {
    const inner = block.children.find((c): c is Element => isElement(c) && !WHOLE_BLOCKS.has(c.tagName) && (lengths.get(c) ?? 0) >= MOST * total);
    if (inner === undefined || total === 0) return block;
    block = inner;
  }
}

/** The share of the page's text the chosen block holds at least. */
const MOST = 0.8;

/** The page's main content (see the header). */
function mainContent(root: Root): Element | Root {
  const main = firstElement(root, (el) => el.tagName === 'main') ?? firstElement(root, (el) => el.properties['role'] === 'main');
  if (main) return main;
  const articles = [...elements(root)].filter((el) => el.tagName === 'article');
  if (articles.length > 0) {
    return articles.reduce((a, b) => (visibleLength(textOf(b)) > visibleLength(textOf(a)) ? b : a));
  }
  const body = firstElement(root, (el) => el.tagName === 'body');
  return body ? largestTextBlock(body) : root;
}

function metaDescription(root: Root): string | undefined {
  const meta = firstElement(root, (el) => el.tagName === 'meta' && String(el.properties['name'] ?? '').toLowerCase() === 'description');
  const content = meta?.properties['content'];
  const text = typeof content === 'string' ? content.replace(/\s+/g, ' ').trim() : '';
  return text === '' ? undefined : text;
}

/**
 * The page as Markdown; empty text when its main content has none (the caller says so).
 * @throws DocumentError (`syntax`) when its elements nest too deep to be read (`nesting.ts`), at that line
 */
export function htmlToMarkdown(html: string, name: string): ConvertedText {
  const nesting = htmlNesting(html);
  if (nesting.tooDeep !== undefined) throw tooDeep(name, html, nesting.tooDeep);
  try {
    return convert(html);
  } catch (e) {
    // Deeper than the scan saw (it never counts more than the parser): the stack said so.
    if (e instanceof RangeError) throw tooDeep(name, html, nesting.deepest);
    throw e;
  }
}

function tooDeep(name: string, html: string, offset: number): DocumentError {
  const line = countNewlines(html, offset) + 1;
  return new DocumentError('syntax', l10n.t('“{0}” cannot be read: {1} at line {2}; correct the markup there.', name, nestedTooDeep(), line), { line });
}

function convert(html: string): ConvertedText {
  const root = fromHtml(html);
  const titleElement = firstElement(root, (el) => el.tagName === 'title');
  const title = titleElement ? textOf(titleElement).replace(/\s+/g, ' ').trim() : '';
  const description = metaDescription(root);
  const main = mainContent(root);
  const line = main.position?.start.line;
  prune(main);
  const content: Root = { type: 'root', children: main.type === 'root' ? main.children : [main] };
  const markdown = toMarkdown(toMdast(content), {
    extensions: [gfmToMarkdown()],
    bullet: '-',
    fences: true,
    listItemIndent: 'one',
  })
    // A space at the edge of emphasis is written as a character reference: a reader (and an embedding) wants the space.
    .replace(/&#x20;/g, ' ')
    .trim();
  const result: ConvertedText = { text: markdown === '' ? '' : `${markdown}\n`, blocks: [line === undefined ? { startLine: 1 } : { startLine: 1, line }] };
  if (title !== '') result.title = title;
  if (description !== undefined) result.metadata = { description };
  return result;
}
