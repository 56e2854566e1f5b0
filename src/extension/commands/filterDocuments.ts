import * as vscode from 'vscode';
import type { DocumentsView } from '../views/documentsView';

/** "Filter Documents...": shows only documents whose title, id or source file contains the text; empty clears it. */
export async function filterDocuments(view: DocumentsView): Promise<void> {
  const text = await vscode.window.showInputBox({
    title: vscode.l10n.t('Doc Ingest: Filter Documents'),
    prompt: vscode.l10n.t('Show documents whose title, id or source file contains this text (leave empty to show all)'),
    value: view.filter,
  });
  if (text !== undefined) view.setFilter(text);
}
