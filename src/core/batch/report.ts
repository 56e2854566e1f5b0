/** The batch's results as each file gets its own (F9), the progress they make, and the summary they add up to. */
import type { BatchOptions } from './options';
import type { BatchProgress, BatchStop, BatchSummary, DuplicateId, FileOutcome, FileResult } from './types';

/** Every outcome at zero: the counts of a batch with no files. */
export function emptyCounts(): Record<FileOutcome, number> {
  return { created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0, notSent: 0, cancelled: 0, wouldSend: 0 };
}

/** One result per file, the first one given standing; each told to the listeners as it comes. */
export class BatchReport {
  private readonly results = new Map<string, FileResult>();
  readonly progress: BatchProgress;
  /** The id pass 1 read for each file (by key): a file that then fails or is not sent still names what it builds. */
  readonly readIds = new Map<string, string>();

  constructor(private readonly o: Pick<BatchOptions, 'files' | 'onResult' | 'onProgress'>) {
    this.progress = { total: o.files.length, done: 0, failed: 0 };
  }

  has(key: string): boolean {
    return this.results.has(key);
  }

  finish(found: FileResult): void {
    if (this.results.has(found.file.key)) return;
    // Identified, though not built: Find Orphans and --prune know what the file builds (core/orphans/evidence.ts).
    const readId = found.documentId === undefined && found.outcome !== 'skipped' ? this.readIds.get(found.file.key) : undefined;
    const result = readId === undefined ? found : { ...found, documentId: readId };
    this.results.set(result.file.key, result);
    this.progress.done += 1;
    if (result.outcome === 'failed') this.progress.failed += 1;
    this.o.onResult?.(result);
    this.o.onProgress?.({ ...this.progress });
  }

  summary(duplicates: DuplicateId[], stop: BatchStop | undefined): BatchSummary {
    const counts = emptyCounts();
    const order = this.o.files.map((f) => this.results.get(f.key)).filter((r): r is FileResult => r !== undefined);
    for (const r of order) counts[r.outcome] += 1;
    const summary: BatchSummary = { results: order, counts };
    if (stop) summary.stop = stop;
    if (duplicates.length) summary.duplicates = duplicates;
    return summary;
  }
}
