/**
 * The body of a Markdown page as the build reads it: its reader text (`readerText/`), with the images not sent as
 * image sections read as their alt text and the part a generator writes from a spec in front; and where the images
 * that are sent stand in it.
 */
import { DocumentError } from '../problems/errors';
import { problem } from '../problems/problems';
import type { DocumentProblem } from '../problems/problems';
import { findFrontMatter } from '../source/frontMatter';
import { findImageReferences } from '../linksAndImages/images';
import type { SiteImagePaths } from '../linksAndImages/images';
import { sitesAfterEdits } from '../linksAndImages/imageSites';
import type { ImageSite } from '../linksAndImages/imageSites';
import { IncludeBoundError, MappedText, MdxSyntaxError, readerText, shiftedOffsets } from '../readerText';
import type { Edit, IncludedFiles, MdxParses, ReaderText } from '../readerText';
import { readerSyntax } from '../readerText/siteSyntax';
import { compileDropPatterns } from '../readerText/dropPatterns';
import { baseName, countNewlines, decodeDocumentText, isMarkdownPath, normalizeNewlines, normalizeRelativePath } from '../text/text';
import type { DocumentOptions, GeneratedPart, SiteFacts } from './options';
import type { PageParses } from './pageParses';
import * as l10n from '@vscode/l10n';

/**
 * The reader text of a Markdown page's body (`readerText/`), its problems added with their lines; undefined when
 * the body stays as written.
 * @throws DocumentError (`syntax`) for an MDX page that cannot be parsed, (`tooLarge`) for includes past the page's
 *   bound, at its line
 */
export function readBody(body: string, path: string, bodyLine: number, includes: IncludedFiles | undefined, problems: DocumentProblem[], site: SiteFacts | undefined, dropPatterns: readonly RegExp[], mdxParses: MdxParses | undefined, pageParses: PageParses | undefined): ReaderText | undefined {
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
export function withImagesAsAlt(reader: ReaderText | undefined, sourceBody: string, frontMatter: string, path: string, options: DocumentOptions): { reader: ReaderText | undefined; sent?: ImageSite[] } {
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
export function withGenerated(reader: ReaderText | undefined, sourceBody: string, generated: GeneratedPart | undefined): ReaderText | undefined {
  if (generated === undefined || !('markdown' in generated) || generated.markdown.trim() === '') return reader;
  // In place of the blank lines the page starts with: one blank line between the two parts.
  const blank = /^(?:[ \t]*\n)*/.exec(reader?.mapped.text ?? sourceBody)?.[0].length ?? 0;
  return edited(reader, sourceBody, [{ start: 0, end: blank, text: `${generated.markdown.trim()}\n\n` }]);
}

/**
 * The image sites of the body: of the reader text when there is one, behind the file's own front matter (or a blank
 * line, so that a reader text starting with `---` is not taken for front matter).
 */
export function readerImageSites(text: string, bodyOffset: number, readerBody: string | undefined, path: string, ids: ReadonlyMap<string, string> | undefined, site: SiteImagePaths | undefined): ImageSite[] {
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
