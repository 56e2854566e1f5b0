/**
 * What the relative links of a document lead to (F14), found before it is built: the build rewrites a link to a
 * doc of the include globs into that doc's published link, and reports a link to a missing file or heading.
 *
 * Which files are docs comes from the caller, who knows its include globs: the command line its include listing,
 * the editor the workspace folder's globs (`docIngest.include` and `docIngest.exclude`). Where there are none (a
 * file outside every workspace folder), the Markdown files under its folder count as docs. A file that does not
 * exist is missing when its name is a Markdown file's, whatever the globs say: a listing cannot tell a missing
 * file from an excluded one, and both fronts must judge a link alike.
 *
 * A document's text decides which files are read (docs/architecture.md#trust), so only files inside the root are
 * read, by their real paths, and none reached through a symbolic link (a listing follows none either; the disk's
 * reader is `core/files/linkTargetSource.ts`). Each target
 * is read once per run: a batch shares one cache per root among all its documents.
 */
import { DEFAULT_IGNORE_KEYS, findFrontMatter, readFrontMatter } from '../documents/source/frontMatter';
import type { LinkTarget } from '../documents/linksAndImages/docLinks';
import type { BlockParses } from '../documents/markdown/blockParse';
import { findLinkSites, MAY_HAVE_LOCAL_LINK } from '../documents/linksAndImages/linkSites';
import { localLinkTarget } from '../documents/linksAndImages/links';
import { findHeadings } from '../documents/markdown/markdown';
import { baseName, decodeDocumentText, isMarkdownPath, normalizeNewlines, normalizeRelativePath, withoutBomLf } from '../documents/text/text';
import { LinkTargetRefusedError } from '../files/linkTargetSource';
import type { LinkTargetSource } from '../files/linkTargetSource';
import type { SiteResolver } from '../site/detect';
import type { AnchorStyle } from '../documents/markdown/slug';

/** Targets judged in this run, by root-relative path: one cache per root, shared by the run's documents. */
export type LinkTargetCache = Map<string, Promise<LinkTarget>>;

const OTHER: LinkTarget = { kind: 'other' };
const MISSING: LinkTarget = { kind: 'missing' };

/**
 * Root-relative paths of the other files the text's links name, each once; none for text that is not Markdown.
 * `parses`: the page's shared block parses (`documents/build/sharedBlockParse.ts`), when it has them. `readerBody`: the body
 * as a reader sees it (`readerBodyOf`), when it is not the source's.
 */
export function linkedPaths(text: string, relativePath: string, markdown?: boolean, parses?: BlockParses, readerBody?: string): string[] {
  if (!(markdown ?? isMarkdownPath(relativePath))) return [];
  const normalized = withoutBomLf(text);
  const body = normalized.slice(findFrontMatter(normalized)?.bodyOffset ?? 0);
  const self = normalizeRelativePath(relativePath);
  const paths = new Set<string>();
  // The source's links and the reader text's: an admonition's second paragraph, a snippet's text, a component's
  // children are links only there (indented code, a directive, an HTML block in the source), and the build rewrites
  // and checks the reader text's. The source's stay: a target judged before is never dropped.
  for (const read of readerBody === undefined || readerBody === body ? [body] : [body, readerBody]) {
    for (const site of findLinkSites(read, MAY_HAVE_LOCAL_LINK, undefined, parses)) {
      const target = localLinkTarget(self, site.href)?.path;
      if (target !== undefined && target !== self) paths.add(target);
    }
  }
  return [...paths];
}

/**
 * What each link target of the text is (see `LinkTarget`), for the build's `linkTargets` option. Without a
 * source (an untitled editor: no root to read from), an empty map: links within the page are still checked.
 */
export async function resolveLinkTargets(
  text: string,
  relativePath: string,
  source: LinkTargetSource | undefined,
  options: { markdown?: boolean; cache?: LinkTargetCache; site?: SiteResolver; parses?: BlockParses; readerBody?: string } = {},
): Promise<Map<string, LinkTarget>> {
  const targets = new Map<string, LinkTarget>();
  if (source === undefined) return targets;
  const cache = options.cache ?? new Map<string, Promise<LinkTarget>>();
  for (const target of linkedPaths(text, relativePath, options.markdown, options.parses, options.readerBody)) {
    let judged = cache.get(target);
    if (!judged) cache.set(target, (judged = judge(target, source, options.site)));
    targets.set(target, await judged);
  }
  return targets;
}

async function judge(target: string, source: LinkTargetSource, site: SiteResolver | undefined): Promise<LinkTarget> {
  const included = source.included(target);
  const markdown = isMarkdownPath(target);
  // Neither a doc nor a file whose absence is a broken link: nothing to read.
  if (!included && !markdown) return OTHER;
  let bytes: Uint8Array;
  try {
    bytes = await source.read(target);
  } catch (e) {
    return e instanceof LinkTargetRefusedError || !markdown ? OTHER : MISSING;
  }
  if (!included) return OTHER;
  // Its docs site (F15): its address (what its sections link to when there is no link template) and its anchors.
  const page = site !== undefined && isMarkdownPath(target) ? await site.pageOf(target, new TextDecoder().decode(bytes)) : undefined;
  const doc = docTarget(bytes, target, page?.anchors);
  if (doc.kind === 'doc' && page?.url !== undefined && page.notPage === undefined) return { ...doc, siteUrl: page.url };
  return doc;
}

/** A doc's anchors and front matter `link`, as its own build gives its sections. */
function docTarget(bytes: Uint8Array, target: string, style?: AnchorStyle): LinkTarget {
  let text: string;
  try {
    text = normalizeNewlines(decodeDocumentText(bytes, baseName(target)));
  } catch {
    return OTHER; // binary: never published, so never linked to
  }
  if (!isMarkdownPath(target)) return { kind: 'doc', anchors: new Set() };
  const block = findFrontMatter(text);
  let link: string | undefined;
  if (block) {
    try {
      link = readFrontMatter(block, DEFAULT_IGNORE_KEYS, []).link;
    } catch {
      // Front matter its own build refuses: the template's link is the best guess of where it will be.
    }
  }
  const anchors = new Set(findHeadings(text.slice(block?.bodyOffset ?? 0), style).flatMap((h) => (h.anchor === undefined ? [] : [h.anchor])));
  return link === undefined ? { kind: 'doc', anchors } : { kind: 'doc', anchors, link };
}
