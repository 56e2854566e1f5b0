import type * as vscode from 'vscode';
import { evidenceGap, type EvidenceGap } from '../../core/orphans/evidence';
import type { BatchEnd, BatchIngester } from '../batch/batchIngester';

/**
 * Why Find Orphans may not look now, or undefined when it may:
 * - `running`: a batch is under way;
 * - `unknown`: the last batch the writer ran in this session left files whose id it does not know (`label` names
 *   the batch, `gap` the files): the rule `--prune` follows too (core/orphans/evidence.ts).
 */
export type NoEvidence = { kind: 'running' } | { kind: 'unknown'; label: string; gap: EvidenceGap };

/**
 * Whether the writer's last batch is evidence enough to call a published document an orphan. A finished batch with
 * a failed send or a broken image is (every file's id was read first, so a failed page keeps its document); one that
 * stopped before every file was identified is not, nor one that ended without a summary. Follows the batches the
 * writer starts (Ingest Folder, Workspace, Changed Files, Retry Failed); a quiet batch of saved files says nothing
 * about the tree, and one that sent nothing changes nothing.
 */
export class RunEvidence implements vscode.Disposable {
  private last: NoEvidence | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly batches: BatchIngester) {
    this.subscription = batches.onDidEnd((end) => this.note(end));
  }

  missing(): NoEvidence | undefined {
    if (this.batches.busy) return { kind: 'running' };
    return this.last;
  }

  private note(end: BatchEnd): void {
    if (end.quiet || end.outcome === 'notStarted') return;
    const gap = end.summary ? evidenceGap(end.summary) : { kind: 'interrupted' as const };
    this.last = gap && { kind: 'unknown', label: end.label, gap };
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
