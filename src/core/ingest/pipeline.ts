/**
 * The one ingestion pipeline of every front (the editor's file and selection commands, the batch, the command
 * line): configuration and facts about a file in, the document and the exact request out, then the send. Each
 * front finds the facts its own way (the editor's text and workspace folders, Node's file system and flags);
 * from there on the same code builds the same bytes.
 */
import type { IngestCallOptions, IngestOutcome, ServiceClient } from '../api/client';
import { IngestionRequestSchema } from '../api/schemas';
import type { IngestionRequest } from '../api/schemas';
import { buildDocument } from '../documents/build/build';
import { readerBodyOf } from '../documents/build/readerBody';
import { buildSelectionDocument } from '../documents/build/selection';
import type { DocumentBuildResult, DocumentOptions, SelectionBuildResult, SiteFacts } from '../documents/build/options';
import type { GitFileInfo } from '../documents/git/gitInfo';
import type { LinkTarget } from '../documents/linksAndImages/docLinks';
import type { IncludedFiles, MdxParses } from '../documents/readerText';
import type { PageParses } from '../documents/build/pageParses';
import { explainPairSource } from './pairSource';
import { checkForServer } from '../documents/problems/serverLimits';
import { baseName } from '../documents/text/text';

/** What a writer configures about the documents (settings in the editor; `.doc-ingest.json` and flags in CI). */
export interface IngestConfig {
  linkTemplate?: string;
  /** The id prefix, with a multi-root workspace's folder name already in it (see `workspaceIdPrefix`). */
  idPrefix: string;
  /** The document's `source`; default `file`. */
  source?: string;
  ignoreKeys?: readonly string[];
  /** Where a document comes from in its metadata (`source_path`, `repository`, `commit`, `edit_url`); default true. */
  provenance?: boolean;
  /** The pair to ingest into; a front matter `cc_pair_id` wins. Undefined: the server's default pair. */
  ccPairId?: number;
  /** The server's `MAX_DOCUMENT_CHARS`: a longer document is refused before sending (F15). Undefined or 0: no check. */
  maxDocumentChars?: number;
  /** `.doc-ingest.json` `dropPatterns`: lines of a site's own syntax left out of the text (issue 35). */
  dropPatterns?: readonly string[];
}

/** One text to build, and what its front found out about it. */
export interface SourceFile {
  /** Path relative to its workspace folder (or repository root), `/`-separated: the id and `{path}` of links. */
  relativePath: string;
  /** The editor's text, or the file's bytes (so that a binary file is refused instead of decoded into garbage). */
  input: string | Uint8Array;
  /** Git facts; undefined without git, outside a repository, or in an untrusted workspace. */
  git?: GitFileInfo;
  /** Given only when `input` is the saved file: the date when git cannot say. */
  modifiedTime?: Date;
  /** The id the writer chose for a text without a workspace path. */
  documentId?: string;
  /** Read as Markdown whatever the name (an editor in Markdown mode); undefined: by the extension. */
  markdown?: boolean;
  /** Local image path → `image_file_id`: those images become image sections (F8). */
  images?: ReadonlyMap<string, string>;
  /** What its relative links lead to (F14, `linkTargets.ts`); absent: links to other files stay as written, unchecked. */
  linkTargets?: ReadonlyMap<string, LinkTarget>;
  /** What its docs site decides about it (F15, `core/site/`: `SiteResolver.factsOf`); absent: no site. */
  site?: SiteFacts;
  /** The texts of the files it includes (F15, `includes.ts`), by root-relative path; absent: none could be read. */
  includes?: IncludedFiles;
  /** MDX trees of this text parsed before (its images were found in its reader text), to parse each text once. */
  mdxParses?: MdxParses;
  /** Its reader text and images as made before (its images were found in them), for the build to take (`pageParses.ts`). */
  pageParses?: PageParses;
}

export function documentOptions(file: SourceFile, config: IngestConfig): DocumentOptions {
  return {
    linkTemplate: config.linkTemplate,
    idPrefix: config.idPrefix,
    source: config.source as DocumentOptions['source'],
    ignoreKeys: config.ignoreKeys,
    provenance: config.provenance,
    dropPatterns: config.dropPatterns,
    markdown: file.markdown,
    git: file.git,
    fileModifiedTime: file.modifiedTime,
    documentId: file.documentId,
    images: file.images,
    linkTargets: file.linkTargets,
    site: file.site,
    includes: file.includes,
    mdxParses: file.mdxParses,
    pageParses: file.pageParses,
  };
}

/**
 * Whether what a file builds depends on where it is, beyond its id: with a link template, section links name the
 * file's path and relative links between docs are rewritten from it; with provenance (the default), metadata
 * `source_path` names it. A file moved under the id it keeps then builds another payload than the one the service
 * holds, and counts as changed until it is sent again.
 */
export function payloadFollowsPath(config: IngestConfig): boolean {
  return !!config.linkTemplate?.trim() || config.provenance !== false;
}

/**
 * @throws DocumentError when the text cannot become a document (empty, binary, invalid front matter...), its front
 *   matter keeps it from being published (`notPublished`), or the server would drop it (`checkForServer`)
 */
export function buildFile(file: SourceFile, config: IngestConfig): DocumentBuildResult {
  const built = buildDocument(file.input, file.relativePath, documentOptions(file, config));
  checkForServer(built.document, baseName(file.relativePath), config.maxDocumentChars);
  return built;
}

/** The file's body as a reader sees it, as `buildFile` reads it (after `site` and `includes` are set on the file). */
export function readerBodyOfFile(file: SourceFile, config: IngestConfig): string | undefined {
  return readerBodyOf(file.input, file.relativePath, documentOptions(file, config));
}

/** The document of `[start, end)` of the text (UTF-16 offsets, as editors count). */
export function buildSelection(file: SourceFile & { input: string }, start: number, end: number, config: IngestConfig): SelectionBuildResult {
  const built = buildSelectionDocument(file.input, file.relativePath, start, end, documentOptions(file, config));
  checkForServer(built.document, baseName(file.relativePath), config.maxDocumentChars);
  return built;
}

/** The request of a built document, and where its pair came from. */
export interface PreparedIngestion {
  request: IngestionRequest;
  /** The pair sent: the front matter's when it names one, else the configured one. */
  ccPairId: number | undefined;
  /** The front matter's `cc_pair_id`, when it named one (errors about the pair then point there). */
  frontMatterPair: number | undefined;
}

export function prepareIngestion(built: DocumentBuildResult, config: IngestConfig): PreparedIngestion {
  const ccPairId = built.ccPairId ?? config.ccPairId;
  const request: IngestionRequest = ccPairId === undefined ? { document: built.document } : { document: built.document, cc_pair_id: ccPairId };
  return { request, ccPairId, frontMatterPair: built.ccPairId };
}

/**
 * The request body exactly as the client sends it (the same validation, the same serialisation): what the
 * payload preview shows and what the ledger hashes. `indent` only for display.
 * @throws ZodError when the request is invalid (the client would refuse it before sending)
 */
export function requestBody(request: IngestionRequest, indent?: number): string {
  return JSON.stringify(IngestionRequestSchema.parse(request), null, indent);
}

/**
 * Sends the prepared request. A pair error names the front matter when the pair came from there.
 * @param sourcePath how to name the file in that sentence
 */
export async function sendIngestion(client: ServiceClient, prepared: PreparedIngestion, sourcePath: string, options: IngestCallOptions = {}): Promise<IngestOutcome> {
  try {
    return await client.ingestDocument(prepared.request, options);
  } catch (e) {
    throw explainPairSource(e, prepared.frontMatterPair, sourcePath);
  }
}
