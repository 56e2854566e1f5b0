/** The last ingestion results of this window, newest first, for the status bar and the details view. */

/** `notPublished`: a file the writer named that a rule they wrote keeps back (`error` says which); nothing was sent. */
export type IngestionOutcome = 'running' | 'created' | 'updated' | 'failed' | 'cancelled' | 'notPublished';

export interface IngestionRecord {
  /** Ours, short and unique per window; also written to the log so a user can match the two. */
  requestId: string;
  /** Where the text came from (a URI string), so "Ingest Again" can rebuild the document. */
  sourceUri: string;
  /** Set for a selection, so "Ingest Again" sends the same range. */
  selection?: { start: number; end: number; title: string };
  documentId: string | undefined;
  title: string;
  ccPairId: number | undefined;
  server: string;
  outcome: IngestionOutcome;
  startedAt: Date;
  finishedAt?: Date;
  /**
   * Updated, although the ledger never recorded sending this file's document: the server held it already (sent from
   * another clone or a pipeline, or dropped by the server's pipeline, which answers the same), as a batch reports.
   */
  alreadyHeld?: boolean;
  /** Cancelled after the request had left: the server may still have applied it. */
  mayHaveApplied?: boolean;
  /** The user-facing sentence of the failure, or of the rule that keeps the file back. */
  error?: string;
  errorKind?: string;
}

export class IngestionHistory {
  private readonly records: IngestionRecord[] = [];
  private sequence = 0;

  constructor(private readonly capacity = 50) {}

  nextRequestId(now = Date.now()): string {
    this.sequence += 1;
    return `${now.toString(36)}-${this.sequence}`;
  }

  add(record: IngestionRecord): IngestionRecord {
    this.records.unshift(record);
    this.records.length = Math.min(this.records.length, this.capacity);
    return record;
  }

  finish(record: IngestionRecord, update: Partial<IngestionRecord> & { outcome: IngestionOutcome }, now = new Date()): IngestionRecord {
    Object.assign(record, update, { finishedAt: now });
    return record;
  }

  latest(): IngestionRecord | undefined {
    return this.records[0];
  }

  all(): readonly IngestionRecord[] {
    return this.records;
  }
}
