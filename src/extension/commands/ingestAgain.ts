import * as vscode from 'vscode';
import type { IngestionHistory, IngestionRecord } from '../../core/ingest/history';
import { Connection } from '../services/connection';
import { Ingester } from '../ingest/ingester';

/**
 * "Ingest Again" on a failed or cancelled result: the same file (or selection, with the title chosen then)
 * rebuilt now and sent to the server the result went to (asking first when the configured server has changed).
 */
export async function ingestAgain(ingester: Ingester, history: IngestionHistory, connection: Connection, record?: IngestionRecord): Promise<void> {
  if (!record) return;
  // VS Code cannot take back a failure notification once shown; its button must not resend what a later
  // retry already delivered.
  const newer = history.all().find((r) => r !== record && r.startedAt > record.startedAt && sameTarget(r, record) && (r.outcome === 'created' || r.outcome === 'updated'));
  if (newer) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('"{0}" was ingested again at {1}; nothing more to send.', newer.title, (newer.finishedAt ?? newer.startedAt).toLocaleTimeString()),
    );
    return;
  }
  let server = record.server || undefined;
  const current = connection.baseUrl;
  if (server && current && server !== current) {
    const there = vscode.l10n.t('Send to {0}', server);
    const here = vscode.l10n.t('Send to {0}', current);
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t('"{0}" was sent to {1}, but the server set now is {2}. Where should it go?', record.title, server, current),
      { modal: true },
      there,
      here,
    );
    if (!choice) return;
    server = choice === there ? server : current;
  }
  await ingester.ingest(vscode.Uri.parse(record.sourceUri), { selection: record.selection, server });
}

function sameTarget(a: IngestionRecord, b: IngestionRecord): boolean {
  return a.sourceUri === b.sourceUri && a.server === b.server && a.documentId === b.documentId;
}
