import * as vscode from 'vscode';
import type { IngestionRecord } from '../../core/ingest/history';
import { Ingester } from '../ingest/ingester';

/** "Ingest Again" on a failed result: the same file (or selection, with the title chosen then) rebuilt now. */
export async function ingestAgain(ingester: Ingester, record?: IngestionRecord): Promise<void> {
  if (!record) return;
  await ingester.ingest(vscode.Uri.parse(record.sourceUri), record.selection);
}
