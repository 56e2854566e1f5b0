/**
 * Text → IngestionDocument, for a whole file (F2) or a selection of it (F3).
 *
 * Markdown files (`.md`, `.markdown`, `.mdx`...) are read for YAML front matter and split into one section per
 * heading; other text files give one section. See `frontMatter.ts` for the front matter rules, `ids.ts` for the
 * id scheme, `links.ts` for the link template, `docLinks.ts` for links between docs and `slug.ts` for anchors.
 */
import { IngestionDocumentSchema, SourceKindSchema } from '../api/schemas';
import type { IngestionDocument, Owner, Section, SourceKind } from '../api/schemas';
import { formatUtc } from './dates';
import { DocumentError } from './errors';
import { buildConverted, convertedFormatOf, refuseConvertedSelection } from './formats';
import { DEFAULT_IGNORE_KEYS, findFrontMatter, PUBLISH_SWITCHES, readFrontMatter } from './frontMatter';
import type { FrontMatter } from './frontMatter';
import { documentIdFromPath, encodeIdSegment, shortenId, validateExplicitId } from './ids';
import { appendAnchor, linkRenderer, validateLinkTemplate } from './links';
import { docLinkRewrites } from './docLinks';
import type { LinkTarget, TextRewrite } from './docLinks';
import { findImageReferences } from './images';
import type { PageParses } from './pageParses';
import type { SiteImagePaths } from './images';
import { sitesAfterEdits } from './imageSites';
import type { ImageSite } from './imageSites';
import { BodyPlaces } from './inlineSites';
import { findHeadingsAnchoredBy } from './markdown';
import type { AnchorStyle } from './slug';
import { IncludeBoundError, MappedText, MdxSyntaxError, readerText, shiftedOffsets } from './readerText';
import type { Edit, IncludeBases, IncludedFiles, MdxParses, ReaderText } from './readerText';
import { readerSyntax } from './siteSyntax';
import type { SiteSyntax } from './siteSyntax';
import type { MarkdownHeading } from './markdown';
import { problem, warningMessages } from './problems';
import { unrenderedMarkupProblems } from './markup/warnings';
import { compileDropPatterns } from '../config/dropPatterns';
import { METADATA_TOKEN_BUDGET, metadataTokens } from './provenance';
import type { DocumentProblem } from './problems';
import {
  baseName, countNewlines, decodeDocumentText, fileNameWithoutExtension, hasVisibleText, isMarkdownPath, lineStarts,
  normalizeNewlines, normalizeRelativePath, trimBlankLines,
} from './text';
import * as l10n from '@vscode/l10n';

/** What git knows about the file; undefined when git or the repository is not available. */
export interface GitFileInfo {
  /** Time of the last commit that changed the file; undefined when the file was never committed. */
  lastCommitTime?: Date;
  /** Author of that commit. */
  lastCommitAuthor?: { name: string; email: string };
  /** Id (full hash) of that commit: metadata `commit` when the text is the committed one. */
  lastCommit?: string;
  /** The web address of the repository's remote (`origin`, else the first), credentials stripped (`provenance.ts`). */
  repository?: string;
  /** True when the text being ingested differs from the file in HEAD (or the file is not in HEAD). */
  changedSinceCommit: boolean;
}

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

/** Between the labels of metadata `breadcrumb`. */
export const BREADCRUMB_SEPARATOR = ' › ';

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

/** The file, read once; shared by whole-file and selection builds. */
interface PreparedFile {
  path: string;
  /** BOM-less, LF-only text. */
  text: string;
  markdown: boolean;
  frontMatter: FrontMatter;
  /** Offset in `text` where the body (text after the front matter) starts. */
  bodyOffset: number;
  /** 1-based line of the front matter's opening delimiter; undefined without front matter. */
  frontMatterLine?: number;
  body: string;
  bodyLineStarts: number[];
  /** The reader text's map back to the source body (F15); undefined when the body is the source's as written. */
  reader: ReaderText | undefined;
  /** 1-based line in the whole file of the source of a body offset. */
  line: (bodyOffset: number) => number;
  headings: MarkdownHeading[];
  /** The anchor the site gives each heading, when it is not `heading.anchor` (a site with MkDocs anchors). */
  siteAnchors: Map<MarkdownHeading, string | undefined> | undefined;
  /** Top-level headings: the section boundaries. */
  boundaries: MarkdownHeading[];
  /** Each boundary's enclosing boundaries, outermost first, itself last (see {@link headingPathOf}). */
  enclosing: Map<MarkdownHeading, MarkdownHeading[]>;
  /**
   * The document's title, once known: the outermost heading of a section's heading path is left out when it
   * equals it (the server puts the title in front of every chunk already).
   */
  title?: string;
  fileId: string;
  idSource: DocumentBuildResult['idSource'];
  problems: DocumentProblem[];
  /** Images to send as image sections, in text order (empty unless `options.images` names some). */
  images: ImageSite[];
  /** The link template filled for this file's path: a section's link given its anchor. */
  templateLink: ((anchor?: string) => string) | undefined;
  /** Links of the body rewritten to their published links (F14), in text order; body offsets. */
  rewrites: TextRewrite[];
  options: DocumentOptions;
}

function prepare(input: string | Uint8Array, relativePath: string, options: DocumentOptions): PreparedFile {
  const path = normalizeRelativePath(relativePath);
  if (options.source !== undefined && !SourceKindSchema.safeParse(options.source).success) {
    throw new DocumentError('invalidOption', l10n.t('“{0}” is not a source the service knows; use a lowercase source such as file or web.', String(options.source)), { key: 'source' });
  }
  if (options.linkTemplate) validateLinkTemplate(options.linkTemplate);
  if (options.documentId !== undefined) validateExplicitId(options.documentId, 'id');
  if (options.now !== undefined && Number.isNaN(options.now.getTime())) {
    throw new DocumentError('invalidOption', l10n.t('The current time given is not a valid date.'), { key: 'now' });
  }
  // The site decides first: a file it never publishes (a test fixture, a partial) is skipped as such, whatever its
  // bytes and front matter hold (Prettier's tests/format files have front matter no page would have).
  const unpublished = siteUnpublishedError(path, options.site);
  if (unpublished) throw unpublished;
  const text = normalizeNewlines(decodeDocumentText(input, baseName(path)));
  const markdown = options.markdown ?? isMarkdownPath(path);
  const problems: DocumentProblem[] = [];
  let frontMatter: FrontMatter = { metadata: {} };
  let bodyOffset = 0;
  let frontMatterLine: number | undefined;
  if (markdown) {
    const block = findFrontMatter(text, problems);
    if (block) {
      frontMatter = readFrontMatter(block, options.ignoreKeys ?? DEFAULT_IGNORE_KEYS, problems, options.site?.generatorKeys);
      bodyOffset = block.bodyOffset;
      frontMatterLine = block.firstLine - 1;
    }
  }
  if (frontMatter.withheld) throw notPublishedError(path, frontMatter.withheld);
  const sourceBody = bodyOffset === 0 ? text : text.slice(bodyOffset);
  const bodyLine = countNewlines(text, bodyOffset);
  // The Markdown a reader of the site sees (F15); positions found in it map back to the source's lines.
  const read = markdown ? readBody(sourceBody, path, bodyLine, options.includes, problems, options.site, compileDropPatterns(options.dropPatterns), options.mdxParses, options.pageParses) : undefined;
  const alt = markdown ? withImagesAsAlt(read, sourceBody, text.slice(0, bodyOffset), path, options) : undefined;
  const reader = markdown ? withGenerated(alt?.reader, sourceBody, options.site?.generated) : undefined;
  // The images to send, as the parse that put the others' alt text found them, unless the text moved since.
  const sentImages = reader === alt?.reader ? alt?.sent : undefined;
  if (options.site?.generated && 'missing' in options.site.generated && hasVisibleText(reader?.mapped.text ?? sourceBody)) {
    problems.push(problem('warning', 'generatedMissing', l10n.t('The site generates part of this page from a spec, but {0}: only the page\'s own text is sent.', options.site.generated.missing), { line: 1 }));
  }
  const body = reader?.mapped.text ?? sourceBody;
  const bodyLineStarts = lineStarts(body);
  // Lines are counted in the source body: through the reader text's map when there is one.
  const sourcePlaces = reader ? new BodyPlaces(sourceBody) : new BodyPlaces(body, bodyLineStarts);
  // One parse for both anchor styles: GitHub's (ids of selections, which must not move) and the site's, when other.
  const siteStyle = options.site?.anchors;
  // A batch's page takes the block parse its images and link targets were found in, when the body is the same.
  const parses = options.pageParses?.blocks;
  const [parsedHeadings = [], siteHeadings] = markdown ? findHeadingsAnchoredBy(body, siteStyle === undefined || siteStyle === 'github' ? ['github'] : ['github', siteStyle], parses) : [];
  const headings = withHeadingIds(parsedHeadings, bodyLineStarts, reader?.headingIds);
  const fileId = frontMatter.id ?? options.documentId ?? documentIdFromPath(path, options.idPrefix);
  if (frontMatter.id === undefined && options.documentId === undefined) problems.push(...pathIdProblems(path, fileId));
  const file: PreparedFile = {
    path,
    text,
    markdown,
    frontMatter,
    bodyOffset,
    frontMatterLine,
    body,
    bodyLineStarts,
    reader,
    line: (offset) => bodyLine + 1 + sourcePlaces.lineOf(reader ? reader.mapped.sourceOffset(offset) : offset),
    headings,
    siteAnchors: siteAnchors(headings, siteHeadings, bodyLineStarts, reader?.headingIds),
    boundaries: headings.filter((h) => h.topLevel),
    enclosing: new Map(),
    fileId,
    idSource: frontMatter.id !== undefined ? 'frontMatter' : options.documentId !== undefined ? 'chosen' : 'path',
    problems,
    images: markdown ? sentImages ?? readerImageSites(text, bodyOffset, reader ? body : undefined, path, options.images, options.site?.images) : [],
    templateLink: options.linkTemplate ? linkRenderer(options.linkTemplate, path) : undefined,
    rewrites: [],
    options,
  };
  file.enclosing = enclosingHeadings(file.boundaries);
  // Markup nobody rendered is said, never silently indexed (issue 35, item 4).
  if (markdown) problems.push(...unrenderedMarkupProblems(body, file.line));
  if (markdown && (options.linkTemplate || options.site?.pageUrl || options.linkTargets !== undefined)) {
    const links = docLinkRewrites({
      body,
      bodyLineStarts: file.bodyLineStarts,
      path,
      bodyLine,
      sourceLine: reader ? (line) => file.line(file.bodyLineStarts[line] ?? body.length) : undefined,
      ownAnchors: new Set(headings.flatMap((h) => { const a = anchorOf(file, h); return a === undefined ? [] : [a]; })),
      template: options.linkTemplate || undefined,
      sitePage: !!options.site?.pageUrl,
      pageLink: (anchor) => sectionLink(file, anchor),
      targets: options.linkTargets,
      parses,
    });
    file.rewrites = links.rewrites;
    problems.push(...links.problems);
  }
  return file;
}

/**
 * The reader text of a Markdown page's body (`readerText/`), its problems added with their lines; undefined when
 * the body stays as written.
 * @throws DocumentError (`syntax`) for an MDX page that cannot be parsed, (`tooLarge`) for includes past the page's
 *   bound, at its line
 */
function readBody(body: string, path: string, bodyLine: number, includes: IncludedFiles | undefined, problems: DocumentProblem[], site: SiteFacts | undefined, dropPatterns: readonly RegExp[], mdxParses: MdxParses | undefined, pageParses: PageParses | undefined): ReaderText | undefined {
  const syntax = site?.syntax;
  const lineOf = (offset: number): number => bodyLine + 1 + countNewlines(body, offset);
  let reader: ReaderText | undefined;
  try {
    const options = { path, includes, ...readerSyntax(path, syntax), dropPatterns, includeBases: site?.includeBases, mdxParses };
    reader = pageParses ? pageParses.readerText(body, options) : readerText(body, options);
  } catch (e) {
    if (e instanceof IncludeBoundError) {
      const line = lineOf(e.offset);
      throw new DocumentError('tooLarge', l10n.t('The include at line {0} {1}.', line, e.reason), { line });
    }
    if (!(e instanceof MdxSyntaxError)) throw e;
    const line = lineOf(e.offset);
    throw new DocumentError('syntax', l10n.t('“{0}” cannot be read as MDX at line {1}: {2}; correct the markup there.', baseName(path), line, e.reason.replace(/\.$/, '')), { line });
  }
  for (const p of reader?.problems ?? []) problems.push(problem(p.severity, p.code, p.message, { line: lineOf(p.offset) }));
  return reader;
}

/**
 * The body a reader sees, as the build reads it (`readBody`, the same options: a batch's page parses it once), for
 * what must be known before the build: the targets of links only the reader text shows (`linkTargets.ts`).
 * Undefined when the body reads as written, or cannot be read (the build then says why).
 */
export function readerBodyOf(input: string | Uint8Array, relativePath: string, options: DocumentOptions = {}): string | undefined {
  const path = normalizeRelativePath(relativePath);
  if (!(options.markdown ?? isMarkdownPath(path))) return undefined;
  try {
    const text = normalizeNewlines(decodeDocumentText(input, baseName(path)));
    const body = text.slice(findFrontMatter(text, [])?.bodyOffset ?? 0);
    return readBody(body, path, 0, options.includes, [], options.site, compileDropPatterns(options.dropPatterns), options.mdxParses, options.pageParses)?.mapped.text;
  } catch (e) {
    if (e instanceof DocumentError) return undefined;
    throw e;
  }
}

/**
 * The reader text with every Markdown image that is not sent as an image section (remote, a GIF or SVG the upload
 * route refuses, one skipped for a problem, any image when images are not sent) replaced by its alt text, as a
 * reader who cannot see it reads it: `![Data flow](flow.gif)` and `<img alt="Data flow" src="flow.gif">` → `Data flow`,
 * nothing when the alt text is empty (the HTML around an `<img>` stays). A templated target (`{{ x }}`) stays as
 * written.
 */
function withImagesAsAlt(reader: ReaderText | undefined, sourceBody: string, frontMatter: string, path: string, options: DocumentOptions): { reader: ReaderText | undefined; sent?: ImageSite[] } {
  const body = reader?.mapped.text ?? sourceBody;
  if (!body.includes('![') && !/<img\b/i.test(body)) return { reader, sent: [] };
  const before = frontMatter !== '' ? frontMatter : '\n';
  const edits: Edit[] = [];
  const sent: ImageSite[] = [];
  const text = before + body;
  const found = options.pageParses ? options.pageParses.findImageReferences(text, path, options.site?.images) : findImageReferences(text, path, options.site?.images);
  for (const image of found) {
    if (image.templated) continue;
    const start = image.start - before.length;
    const end = image.end - before.length;
    const imageFileId = image.kind === 'local' && image.path !== undefined ? options.images?.get(image.path) : undefined;
    if (imageFileId !== undefined) sent.push({ start, end, imageFileId, alt: image.alt });
    else edits.push({ start, end, text: image.alt });
  }
  if (edits.length === 0) return { reader, sent };
  // Without images to send, none can be found after the edits either (`imageSites`).
  return { reader: edited(reader, sourceBody, edits), sent: options.images?.size ? sitesAfterEdits(body, sent, edits) : [] };
}

function edited(reader: ReaderText | undefined, sourceBody: string, edits: Edit[]): ReaderText {
  const mapped = (reader?.mapped ?? MappedText.identity(sourceBody)).apply(edits);
  const headingIds = reader?.headingIds;
  return { mapped, problems: reader?.problems ?? [], ...(headingIds?.size ? { headingIds: shiftedOffsets(headingIds, edits) } : {}) };
}

/** The reader text with the part the generator writes from a spec in front (`SiteFacts.generated`). */
function withGenerated(reader: ReaderText | undefined, sourceBody: string, generated: GeneratedPart | undefined): ReaderText | undefined {
  if (generated === undefined || !('markdown' in generated) || generated.markdown.trim() === '') return reader;
  // In place of the blank lines the page starts with: one blank line between the two parts.
  const blank = /^(?:[ \t]*\n)*/.exec(reader?.mapped.text ?? sourceBody)?.[0].length ?? 0;
  return edited(reader, sourceBody, [{ start: 0, end: blank, text: `${generated.markdown.trim()}\n\n` }]);
}

/**
 * The image sites of the body: of the reader text when there is one, behind the file's own front matter (or a blank
 * line, so that a reader text starting with `---` is not taken for front matter).
 */
function readerImageSites(text: string, bodyOffset: number, readerBody: string | undefined, path: string, ids: ReadonlyMap<string, string> | undefined, site: SiteImagePaths | undefined): ImageSite[] {
  if (readerBody === undefined) return imageSites(text, path, bodyOffset, ids, site);
  const before = bodyOffset > 0 ? text.slice(0, bodyOffset) : '\n';
  return imageSites(before + readerBody, path, before.length, ids, site);
}

function imageSites(text: string, path: string, bodyOffset: number, ids: ReadonlyMap<string, string> | undefined, site: SiteImagePaths | undefined): ImageSite[] {
  if (ids === undefined || ids.size === 0) return [];
  const sites: ImageSite[] = [];
  for (const image of findImageReferences(text, path, site)) {
    const imageFileId = image.kind === 'local' && image.path !== undefined ? ids.get(image.path) : undefined;
    if (imageFileId === undefined) continue;
    sites.push({ start: image.start - bodyOffset, end: image.end - bodyOffset, imageFileId, alt: image.alt });
  }
  return sites;
}

/**
 * A path-derived id the writer may not expect: shortened (a warning: the id no longer shows the whole path), or
 * with characters of the path replaced beyond lowercasing (`Getting Started.md` → `getting-started.md`; info).
 */
function pathIdProblems(path: string, id: string): DocumentProblem[] {
  const segments = path.split('/');
  const encoded = segments.map(encodeIdSegment).join('~');
  if (!id.endsWith(encoded)) {
    return [problem('warning', 'idChanged', l10n.t('The id made from the path is too long, so it was shortened to “{0}”; set an id in the front matter to choose a shorter one.', id))];
  }
  if (segments.some((s) => encodeIdSegment(s) !== s.toLowerCase())) {
    return [problem('info', 'idChanged', l10n.t('The file\'s path gives the id “{0}”: characters an id cannot hold were replaced.', id))];
  }
  return [];
}

/** The body range [from, to) with the links inside it rewritten (F14); a link cut by the range stays as written. */
function bodyText(file: PreparedFile, from: number, to: number): string {
  const { rewrites, body } = file;
  if (rewrites.length === 0) return body.slice(from, to);
  let low = 0;
  let high = rewrites.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((rewrites[mid]?.start ?? 0) < from) low = mid + 1;
    else high = mid;
  }
  let text = '';
  let at = from;
  for (let i = low; i < rewrites.length; i++) {
    const rewrite = rewrites[i];
    if (rewrite === undefined || rewrite.end > to) break;
    text += body.slice(at, rewrite.start) + rewrite.text;
    at = rewrite.end;
  }
  return text + body.slice(at, to);
}

function lineOffset(file: PreparedFile, line: number): number {
  return line < file.bodyLineStarts.length ? (file.bodyLineStarts[line] ?? file.body.length) : file.body.length;
}

/**
 * The same headings with the anchors the site gives them (`siteHeadings`: the headings with the site's anchors),
 * when the site makes anchors otherwise than GitHub.
 */
function siteAnchors(
  headings: readonly MarkdownHeading[], siteHeadings: MarkdownHeading[] | undefined, bodyLineStarts: readonly number[], ids: ReadonlyMap<number, string> | undefined,
): Map<MarkdownHeading, string | undefined> | undefined {
  if (siteHeadings === undefined || headings.length === 0) return undefined;
  const site = withHeadingIds(siteHeadings, bodyLineStarts, ids);
  return new Map(headings.map((h, i) => [h, site[i]?.anchor]));
}

/**
 * The headings with the explicit anchors the reader text found for them (an MkDocs attribute list's `#id`, gone
 * from the text), by the offset of their line.
 */
function withHeadingIds(headings: MarkdownHeading[], bodyLineStarts: readonly number[], ids: ReadonlyMap<number, string> | undefined): MarkdownHeading[] {
  if (ids === undefined || ids.size === 0) return headings;
  for (const heading of headings) {
    const id = ids.get(bodyLineStarts[heading.startLine] ?? -1);
    if (id === undefined) continue;
    heading.anchor = id;
    heading.explicitId = true;
  }
  return headings;
}

/** The anchor of a heading on the published page. */
function anchorOf(file: PreparedFile, heading: MarkdownHeading | undefined): string | undefined {
  if (heading === undefined) return undefined;
  return file.siteAnchors ? file.siteAnchors.get(heading) : heading.anchor;
}

/** The link of a section with the given anchor (undefined: no heading), or undefined when there is no link. */
function sectionLink(file: PreparedFile, anchor: string | undefined): string | undefined {
  if (file.frontMatter.link !== undefined) return appendAnchor(file.frontMatter.link, anchor);
  if (file.templateLink) return file.templateLink(anchor);
  const pageUrl = file.options.site?.pageUrl;
  return pageUrl ? appendAnchor(pageUrl, anchor) : undefined;
}

/** Each heading's enclosing headings (fewer `#` before it, nearest first back to the outermost), then itself. */
function enclosingHeadings(boundaries: readonly MarkdownHeading[]): Map<MarkdownHeading, MarkdownHeading[]> {
  const result = new Map<MarkdownHeading, MarkdownHeading[]>();
  const stack: MarkdownHeading[] = [];
  for (const heading of boundaries) {
    while (stack.length > 0 && (stack[stack.length - 1]?.level ?? 0) >= heading.level) stack.pop();
    stack.push(heading);
    result.set(heading, [...stack]);
  }
  return result;
}

/**
 * The heading path of a section (docs/documents.md#context-in-every-chunk): the texts of the headings enclosing it,
 * outermost first, then its own. Empty headings are left out, and so is the outermost heading when the document's
 * title holds its text (`Install` in a page titled `Install`, or `Install – Example Docs`) and it is not the
 * section's own (the server puts the title in front of every chunk already).
 */
export function headingPathOf(enclosing: readonly MarkdownHeading[], title: string | undefined): string[] {
  const path = enclosing.map((h) => h.text);
  if (path.length > 1 && title !== undefined && path[0] !== undefined && path[0] !== '' && title.includes(path[0])) path.shift();
  return path.filter((t) => t !== '');
}

/** Between the headings of a section's heading path. */
export const HEADING_PATH_SEPARATOR = ' › ';

const ATX_START = /^ {0,3}#{1,6}(?=[ \t\n]|$)/;

/**
 * The section's text with its heading path in front (the server embeds a section's text, never its `heading`):
 * a text that starts with its heading line gets the enclosing headings put in that line, before the heading's own
 * text (`### Install › Linux`; a heading without enclosing headings stays as written); any other text under a
 * heading (a selection starting below it, the text after an image) starts with the whole path as a line of its
 * own and a blank line, unless that path is only the title.
 */
function withHeadingPath(file: PreparedFile, text: string, heading: MarkdownHeading | undefined, atHeading: boolean): string {
  if (heading === undefined) return text;
  const path = headingPathOf(file.enclosing.get(heading) ?? [heading], file.title);
  if (!atHeading) {
    // A path that is only the title adds nothing to what the server puts in front.
    if (path.length === 0 || (path.length === 1 && file.title?.includes(path[0]!))) return text;
    return `${path.join(HEADING_PATH_SEPARATOR)}\n\n${text}`;
  }
  const ancestors = heading.text === '' ? path : path.slice(0, -1);
  if (ancestors.length === 0) return text;
  const joined = ancestors.join(HEADING_PATH_SEPARATOR);
  const atx = ATX_START.exec(text);
  if (atx) {
    const rest = text.slice(atx[0].length);
    // An empty heading (`##`) holds the enclosing path alone.
    if (heading.text === '') return `${atx[0]} ${joined}${rest}`;
    return `${atx[0]} ${joined}${HEADING_PATH_SEPARATOR}${rest.replace(/^[ \t]+/, '')}`;
  }
  // A setext heading: the path goes in front of its first line's text.
  const indent = /^ {0,3}/.exec(text)?.[0] ?? '';
  return `${indent}${joined}${HEADING_PATH_SEPARATOR}${text.slice(indent.length)}`;
}

function makeSection(file: PreparedFile, text: string, heading: MarkdownHeading | undefined, atHeading = true): Section {
  const section: Section = { text: withHeadingPath(file, text, heading, atHeading) };
  const link = sectionLink(file, anchorOf(file, heading));
  if (link !== undefined) section.link = link;
  if (heading !== undefined && heading.text !== '') section.heading = heading.text;
  return section;
}

/**
 * The sections of the body range [from, to) under `heading`: one text section, or, around the images to send
 * that lie wholly inside the range, text / image / text... The image markup leaves the text; the text before the
 * first image keeps the heading (as a section without images does), the text after an image continues with the
 * same link but no heading (it is the same section of the page, not a new one), and the image section names the
 * heading. Empty text pieces are left out.
 */
function rangeSections(file: PreparedFile, from: number, to: number, heading: MarkdownHeading | undefined): Section[] {
  const sections: Section[] = [];
  let pieceStart = from;
  let first = true;
  const pushText = (pieceEnd: number): void => {
    let piece = bodyText(file, pieceStart, pieceEnd);
    // The rest of an image's line starts right after the markup: its spaces go with the markup.
    if (!first) piece = piece.replace(/^[ \t]+/, '');
    const text = trimBlankLines(piece);
    if (text === '') return;
    const section = makeSection(file, text, heading, first && heading !== undefined && pieceStart <= lineOffset(file, heading.startLine));
    if (!first) delete section.heading;
    sections.push(section);
  };
  // Images are in text order: start at the first one at or after `from` (a binary search: many sections, many images).
  let low = 0;
  let high = file.images.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((file.images[mid]?.start ?? 0) < from) low = mid + 1;
    else high = mid;
  }
  for (let i = low; i < file.images.length; i++) {
    const image = file.images[i];
    if (image === undefined || image.start >= to) break;
    if (image.end > to) continue;
    pushText(image.start);
    const section: Section = { type: 'image', image_file_id: image.imageFileId };
    if (image.alt !== '') section.text = image.alt;
    const link = sectionLink(file, anchorOf(file, heading));
    if (link !== undefined) section.link = link;
    if (heading !== undefined && heading.text !== '') section.heading = heading.text;
    sections.push(section);
    pieceStart = image.end;
    first = false;
  }
  pushText(to);
  return sections;
}

/** Sections of the body range [start, end) (body offsets), split at the top-level headings inside it. */
function splitSections(
  file: PreparedFile,
  start: number,
  end: number,
  leading: MarkdownHeading | undefined,
  inner: readonly MarkdownHeading[],
): Section[] {
  const sections: Section[] = [];
  let from = start;
  let current = leading;
  const push = (to: number): void => {
    if (file.images.length > 0) {
      sections.push(...rangeSections(file, from, to, current));
      return;
    }
    const text = trimBlankLines(bodyText(file, from, to));
    if (text !== '') sections.push(makeSection(file, text, current, current !== undefined && from <= lineOffset(file, current.startLine)));
  };
  for (const heading of inner) {
    const at = lineOffset(file, heading.startLine);
    push(at);
    from = at;
    current = heading;
  }
  push(end);
  return sections;
}

function ownerFromGit(author: { name: string; email: string }): Owner | undefined {
  const owner: Owner = {};
  if (author.name.trim()) owner.display_name = author.name.trim();
  if (author.email.trim()) owner.email = author.email.trim();
  return Object.keys(owner).length > 0 ? owner : undefined;
}

/**
 * `doc_updated_at`: the front matter's when given; else the last commit time when the text is committed and
 * unchanged; else, when the text is the saved file's and git does not know it as committed, the file's
 * modification time; else now.
 */
function updatedAt(file: PreparedFile): string {
  if (file.frontMatter.docUpdatedAt !== undefined) return file.frontMatter.docUpdatedAt;
  const git = file.options.git;
  const commitTime = git?.lastCommitTime;
  if (git && !git.changedSinceCommit && commitTime && !Number.isNaN(commitTime.getTime())) return formatUtc(commitTime);
  const modified = file.options.fileModifiedTime;
  if (modified && !Number.isNaN(modified.getTime())) return formatUtc(modified);
  return formatUtc(file.options.now ?? new Date());
}

function assemble(
  file: PreparedFile,
  fields: { id: string; title: string; semanticIdentifier: string; sections: Section[]; problems?: DocumentProblem[] },
): DocumentBuildResult {
  const fm = file.frontMatter;
  const document: IngestionDocument = {
    id: fields.id,
    semantic_identifier: fields.semanticIdentifier,
    title: fields.title,
    sections: fields.sections,
    source: file.options.source ?? 'file',
    metadata: withProvenance(file, withBreadcrumb(fm.metadata, file.options.site?.breadcrumb)),
    doc_updated_at: updatedAt(file),
  };
  const author = file.options.git?.lastCommitAuthor;
  const gitOwner = author ? ownerFromGit(author) : undefined;
  const primary = fm.primaryOwners ?? (gitOwner ? [gitOwner] : undefined);
  if (primary !== undefined && primary.length > 0) document.primary_owners = primary;
  if (fm.secondaryOwners !== undefined && fm.secondaryOwners.length > 0) document.secondary_owners = fm.secondaryOwners;

  const checked = IngestionDocumentSchema.safeParse(document);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const where = issue ? issue.path.join('.') : 'document';
    // A field that came from the front matter is shown on its key's line.
    const line = typeof issue?.path[0] === 'string' ? fm.keyLines?.[issue.path[0]] : undefined;
    throw new DocumentError('invalidField', l10n.t('The document cannot be sent: {0} {1}.', where, issue?.message ?? l10n.t('is invalid')), { key: where, line });
  }
  const problems = [...file.problems, ...(fields.problems ?? []), ...metadataSizeProblems(file, document.metadata)];
  const result: DocumentBuildResult = { document, idSource: file.idSource, warnings: warningMessages(problems), problems };
  if (fm.ccPairId !== undefined) result.ccPairId = fm.ccPairId;
  return result;
}

/** The front matter's metadata with the site's breadcrumb, unless the front matter names its own. */
function withBreadcrumb(metadata: FrontMatter['metadata'], breadcrumb: readonly string[] | undefined): FrontMatter['metadata'] {
  if (!breadcrumb?.length || 'breadcrumb' in metadata) return metadata;
  return { ...metadata, breadcrumb: breadcrumb.join(BREADCRUMB_SEPARATOR) };
}

/** Why the page's site never publishes it (a partial, `exclude_docs`, outside its docs folders); undefined when it does. */
function siteUnpublishedError(path: string, site: SiteFacts | undefined): DocumentError | undefined {
  if (site?.notPublished !== undefined) {
    return new DocumentError('notPublished', l10n.t('“{0}” is not published: for its docs site it is {1}.', baseName(path), site.notPublished), { key: 'site' });
  }
  if (site?.outsideSite !== undefined) {
    return new DocumentError('notPublished', l10n.t('“{0}” is {1}, so a batch leaves it out; to send it anyway, name it: on its own, or in an include glob that spells its name.', baseName(path), site.outsideSite), { key: 'site' });
  }
  return undefined;
}

/** A page its front matter keeps from being published: skipped with this sentence, never sent (F15). */
function notPublishedError(path: string, withheld: NonNullable<FrontMatter['withheld']>): DocumentError {
  const { key, line } = withheld;
  return new DocumentError(
    'notPublished',
    l10n.t('“{0}” is not published: its front matter says {1}: {2} (line {3}); remove that line to publish it.', baseName(path), key, String(PUBLISH_SWITCHES[key]), line),
    { key, line },
  );
}

/**
 * The metadata with where the document comes from (docs/documents.md#context-in-every-chunk), each key unless the
 * front matter names it: `source_path`, `repository`, `commit` (only while the text is the committed file's),
 * `edit_url`.
 */
function withProvenance(file: PreparedFile, metadata: FrontMatter['metadata']): FrontMatter['metadata'] {
  const { options } = file;
  if (options.provenance === false) return metadata;
  const git = options.git;
  const facts: [string, string | undefined][] = [
    ['source_path', options.documentId === undefined ? file.path : undefined],
    ['repository', git?.repository],
    ['commit', git && !git.changedSinceCommit ? git.lastCommit : undefined],
    ['edit_url', options.site?.editUrl],
  ];
  const added = facts.filter((f): f is [string, string] => f[1] !== undefined && !(f[0] in metadata));
  return added.length === 0 ? metadata : { ...metadata, ...Object.fromEntries(added) };
}

/** A warning when the metadata is past what the server adds to the embedded text (`provenance.ts`). */
function metadataSizeProblems(file: PreparedFile, metadata: FrontMatter['metadata']): DocumentProblem[] {
  const { tokens, largest } = metadataTokens(metadata);
  if (tokens <= METADATA_TOKEN_BUDGET) return [];
  const named = largest.slice(0, 3).map((k) => `${k.key} (about ${k.tokens})`).join(', ');
  return [problem(
    'warning',
    'metadataLarge',
    l10n.t('The metadata comes to about {0} tokens, past the {1} (a quarter of a chunk) the service adds to the text it searches, so none of it will help a search; the largest keys are {2}: leave out keys a search does not need with the docIngest.frontMatter.ignoreKeys setting, or shorten them.', tokens, METADATA_TOKEN_BUDGET, named),
    { line: file.frontMatterLine },
  )];
}

function emptyError(file: PreparedFile): DocumentError {
  const name = baseName(file.path);
  const generated = file.options.site?.generated;
  if (generated !== undefined && 'missing' in generated) return new DocumentError('empty', l10n.t('“{0}” is a page its site generates from a spec, but {1}; it has no text of its own to ingest.', name, generated.missing));
  if (file.reader !== undefined) return new DocumentError('empty', l10n.t('“{0}” has no text a reader of the site sees (only imports, components without text or ignored regions); there is nothing to ingest.', name));
  return new DocumentError(
    'empty',
    file.bodyOffset > 0
      ? l10n.t('“{0}” has only front matter and no text to ingest.', name)
      : l10n.t('“{0}” is empty or only whitespace; there is nothing to ingest.', name),
  );
}

/**
 * Builds the IngestionDocument of a whole file.
 *
 * @param input the text (editor text, may start with a BOM and use CRLF) or the file's bytes (must be UTF-8)
 * @param relativePath workspace-relative path with `/` separators
 * @throws DocumentError for empty or binary input, invalid front matter, or invalid options
 */
export function buildDocument(
  input: string | Uint8Array,
  relativePath: string,
  options: DocumentOptions = {},
): DocumentBuildResult {
  // Notebooks and HTML pages become Markdown first, then come back here as Markdown (formats/index.ts).
  const format = convertedFormatOf(relativePath, options);
  if (format !== undefined) return buildConverted(format, input, relativePath, options, buildDocument);
  const file = prepare(input, relativePath, options);
  if (!hasVisibleText(file.body)) throw emptyError(file);
  const fm = file.frontMatter;

  let sections: Section[];
  let title: string;
  const problems: DocumentProblem[] = [];
  if (file.markdown) {
    if (file.boundaries.length === 0) {
      const firstText = /\S/.exec(file.body)?.index ?? 0;
      const line = file.line(firstText);
      problems.push(problem('info', 'noHeadings', l10n.t('no headings: the whole file is one section'), { line }));
    }
    const h1 = file.headings.find((h) => h.level === 1 && h.text !== '');
    title = file.options.site?.title ?? fm.title ?? fm.semanticIdentifier ?? h1?.text ?? fileNameWithoutExtension(file.path);
    file.title = title;
    const first = file.boundaries[0];
    const start = first === undefined ? file.body.length : lineOffset(file, first.startLine);
    sections = [
      ...splitSections(file, 0, start, undefined, []),
      ...splitSections(file, start, file.body.length, undefined, file.boundaries),
    ];
  } else {
    sections = [makeSection(file, trimBlankLines(file.body), undefined)];
    title = fm.title ?? baseName(file.path);
  }
  return assemble(file, {
    id: file.fileId,
    title,
    semanticIdentifier: fm.semanticIdentifier ?? title,
    sections,
    problems,
  });
}

/** First non-blank line, without Markdown block markers, as a title of at most 80 characters. */
export function firstLineTitle(text: string): string {
  const match = /\S[^\n]*/.exec(text);
  const line = (match?.[0] ?? '')
    .replace(/^(?:#{1,6}(?=\s)|>|[-*+](?=\s)|\d{1,9}[.)](?=\s))\s*/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > 80 ? `${line.slice(0, 79).trimEnd()}…` : line;
}

/** Offset in the BOM-less, LF-only text of an offset in the text as given. */
function mapOffset(original: string, offset: number): number {
  return normalizeNewlines(original.slice(0, offset).replace(/^\uFEFF/, '')).length;
}

/**
 * Builds the document of a selection (F3): the selected text, split by the headings inside it, titled from the
 * nearest heading at or above the selection start (else its first non-blank line).
 *
 * The id is stable across runs and edits: the file's id + `~` + the anchors of the headings enclosing the
 * selection start (a level-1 title heading is left out when deeper headings follow), e.g.
 * `guide.md~install~linux`; without such a heading, the file's id + `~` + the encoded title (see
 * {@link titleSelection}: the title the writer confirms names the document). So re-sending a selection under the
 * same heading, or with the same title, replaces the earlier one instead of publishing a second copy.
 *
 * @param selectionStartOffset offset in `text` as given (UTF-16 code units, as VS Code's `document.offsetAt`)
 * @param selectionEndOffset end offset (exclusive); the two may come in either order
 */
export function buildSelectionDocument(
  text: string,
  relativePath: string,
  selectionStartOffset: number,
  selectionEndOffset: number,
  options: DocumentOptions = {},
): SelectionBuildResult {
  refuseConvertedSelection(relativePath, options);
  for (const offset of [selectionStartOffset, selectionEndOffset]) {
    if (!Number.isInteger(offset) || offset < 0 || offset > text.length) {
      throw new DocumentError('invalidSelection', l10n.t('The selection is outside the document; select the text again.'));
    }
  }
  const file = prepare(text, relativePath, options);
  const startInText = Math.max(mapOffset(text, Math.min(selectionStartOffset, selectionEndOffset)), file.bodyOffset);
  const endInText = mapOffset(text, Math.max(selectionStartOffset, selectionEndOffset));
  // Source offsets → offsets in the reader text (the text the sections are cut from).
  const toBody = (offset: number): number => file.reader?.mapped.outputOffset(offset) ?? offset;
  const start = toBody(startInText - file.bodyOffset);
  const end = toBody(endInText - file.bodyOffset);
  const selected = start < end ? file.body.slice(start, end) : '';
  if (!hasVisibleText(selected)) {
    throw new DocumentError(
      'invalidSelection',
      file.bodyOffset > 0 && endInText <= file.bodyOffset
        ? l10n.t('The selection covers only front matter; select some of the text below it.')
        : l10n.t('The selection has no text to ingest; select some text first.'),
    );
  }
  const firstVisible = start + (/\S/.exec(selected)?.index ?? 0);

  let context: MarkdownHeading | undefined;
  const path: MarkdownHeading[] = [];
  const inner: MarkdownHeading[] = [];
  for (const heading of file.boundaries) {
    const at = lineOffset(file, heading.startLine);
    if (at <= firstVisible) {
      context = heading;
      while (path.length > 0 && (path[path.length - 1]?.level ?? 0) >= heading.level) path.pop();
      path.push(heading);
    } else if (at < end) {
      inner.push(heading);
    } else {
      break;
    }
  }

  const suggestedTitle = (context?.text || firstLineTitle(selected)) || baseName(file.path);
  file.title = suggestedTitle;
  const sections = file.markdown
    ? splitSections(file, start, end, context, inner)
    : [makeSection(file, trimBlankLines(selected), undefined)];

  const idPath = path.length > 1 ? path.filter((h) => h.level > 1) : path;
  const fullId = idPath.length > 0
    ? `${file.fileId}~${idPath.map((h) => encodeIdSegment(h.anchor ?? h.text)).join('~')}`
    : `${file.fileId}~${encodeIdSegment(suggestedTitle)}`;
  const id = shortenId(fullId);
  const problems: DocumentProblem[] = [];
  if (id !== fullId) {
    problems.push(problem(
      'warning',
      'idChanged',
      l10n.t('The selection\'s id is too long, so it was shortened to “{0}”; a shorter file id or heading keeps it readable.', id),
      file.idSource === 'frontMatter' ? { line: file.frontMatter.keyLines?.[file.frontMatter.idKey ?? 'id'], key: file.frontMatter.idKey ?? 'id' } : {},
    ));
  }
  const result = assemble(file, { id, title: suggestedTitle, semanticIdentifier: suggestedTitle, sections, problems });
  return { ...result, headingPath: path.map((h) => h.text), suggestedTitle, fileId: file.fileId };
}

function titleSelectionId(fileId: string, title: string): string {
  return shortenId(`${fileId}~${encodeIdSegment(title)}`);
}

/**
 * The selection document under the title the writer confirmed: it becomes the title and semantic identifier,
 * and, for a selection without a heading above it, names the id too (the same title, the same document).
 */
export function titleSelection(result: SelectionBuildResult, title: string): SelectionBuildResult {
  const trimmed = title.trim();
  if (trimmed === '') throw new DocumentError('invalidSelection', l10n.t('The title must not be empty.'));
  const id = (result.headingPath.length > 0 ? result.document.id : undefined) ?? titleSelectionId(result.fileId, trimmed);
  return { ...result, document: { ...result.document, id, title: trimmed, semantic_identifier: trimmed } };
}

/** The id a selection would get under `title` (for the title box to show before sending). */
export function selectionIdFor(result: SelectionBuildResult, title: string): string {
  const id = result.headingPath.length > 0 ? result.document.id : undefined;
  return id ?? titleSelectionId(result.fileId, title.trim() || result.suggestedTitle);
}
