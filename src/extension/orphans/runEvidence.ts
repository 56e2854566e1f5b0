import type * as vscode from 'vscode';
import type { BatchEnd, BatchIngester } from '../batch/batchIngester';

/**
 * Why Find Orphans may not look now, or undefined when it may:
 * - `running`: a batch is under way;
 * - `incomplete`: the last batch the writer ran in this session failed or was cancelled (`label` names it).
 */
export type NoEvidence = { kind: 'running' } | { kind: 'incomplete'; label: string };

/**
 * Whether the writer's last batch is evidence enough to call a published document an orphan. An incomplete run is
 * not: a renamed file whose new document was never sent would lose its text from search if the old document went.
 * Follows the batches the writer starts (Ingest Folder, Workspace, Changed Files, Retry Failed); a quiet batch of
 * saved files says nothing about the tree, and one that sent nothing changes nothing.
 */
export class RunEvidence implements vscode.Disposable {
  private lastIncomplete: string | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly batches: BatchIngester) {
    this.subscription = batches.onDidEnd((end) => this.note(end));
  }

  missing(): NoEvidence | undefined {
    if (this.batches.busy) return { kind: 'running' };
    return this.lastIncomplete === undefined ? undefined : { kind: 'incomplete', label: this.lastIncomplete };
  }

  private note(end: BatchEnd): void {
    if (end.quiet || end.outcome === 'notStarted') return;
    this.lastIncomplete = end.outcome === 'incomplete' ? end.label : undefined;
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
