import * as vscode from 'vscode';
import { Ingester } from '../ingest/ingester';

/** "Doc Ingest: Ingest Selection": the selected text as a document of its own, titled before sending. */
export async function ingestSelection(ingester: Ingester): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.selection.isEmpty) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Select the text to ingest first.'));
    return;
  }
  const { document, selection } = editor;
  await ingester.ingest(document.uri, { selection: { start: document.offsetAt(selection.start), end: document.offsetAt(selection.end) } });
}
