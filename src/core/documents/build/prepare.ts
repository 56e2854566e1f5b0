/**
 * A file read once for the build (`PreparedFile`): options checked, the site's and the front matter's say on
 * publishing heard, the front matter read, the body's reader text, headings and anchors found, the id chosen, the
 * images to send placed and the links to rewrite found (F14).
 */
import { SourceKindSchema } from '../../api/schemas';
import { compileDropPatterns } from '../readerText/dropPatterns';
import { documentIdFromPath, encodeIdSegment, validateExplicitId } from '../ids/ids';
import { docLinkRewrites } from '../linksAndImages/docLinks';
import { BodyPlaces } from '../linksAndImages/inlineSites';
import { linkRenderer, validateLinkTemplate } from '../linksAndImages/links';
import { findHeadingsAnchoredBy } from '../markdown/markdown';
import type { MarkdownHeading } from '../markdown/markdown';
import { unrenderedMarkupProblems } from '../markup/warnings';
import { DocumentError } from '../problems/errors';
import { problem } from '../problems/problems';
import type { DocumentProblem } from '../problems/problems';
import { DEFAULT_IGNORE_KEYS, findFrontMatter, PUBLISH_SWITCHES, readFrontMatter } from '../source/frontMatter';
import type { FrontMatter } from '../source/frontMatter';
import { baseName, countNewlines, decodeDocumentText, hasVisibleText, isMarkdownPath, lineStarts, normalizeNewlines, normalizeRelativePath } from '../text/text';
import { enclosingHeadings } from './headingPath';
import type { DocumentOptions, SiteFacts } from './options';
import { anchorOf, sectionLink } from './preparedFile';
import type { PreparedFile } from './preparedFile';
import { readBody, readerImageSites, withGenerated, withImagesAsAlt } from './readerBody';
import * as l10n from '@vscode/l10n';

export function prepare(input: string | Uint8Array, relativePath: string, options: DocumentOptions): PreparedFile {
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
