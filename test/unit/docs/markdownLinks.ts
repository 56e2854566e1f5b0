// Relative links and anchors of Markdown pages, judged as GitHub renders them (for test/unit/docs/links.test.ts).
// Pages are parsed by markdown-it (CommonMark with GFM tables, HTML kept), not by regular expressions, so links in
// code are no links; anchors are GitHub's heading slugs, made by the core's `Slugger` (github-slugger's algorithm,
// held to its published fixtures in test/unit/documents/slug.test.ts) from the text the heading shows, and explicit
// `<a id>` / `<a name>` anchors, which GitHub keeps. A `{#id}` after a heading is no anchor there: GitHub shows it.
import fs from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import { plainText } from '../../../src/core/documents/markdown/markdown';
import { Slugger } from '../../../src/core/documents/markdown/slug';

/** A link or image of a page: where it stands and its destination as written (markdown-it's normalised form). */
export interface Link {
  line: number;
  href: string;
}

export interface Page {
  /** Every anchor a link may name: heading slugs in document order (duplicates numbered), and explicit ones. */
  anchors: Set<string>;
  links: Link[];
}

const markdown = new MarkdownIt({ html: true });
const explicitAnchor = /<a\s[^>]*?\b(?:id|name)\s*=\s*["']([^"']+)["']/gi;

export function readPage(text: string): Page {
  const tokens = markdown.parse(text, {});
  const slugger = new Slugger();
  const anchors = new Set<string>();
  const links: Link[] = [];
  tokens.forEach((token, i) => {
    const line = (token.map?.[0] ?? 0) + 1;
    if (token.type === 'heading_open') anchors.add(slugger.slug(plainText(tokens[i + 1]!.children ?? [])));
    if (token.type === 'html_block') for (const m of token.content.matchAll(explicitAnchor)) anchors.add(m[1]!);
    for (const child of token.type === 'inline' ? (token.children ?? []) : []) {
      if (child.type === 'html_inline') for (const m of child.content.matchAll(explicitAnchor)) anchors.add(m[1]!);
      const href = child.type === 'link_open' ? child.attrGet('href') : child.type === 'image' ? child.attrGet('src') : null;
      if (typeof href === 'string') links.push({ line, href });
    }
  });
  return { anchors, links };
}

/** A reference from `from` (a place to name in the message) to a file and, optionally, an anchor in it. */
export interface Reference {
  from: string;
  href: string;
  file: string;
  anchor?: string;
}

/** The references of a Markdown file's relative links (links with a scheme, `//host` and `mailto:` are not). */
export function pageReferences(file: string, root: string): Reference[] {
  const page = readPage(fs.readFileSync(file, 'utf8'));
  return page.links.flatMap(({ line, href }) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return [];
    const hash = href.indexOf('#');
    const target = decodeURIComponent(hash < 0 ? href : href.slice(0, hash));
    const anchor = hash < 0 ? undefined : decodeURIComponent(href.slice(hash + 1));
    const resolved = target === '' ? file : path.resolve(target.startsWith('/') ? root : path.dirname(file), target.replace(/^\//, ''));
    return [{ from: `${path.relative(root, file)}:${line}`, href, file: resolved, ...(anchor ? { anchor } : {}) }];
  });
}

/** What is wrong with each reference, in one sentence each: a file that is not there, an anchor the target lacks. */
export function brokenReferences(references: Reference[], root: string): string[] {
  const pages = new Map<string, Page>();
  const pageOf = (file: string) => pages.get(file) ?? pages.set(file, readPage(fs.readFileSync(file, 'utf8'))).get(file)!;
  return references.flatMap(({ from, href, file, anchor }) => {
    const target = path.relative(root, file);
    if (target.startsWith('..') || path.isAbsolute(target)) return [`${from}: ${href} leads outside the repository`];
    if (!fs.existsSync(file)) return [`${from}: ${href}: there is no ${target}`];
    if (anchor === undefined) return [];
    if (!file.endsWith('.md')) return [`${from}: ${href}: ${target} is not Markdown, so it has no anchor #${anchor}`];
    if (!pageOf(file).anchors.has(anchor)) return [`${from}: ${href}: ${target} has no heading or anchor #${anchor}`];
    return [];
  });
}
