import * as vscode from 'vscode';
import { activeDocumentUri } from '../ingest/activeDocument';
import { Ingester } from '../ingest/ingester';

/**
 * "Doc Ingest: Ingest Current File": the active editor's document (or the file a focused Markdown preview
 * shows), or the file(s) chosen in the Explorer or the editor's context menu.
 */
export async function ingestCurrentFile(ingester: Ingester, uri?: vscode.Uri, selected?: vscode.Uri[]): Promise<void> {
  const targets = selected?.length ? selected : uri instanceof vscode.Uri ? [uri] : [];
  if (!targets.length) {
    const active = await activeDocumentUri();
    if (!active) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Open a file to ingest, or choose one in the Explorer.'));
      return;
    }
    targets.push(active);
  }
  for (const target of targets) await ingester.ingest(target);
}
