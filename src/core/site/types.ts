/**
 * A docs site (F15): the generator's config read as data, and what it decides about each page, its published
 * address, its breadcrumb and the title the site shows. docs/sites.md#docs-sites has the table of what is read.
 */
import type { GeneratedPart, SiteFacts, SiteSyntax } from '../documents/build/options';
import type { SiteImagePaths } from '../documents/linksAndImages/images';
import type { AnchorStyle } from '../documents/markdown/slug';
import type { IncludeBases } from '../documents/readerText';

export type Generator = 'mkdocs' | 'docusaurus' | 'mintlify';

export const GENERATOR_NAMES: Record<Generator, string> = { mkdocs: 'MkDocs', docusaurus: 'Docusaurus', mintlify: 'Mintlify' };

/**
 * Front matter keys of ours that a generator reads with its own meaning, so that in its pages they are the
 * generator's (issue 35): Docusaurus's doc `id` is unique only inside one version (and shapes the page's slug), so
 * it cannot name a document. MkDocs (with Material) and Mintlify read no `id` key (their page keys are `title`,
 * `description`, `icon`, `hide`, `tags`, `status`, `search`, `template`; `sidebarTitle`, `mode`, `api`...): there
 * `id` pins the document id as it does outside a site. `slug` was never ours: it does not set an id anywhere.
 */
export const GENERATOR_KEYS: Record<Generator, readonly string[]> = { docusaurus: ['id'], mkdocs: [], mintlify: [] };

/** Reads the files of a root (a workspace folder, the repository root) by root-relative path. */
export interface SiteFiles {
  /** The file's bytes; undefined when it does not exist or may not be read (outside the root, a symbolic link). */
  read(path: string): Promise<Uint8Array | undefined>;
  /**
   * What is directly in `folder` (root-relative, '' for the root), symbolic links left out as `read` refuses them;
   * undefined when it is no folder or may not be listed. Without it, a site is found only from a config in a page's
   * folder or above it (`SiteResolver`), never from one beside it (`website/` publishing `../docs`).
   */
  list?(folder: string): Promise<SiteEntry[] | undefined>;
}

/** One entry of a folder (`SiteFiles.list`). */
export interface SiteEntry {
  name: string;
  folder: boolean;
}

/** A setting of the site's config that could not be used, with the sentence that says what to do. */
export interface SiteWarning {
  /** Root-relative path of the file the setting is in. */
  file: string;
  /** 1-based line, when known. */
  line?: number;
  /** The setting, as the generator names it (`url`, `presets[0].docs.routeBasePath`, `nav`). */
  setting: string;
  /** One sentence: what, where, and what to give instead. */
  message: string;
}

/** One rule the site applies, for `doc-ingest site` and Show Site Settings. */
export interface SiteRule {
  name: string;
  /** As read, or the generator's default (`(default)` said in the value). */
  value: string;
}

/** What the site decides about one page. */
export interface SitePage {
  /** Root-relative path of the source file. */
  path: string;
  /** Its published address (absolute when the site names its address), without an anchor. */
  url?: string;
  /** The navigation's labels down to the page, outermost first, the page's own label last. */
  breadcrumb: string[];
  /**
   * The title the site shows for the page, when the site decides it (docs/sites.md#docs-sites: MkDocs's nav title,
   * Docusaurus's and Mintlify's front matter `title`, else the sidebar's label); undefined: the page's own first
   * heading or file name, as without a site.
   */
  title?: string;
  /** Where the site's "Edit this page" leads, when its config names one as a plain string. */
  editUrl?: string;
  /** How the site makes heading anchors, when not as GitHub does (MkDocs's `toc`). */
  anchors?: AnchorStyle;
  /** The Markdown the site renders, when not CommonMark (`SiteFacts.syntax`). */
  syntax?: SiteSyntax;
  /** Where its include extensions read files (`SiteFacts.includeBases`). */
  includeBases?: IncludeBases;
  /** The part of the page the generator writes from a spec (Mintlify's API pages: `SiteFacts.generated`). */
  generated?: GeneratedPart;
  /** Set when the file is no page of the site (a partial, outside the docs folder): the reason. */
  notPage?: string;
  /** With `notPage`: the site itself never publishes the file (a partial, `exclude_docs`), so neither does a batch. */
  unpublished?: true;
}

/** A site found for a page: the generator, its config and its rules. */
export interface Site {
  generator: Generator;
  /** Root-relative path of the config file. */
  configFile: string;
  /** Root-relative folder of the config ('' for the root). */
  folder: string;
  /** The site's published address (`https://docs.example.com/`), when the config names it as a literal. */
  baseUrl?: string;
  /** Root-relative folders whose files are the site's pages. */
  docsDirs: string[];
  rules: SiteRule[];
  warnings: SiteWarning[];
  /** What the site decides about the page at `path` (root-relative) with the given text. */
  page(path: string, text: string): Promise<SitePage>;
  /**
   * How the site resolves the image paths of the file at `path` (root-relative), a page or not (a Docusaurus blog
   * post); undefined when the site does not publish from where the file is (MkDocs: outside `docs_dir`).
   */
  imagesOf(path: string): Promise<SiteImagePaths | undefined>;
}

/** What the document build takes from the site (`DocumentOptions.site`). */
export type { SiteFacts };

/**
 * The facts a page's build takes, or undefined when the file is no page of the site. A file the site does not
 * publish as a page (outside its docs folders) is no page of it: its front matter is read as outside a site.
 */
export function siteFacts(page: SitePage | undefined, generator: Generator): SiteFacts | undefined {
  if (page?.unpublished && page.notPage !== undefined) return { notPublished: page.notPage };
  if (!page || page.notPage !== undefined) return undefined;
  const facts: SiteFacts = {};
  if (GENERATOR_KEYS[generator].length > 0) facts.generatorKeys = GENERATOR_KEYS[generator];
  if (page.url !== undefined) facts.pageUrl = page.url;
  if (page.breadcrumb.length > 0) facts.breadcrumb = page.breadcrumb;
  if (page.title !== undefined) facts.title = page.title;
  if (page.anchors !== undefined) facts.anchors = page.anchors;
  if (page.syntax !== undefined) facts.syntax = page.syntax;
  if (page.includeBases !== undefined) facts.includeBases = page.includeBases;
  if (page.editUrl !== undefined) facts.editUrl = page.editUrl;
  if (page.generated !== undefined) facts.generated = page.generated;
  return facts;
}

/** `a/b` joined with `c` as a root-relative path ('' is the root). */
export function joinPath(folder: string, path: string): string {
  const parts: string[] = folder === '' ? [] : folder.split('/');
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (parts.length === 0) return '..';
      parts.pop();
    } else {
      parts.push(segment);
    }
  }
  return parts.join('/');
}

/** `path` relative to `folder`, or undefined when it is not inside it. */
export function under(folder: string, path: string): string | undefined {
  if (folder === '') return path;
  return path.startsWith(`${folder}/`) ? path.slice(folder.length + 1) : undefined;
}

/** Encodes a URL path per segment (`/` stays). */
export function encodeUrlPath(path: string): string {
  return path.split('/').map((s) => encodeURIComponent(s)).join('/');
}

/** `https://x.com/base/` + `a/b/` with one slash between. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
