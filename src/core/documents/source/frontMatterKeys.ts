/**
 * The front matter's vocabulary: the keys read as document fields, the switches that keep a page from being
 * published, the keys left out of metadata, and the shapes of what is read (`frontMatter.ts` reads it).
 */
import type { Owner } from '../../api/schemas';

/**
 * Front matter keys that configure static site generators (Jekyll, Hugo, Docusaurus, MkDocs, VitePress,
 * VuePress, just-the-docs...) rather than describe the content, and so are not sent as metadata by default.
 * Descriptive keys (`description`, `tags`, `keywords`, `categories`, `authors`, `date`...) are kept.
 */
export const DEFAULT_IGNORE_KEYS: readonly string[] = [
  // layout and routing
  'layout', 'template', 'type', 'slug', 'permalink', 'url', 'aliases', 'redirect_from', 'redirect_to',
  'canonical_url', 'custom_edit_url', 'editLink', 'edit_url',
  // navigation and ordering
  'sidebar', 'sidebar_position', 'sidebar_label', 'sidebar_class_name', 'sidebar_custom_props', 'displayed_sidebar',
  'nav_order', 'nav_exclude', 'parent', 'grand_parent', 'has_children', 'has_toc', 'weight', 'order', 'menu', 'nav',
  'linkTitle', 'pagination_label', 'pagination_next', 'pagination_prev', 'prev', 'next',
  // page chrome
  'hide', 'hide_title', 'hide_table_of_contents', 'toc', 'toc_min_heading_level', 'toc_max_heading_level', 'outline',
  'aside', 'navbar', 'footer', 'pageClass', 'lastUpdated', 'comments', 'search', 'icon', 'image', 'banner', 'head',
  'hero', 'features',
  // publishing switches
  'draft', 'published', 'unlisted', 'sitemap', 'build', 'cascade', 'outputs', 'render_with_liquid',
  'excerpt_separator',
];

/**
 * Front matter that keeps a page from being published (F15), with the value that does: Docusaurus' `draft` and
 * `unlisted`, the common `publish: false`, and this tool's own `doc-ingest: false`. Never metadata, whatever value.
 */
export const PUBLISH_SWITCHES = { draft: true, unlisted: true, publish: false, 'doc-ingest': false } as const;
export type PublishSwitch = keyof typeof PUBLISH_SWITCHES;

/**
 * The keys that pin a document id, strongest first. `doc-ingest-id` is ours alone: no site generator reads it, so it
 * pins the id everywhere, in a docs site too. `id` pins it only where no generator gives `id` its own meaning: in a
 * Docusaurus site `id` is the doc id (unique only inside one version, and part of the page's slug), so there it is
 * the generator's key and the page's id comes from its path (`readFrontMatter`'s `generatorKeys`).
 */
export const ID_KEYS = ['doc-ingest-id', 'id'] as const;
export type IdKey = (typeof ID_KEYS)[number];

/** Keys read as document fields, never as metadata. */
export const RESERVED_KEYS: readonly string[] = [
  'doc-ingest-id', 'id', 'title', 'semantic_identifier', 'primary_owners', 'secondary_owners', 'cc_pair_id', 'link',
  'doc_updated_at', 'metadata',
];

/**
 * Keys Doc Ingest reads for itself and never sends: `questions` (the questions a page should answer, issue 36) is
 * for checking findability, and as metadata it would become tags the server adds to the text it searches.
 */
export const OWN_KEYS: readonly string[] = ['questions'];

export type Metadata = Record<string, string | string[]>;

/** What the front matter says about the document; all optional. */
export interface FrontMatter {
  /** The id the front matter pins: `doc-ingest-id`, else `id` when the page's generator does not own `id`. */
  id?: string;
  /** The key `id` came from, for problems about it. */
  idKey?: IdKey;
  title?: string;
  semanticIdentifier?: string;
  primaryOwners?: Owner[];
  secondaryOwners?: Owner[];
  ccPairId?: number;
  link?: string;
  /** Already in UTC with `Z`. */
  docUpdatedAt?: string;
  metadata: Metadata;
  /** 1-based file line of each top-level key, for problems about a key (an `id` that had to be changed...). */
  keyLines?: Record<string, number>;
  /** The first publish switch that keeps the page from being published (`draft: true`...), and its line. */
  withheld?: { key: PublishSwitch; line: number };
}

/** Where the front matter is in the (BOM-less, LF-only) text. */
export interface FrontMatterBlock {
  kind: 'yaml' | 'toml';
  /** The text between the delimiter lines. */
  source: string;
  /** 1-based line of the first line between the delimiters. */
  firstLine: number;
  /** Offset of the first character after the closing delimiter line: where the body starts. */
  bodyOffset: number;
  /** 0-based line index at which the body starts. */
  bodyLine: number;
}
