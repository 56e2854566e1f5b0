/**
 * Links that survive publishing (F14): in a document's text, a relative link to another doc of the include globs
 * becomes that doc's published link (the link template filled for its root-relative path, or its front matter
 * `link`, with the link's anchor: exactly the link of the target's own section), and a link within the page
 * (`#install`) becomes the page's own published link with that anchor, so that a passage quoted by search or chat
 * out of its page still leads to the right page and section. Only the destination's characters are replaced;
 * every other byte of the text stays as written.
 *
 * What stays as written: external links (any scheme, `//host`, `/site-root`), links to files that are no doc of
 * the include globs or lie outside the root, links to missing files and all links when no link template is set.
 * A link to a missing Markdown file, or to a heading the target does not have (anchors as the target's sections
 * get them, `slug.ts`), is a problem at its line.
 */
import { appendAnchor, localLinkTarget, renderLink } from './links';
import { findLinkSites, MAY_HAVE_LOCAL_LINK, MAY_HAVE_PAGE_LINK } from './linkSites';
import type { LinkSite } from './linkSites';
import type { BlockParses } from '../markdown/blockParse';
import { problem } from '../problems/problems';
import type { DocumentProblem } from '../problems/problems';
import * as l10n from '@vscode/l10n';

/** What a link's target is, as the front that read it found it (`core/ingest/linkTargets.ts`). */
export type LinkTarget =
  /** A doc of the include globs: its headings' anchors, and its front matter `link` when it has one. */
  | { kind: 'doc'; anchors: ReadonlySet<string>; link?: string; siteUrl?: string }
  /** A Markdown file that does not exist. */
  | { kind: 'missing' }
  /** Anything else: a file that is no doc of the globs, one that may not be read (outside the root, a symbolic link). */
  | { kind: 'other' };

/** A replacement of the body range [start, end). */
export interface TextRewrite {
  start: number;
  end: number;
  text: string;
}

export interface DocLinkContext {
  /** The document's body (text after the front matter, LF-only), and where its lines start. */
  body: string;
  bodyLineStarts: number[];
  /** Its root-relative path, normalized. */
  path: string;
  /** Lines before the body (the front matter's), to give problems their line in the whole file. */
  bodyLine: number;
  /** The whole file's 1-based line of a 0-based body line, when the body is not the source as written (F15). */
  sourceLine?: ((line: number) => number) | undefined;
  /** Anchors of the document's own headings. */
  ownAnchors: ReadonlySet<string>;
  /** The link template; undefined: nothing is rewritten unless the page has a site address (links are still checked). */
  template: string | undefined;
  /**
   * The page has a published address from its docs site (F15) and no template: links within the page become that
   * address, and links to docs become their site address (`LinkTarget.siteUrl`) or front matter `link`.
   */
  sitePage?: boolean;
  /** The page's own link for an anchor, as its sections get it (its front matter `link` or the template). */
  pageLink: (anchor?: string) => string | undefined;
  /** What the links to other files lead to; undefined: those stay as written, unchecked. */
  targets: ReadonlyMap<string, LinkTarget> | undefined;
  /** The page's shared block parses (`blockParse.ts`), when it has them. */
  parses?: BlockParses;
}

/** The rewrites of the body's links (in text order, not overlapping) and the problems found on the way. */
export function docLinkRewrites(context: DocLinkContext): { rewrites: TextRewrite[]; problems: DocumentProblem[] } {
  const rewrites: TextRewrite[] = [];
  const problems: DocumentProblem[] = [];
  // Without targets only links within the page can change: the paragraphs without one are not parsed.
  for (const site of findLinkSites(context.body, context.targets === undefined ? MAY_HAVE_PAGE_LINK : MAY_HAVE_LOCAL_LINK, context.bodyLineStarts, context.parses)) {
    const target = localLinkTarget(context.path, site.href);
    if (target === undefined) continue;
    const published = publishedLink(context, site, target.path ?? context.path, target.fragment, problems);
    if (published !== undefined) rewrites.push({ start: site.start, end: site.end, text: written(site, published) });
  }
  return { rewrites, problems };
}

function publishedLink(context: DocLinkContext, site: LinkSite, path: string, fragment: string | undefined, problems: DocumentProblem[]): string | undefined {
  const line = context.sourceLine?.(site.line) ?? context.bodyLine + site.line + 1;
  const anchor = fragment === '' ? undefined : fragment;
  if (path === context.path) {
    // `#` alone (a "top of page" or script placeholder) is left alone.
    if (anchor === undefined && fragment !== undefined) return undefined;
    if (context.targets !== undefined && anchor !== undefined && !context.ownAnchors.has(anchor)) {
      problems.push(problem('warning', 'linkAnchorMissing', l10n.t('The link “{0}” names the heading #{1}, which this page does not have; link to one of its headings.', site.href, anchor), { line }));
    }
    return context.template === undefined && !context.sitePage ? undefined : context.pageLink(anchor);
  }
  const target = context.targets?.get(path);
  if (target === undefined || target.kind === 'other') return undefined;
  if (target.kind === 'missing') {
    problems.push(problem('warning', 'linkTargetMissing', l10n.t('The link “{0}” leads to {1}, which does not exist; correct the path or remove the link.', site.href, path), { line }));
    return undefined;
  }
  if (anchor !== undefined && !target.anchors.has(anchor)) {
    problems.push(problem('warning', 'linkAnchorMissing', l10n.t('The link “{0}” names the heading #{1}, which {2} does not have; link to one of its headings.', site.href, anchor, path), { line }));
  }
  if (context.template === undefined && !context.sitePage) return undefined;
  if (target.link !== undefined) return appendAnchor(target.link, anchor);
  if (context.template !== undefined) return renderLink(context.template, path, anchor);
  return target.siteUrl === undefined ? undefined : appendAnchor(target.siteUrl, anchor);
}

/** The link as it can stand where the destination was written, read back as the same URL. */
function written(site: LinkSite, url: string): string {
  if (site.syntax === 'html') {
    if (site.quote === "'") return url.replace(/'/g, '&#39;');
    return site.quote === '"' ? url.replace(/"/g, '&quot;') : `"${url.replace(/"/g, '&quot;')}"`;
  }
  // A Markdown destination ends at a space or an unbalanced `)`; in `<...>` it may hold both.
  if (!/[\s<>\\]/.test(url) && balancedParentheses(url)) return url;
  return `<${url.replace(/[\\<>]/g, '\\$&')}>`;
}

function balancedParentheses(text: string): boolean {
  let depth = 0;
  for (const ch of text) {
    if (ch === '(') depth++;
    else if (ch === ')' && --depth < 0) return false;
  }
  return depth === 0;
}
