import * as vscode from 'vscode';
import type { BatchIngester } from '../batch/batchIngester';
import { batchFile, batchFileNamedByGlobs, isBatchFile } from '../identity/listFiles';
import type { Connection } from '../services/connection';
import { describeError, showError } from '../services/errors';
import type { Log } from '../services/log';
import { readSettings } from '../services/settings';

/** Saves of one file closer together than this become one ingestion. */
export const SAVE_DEBOUNCE_MS = 1_000;

export interface SaveOutcome {
  uri: vscode.Uri;
  /**
   * `queued`: a batch was running when the wait ended, the file goes after it; `sent`: in a quiet batch that ran
   * (its results say how the file fared); `dropped`: deleted, or no longer one to ingest on save, before its turn;
   * `notSent`: the batch could not start (no server or key).
   */
  outcome: 'queued' | 'sent' | 'dropped' | 'notSent';
}

/**
 * Opt-in `docIngest.ingestOnSave`: a saved batch file is ingested as a quiet batch, after the saves of that file
 * pause for a second. Files whose second ends while a batch runs (any batch: one of saved files, or a folder of
 * thousands) wait, once each, and go together as one quiet batch after it, read then: a file saved again while
 * waiting goes once with its latest bytes, a file deleted meanwhile not at all. A batch that was cancelled still
 * has the files saved during it sent after it: the writer asked for those by saving, and only those go.
 */
export class IngestOnSave implements vscode.Disposable {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Saved files waiting for the running batch to end, by URI. */
  private readonly waiting = new Map<string, vscode.Uri>();
  /** A batch of saved files is being prepared or run: files due meanwhile wait for the next. */
  private sending = false;
  private disposed = false;
  /**
   * The reason a batch could not start that the writer was last shown: saves meeting the same reason are only
   * logged, until the connection changes (a server or key is set) or a batch of saved files goes through.
   */
  private told: string | undefined;
  private readonly settled = new vscode.EventEmitter<SaveOutcome>();
  /** After each save's ingestion is decided (for tests). */
  readonly onDidSettle = this.settled.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly batches: BatchIngester, connection: Connection, private readonly log: Log) {
    this.subscriptions = [
      vscode.workspace.onDidSaveTextDocument((d) => this.saved(d.uri)),
      // A notebook saved in the notebook editor is no text document (issue 25, item 7).
      vscode.workspace.onDidSaveNotebookDocument((n) => this.saved(n.uri)),
      batches.onDidEnd(() => this.kick()),
      connection.onDidChangeState(() => (this.told = undefined)),
    ];
  }

  private saved(uri: vscode.Uri): void {
    if (uri.scheme !== 'file' || !readSettings(uri).ingestOnSave || !isBatchFile(uri)) return;
    const key = uri.toString();
    // Saved again while waiting: it waits for its second again, then goes once.
    this.waiting.delete(key);
    clearTimeout(this.timers.get(key));
    this.timers.set(key, setTimeout(() => this.due(uri), SAVE_DEBOUNCE_MS));
  }

  private due(uri: vscode.Uri): void {
    this.timers.delete(uri.toString());
    this.waiting.set(uri.toString(), uri);
    if (this.batches.busy || this.sending) {
      this.log.info(`ingest on save: ${batchFile(uri).relativePath} waits for the running batch`);
      this.settled.fire({ uri, outcome: 'queued' });
    }
    this.kick();
  }

  private kick(): void {
    this.send().catch((e: unknown) => this.log.warn(`ingest on save: ${describeError(e)}`));
  }

  /** Sends the waiting files as one quiet batch, unless a batch runs: its end calls this again. */
  private async send(): Promise<void> {
    if (this.sending || this.disposed) return;
    this.sending = true;
    try {
      while (this.waiting.size && !this.batches.busy && !this.disposed) {
        const due = [...this.waiting.values()];
        this.waiting.clear();
        // A file saved again meanwhile waits for its own second, and goes then.
        const uris = (await this.stillWanted(due)).filter((uri) => !this.timers.has(uri.toString()));
        if (this.batches.busy) {
          // Another batch started meanwhile: wait for its end.
          for (const uri of uris) this.waiting.set(uri.toString(), uri);
          return;
        }
        if (uris.length) await this.run(uris);
      }
    } finally {
      this.sending = false;
    }
  }

  /** The files that still exist and are still to be ingested on save; the others are dropped, and logged. */
  private async stillWanted(uris: vscode.Uri[]): Promise<vscode.Uri[]> {
    const wanted = await Promise.all(
      uris.map(async (uri) => {
        const exists = await vscode.workspace.fs.stat(uri).then(
          (s) => (s.type & vscode.FileType.File) !== 0,
          () => false,
        );
        return exists && readSettings(uri).ingestOnSave && isBatchFile(uri);
      }),
    );
    for (const uri of uris.filter((_, i) => !wanted[i])) {
      this.log.info(`ingest on save: ${batchFile(uri).relativePath} not sent: deleted, or no longer to ingest on save`);
      this.settled.fire({ uri, outcome: 'dropped' });
    }
    return uris.filter((_, i) => wanted[i]);
  }

  private async run(uris: vscode.Uri[]): Promise<void> {
    const files = uris.map(batchFileNamedByGlobs);
    const label = files.length === 1 ? (files[0]?.relativePath ?? '') : vscode.l10n.t('{0} saved files', files.length);
    let outcome: SaveOutcome['outcome'] = 'sent';
    try {
      await this.batches.run({ files, label, quiet: true });
      this.told = undefined;
    } catch (e) {
      outcome = 'notSent';
      this.couldNotStart(label, e);
    }
    for (const uri of uris) this.settled.fire({ uri, outcome });
  }

  /** Says why once, not per save: a writer without a server who saves every minute is told once. */
  private couldNotStart(label: string, e: unknown): void {
    const reason = describeError(e);
    this.log.warn(`ingest on save: ${label} not sent: ${reason}`);
    if (this.told === reason) return;
    this.told = reason;
    showError(vscode.l10n.t('Could not ingest {0}:', label), e).catch((err: unknown) => this.log.warn(`ingest on save: ${describeError(err)}`));
  }

  dispose(): void {
    this.disposed = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.waiting.clear();
    vscode.Disposable.from(...this.subscriptions).dispose();
    this.settled.dispose();
  }
}
