import * as vscode from 'vscode';
import type { BatchIngester } from '../batch/batchIngester';
import { batchFile, isBatchFile } from '../batch/listFiles';
import type { Log } from '../log';
import { readSettings } from '../settings';

/** Saves of one file closer together than this become one ingestion. */
export const SAVE_DEBOUNCE_MS = 1_000;

export interface SaveOutcome {
  uri: vscode.Uri;
  /** `skipped`: a batch was running when the wait ended, so nothing was sent. */
  outcome: 'sent' | 'skipped';
}

/**
 * Opt-in `docIngest.ingestOnSave`: a saved batch file is ingested as a quiet batch of one, after the saves of that
 * file pause for a second. Never while a batch runs: the save is skipped (and logged), so a save cannot queue
 * work behind a batch of thousands nor start a second batch.
 */
export class IngestOnSave implements vscode.Disposable {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly settled = new vscode.EventEmitter<SaveOutcome>();
  /** After each ingestion it started or skipped (for tests). */
  readonly onDidSettle = this.settled.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly batches: BatchIngester, private readonly log: Log) {
    this.subscription = vscode.workspace.onDidSaveTextDocument((d) => this.saved(d.uri));
  }

  private saved(uri: vscode.Uri): void {
    if (uri.scheme !== 'file' || !readSettings(uri).ingestOnSave || !isBatchFile(uri)) return;
    const key = uri.toString();
    const earlier = this.timers.get(key);
    if (earlier) clearTimeout(earlier);
    this.timers.set(key, setTimeout(() => void this.ingest(uri), SAVE_DEBOUNCE_MS));
  }

  private async ingest(uri: vscode.Uri): Promise<void> {
    this.timers.delete(uri.toString());
    const file = batchFile(uri);
    if (this.batches.busy) {
      this.log.info(`ingest on save: ${file.relativePath} not sent, a batch is running`);
      this.settled.fire({ uri, outcome: 'skipped' });
      return;
    }
    try {
      await this.batches.run({ files: [file], label: file.relativePath, quiet: true });
    } finally {
      this.settled.fire({ uri, outcome: 'sent' });
    }
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.subscription.dispose();
    this.settled.dispose();
  }
}
