/**
 * The ledger of confirmed ingestions (F10): per scope (server + connector pair) and document id, which file it
 * came from, the hashes of that file and of the exact payload, and when. Per server, the images uploaded by
 * content hash, so that one image is uploaded once. Never the key: nothing here knows it.
 *
 * Only confirmed successes may be recorded; a failed or cancelled request leaves the ledger as it was, so the
 * file is simply sent again next time.
 *
 * Writes are coalesced: `record` changes memory at once and schedules one write a little later, so a batch of
 * 5,000 files writes a handful of times, not 5,000. `flush` writes now; `close` flushes.
 */
import { canonicalUserFileId } from '../polling/userFileId';
import { LEDGER_VERSION, parseLedgerData } from './schema';
import type { ImageUpload, LedgerData, LedgerEntry } from './schema';
import { ledgerServer } from './scope';
import type { LedgerStorage } from './storage';
import * as l10n from '@vscode/l10n';

/**
 * - `never`: no entry for this document id in the scope.
 * - `changed`: an entry exists, but the payload differs (or it was built from another file).
 * - `unchanged`: the same payload from the same file was confirmed before: skip it.
 * - `forced`: would be `unchanged`, but the caller forces sending. Force does not alter `never` or `changed`,
 *   which are sent anyway; it only turns a skip into a send, and says so.
 */
export type LedgerDecision = 'never' | 'changed' | 'unchanged' | 'forced';

/** For decorations: has the file on disk changed since its newest confirmed ingestion? */
export type SourceState = 'never' | 'changed' | 'unchanged';

/** What a caller records after a confirmed ingestion; the time comes from the ledger's clock. */
export interface LedgerRecord {
  documentId: string;
  sourcePath: string;
  sourceHash: string;
  payloadHash: string;
  /** The file's stamp when its bytes were read (`trustedStamp`); absent when it cannot vouch for them. */
  sourceStat?: string;
}

export type LedgerChange =
  | { kind: 'documents'; scope: string; documentId: string; sourcePaths: string[] }
  | { kind: 'images'; server: string; contentHash: string };

export interface LedgerOptions {
  /** How long `record` waits before writing, gathering further records into the same write; default 1 000 ms. */
  writeDelayMs?: number;
  /** A scheduled (not flushed) write failed; the data stays pending and is written with the next one. */
  onWriteError?: (error: unknown) => void;
}

/** A stamp goes with the bytes it was taken for: a new hash without one drops the old. */
function setStamp(entry: LedgerEntry, stamp: string | undefined): void {
  if (stamp === undefined) delete entry.sourceStat;
  else entry.sourceStat = stamp;
}

/** True when a decision means the document is sent. */
export function needsSending(decision: LedgerDecision): boolean {
  return decision !== 'unchanged';
}

/** The hashes of a superseded entry: no file's bytes and no payload hash to this. */
const SUPERSEDED = '0'.repeat(64);

function newer(a: LedgerEntry, b: LedgerEntry): boolean {
  return Date.parse(a.ingestedAt) >= Date.parse(b.ingestedAt);
}

export class Ledger {
  /** Document id -> entry, per scope. */
  private readonly scopes = new Map<string, Map<string, LedgerEntry>>();
  /** Source path -> the document id of its newest entry, per scope: decorations ask per file, thousands of times. */
  private readonly newestBySource = new Map<string, Map<string, string>>();
  /** Content hash -> upload, per normalized server. */
  private readonly images = new Map<string, Map<string, ImageUpload>>();
  private readonly listeners = new Set<(change: LedgerChange) => void>();
  private dirty = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly storage: LedgerStorage,
    private readonly clock: () => Date,
    private readonly options: LedgerOptions,
    data: LedgerData,
    /** Why the stored ledger was set aside in whole or part (for the log); undefined when it was read whole. */
    readonly problem: string | undefined,
  ) {
    for (const { scope, documents } of data.scopes) {
      for (const { documentId, ...entry } of documents) this.put(scope, documentId, entry);
    }
    for (const { server, uploads } of data.images) {
      const map = this.imagesOf(ledgerServer(server));
      for (const { contentHash, ...upload } of uploads) map.set(contentHash, upload);
    }
  }

  /** Reads the ledger from `storage`; never throws (an unreadable store gives an empty ledger and a `problem`). */
  static async open(storage: LedgerStorage, clock: () => Date = () => new Date(), options: LedgerOptions = {}): Promise<Ledger> {
    let raw: unknown;
    try {
      raw = await storage.read();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const problem = l10n.t('The record of past ingestions could not be read ({0}); the ledger starts empty, so every file counts as never ingested.', reason);
      return new Ledger(storage, clock, options, parseLedgerData(undefined).data, problem);
    }
    const parsed = parseLedgerData(raw);
    return new Ledger(storage, clock, options, parsed.data, parsed.problem);
  }

  // ------------------------------------------------------------------------------------------------ documents

  entryFor(scope: string, documentId: string): LedgerEntry | undefined {
    const entry = this.scopes.get(scope)?.get(documentId);
    return entry && { ...entry };
  }

  /** Every entry of a scope (for example to find documents whose source is gone). */
  entries(scope: string): Array<LedgerEntry & { documentId: string }> {
    return [...(this.scopes.get(scope) ?? [])].map(([documentId, entry]) => ({ documentId, ...entry }));
  }

  /** The newest entry built from `sourcePath` (a file may have had several ids over time). */
  findBySourcePath(scope: string, sourcePath: string): (LedgerEntry & { documentId: string }) | undefined {
    const documentId = this.newestBySource.get(scope)?.get(sourcePath);
    const entry = documentId === undefined ? undefined : this.scopes.get(scope)?.get(documentId);
    return entry && documentId !== undefined ? { documentId, ...entry } : undefined;
  }

  /** Whether to send a built document; see `LedgerDecision`. */
  decide(
    scope: string,
    document: { documentId: string; sourcePath: string; payloadHash: string },
    options: { force?: boolean } = {},
  ): LedgerDecision {
    const entry = this.scopes.get(scope)?.get(document.documentId);
    if (!entry) return 'never';
    // Another file now produces this id: send, so that the ledger (and the decorations) follow the new file.
    if (entry.payloadHash !== document.payloadHash || entry.sourcePath !== document.sourcePath) return 'changed';
    return options.force ? 'forced' : 'unchanged';
  }

  /** Compares the file's byte hash with the newest entry built from it. */
  sourceState(scope: string, sourcePath: string, sourceHash: string): SourceState {
    const entry = this.findBySourcePath(scope, sourcePath);
    if (!entry) return 'never';
    return entry.sourceHash === sourceHash ? 'unchanged' : 'changed';
  }

  /** Records a confirmed ingestion (only after the service confirmed it). */
  record(scope: string, record: LedgerRecord): void {
    const { documentId, sourcePath, sourceHash, payloadHash, sourceStat } = record;
    const previous = this.scopes.get(scope)?.get(documentId);
    this.put(scope, documentId, { sourcePath, sourceHash, payloadHash, ingestedAt: this.clock().toISOString(), ...(sourceStat ? { sourceStat } : {}) });
    const sourcePaths = [record.sourcePath];
    if (previous && previous.sourcePath !== record.sourcePath) {
      this.reindexSource(scope, previous.sourcePath);
      sourcePaths.push(previous.sourcePath);
    }
    this.changed({ kind: 'documents', scope, documentId, sourcePaths });
  }

  /**
   * The file's bytes changed but build the same payload (say, a trailing space or a CRLF): the entry takes the new
   * source hash, keeping its ingestion time, so the file no longer counts as changed. With `sourceStat`, the file's
   * stamp as those bytes were read is kept too. False when there is no entry or nothing changed.
   */
  confirmSource(scope: string, documentId: string, sourceHash: string, sourceStat?: string): boolean {
    const entry = this.scopes.get(scope)?.get(documentId);
    if (!entry) return false;
    if (entry.sourceHash === sourceHash) {
      // The same bytes: only the stamp may be new, which changes no file's state.
      if (sourceStat !== undefined && entry.sourceStat !== sourceStat) this.restamp(entry, sourceStat);
      return false;
    }
    entry.sourceHash = sourceHash;
    setStamp(entry, sourceStat);
    this.changed({ kind: 'documents', scope, documentId, sourcePaths: [entry.sourcePath] });
    return true;
  }

  /**
   * The file's state by its stamp alone: `unchanged` (with the document id) when the newest entry built from
   * `sourcePath` recorded exactly this stamp, so the file's bytes are the ones recorded; undefined when its bytes
   * must be read to tell.
   */
  stampedState(scope: string, sourcePath: string, stamp: string | undefined): { state: 'unchanged'; documentId: string } | undefined {
    if (stamp === undefined) return undefined;
    const documentId = this.newestBySource.get(scope)?.get(sourcePath);
    const entry = documentId === undefined ? undefined : this.scopes.get(scope)?.get(documentId);
    return documentId !== undefined && entry?.sourceStat === stamp ? { state: 'unchanged', documentId } : undefined;
  }

  /**
   * The file was read and hashes as its newest entry records: keeps its stamp (`trustedStamp`), so the next check
   * takes it on its stat. Changes no file's state, so no listener hears of it; it is written with the next write.
   */
  noteStamp(scope: string, sourcePath: string, sourceHash: string, stamp: string): void {
    const documentId = this.newestBySource.get(scope)?.get(sourcePath);
    const entry = documentId === undefined ? undefined : this.scopes.get(scope)?.get(documentId);
    if (entry && entry.sourceHash === sourceHash && entry.sourceStat !== stamp) this.restamp(entry, stamp);
  }

  /**
   * The entry's file was renamed and keeps its document id (its front matter now names it): the entry follows the
   * file to `sourcePath` with the bytes it has now, keeping the payload hash and the ingestion time, so the renamed
   * file is neither "never ingested" nor "changed". The file builds this id now, so its path names this entry
   * whatever older entry the path had. False when there is no entry.
   */
  moveSource(scope: string, documentId: string, sourcePath: string, sourceHash: string): boolean {
    const entry = this.scopes.get(scope)?.get(documentId);
    if (!entry) return false;
    const from = entry.sourcePath;
    entry.sourcePath = sourcePath;
    entry.sourceHash = sourceHash;
    delete entry.sourceStat;
    if (from !== sourcePath) this.reindexSource(scope, from);
    this.newestBySource.get(scope)?.set(sourcePath, documentId);
    this.changed({ kind: 'documents', scope, documentId, sourcePaths: from === sourcePath ? [sourcePath] : [sourcePath, from] });
    return true;
  }

  /**
   * Something other than the entry's file was sent under `documentId` (its unsaved text is recorded instead, but a
   * selection, an untitled editor or a file outside the folders has no file to record): the entry stays, naming the
   * file, but matches no bytes and no payload, so the file counts as changed and the next batch sends it again.
   * False when there was no entry.
   */
  supersede(scope: string, documentId: string): boolean {
    const entry = this.scopes.get(scope)?.get(documentId);
    if (!entry) return false;
    entry.sourceHash = SUPERSEDED;
    entry.payloadHash = SUPERSEDED;
    delete entry.sourceStat;
    this.changed({ kind: 'documents', scope, documentId, sourcePaths: [entry.sourcePath] });
    return true;
  }

  /** Forgets a document id (deleted from the service); false when there was nothing to forget. */
  forget(scope: string, documentId: string): boolean {
    const entry = this.scopes.get(scope)?.get(documentId);
    if (!entry) return false;
    this.scopes.get(scope)?.delete(documentId);
    this.reindexSource(scope, entry.sourcePath);
    this.changed({ kind: 'documents', scope, documentId, sourcePaths: [entry.sourcePath] });
    return true;
  }

  // --------------------------------------------------------------------------------------------------- images

  imageFileId(server: string, contentHash: string): string | undefined {
    return this.images.get(ledgerServer(server))?.get(contentHash)?.fileId;
  }

  /** The upload recorded for an image, if any (a copy). */
  imageUpload(server: string, contentHash: string): ImageUpload | undefined {
    const upload = this.images.get(ledgerServer(server))?.get(contentHash);
    return upload && { ...upload };
  }

  recordImage(server: string, contentHash: string, upload: { fileId: string; name: string; userFileId?: string }): void {
    const key = ledgerServer(server);
    const { fileId, name, userFileId } = upload;
    this.imagesOf(key).set(contentHash, { fileId, name, uploadedAt: this.clock().toISOString(), ...(userFileId ? { userFileId } : {}) });
    this.changed({ kind: 'images', server: key, contentHash });
  }

  /** When the server reports the file failed or gone: the next ingestion uploads the image again. */
  forgetImage(server: string, contentHash: string): void {
    const key = ledgerServer(server);
    if (this.images.get(key)?.delete(contentHash)) this.changed({ kind: 'images', server: key, contentHash });
  }

  /**
   * The server lost a user file (it turned FAILED or DELETING, or is no longer found): every image recorded as that
   * upload (by its user file id or its `file_id`, compared in the status route's canonical form) is uploaded again
   * next time. Returns how many were forgotten.
   */
  forgetImageFile(server: string, id: string): number {
    const key = ledgerServer(server);
    const wanted = canonicalUserFileId(id);
    let forgotten = 0;
    for (const [contentHash, upload] of this.images.get(key) ?? []) {
      if (canonicalUserFileId(upload.fileId) !== wanted && (upload.userFileId === undefined || canonicalUserFileId(upload.userFileId) !== wanted)) continue;
      this.forgetImage(server, contentHash);
      forgotten++;
    }
    return forgotten;
  }

  // ---------------------------------------------------------------------------------------- listening, writing

  /** Calls `listener` after every change; returns the function that stops it. */
  onDidChange(listener: (change: LedgerChange) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Writes pending changes now (waiting for a write under way); rejects when the storage fails. */
  flush(): Promise<void> {
    this.cancelTimer();
    const run = this.writing.then(() => this.writeIfDirty());
    this.writing = run.catch(() => undefined);
    return run;
  }

  /** Flushes and stops listeners; a record after this is still kept and written by the next flush. */
  async close(): Promise<void> {
    this.listeners.clear();
    await this.flush();
  }

  /** The data as stored (a fresh object). */
  toData(): LedgerData {
    return {
      version: LEDGER_VERSION,
      scopes: [...this.scopes].map(([scope, docs]) => ({
        scope,
        documents: [...docs].map(([documentId, entry]) => ({ documentId, ...entry })),
      })),
      images: [...this.images].map(([server, uploads]) => ({
        server,
        uploads: [...uploads].map(([contentHash, upload]) => ({ contentHash, ...upload })),
      })),
    };
  }

  private put(scope: string, documentId: string, entry: LedgerEntry): void {
    let docs = this.scopes.get(scope);
    if (!docs) this.scopes.set(scope, (docs = new Map()));
    docs.set(documentId, entry);
    let index = this.newestBySource.get(scope);
    if (!index) this.newestBySource.set(scope, (index = new Map()));
    const currentId = index.get(entry.sourcePath);
    const current = currentId === undefined ? undefined : docs.get(currentId);
    if (!current || currentId === documentId || newer(entry, current)) index.set(entry.sourcePath, documentId);
  }

  /** Recomputes the newest id of one source path after an entry moved away from it (rare: renames, deletes). */
  private reindexSource(scope: string, sourcePath: string): void {
    const index = this.newestBySource.get(scope);
    if (!index) return;
    let best: [string, LedgerEntry] | undefined;
    for (const [id, entry] of this.scopes.get(scope) ?? []) {
      if (entry.sourcePath === sourcePath && (!best || newer(entry, best[1]))) best = [id, entry];
    }
    if (best) index.set(sourcePath, best[0]);
    else index.delete(sourcePath);
  }

  private imagesOf(server: string): Map<string, ImageUpload> {
    let map = this.images.get(server);
    if (!map) this.images.set(server, (map = new Map()));
    return map;
  }

  private restamp(entry: LedgerEntry, stamp: string): void {
    entry.sourceStat = stamp;
    this.dirty = true;
    this.schedule();
  }

  private changed(change: LedgerChange): void {
    this.dirty = true;
    this.schedule();
    for (const listener of [...this.listeners]) {
      try {
        listener(change);
      } catch {
        // A failing listener (a decoration refresh) must not undo or block the record.
      }
    }
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush().catch((error: unknown) => this.options.onWriteError?.(error));
    }, this.options.writeDelayMs ?? 1_000);
    // A pending write must not keep a command-line process alive; it calls close() before exiting.
    this.timer.unref?.();
  }

  private cancelTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async writeIfDirty(): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    try {
      await this.storage.write(this.toData());
    } catch (error) {
      this.dirty = true;
      throw error;
    }
  }
}
