import * as vscode from 'vscode';
import type { BatchSummary } from '../../core/batch/types';
import type { IngestionRecord } from '../../core/ingest/history';

/**
 * What this window sent or deleted (issue 38, item 1):
 * - `file`: Ingest Current File, Ingest Selection or Ingest Again finished (`record` says how);
 * - `batch`: a batch ended with a summary (Ingest Folder, Workspace, Changed Files, Retry Failed, on save, renames);
 * - `deleted`: the server confirmed a document gone (Delete from Service, Find Orphans, renames).
 * `scope` is the ledger scope (server and pair) it happened in, `server` the server.
 */
export type Sent =
  | { kind: 'file'; server: string; scope: string; record: IngestionRecord }
  | { kind: 'batch'; server: string; scope: string; label: string; quiet: boolean; summary: BatchSummary; at: Date }
  | { kind: 'deleted'; server: string; scope: string; documentId: string; at: Date };

/**
 * The one event every send and delete of this window goes through, so that the Documents view, the Explorer's
 * badges, the Results view and the status bar follow it alike without a manual refresh. Whoever sends or deletes
 * fires it once the outcome is known; the views subscribe here and nowhere else for what was sent.
 */
export class SendEvents implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<Sent>();
  readonly onDidSend = this.emitter.event;

  fire(sent: Sent): void {
    this.emitter.fire(sent);
  }

  dispose(): void {
    this.emitter.dispose();
  }
}

/** How many documents a batch sent (created or updated): a batch that sent none changed nothing the server holds. */
export function sentCount(summary: BatchSummary): number {
  return summary.counts.created + summary.counts.updated;
}
