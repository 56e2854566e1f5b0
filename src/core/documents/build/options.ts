/**
 * What a build is given (`DocumentOptions`: the link template, git's and the docs site's facts, what a batch found
 * before) and what it gives back (`DocumentBuildResult`, `SelectionBuildResult`).
 */
import type { IngestionDocument, SourceKind } from '../../api/schemas';
import type { GitFileInfo } from '../git/gitInfo';
import type { LinkTarget } from '../linksAndImages/docLinks';
import type { SiteImagePaths } from '../linksAndImages/images';
import type { AnchorStyle } from '../markdown/slug';
import type { DocumentProblem } from '../problems/problems';
import type { IncludeBases, IncludedFiles, MdxParses } from '../readerText';
import type { SiteSyntax } from '../readerText/siteSyntax';
import type { PageParses } from './pageParses';

export interface DocumentOptions {
  /**
   * Link of each section, e.g. `https://docs.example.com/{path}#{anchor}`; placeholders `{path}`, `{file}`,
   * `{page}`, `{anchor}` (see `links.ts`). Without it (and without a front matter `link`) sections have no link.
   */
  linkTemplate?: string;
  /** Put in front of ids derived from paths (not of front matter ids); `~` is added unless it ends in `~-_.`. */
  idPrefix?: string;
  /** The document's `source`; default `file`. */
  source?: SourceKind;
  /** Front matter keys left out of metadata; default {@link DEFAULT_IGNORE_KEYS}. Replaces the default list. */
  ignoreKeys?: readonly string[];
  /** The current time (injected by tests); default `new Date()`. */
  now?: Date;
  /** Git facts about the file (see `gitInfo.ts`); undefined when git is unavailable. */
  git?: GitFileInfo;
  /** Read the text as Markdown (true) or plain text (false) whatever the extension; default: by extension. */
  markdown?: boolean;
  /**
   * The id when the file has no workspace path to derive one from (an untitled editor, a file outside every
   * workspace folder): chosen by the writer. A front matter `id` still wins.
   */
  documentId?: string;
  /**
   * When the file as saved was last modified, given only when the text being sent is the saved text: the date
   * used when git cannot say (no repository, an untrusted workspace, a file never committed).
   */
  fileModifiedTime?: Date;
  /**
   * Local images to send as image sections (F8): workspace-relative image path (as `findImageReferences` gives
   * it) → the `image_file_id` to send, the upload's `file_id` (a preview passes placeholders). Each reference to a
   * path in the map becomes an image section where it stands; every other image stays in the text as written.
   * Absent or empty: the document is exactly what it would be without images.
   */
  images?: ReadonlyMap<string, string>;
  /**
   * What the file's relative links lead to (F14), by root-relative path, as `resolveLinkTargets`
   * (`core/ingest/linkTargets.ts`) found them. Given (even empty), links are checked: one to a missing file or to a
   * heading its target (or this page) does not have is a problem at its line; and, with a link template, a link to
   * a doc of the include globs becomes that doc's published link. A link whose target is not in the map stays as
   * written. Absent: links to other files stay as written, unchecked; links within the page (`#install`) still
   * become the page's published link when there is a template.
   */
  linkTargets?: ReadonlyMap<string, LinkTarget>;
  /**
   * What the page's docs site decides about it (F15), as `SiteResolver.factsOf` (`core/site/`) found it outside
   * the build: its published address (the sections' links when no link template is set: `<pageUrl>#<anchor>`), its
   * breadcrumb (metadata `breadcrumb`, the labels joined with ` › `, unless the front matter sets one) and the
   * title the site shows (the document's title, before front matter `title`: the site already weighed it).
   */
  site?: SiteFacts;
  /**
   * The files the page includes (F15: MkDocs snippets, Docusaurus partials, Obsidian embeds), by root-relative
   * path, as `resolveIncludes` (`core/ingest/includes.ts`) read them: each include is replaced by the included
   * file's reader text (see `readerText/`). An include whose file is not in the map is a problem at its line and is
   * left out; one that was not read (over the size limit) is an error at its line. Absent: as empty (no include can
   * be expanded).
   */
  includes?: IncludedFiles;
  /** MDX trees of this file parsed before (its images were found in its reader text): each text is parsed once. */
  mdxParses?: MdxParses;
  /** The reader text and images a batch made of this file before (`pageParses.ts`): taken where the build's are the same. */
  pageParses?: PageParses;
  /**
   * Where the document comes from, in metadata (docs/documents.md#context-in-every-chunk): `source_path` (the path
   * given, unless `documentId` names the document), `repository` and `commit` (from `git`), `edit_url` (from the
   * site). Default true; false leaves all four out. Front matter keys of the same names win.
   */
  provenance?: boolean;
  /**
   * Regular expressions naming a site's own syntax (`.doc-ingest.json` `dropPatterns`): a Markdown line outside code
   * that one matches is left out of the text. Lines of markup left after the build (any kind, see
   * `markup/unrendered.ts`) are warnings at their lines either way.
   */
  dropPatterns?: readonly string[];
}

/** What a docs site decides about a page (see `core/site/types.ts`); the build takes these facts only. */
export interface SiteFacts {
  pageUrl?: string;
  breadcrumb?: readonly string[];
  title?: string;
  /** Where the site's "Edit this page" leads for the page: metadata `edit_url`. */
  editUrl?: string;
  /**
   * How the site makes heading anchors, for the sections' links and the link checks (`slug.ts`); default GitHub's.
   * Selection ids keep GitHub's anchors whatever the site, so that they do not move.
   */
  anchors?: AnchorStyle;
  /** Why the site never publishes the file (a Docusaurus partial, MkDocs `exclude_docs`): skipped as a draft is. */
  notPublished?: string;
  /**
   * The root has docs sites and none publishes the file (outside their docs folders: a changelog, a package's
   * README, test fixtures): why, as a phrase (`not published by the site website/docusaurus.config.js: outside its
   * docs folders`). Only for a file a batch swept in: a file the writer names is built as outside a site.
   */
  outsideSite?: string;
  /**
   * Front matter keys the site's generator reads with its own meaning (Docusaurus `id`): they set no document id,
   * so the page's id comes from its path (or `doc-ingest-id`). Every part that computes a file's id without
   * building it takes the same keys (`documentIdOf`), so that they agree with the build.
   */
  generatorKeys?: readonly string[];
  /** How the site resolves the file's image paths (`images.ts`); given also for a file of the site that is no page. */
  images?: SiteImagePaths;
  /** The Markdown the site renders, when not CommonMark as GitHub reads it (see {@link SiteSyntax}). */
  syntax?: SiteSyntax;
  /** Where the site's include extensions read files (snippets' and markdown-include's `base_path`). */
  includeBases?: IncludeBases;
  /**
   * The part of the page its generator writes from a spec, before the page's own text (Mintlify's API pages: the
   * operation, its parameters, body and responses), as Markdown; or why it could not be made (the page's own
   * reason: it is skipped when it has no text of its own either, else sent with a warning).
   */
  generated?: GeneratedPart;
}

/** What a generator writes on a page from a spec (`SiteFacts.generated`). */
export type GeneratedPart = { markdown: string } | { missing: string };

export type { SiteSyntax };

export interface DocumentBuildResult {
  document: IngestionDocument;
  /** Where the file's id came from: its front matter `id`, the chosen `documentId` option, or its path. */
  idSource: 'frontMatter' | 'chosen' | 'path';
  /** The front matter's `cc_pair_id`: it goes on the request, next to the document, and wins over the setting. */
  ccPairId?: number;
  /** Problems that did not stop the build (skipped front matter keys...), one sentence each. */
  warnings: string[];
  /**
   * Everything worth showing on the source file, with lines where known: the warnings above (same messages,
   * same order) and `info` problems (a Markdown file without headings, an id normalised from the file name).
   */
  problems: DocumentProblem[];
}

export interface SelectionBuildResult extends DocumentBuildResult {
  /** Texts of the headings enclosing the selection start, outermost first (empty when there is none). */
  headingPath: string[];
  /** The title to offer the user (the document's `title` and `semantic_identifier` until they edit it). */
  suggestedTitle: string;
  /** The id of the whole file, which the selection's id starts with. */
  fileId: string;
}
