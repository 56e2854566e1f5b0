/**
 * The batch runner (F9): many files through the one pipeline, with bounded concurrency, continuing past
 * failures, one shared pause when the server asks for quiet, and a summary that says exactly what was sent.
 *
 * Two passes, with memory bounded whatever the number of files:
 * 1. check: every file is read and built once, keeping its id and payload hash, so that two files that would
 *    become one document, and files the ledger says the server already holds, are known before anything is
 *    sent. The built requests are kept too, up to KEEP_BUDGET_BYTES of source text, so that a docs folder of a
 *    usual size is not read and built twice;
 * 2. send: the files to send go out with their kept request, or are read and built again as they go (beyond the
 *    budget, with local images to upload, in a retry round), and are sent by `concurrency` workers. Failures
 *    that a moment may cure (a dropped connection, a 503) get up to two more rounds at the end, a timeout one
 *    (failures.ts); a server that stops answering stops the batch (silence.ts).
 */
import { SharedPause } from '../api';
import type { ServiceClient } from '../api';
import { describeFailure } from './describe';
import { isSkip, stopsBatch, worthAnotherRound } from './failures';
import { ServerSilence } from './silence';
import type { BatchFile, BatchProgress, BatchStop, BatchSummary, DuplicateId, FileOutcome, FileResult } from './types';
import type { GitFileInfo } from '../documents';
import type { IngestConfig, PreparedIngestion, SourceFile } from '../ingest/pipeline';
import { buildFile, prepareIngestion, requestBody, sendIngestion } from '../ingest/pipeline';
import { imageProblemError, localImageReferences, readImages, uploadImages } from '../ingest/images';
import type { DocumentImages, ImageProblemPolicy } from '../ingest/images';
import { resolveLinkTargets } from '../ingest/linkTargets';
import type { LinkTargetCache } from '../ingest/linkTargets';
import { includedSourceHash, mayInclude, resolveIncludes } from '../ingest/includes';
import type { IncludeCache } from '../ingest/includes';
import type { LinkTarget } from '../documents';
import type { SiteResolver } from '../site/detect';
import { isServiceError, TimeoutError } from '../api';
import type { UserFileRecord } from '../api';
import { getGitFolderInfo } from '../documents';
import type { GitFolderInfo } from '../documents';
import { ledgerScope, sha256Hex, trustedStamp } from '../ledger';
import type { FileStat } from '../ledger';
import type { Ledger } from '../ledger';
import { forEachConcurrently } from '../pool';
import { isInside } from '../files/inside';
import { canonicalUserFileId, isLostUpload } from '../polling/statusPoller';
import { duplicateIdSentence } from '../identity';
import type { IdClaimsView } from '../identity';

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
  /** Source bytes whose built requests pass 1 keeps for pass 2; default KEEP_BUDGET_BYTES (tests set 0). */
  keepBudgetBytes?: number;
  /** Per ingestion request; default the client's. */
  timeoutMs?: number;
  signal?: AbortSignal;
  onProgress?(progress: BatchProgress): void;
  /** Each file's final result, as soon as it has one. */
  onResult?(result: FileResult): void;
}

/**
 * 8: the real server embeds each document inside its request, so a batch is bound by the server's time per
 * document, and 8 in flight make it about 7 times a one-at-a-time script (`npm run bench`); a server that wants
 * fewer says so with 429 or 503, which pauses every worker.
 */
export const DEFAULT_CONCURRENCY = 8;
/**
 * Source bytes whose built requests pass 1 keeps for pass 2 (a docs folder of about 1,000 pages). Beyond it,
 * files are built again when sent, so memory stays flat as the batch grows: a kept request holds its text about
 * three times over (the text, its sections, the JSON body), and 16 MB here cost 190 MB of peak memory at 5,000
 * files.
 */
export const KEEP_BUDGET_BYTES = 4 * 1024 * 1024;
export const MAX_CONCURRENCY = 16;
/**
 * Runs of this many files or fewer (a save, Save All, a few changed files) ask git about their files only: one
 * walk of the history back to the oldest of their last commits, never the changes of the whole folder. In a
 * generated repository of 82,000 commits and 5,700 files, the folder took 25 s; 20 files 1 s, or 3.5 s when one
 * of them was last changed in the first commit (or never). 20 covers Save All and a usual Ingest Changed Files,
 * and keeps the paths, which three git command lines carry, far under Windows' 32,767 characters even at 260
 * characters each; a larger run is a folder's batch, which pays for the one scan once over many files.
 */
export const FEW_GIT_FILES = 20;
const RETRY_ROUNDS = 2;

interface Planned {
  file: BatchFile;
  documentId: string;
  /** Why its last send failed, when it is waiting for another round. */
  failure?: { error: unknown };
}

/** A file the ledger says the server holds as built: it still claims its id, and is finished once no duplicate is found. */
interface Unchanged extends Planned {
  scope: string;
  sourceHash: string;
  sourceStat: string | undefined;
}

/** Every outcome at zero: the counts of a batch with no files. */
export function emptyCounts(): Record<FileOutcome, number> {
  return { created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0, notSent: 0, cancelled: 0, wouldSend: 0 };
}

/** A file read and built: what is sent, and what the ledger and the duplicate check need. */
interface Built {
  prepared: PreparedIngestion;
  payloadHash: string;
  sourceHash: string;
  documentId: string;
  /** Source bytes (for the keep budget). */
  size: number;
  /** Local images to upload before sending: a request built in pass 1 only has their placeholders. */
  hasImages: boolean;
  /** `requestBody(prepared.request)`, the bytes hashed: sent as they are when the request was not rebuilt. */
  body: string | undefined;
  /** The file's stamp as its bytes were read, when it vouches for them (`trustedStamp`; none for a page with includes). */
  sourceStat: string | undefined;
}

export async function runBatch(options: BatchOptions): Promise<BatchSummary> {
  return new Batch(options).run();
}

class Batch {
  private readonly results = new Map<string, FileResult>();
  private readonly concurrency: number;
  private readonly pause = new SharedPause();
  private readonly progress: BatchProgress;
  private stop: BatchStop | undefined;
  private readonly silence = new ServerSilence();
  /** Files whose request timed out once: the server may still be indexing them, so never a third send. */
  private readonly timedOut = new Set<string>();

  constructor(private readonly o: BatchOptions) {
    this.concurrency = Math.min(MAX_CONCURRENCY, Math.max(1, Math.round(o.concurrency ?? DEFAULT_CONCURRENCY)));
    this.progress = { total: o.files.length, done: 0, failed: 0 };
  }

  private git: { root: string; info: GitFolderInfo }[] = [];
  /** Per root folder, image path → content hash (or why it cannot be read): each image is read once per batch. */
  private readonly imageHashes = new Map<string, Map<string, Promise<string | Error>>>();
  /** Content hashes of the local images of the files built. */
  private readonly imagesSeen = new Set<string>();
  /** Uploads under way by content hash: an image shared by many pages is uploaded once. */
  private readonly uploads = new Map<string, Promise<string | Error>>();
  /** Per root folder, the link targets judged so far: each is read once per batch. */
  private readonly linkTargets = new Map<string, LinkTargetCache>();
  private readonly includeTexts = new Map<string, IncludeCache>();
  /** Built in pass 1 and not sent yet, by file key, within KEEP_BUDGET_BYTES. */
  private readonly kept = new Map<string, Built>();
  private keptBytes = 0;

  async run(): Promise<BatchSummary> {
    await this.askGit();
    const { planned, duplicates } = await this.check();
    if (!this.o.dryRun && planned.length) await this.forgetLostImages();
    if (this.o.dryRun) {
      for (const p of planned) this.finish({ file: p.file, outcome: 'wouldSend', documentId: p.documentId });
    }
    let toSend = this.o.dryRun ? [] : planned;
    for (let round = 0; toSend.length > 0 && !this.stopped(); round++) {
      const again: Planned[] = [];
      await this.pool(toSend, async (p) => {
        const failure = await this.send(p, round < RETRY_ROUNDS);
        if (failure) again.push({ ...p, failure });
      });
      toSend = again;
    }
    // Sent and failed, waiting for a round the stop called off: their own failure, not "not sent".
    for (const p of toSend) {
      if (p.failure) this.finish({ file: p.file, outcome: 'failed', documentId: p.documentId, ...describeFailure(p.failure.error) });
    }
    for (const file of this.o.files) {
      if (!this.results.has(file.key)) this.finish({ file, outcome: 'notSent', error: this.notSentSentence() });
    }
    return this.summary(duplicates);
  }

  private async askGit(): Promise<void> {
    const folders = [...new Set(this.o.gitFolders ?? [])];
    const few = this.o.files.length <= FEW_GIT_FILES ? this.o.files.flatMap((f) => f.absolutePath ?? []) : undefined;
    const answers = await Promise.all(folders.map(async (root) => {
      const files = few?.filter((at) => isInside(root, at));
      const info = files?.length === 0 ? undefined : await getGitFolderInfo(root, { signal: this.o.signal, gitPath: this.o.gitPath, files });
      return { root, info };
    }));
    // Deepest folder first, so a file in a nested folder is answered by the repository it lives in.
    this.git = answers.filter((a): a is { root: string; info: GitFolderInfo } => a.info !== undefined).sort((a, b) => b.root.length - a.root.length);
  }

  private gitFacts(file: BatchFile): GitFileInfo | undefined {
    const at = file.absolutePath;
    if (!at) return undefined;
    for (const { root, info } of this.git) {
      if (isInside(root, at)) return info.fileInfo(at);
    }
    return undefined;
  }

  // ------------------------------------------------------------------------------------------------- pass 1

  private async check(): Promise<{ planned: Planned[]; duplicates: DuplicateId[] }> {
    // Every file that builds, sent or not: an unchanged file still holds its id against a new file claiming it.
    const byId = new Map<string, Planned[]>();
    const planned: Planned[] = [];
    const unchanged: Unchanged[] = [];
    await this.pool(this.o.files, async (file) => {
      const built = await this.build(file);
      if (!built) return;
      const { prepared, payloadHash, documentId } = built;
      const p = { file, documentId };
      byId.set(documentId, [...(byId.get(documentId) ?? []), p]);
      const scope = this.scope(prepared);
      const decision = this.o.ledger?.decide(scope, { documentId, sourcePath: file.source, payloadHash }, { force: !!this.o.force });
      if (decision === 'unchanged') {
        unchanged.push({ ...p, scope, sourceHash: built.sourceHash, sourceStat: built.sourceStat });
        return;
      }
      planned.push(p);
      if (!this.o.dryRun && !built.hasImages && this.keptBytes + built.size <= (this.o.keepBudgetBytes ?? KEEP_BUDGET_BYTES)) {
        this.kept.set(file.key, built);
        this.keptBytes += built.size;
      }
    });
    const duplicates = this.refuseDuplicates(byId);
    for (const u of unchanged) {
      if (this.results.has(u.file.key)) continue;
      // Other bytes, same payload: the file is as last ingested, and its Explorer badge should say so.
      if (!this.o.dryRun) this.o.ledger?.confirmSource(u.scope, u.documentId, u.sourceHash, u.sourceStat);
      this.finish({ file: u.file, outcome: 'unchanged', documentId: u.documentId });
    }
    // Files keep the order they were listed in; a duplicate's files are not sent.
    const order = new Map(this.o.files.map((f, i) => [f.key, i]));
    return {
      planned: planned.filter((p) => !this.results.has(p.file.key)).sort((a, b) => (order.get(a.file.key) ?? 0) - (order.get(b.file.key) ?? 0)),
      duplicates,
    };
  }

  /** Fails every file whose id another file builds (of this run, or included outside it), naming the others. */
  private refuseDuplicates(byId: ReadonlyMap<string, Planned[]>): DuplicateId[] {
    const inRun = new Set(this.o.files.map((f) => f.source));
    const duplicates: DuplicateId[] = [];
    for (const [documentId, same] of byId) {
      const outside = (this.o.claims?.sourcesOf(documentId) ?? []).filter((s) => !inRun.has(s)).sort();
      if (same.length < 2 && !outside.length) continue;
      duplicates.push({ documentId, files: same.map((p) => p.file), ...(outside.length ? { otherSources: outside } : {}) });
      for (const p of same) {
        this.take(p.file);
        const others = [...same.filter((q) => q !== p).map((q) => q.file.source), ...outside];
        this.finish({ file: p.file, outcome: 'failed', documentId, errorKind: 'document', error: duplicateIdSentence(p.file.source, others, documentId) });
      }
    }
    return duplicates;
  }

  /**
   * Reads and builds one file; undefined (with its result recorded) when it cannot become a document. With
   * `upload`, its local images are uploaded first (else they stand as placeholders named by their content, which
   * is what the payload hash covers either way).
   */
  private async build(file: BatchFile, upload = false): Promise<Built | undefined> {
    if (file.withheld) {
      this.finish({ file, outcome: 'skipped', reason: file.withheld.reason, error: file.withheld.error });
      return undefined;
    }
    try {
      const statAt = Date.now();
      const stat = await this.o.stat?.(file);
      const max = this.o.maxFileBytes ?? 10 * 1024 * 1024;
      if (stat && stat.size > max) {
        this.finish({
          file,
          outcome: 'skipped',
          errorKind: 'document',
          setting: 'maxFileSizeMB',
          error: `${file.source} is ${megabytes(stat.size)} MB, over the limit of ${megabytes(max)} MB (setting maxFileSizeMB): skipped.`,
        });
        return undefined;
      }
      const bytes = await this.o.read(file);
      const config = this.o.config(file);
      const source: SourceFile = { relativePath: file.relativePath, input: bytes, git: this.gitFacts(file), modifiedTime: stat?.mtime };
      const images = await this.localImages(file, bytes);
      const stop = (this.o.images?.onProblem ?? 'stop') === 'stop';
      if (images?.problems.length && stop) throw imageProblemError(file.source, images.problems);
      if (images) source.images = images.placeholders;
      for (const hash of images?.hashes.values() ?? []) this.imagesSeen.add(hash);
      source.linkTargets = await this.links(file, bytes);
      const site = await this.o.site?.(file)?.factsOf(file.relativePath, new TextDecoder().decode(bytes));
      if (site) source.site = site;
      source.includes = await this.includes(file, bytes);
      const built = buildFile(source, config);
      let prepared = prepareIngestion(built, config);
      let body: string | undefined = requestBody(prepared.request);
      const payloadHash = sha256Hex(body);
      if (upload && images?.hashes.size) {
        const uploaded = await uploadImages(images, {
          client: this.client(),
          server: this.o.server,
          ledger: this.o.ledger,
          reader: { read: (path) => this.readImage(file, path) },
          inFlight: this.uploads,
          onUploaded: (record, path) => this.o.images?.onUploaded?.(record, file, path),
          call: { signal: this.o.signal, pause: this.pause },
        });
        if (uploaded.problems.length && stop) throw imageProblemError(file.source, uploaded.problems);
        prepared = prepareIngestion(buildFile({ ...source, images: uploaded.ids }, config), config);
        body = undefined;
      }
      const documentId = built.document.id ?? file.relativePath;
      // Taken before the bytes were read: a write after it changes the stat, so the stamp never outlives the bytes.
      const sourceStat = stat?.mtimeMs === undefined || mayInclude(new TextDecoder().decode(bytes), file.relativePath)
        ? undefined
        : trustedStamp({ ...stat, mtimeMs: stat.mtimeMs }, statAt);
      return { prepared, payloadHash, sourceHash: includedSourceHash(bytes, source.includes), documentId, size: bytes.byteLength, hasImages: !!images?.hashes.size, body, sourceStat };
    } catch (e) {
      // An upload's failure is a request's failure: the sender decides (stop the batch, another round...).
      if (upload && isServiceError(e)) throw e;
      if (this.o.signal?.aborted) return undefined;
      const failure = describeFailure(e);
      this.finish({ file, outcome: isSkip(e) ? 'skipped' : 'failed', ...failure });
      return undefined;
    }
  }

  private async localImages(file: BatchFile, bytes: Uint8Array): Promise<DocumentImages | undefined> {
    if (!this.o.images) return undefined;
    const refs = localImageReferences(new TextDecoder().decode(bytes), file.relativePath);
    if (!refs.length) return undefined;
    // Per root: two folders' `img/a.png` are two images. Without a root, per file (never shared by mistake).
    const root = file.root ?? file.key;
    let cache = this.imageHashes.get(root);
    if (!cache) this.imageHashes.set(root, (cache = new Map()));
    return readImages(refs, { read: (path) => this.readImage(file, path) }, cache);
  }

  private async links(file: BatchFile, bytes: Uint8Array): Promise<Map<string, LinkTarget> | undefined> {
    const links = this.o.links;
    if (!links) return undefined;
    // Per root, as images: two folders' `guide.md` are two files. Without a root, per file.
    const root = file.root ?? file.key;
    let cache = this.linkTargets.get(root);
    if (!cache) this.linkTargets.set(root, (cache = new Map()));
    const source = { included: (path: string) => links.included(file, path), read: (path: string) => links.read(file, path) };
    return resolveLinkTargets(new TextDecoder().decode(bytes), file.relativePath, source, { cache, site: this.o.site?.(file) });
  }

  /** The files it includes (F15), read as the targets of its links are (inside the root only), once per run and root. */
  private async includes(file: BatchFile, bytes: Uint8Array): Promise<Map<string, string> | undefined> {
    const links = this.o.links;
    if (!links) return undefined;
    const root = file.root ?? file.key;
    let cache = this.includeTexts.get(root);
    if (!cache) this.includeTexts.set(root, (cache = new Map()));
    return resolveIncludes(new TextDecoder().decode(bytes), file.relativePath, { read: (path) => links.read(file, path) }, { cache });
  }

  private readImage(file: BatchFile, path: string): Promise<Uint8Array> {
    if (!this.o.images) throw new Error('images are not read in this batch');
    return this.o.images.read(file, path);
  }

  /**
   * Asks the server, in one status request, about the uploads the ledger would reuse for this run's images: one it
   * no longer has, or that failed or is being deleted, is forgotten, so the image is uploaded again instead of
   * being named in an image section the server cannot resolve. Uploads recorded without their user file id cannot
   * be asked about. A failed question changes nothing: the send meets the same server and says what is wrong.
   */
  private async forgetLostImages(): Promise<void> {
    const ledger = this.o.ledger;
    if (!ledger || !this.o.client || !this.imagesSeen.size) return;
    const known = [...this.imagesSeen].flatMap((hash) => {
      const upload = ledger.imageUpload(this.o.server, hash);
      return upload?.userFileId ? [{ hash, userFileId: upload.userFileId }] : [];
    });
    if (!known.length) return;
    let records: UserFileRecord[];
    try {
      records = await this.o.client.getUserFileStatuses(known.map((k) => k.userFileId), { signal: this.o.signal, pause: this.pause });
    } catch {
      return;
    }
    const status = new Map(records.map((r) => [canonicalUserFileId(r.id), r.status]));
    for (const k of known) {
      const now = status.get(canonicalUserFileId(k.userFileId));
      if (isLostUpload(now)) ledger.forgetImage(this.o.server, k.hash);
    }
  }

  // ------------------------------------------------------------------------------------------------- pass 2

  /** Sends one planned file; its failure when another round may cure it (and a round is left), else undefined. */
  private async send(p: Planned, mayRetry: boolean): Promise<{ error: unknown } | undefined> {
    const { file } = p;
    this.progress.current = file.source;
    let built: Built | undefined;
    let sent = false;
    const mark = this.silence.mark();
    try {
      built = this.take(file) ?? (await this.build(file, true));
      if (!built) return undefined;
      if (this.stopped()) return undefined; // left for the "not sent" sweep
      sent = true;
      const outcome = await sendIngestion(this.client(), built.prepared, file.source, {
        signal: this.o.signal,
        pause: this.pause,
        timeoutMs: this.o.timeoutMs,
        body: built.body,
      });
      this.silence.succeeded();
      const documentId = outcome.documentId ?? built.documentId;
      const scope = this.scope(built.prepared);
      // Held already, by the server's word, though never sent from here: another clone or pipeline sent it, or the
      // server's pipeline dropped it (it answers the same). Said in the summary, never silent (F15).
      const alreadyHeld = outcome.outcome === 'updated' && !!this.o.ledger && this.o.ledger.entryFor(scope, built.documentId) === undefined;
      // The ledger keeps the id as sent (the real server may store it normalised): decisions look it up so.
      this.o.ledger?.record(scope, { documentId: built.documentId, sourcePath: file.source, sourceHash: built.sourceHash, payloadHash: built.payloadHash, sourceStat: built.sourceStat });
      this.finish({ file, outcome: outcome.outcome, documentId, ...(alreadyHeld ? { alreadyHeld } : {}) });
      return undefined;
    } catch (e) {
      if (this.o.signal?.aborted) {
        this.stop ??= { reason: 'cancelled' };
        this.finish({
          file,
          outcome: sent ? 'cancelled' : 'notSent',
          documentId: built?.documentId,
          error: sent ? `${file.source}: cancelled while its request was under way; the server may still apply it.` : undefined,
        });
        return undefined;
      }
      if (stopsBatch(e) && !this.stop) {
        this.stop = { reason: 'failure', ...describeFailure(e), cause: e } as BatchStop;
      }
      const timedOutBefore = this.timedOut.has(file.key);
      if (e instanceof TimeoutError) {
        this.timedOut.add(file.key);
        const silent = this.silence.timedOut(e, mark);
        if (silent && !this.stop) this.stop = { reason: 'failure', error: silent.message, errorKind: 'timeout', setting: silent.setting, cause: silent };
      }
      if (mayRetry && !this.stop && worthAnotherRound(e, timedOutBefore)) return { error: e };
      this.finish({ file, outcome: 'failed', documentId: built?.documentId, ...describeFailure(e) });
      return undefined;
    }
  }

  // ------------------------------------------------------------------------------------------------- helpers

  /** The request pass 1 kept for this file, if any, no longer kept (a retry builds it again). */
  private take(file: BatchFile): Built | undefined {
    const built = this.kept.get(file.key);
    if (built) {
      this.kept.delete(file.key);
      this.keptBytes -= built.size;
    }
    return built;
  }

  /** Runs `work` over `items` with at most `concurrency` at once; stops taking new items once the batch stops. */
  private pool<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
    return forEachConcurrently(items, this.concurrency, work, () => this.stopped());
  }

  private client(): ServiceClient {
    if (!this.o.client) throw new Error('runBatch: sending needs a client (only a dry run goes without)');
    return this.o.client;
  }

  private stopped(): boolean {
    if (this.o.signal?.aborted) this.stop ??= { reason: 'cancelled' };
    return this.stop !== undefined;
  }

  private scope(prepared: PreparedIngestion): string {
    return ledgerScope(this.o.server, prepared.ccPairId);
  }

  private finish(result: FileResult): void {
    if (this.results.has(result.file.key)) return;
    this.results.set(result.file.key, result);
    this.progress.done += 1;
    if (result.outcome === 'failed') this.progress.failed += 1;
    this.o.onResult?.(result);
    this.o.onProgress?.({ ...this.progress });
  }

  private notSentSentence(): string {
    if (this.stop?.reason === 'failure') return `Not sent: the batch stopped. ${this.stop.error ?? ''}`.trim();
    return 'Not sent: the batch was cancelled before this file.';
  }

  private summary(duplicates: DuplicateId[]): BatchSummary {
    const counts = emptyCounts();
    const order = this.o.files.map((f) => this.results.get(f.key)).filter((r): r is FileResult => r !== undefined);
    for (const r of order) counts[r.outcome] += 1;
    const summary: BatchSummary = { results: order, counts };
    if (this.stop) summary.stop = this.stop;
    if (duplicates.length) summary.duplicates = duplicates;
    return summary;
  }
}

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(bytes < 1024 * 1024 ? 2 : 1);
}

