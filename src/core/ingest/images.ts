/**
 * Local images of a Markdown document (F8): found in the text, read, uploaded once per server and content
 * (the ledger remembers each upload), then handed to the build as `image_file_id`s so that each becomes an image
 * section where it stands. Remote images (http, https, data:) stay text.
 *
 * Problems (a missing image, one outside the workspace, one that is no image or too large (`imageFiles.ts`), one
 * the server refuses) are reported with path and line; by default the document is then not sent
 * (`onProblem: 'stop'`), or the image stays text (`'skipImage'`). A GIF or SVG is no problem of the page: its site
 * shows it, only the server's upload route cannot take it, so it stays text (its alt text) with a warning, and the
 * page is sent (issue 35, item 5: an image the published site shows is never a problem).
 */
import { contentTypeOf } from '../api/contentTypes';
import { RejectedError } from '../api/errors';
import type { CallOptions } from '../api/transport';
import type { ServiceClient } from '../api/client';
import type { UserFileRecord } from '../api/schemas';
import { DocumentError } from '../documents/problems/errors';
import { findImageReferences } from '../documents/linksAndImages/images';
import type { ImageReference } from '../documents/linksAndImages/images';
import type { SiteFacts } from '../documents/build/options';
import { findFrontMatter } from '../documents/source/frontMatter';
import { BodyPlaces } from '../documents/linksAndImages/inlineSites';
import { readerText } from '../documents/readerText';
import type { MdxParses } from '../documents/readerText';
import type { PageParses } from '../documents/build/pageParses';
import { readerSyntax } from '../documents/readerText/siteSyntax';
import { isMarkdownPath, lineStarts, normalizeRelativePath, withoutBomLf } from '../documents/text/text';
import { ImageRefusedError } from './imageFiles';
import type { ImageReader } from './imageFiles';
import { sha256Hex } from '../ledger/hash';
import type { Ledger } from '../ledger/ledger';
import * as l10n from '@vscode/l10n';

export type ImageProblemPolicy = 'stop' | 'skipImage';

export interface ImageProblem {
  path: string;
  line: number;
  message: string;
}

/** One document's local images, read and hashed. */
export interface DocumentImages {
  /** Workspace-relative path → content hash. */
  hashes: Map<string, string>;
  /** Problems found while reading (missing, outside the workspace, no image, too large); upload refusals come later. */
  problems: ImageProblem[];
  /** Images that exist but of a kind the upload route refuses (GIF, SVG): left out, each a warning, never a problem. */
  leftOut: ImageProblem[];
  /** Placeholder ids by content (`sha256:<hash>`): the same bytes give the same payload before any upload. */
  placeholders: Map<string, string>;
  /** Path → the line of its first reference, to place problems found later. */
  lines: Map<string, number>;
}

/**
 * Local images of the text; none for text that is not Markdown. Lines are counted as the build counts them
 * (BOM dropped, CR and CRLF as LF), so an image's line and a build problem's line agree for every caller.
 */
export function localImageReferences(text: string, relativePath: string, markdown?: boolean, site?: Pick<SiteFacts, 'images' | 'syntax'>, mdxParses?: MdxParses, pageParses?: PageParses): ImageReference[] {
  const syntax = site?.syntax;
  if (!(markdown ?? isMarkdownPath(relativePath))) return [];
  if (!/!\[|<img/i.test(text)) return [];
  const local = (r: ImageReference) => r.kind === 'local' && r.path !== undefined;
  const normalized = withoutBomLf(text);
  // The images the build finds are those of the reader text (F15: inside components, indented admonitions...);
  // their lines are the source's. Images of included files are not uploaded (they stay text).
  const bodyOffset = findFrontMatter(normalized)?.bodyOffset ?? 0;
  let reader;
  try {
    const body = normalized.slice(bodyOffset);
    const options = { path: normalizeRelativePath(relativePath), ...readerSyntax(relativePath, syntax), mdxParses };
    reader = pageParses ? pageParses.readerText(body, options) : readerText(body, options);
  } catch {
    reader = undefined; // a page that cannot be parsed is not built either
  }
  if (reader === undefined) return (pageParses ? pageParses.findImageReferences(normalized, relativePath, site?.images) : findImageReferences(normalized, relativePath, site?.images)).filter(local);
  const before = bodyOffset > 0 ? normalized.slice(0, bodyOffset) : '\n';
  const places = new BodyPlaces(normalized, lineStarts(normalized));
  const toSource = (offset: number) => bodyOffset + reader.mapped.sourceOffset(offset - before.length);
  const readerBody = before + reader.mapped.text;
  const found = pageParses ? pageParses.findImageReferences(readerBody, relativePath, site?.images) : findImageReferences(readerBody, relativePath, site?.images);
  return found.filter(local).map((r) => {
    const start = toSource(r.start);
    return { ...r, start, end: Math.max(start, toSource(r.end)), line: places.lineOf(start) + 1 };
  });
}

/**
 * Reads and hashes each local image once. `cache` (path → hash or error sentence) may be shared by all documents
 * of a batch, so an image used by many pages is read once.
 */
export async function readImages(refs: readonly ImageReference[], reader: ImageReader, cache?: Map<string, Promise<string | Error>>): Promise<DocumentImages> {
  const result: DocumentImages = { hashes: new Map(), problems: [], leftOut: [], placeholders: new Map(), lines: new Map() };
  for (const ref of refs) {
    const path = ref.path as string;
    if (result.lines.has(path)) continue;
    result.lines.set(path, ref.line);
    if (ref.outside) {
      result.problems.push({ path, line: ref.line, message: l10n.t('the image {0} (line {1}) is outside the workspace', path, ref.line) });
      continue;
    }
    let pending = cache?.get(path);
    if (!pending) {
      pending = reader.read(path).then((bytes) => sha256Hex(bytes), (e: unknown) => (e instanceof Error ? e : new Error(String(e))));
      cache?.set(path, pending);
    }
    const hash = await pending;
    if (hash instanceof ImageRefusedError && hash.reason === 'unsupported') {
      result.leftOut.push({ path, line: ref.line, message: l10n.t('the image {0} (line {1}) {2}', path, ref.line, hash.message) });
      continue;
    }
    if (hash instanceof Error) {
      // A refusal says why (outside, not an image, too large); anything else that cannot be read is missing.
      const why = hash instanceof ImageRefusedError ? hash.message : l10n.t('is missing');
      if (!result.problems.some((p) => p.path === path)) result.problems.push({ path, line: ref.line, message: l10n.t('the image {0} (line {1}) {2}', path, ref.line, why) });
      continue;
    }
    result.hashes.set(path, hash);
    result.placeholders.set(path, `sha256:${hash}`);
  }
  return result;
}

/**
 * The file id a preview shows for a local image not uploaded yet (the real id exists only once uploaded). Part of
 * the body, so never translated: the editor's preview and `doc-ingest preview` show the same bytes in every display
 * language.
 */
export function previewImagePlaceholder(path: string): string {
  return `<uploaded when sent: ${path}>`;
}

/**
 * What a preview shows for each local image of `text` that exists: the file id of its upload when `uploaded` knows
 * its content, else {@link previewImagePlaceholder}. Missing and outside images are left out: they cannot become
 * image sections. Shared by the editor's preview and `doc-ingest preview`.
 */
export async function previewImageIds(
  text: string,
  relativePath: string,
  reader: ImageReader,
  uploaded: (contentHash: string) => string | undefined,
  markdown?: boolean,
  /** The page's site facts: how the site resolves image paths, and its syntax (the images of the text as it renders it). */
  site?: Pick<SiteFacts, 'images' | 'syntax'>,
): Promise<Map<string, string>> {
  return (await previewImages(text, relativePath, reader, uploaded, markdown, site)).ids;
}

/**
 * {@link previewImageIds}, with the problems a run meets reading the same images (missing, outside, not an image,
 * too large, a type the server refuses): a preview says them as the run does (issue 35, item 7), where the run
 * stops the page (`imageProblemError`) or sends its text without them.
 */
export async function previewImages(
  text: string,
  relativePath: string,
  reader: ImageReader,
  uploaded: (contentHash: string) => string | undefined,
  markdown?: boolean,
  site?: Pick<SiteFacts, 'images' | 'syntax'>,
): Promise<{ ids: Map<string, string>; problems: ImageProblem[]; leftOut: ImageProblem[] }> {
  const ids = new Map<string, string>();
  const refs = localImageReferences(text, relativePath, markdown, site);
  if (!refs.length) return { ids, problems: [], leftOut: [] };
  const { hashes, problems, leftOut } = await readImages(refs, reader);
  for (const [path, hash] of hashes) ids.set(path, uploaded(hash) || previewImagePlaceholder(path));
  return { ids, problems, leftOut };
}

/** The sentence for a document stopped by its images. */
export function imageProblemError(relativePath: string, problems: readonly ImageProblem[]): DocumentError {
  const list = problems.map((p) => p.message).join('; ');
  return new DocumentError('image', l10n.t('{0} was not sent: {1}. Fix the image reference, or set docIngest.images.onProblem to skipImage to send the text without it.', relativePath, list), {
    line: problems[0]?.line,
    key: 'images.onProblem',
  });
}

export interface UploadDeps {
  client: ServiceClient;
  /** The server's base URL: uploads are remembered per server. */
  server: string;
  ledger?: Pick<Ledger, 'imageFileId' | 'recordImage'>;
  reader: ImageReader;
  /** Uploads under way in this batch by content hash, so two documents sharing an image upload it once. */
  inFlight?: Map<string, Promise<string | Error>>;
  onUploaded?(record: UserFileRecord, path: string): void;
  call?: CallOptions;
}

/**
 * The `image_file_id` of each image (uploading those the server has not seen from here), plus the ones the
 * server refused as problems.
 */
export async function uploadImages(images: DocumentImages, deps: UploadDeps): Promise<{ ids: Map<string, string>; problems: ImageProblem[] }> {
  const ids = new Map<string, string>();
  const problems: ImageProblem[] = [];
  for (const [path, hash] of images.hashes) {
    const known = deps.ledger?.imageFileId(deps.server, hash);
    if (known) {
      ids.set(path, known);
      continue;
    }
    let pending = deps.inFlight?.get(hash);
    if (!pending) {
      pending = upload(path, hash, deps);
      deps.inFlight?.set(hash, pending);
    }
    const answer = await pending;
    if (answer instanceof Error) {
      // A refusal belongs to the image; anything else (the key, the network) to the whole request, and a later
      // try uploads afresh.
      if (!(answer instanceof RejectedError)) {
        if (deps.inFlight?.get(hash) === pending) deps.inFlight.delete(hash);
        throw answer;
      }
      const line = images.lines.get(path) ?? 1;
      problems.push({ path, line, message: l10n.t('the server refused the image {0} (line {1}): {2}', path, line, answer.summary) });
      continue;
    }
    ids.set(path, answer);
  }
  return { ids, problems };
}

async function upload(path: string, hash: string, deps: UploadDeps): Promise<string | Error> {
  try {
    const data = await deps.reader.read(path);
    const name = path.split('/').pop() ?? path;
    const record = await deps.client.uploadFile({ name, data, contentType: contentTypeOf(name) }, deps.call);
    const fileId = record.file_id ?? record.id;
    deps.ledger?.recordImage(deps.server, hash, { fileId, name, userFileId: record.id });
    deps.onUploaded?.(record, path);
    return fileId;
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
}
