/** The file as the build reads it once (shared by whole-file and selection builds), and what a section asks of it. */
import type { TextRewrite } from '../linksAndImages/docLinks';
import type { ImageSite } from '../linksAndImages/imageSites';
import { appendAnchor } from '../linksAndImages/links';
import type { MarkdownHeading } from '../markdown/markdown';
import type { DocumentProblem } from '../problems/problems';
import type { ReaderText } from '../readerText';
import type { FrontMatter } from '../source/frontMatter';
import type { DocumentBuildResult, DocumentOptions } from './options';

/** The file, read once; shared by whole-file and selection builds. */
export interface PreparedFile {
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

export function lineOffset(file: PreparedFile, line: number): number {
  return line < file.bodyLineStarts.length ? (file.bodyLineStarts[line] ?? file.body.length) : file.body.length;
}

/** The anchor of a heading on the published page. */
export function anchorOf(file: PreparedFile, heading: MarkdownHeading | undefined): string | undefined {
  if (heading === undefined) return undefined;
  return file.siteAnchors ? file.siteAnchors.get(heading) : heading.anchor;
}

/** The link of a section with the given anchor (undefined: no heading), or undefined when there is no link. */
export function sectionLink(file: PreparedFile, anchor: string | undefined): string | undefined {
  if (file.frontMatter.link !== undefined) return appendAnchor(file.frontMatter.link, anchor);
  if (file.templateLink) return file.templateLink(anchor);
  const pageUrl = file.options.site?.pageUrl;
  return pageUrl ? appendAnchor(pageUrl, anchor) : undefined;
}
