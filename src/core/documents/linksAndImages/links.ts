/**
 * Section links from a link template.
 *
 * Placeholders (each URL-encoded: paths per segment, so `/` stays a separator):
 * - `{path}`   the workspace-relative path without its Markdown extension: `docs/Getting Started/intro.md` →
 *              `docs/Getting%20Started/intro` (other extensions are kept: `notes/todo.txt`);
 * - `{file}`   the workspace-relative path with its extension (for links into a repository browser:
 *              `https://git.example.com/org/docs/blob/main/{file}#{anchor}`);
 * - `{page}`   like `{path}`, but a final `index`, `README` or `_index` page becomes its folder with a trailing
 *              `/` (`guide/index.md` → `guide/`, the root `README.md` → empty), as most docs sites publish them;
 * - `{anchor}` the heading's anchor (GitHub style, or the heading's explicit `{#id}`). For text without a heading
 *              there is no anchor, and `#{anchor}` is dropped as a whole, so
 *              `https://docs.example.com/{path}#{anchor}` gives `https://docs.example.com/guide` there.
 *
 * Any other `{name}` is an error (a typo would otherwise produce broken links silently).
 */
import { DocumentError } from '../problems/errors';
import { baseName, markdownExtension, normalizeRelativePath, stripMarkdownExtension } from '../text/text';
import * as l10n from '@vscode/l10n';

export const LINK_PLACEHOLDERS: readonly string[] = ['path', 'file', 'page', 'anchor'];

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** Undefined when the template is usable, else a sentence saying what is wrong. */
export function linkTemplateProblem(template: string): string | undefined {
  for (const match of template.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (!LINK_PLACEHOLDERS.includes(name)) {
      return l10n.t('The link template has an unknown placeholder “{0}”; use {path}, {file}, {page} or {anchor}.', `{${name}}`);
    }
  }
  return undefined;
}

export function validateLinkTemplate(template: string): void {
  const problem = linkTemplateProblem(template);
  if (problem !== undefined) throw new DocumentError('invalidOption', problem, { key: 'linkTemplate' });
}

function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

function pagePath(normalizedPath: string): string {
  const withoutExt = stripMarkdownExtension(normalizedPath);
  const last = baseName(withoutExt).toLowerCase();
  if (withoutExt !== normalizedPath && (last === 'index' || last === 'readme' || last === '_index')) {
    const dir = withoutExt.slice(0, withoutExt.length - last.length);
    return encodePath(dir.replace(/\/$/, '')) + (dir === '' ? '' : '/');
  }
  return encodePath(withoutExt);
}

/**
 * The link of a section of the document at `normalizedPath` (already normalized), for the heading `anchor`
 * (undefined or empty: no heading). The template must have been validated.
 */
export function renderLink(template: string, normalizedPath: string, anchor?: string): string {
  const hasAnchor = anchor !== undefined && anchor !== '';
  const source = hasAnchor ? template : template.split('#{anchor}').join('');
  return source.replace(PLACEHOLDER, (whole, name: string) => {
    if (name === 'anchor') return hasAnchor ? encodeURIComponent(anchor) : '';
    return pathPlaceholder(name, normalizedPath) ?? whole;
  });
}

function pathPlaceholder(name: string, normalizedPath: string): string | undefined {
  switch (name) {
    case 'path':
      return encodePath(stripMarkdownExtension(normalizedPath));
    case 'file':
      return encodePath(normalizedPath);
    case 'page':
      return pagePath(normalizedPath);
    default:
      return undefined;
  }
}

/**
 * {@link renderLink} for one document: the path placeholders are filled once, not once per section (a large
 * file has thousands of sections, and encoding the path each time was most of the cost of its links).
 * `linkRenderer(t, p)(anchor)` is exactly `renderLink(t, p, anchor)`.
 */
export function linkRenderer(template: string, normalizedPath: string): (anchor?: string) => string {
  const withoutAnchor = renderLink(template, normalizedPath);
  // Placeholders cannot span an `{anchor}` (their names hold no braces), so each piece is filled on its own.
  const pieces = template.split('{anchor}').map((piece) => piece.replace(PLACEHOLDER, (whole, name: string) => pathPlaceholder(name, normalizedPath) ?? whole));
  return (anchor) => (anchor === undefined || anchor === '' ? withoutAnchor : pieces.join(encodeURIComponent(anchor)));
}

/** Adds `#anchor` to a page link that has no fragment yet (a front matter `link`). */
export function appendAnchor(pageLink: string, anchor?: string): string {
  if (anchor === undefined || anchor === '' || pageLink.includes('#')) return pageLink;
  return `${pageLink}#${encodeURIComponent(anchor)}`;
}

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** Where a link written in a document leads, when it stays within the document's root (see {@link localLinkTarget}). */
export interface LocalLinkTarget {
  /** The root-relative path of the file it names (normalized); undefined for a link within the page (`#install`). */
  path?: string;
  /** The fragment after `#`, %-decoded; undefined when there is no `#`. */
  fragment?: string;
}

/**
 * Where a link written in the document at `fromPath` leads (for F14, rewriting links between docs): a relative
 * path resolved against the document's folder (`../setup.md#install` in `docs/guide/intro.md` → `docs/setup.md`,
 * fragment `install`; `?query` dropped, %-escapes decoded), or a link within the page (`#install`).
 *
 * Undefined for what leads elsewhere: absolute URLs (`https:`, `mailto:`...), protocol-relative (`//host`) and
 * site-root paths (`/x`), paths that climb out of the root, malformed %-escapes, and the empty link.
 */
export function localLinkTarget(fromPath: string, href: string): LocalLinkTarget | undefined {
  const trimmed = href.trim().replace(/^<(.*)>$/, '$1');
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('/') || trimmed.startsWith('\\')) return undefined;
  const hashAt = trimmed.indexOf('#');
  const target = hashAt < 0 ? trimmed : trimmed.slice(0, hashAt);
  const fragment = hashAt < 0 ? undefined : decode(trimmed.slice(hashAt + 1));
  const pathPart = decode(target.replace(/\?.*$/, ''));
  if (pathPart === undefined || (hashAt >= 0 && fragment === undefined)) return undefined;
  const result: LocalLinkTarget = {};
  if (fragment !== undefined) result.fragment = fragment;
  if (pathPart === '') return result;
  const segments = normalizeRelativePath(fromPath).split('/').slice(0, -1);
  for (const segment of pathPart.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return undefined;
      segments.pop();
    } else {
      segments.push(segment);
    }
  }
  if (segments.length === 0) return undefined;
  result.path = normalizeRelativePath(segments.join('/'));
  return result;
}

/**
 * The published link of a link written in a Markdown document: a relative link to another Markdown file of the
 * workspace (`../setup.md#install` in `docs/guide/intro.md` → the template filled for `docs/setup.md` and
 * `install`), or a same-page link (`#install`; the empty link gives the page itself).
 *
 * Undefined for what it cannot publish (see {@link localLinkTarget}) and for links to files that are not Markdown
 * (images, source files). The template must have been validated. The build rewrites links with what it knows of
 * their targets instead (`docLinks.ts`, from `build/prepare.ts`); this is the rule for a target known only by its
 * path.
 */
export function publishedLinkFor(template: string, fromPath: string, href: string): string | undefined {
  const from = normalizeRelativePath(fromPath);
  if (href.trim() === '') return renderLink(template, from);
  const target = localLinkTarget(from, href);
  if (target === undefined) return undefined;
  if (target.path === undefined) return renderLink(template, from, target.fragment);
  return markdownExtension(target.path) === undefined ? undefined : renderLink(template, target.path, target.fragment);
}
