/**
 * The one error type of `src/core/documents`: a document that cannot be built, with a sentence for the user.
 */

export type DocumentErrorCode =
  /** Nothing to ingest: empty, whitespace only, or only front matter. */
  | 'empty'
  /** NUL bytes, invalid UTF-8, UTF-16: not a text document. */
  | 'binary'
  /** The front matter is not valid YAML or not a mapping. */
  | 'frontMatter'
  /** A front matter value has the wrong type or format (`key` names it). */
  | 'invalidField'
  /** An option given by the caller (a setting) is invalid (`key` names it). */
  | 'invalidOption'
  /** The workspace-relative path is unusable (empty). */
  | 'invalidPath'
  /** The file's real path is outside its workspace folder or repository root (a symbolic link): never read. */
  | 'outsideRoot'
  /** The selection is empty or out of range. */
  | 'invalidSelection'
  /** A local image the document refers to is missing, outside the workspace, or refused by the server. */
  | 'image'
  /** The page cannot be parsed (an MDX page with invalid markup, F15): `line` says where. */
  | 'syntax'
  /**
   * Past a bound of one page's work (docs/architecture.md, "Bounded"): its includes take in too much or a file over
   * the size limit (`line` says where), or it is over the size limit itself (`key` `maxFileSizeMB`).
   */
  | 'tooLarge'
  /** Another included file builds the same document id (docs/architecture.md#identity). */
  | 'duplicateId'
  /** A `.ipynb` file that is not a notebook of nbformat 4 (not JSON, an older version, a malformed cell). */
  | 'notebook'
  /** Its front matter keeps it from being published (`draft: true`...; `key` names the switch): skipped, not an error. */
  | 'notPublished'
  /** The server would drop it or refuse it (F15): no text it can index, or over its size limit (`maxDocumentChars`). */
  | 'serverWouldDrop'
  /** The server would store it under another id (it rewrites characters outside `[A-Za-z0-9._~-]`). */
  | 'idRewritten';

export interface DocumentErrorDetails {
  /** The front matter key (`metadata.team`, `primary_owners[1]`) or option name the problem is about. */
  key?: string;
  /** 1-based line in the file (front matter lines included), when the problem has a place. */
  line?: number;
}

/**
 * `message` is one user-facing sentence that says what is wrong and, where possible, what to do.
 * `key` and `line` let the extension show the problem as a diagnostic at the right place (F11).
 */
export class DocumentError extends Error {
  override readonly name = 'DocumentError';
  readonly key: string | undefined;
  readonly line: number | undefined;

  constructor(
    readonly code: DocumentErrorCode,
    message: string,
    details: DocumentErrorDetails = {},
  ) {
    super(message);
    this.key = details.key;
    this.line = details.line;
  }
}
