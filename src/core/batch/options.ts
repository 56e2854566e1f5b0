/** What a batch is given (F9): its files, how to read them, and what it may ask of the ledger, the site and git. */
import type { ServiceClient } from '../api/client';
import type { UserFileRecord } from '../api/schemas';
import type { IdClaimsView } from '../identity/claims';
import type { ImageProblemPolicy } from '../ingest/images';
import type { IngestConfig } from '../ingest/pipeline';
import type { Ledger } from '../ledger/ledger';
import type { FileStat } from '../ledger/stat';
import type { SiteResolver } from '../site/detect';
import type { BatchFile, BatchProgress, FileResult } from './types';

/** What the batch asks of the ledger: decisions before sending, records after confirmed successes. */
export type BatchLedger = Pick<Ledger, 'decide' | 'record' | 'confirmSource' | 'entryFor'>;

/** What the batch asks of the ledger about images: reuse an upload, record one, forget one the server lost. */
export type BatchImageLedger = Pick<Ledger, 'imageFileId' | 'recordImage' | 'imageUpload' | 'forgetImage'>;

export interface BatchFileStat extends Partial<FileStat> {
  size: number;
  mtime?: Date;
}

export interface BatchOptions {
  /** Needed to send; a dry run sends nothing and may go without. */
  client?: ServiceClient;
  /** The server's base URL (the ledger's scope). */
  server: string;
  files: readonly BatchFile[];
  read(file: BatchFile): Promise<Uint8Array>;
  /**
   * Size and modification time; undefined when unknown. With the times in milliseconds, the change time and the
   * inode, the ledger keeps the file's stamp (`ledger/stat.ts`), which later checks of what changed take it on.
   */
  stat?(file: BatchFile): Promise<BatchFileStat | undefined>;
  /** The configuration of this file (the id prefix differs per folder of a multi-root workspace). */
  config(file: BatchFile): IngestConfig;
  /**
   * Folders (absolute paths) whose git history dates and signs the files: asked once per folder for the whole
   * batch, never per file. Omit in an untrusted workspace (a repository's config can make git run programs).
   */
  gitFolders?: readonly string[];
  /** The git executable; default `git` from the PATH (tests pass a wrapper that records the commands). */
  gitPath?: string;
  ledger?: BatchLedger & BatchImageLedger;
  /** Local images (F8); without this, images stay text. */
  images?: {
    /** The image at `imagePath` (relative to the same root as the file's `relativePath`). */
    read(file: BatchFile, imagePath: string): Promise<Uint8Array>;
    /** `stop` (default): a file with a missing, outside or refused image is not sent; `skipImage`: the image stays text. */
    onProblem?: ImageProblemPolicy;
    onUploaded?(record: UserFileRecord, file: BatchFile, imagePath: string): void;
  };
  /**
   * Links between docs (F14), for files relative to the same root as `file`: which paths are docs of the include
   * globs (the whole listing, not only this run's files), and how to read them (inside the root only; see
   * `core/ingest/linkTargets.ts`). Each target is read once per run. Without this, links to other files stay as
   * written, unchecked.
   */
  links?: {
    included(file: BatchFile, path: string): boolean;
    read(file: BatchFile, path: string): Promise<Uint8Array>;
  };
  /**
   * The docs site of a file (F15): the resolver of its root, which finds the site's config above the file and reads
   * it once per run (`core/site/`). Its address, breadcrumb and title go into the file's build, and its links to
   * other docs take their site addresses. Without this (or undefined for a file), no site.
   */
  site?(file: BatchFile): SiteResolver | undefined;
  /**
   * The document ids of included files outside this run (a run of changed files, a save): a file of the run whose
   * id another included file also builds is refused, naming both. The run's own files are checked among
   * themselves, unchanged ones included, whether or not this is given.
   */
  claims?: IdClaimsView;
  /** Send files the ledger says are unchanged too. */
  force?: boolean;
  /**
   * Build and check every file, send nothing: the files that would be sent end as `wouldSend`. No image is
   * uploaded and the ledger is not written.
   */
  dryRun?: boolean;
  /** Requests in flight at most; default DEFAULT_CONCURRENCY, at most 16. */
  concurrency?: number;
  /** Larger files are skipped unread; default 10 MB. */
  maxFileBytes?: number;
  /** Per ingestion request; default the client's. */
  timeoutMs?: number;
  signal?: AbortSignal;
  onProgress?(progress: BatchProgress): void;
  /** Each file's final result, as soon as it has one. */
  onResult?(result: FileResult): void;
}
