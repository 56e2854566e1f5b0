import type { BatchSummary, FileOutcome } from '../batch/types';

/**
 * Why a run is no evidence of what the workspace builds, so that no published document may be called an orphan
 * after it (issue 38, item 4; shared by the editor's Find Orphans and the command line's `--prune`):
 * - `interrupted`: the run was stopped from outside (Ctrl+C, a signal) before it could report every file;
 * - `unidentified`: files of the run whose document id is unknown: never read (cancelled or stopped before them)
 *   or unreadable as a page (front matter the id cannot be read from). `files` names them (source keys).
 *
 * A finished run with a failed send or a broken image is evidence: the id of every file was read before anything
 * was sent, so a failed page still claims its id and its published document is no orphan.
 */
export type EvidenceGap = { kind: 'interrupted' } | { kind: 'unidentified'; files: string[] };

/** Outcomes of files that build a document although this run did not confirm sending it. */
const UNCONFIRMED: ReadonlySet<FileOutcome> = new Set(['failed', 'notSent', 'cancelled']);

export function evidenceGap(summary: BatchSummary, interrupted = false): EvidenceGap | undefined {
  if (interrupted) return { kind: 'interrupted' };
  const files = summary.results.filter((r) => UNCONFIRMED.has(r.outcome) && r.documentId === undefined).map((r) => r.file.source);
  return files.length ? { kind: 'unidentified', files } : undefined;
}

/**
 * Whether a result's document id is one the workspace builds now: sent, unchanged, to be sent, or not confirmed
 * (failed, not sent, cancelled) but identified. A page skipped on purpose builds nothing that is to stay published.
 */
export function buildsItsId(outcome: FileOutcome): boolean {
  return outcome !== 'skipped';
}
