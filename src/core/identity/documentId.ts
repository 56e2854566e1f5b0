/**
 * The document id a file builds, without building it: its front matter `doc-ingest-id` or `id` (`id` only where the
 * page's site generator does not own it: `IdOptions.generatorKeys`), else the id of its path. Reading the
 * front matter only (and parsing it only when it has an `id` key) keeps this cheap enough to ask of every included
 * file on each run, which knowing every file's id requires.
 */
import { DEFAULT_IGNORE_KEYS, findFrontMatter, PUBLISH_SWITCHES, readFrontMatter } from '../documents/source/frontMatter';
import type { FrontMatterBlock } from '../documents/source/frontMatter';
import { documentIdFromPath } from '../documents/ids/ids';
import { baseName, decodeDocumentText, isMarkdownPath, normalizeNewlines, normalizeRelativePath } from '../documents/text/text';

/**
 * A top-level `id:` or `doc-ingest-id:` key (plain or quoted), the only keys that can move a document away from its
 * path's id, or a publish switch (`draft:`...), which keeps the page from building any document.
 */
const ID_KEY = /^(?:(["']?)(?:id|doc-ingest-id|draft|unlisted|publish|doc-ingest)\1)[ \t]*:/m;

/** What the build knows besides the file that decides its id. */
export interface IdOptions {
  /** As for the build: undefined means by the file's extension. */
  markdown?: boolean;
  /**
   * The front matter keys the page's docs site generator owns (`SiteFacts.generatorKeys`, as
   * `SiteResolver.generatorKeysOf` finds them): undefined outside a site. Callers that build the page pass what
   * its build gets, so that the id read here is the id built.
   */
  generatorKeys?: readonly string[];
}

/**
 * The id `buildFile` gives this file, or undefined when it cannot become a document (binary, not UTF-8, front
 * matter that cannot be read, a draft or another page its front matter keeps from being published).
 */
export function documentIdOf(input: string | Uint8Array, relativePath: string, idPrefix: string, options: IdOptions = {}): string | undefined {
  const claim = claimedIdOf(input, relativePath, idPrefix, options);
  // A draft (or a page otherwise not to be published) builds no document, so it claims no id.
  return claim && !claim.withheld ? claim.id : undefined;
}

/**
 * The id this file names as its own, published or not: its front matter id (as {@link documentIdOf}), else the id of its path; `withheld`
 * when its front matter keeps it from being published (a draft still names the document it was published as).
 * Undefined when it cannot become a document at all.
 */
export function claimedIdOf(input: string | Uint8Array, relativePath: string, idPrefix: string, options: IdOptions = {}): { id: string; withheld: boolean } | undefined {
  try {
    const path = normalizeRelativePath(relativePath);
    if (options.markdown ?? isMarkdownPath(path)) {
      const text = normalizeNewlines(decodeDocumentText(input, baseName(path)));
      const block = findFrontMatter(text);
      if (block?.kind === 'yaml' && ID_KEY.test(block.source)) {
        const read = readFrontMatter(block, DEFAULT_IGNORE_KEYS, [], options.generatorKeys);
        return { id: read.id ?? documentIdFromPath(path, idPrefix), withheld: !!read.withheld };
      }
    } else {
      decodeDocumentText(input, baseName(path));
    }
    return { id: documentIdFromPath(path, idPrefix), withheld: false };
  } catch {
    return undefined;
  }
}

/**
 * A Markdown page's text as the build reads it, and its front matter; undefined for other files.
 * @throws DocumentError for bytes that are not text
 */
function markdownPage(input: string | Uint8Array, relativePath: string): { text: string; block: FrontMatterBlock | undefined } | undefined {
  const path = normalizeRelativePath(relativePath);
  if (!isMarkdownPath(path)) return undefined;
  const text = normalizeNewlines(decodeDocumentText(input, baseName(path)));
  return { text, block: findFrontMatter(text) };
}

/**
 * The front matter switch that keeps this file from being published (`draft: true`...) as a phrase such as
 * `draft: true (line 2)`, or undefined when there is none (or the file cannot be read as a document).
 */
export function publishSwitchOf(input: string | Uint8Array, relativePath: string): string | undefined {
  try {
    const block = markdownPage(input, relativePath)?.block;
    if (block?.kind !== 'yaml' || !ID_KEY.test(block.source)) return undefined;
    const withheld = readFrontMatter(block, DEFAULT_IGNORE_KEYS, []).withheld;
    return withheld && `${withheld.key}: ${String(PUBLISH_SWITCHES[withheld.key])} (line ${withheld.line})`;
  } catch {
    return undefined;
  }
}

/**
 * Whether the build would refuse this Markdown page as having no text, told without building: only whitespace, or
 * front matter and nothing after it. A batch skips such a page on every run, as it skips a draft, so it is neither
 * new nor changed. Text only a build finds empty (imports, comments) is not told here, nor other formats.
 */
export function hasNoText(input: string | Uint8Array, relativePath: string): boolean {
  try {
    const page = markdownPage(input, relativePath);
    if (page === undefined || /\S/.test(page.block ? page.text.slice(page.block.bodyOffset) : page.text)) return false;
    // Front matter that cannot be read fails the build first: that page is no skip but a failure to show.
    if (page.block?.kind === 'yaml') readFrontMatter(page.block, DEFAULT_IGNORE_KEYS, []);
    return true;
  } catch {
    return false;
  }
}
