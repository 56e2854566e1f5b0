/**
 * The batch's vocabulary (F9): what goes in (files and the ways to read them, injected so that the editor and the
 * command line each pass their own), what comes out (one result per file and a summary).
 */
import type { ErrorKind } from '../api/errors';

/** One file of the batch. `key` is the front's own handle (a URI string in the editor, a path on the command line). */
export interface BatchFile {
  key: string;
  /** Relative to its workspace folder or repository root, `/`-separated: the path the document's id and links are built from. */
  relativePath: string;
  /**
   * The source's key (`sourceKey`: the folder's label and the path in a multi-root workspace, else the path): what
   * the ledger and the duplicate check key the file by, and how messages name it.
   */
  source: string;
  /** On the local disk, when the file is there (git facts need it); undefined for remote file systems. */
  absolutePath?: string;
  /**
   * The absolute path of the file's root folder on disk (its workspace folder, or the repository root), when known:
   * what the file's and its images' real paths must stay inside, and what keys a batch's image cache.
   */
  root?: string;
  /**
   * Set when the file was named outright (a path on the command line) although a `.docingestignore` line withholds
   * it: the batch reports it skipped with this sentence and never reads it.
   */
  withheld?: { reason: 'ignored'; error: string };
  /**
   * The writer named this file (a path typed on the command line, an include glob that spells its name:
   * `PublishRules.namesFile`), rather than a wildcard sweeping it in: a file no docs site of the root publishes
   * is still sent (`SiteResolver.factsOf`).
   */
  named?: true;
}

/**
 * Why a file is not published on purpose (skipped, never an error): a `.docingestignore` line (a file named
 * outright; a batch lists no ignored or hidden file at all), or its front matter (`draft: true`, `unlisted: true`, `publish: false`,
 * `doc-ingest: false`), or its docs site (`site`: a Docusaurus partial, MkDocs `exclude_docs`).
 */
export const WITHHELD_REASONS = ['ignored', 'draft', 'unlisted', 'publish', 'doc-ingest', 'site'] as const;
export type WithheldReason = (typeof WITHHELD_REASONS)[number];

export type FileOutcome =
  /** The server stored a new document. */
  | 'created'
  /** The server replaced a document it held. */
  | 'updated'
  /** The ledger says the server already holds exactly this payload: nothing sent. */
  | 'unchanged'
  /** Not a document to send (binary, empty, too large, undecodable): reported, not sent. */
  | 'skipped'
  /** Tried and not confirmed (an invalid document, a refusal, a failure that outlasted the retries; after a timeout the server may still apply it). */
  | 'failed'
  /** The batch stopped (cancelled, or stopped by a failure every file would meet) before this file was sent. */
  | 'notSent'
  /** Cancelled while its request was under way: the server may still apply it. */
  | 'cancelled'
  /** A dry run: built and checked, and would have been sent. */
  | 'wouldSend';

export interface FileResult {
  file: BatchFile;
  outcome: FileOutcome;
  documentId?: string;
  /** The sentence for the writer (failed, skipped, not sent). */
  error?: string;
  errorKind?: ErrorKind | 'document' | 'image';
  /** The `docIngest.*` setting (without prefix) the sentence names, for a front to offer. */
  setting?: string;
  /** 1-based line the problem is on, when it has one (an image reference, a front matter key). */
  line?: number;
  /** `skipped` on purpose: why the file is not published. */
  reason?: WithheldReason;
  /**
   * Sent, and the server answered that it already held the document although this ledger never recorded sending
   * it: sent from elsewhere (another clone, CI, a lost ledger), or dropped by the server's pipeline, which answers so.
   */
  alreadyHeld?: boolean;
  /**
   * Built (sent, unchanged or would be sent) with markup readers of the site never see (issue 35, item 4): one
   * warning per kind, at its source line. The page is sent all the same; fronts say it and count the pages.
   */
  markup?: MarkupFinding[];
  /**
   * Images of the page the site shows but the server's upload route refuses (GIF, SVG): left out, the page sent
   * without them (issue 35, item 5); each a warning at its line.
   */
  imagesLeftOut?: { line: number; message: string }[];
}

/** One kind of unrendered markup in a page (`core/documents/markup/unrendered.ts`). */
export interface MarkupFinding {
  /** The kind's id (`MARKUP_KINDS`). */
  kind: string;
  /** 1-based source line of its first occurrence. */
  line?: number;
  /** The warning's sentence. */
  message: string;
}

export interface BatchProgress {
  total: number;
  /** Files with a final outcome. */
  done: number;
  failed: number;
  /** The file being worked on most recently (for a progress message). */
  current?: string;
}

/** Why a batch ended before every file was tried. */
export interface BatchStop {
  reason: 'cancelled' | 'failure';
  /** For `failure`: the one sentence (a key that stopped working, a server that went away or stopped answering). */
  error?: string;
  errorKind?: ErrorKind;
  setting?: string;
  /** The error itself, for a front that offers the fix (Set API Key...). */
  cause?: unknown;
}

export interface BatchSummary {
  results: FileResult[];
  counts: Record<FileOutcome, number>;
  stop?: BatchStop;
  /** Two or more files that would become the same document: reported before anything was sent, nothing sent. */
  duplicates?: DuplicateId[];
}

export interface DuplicateId {
  documentId: string;
  /** The files of this run that build the id. */
  files: BatchFile[];
  /** Included files outside this run that build it too (their source keys). */
  otherSources?: string[];
}
