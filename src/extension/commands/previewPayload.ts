import * as vscode from 'vscode';
import { activeNotebookUri } from '../ingest/notebookSource';
import { showBeside } from '../services/besideTab';
import { PayloadPreview, PREVIEW_SCHEME } from '../preview/payloadPreview';
import { SITE_SETTINGS_SCHEME } from './showSiteSettings';

/**
 * "Preview Ingestion Payload": the request body of the active editor's file (or the file clicked; a notebook in
 * the notebook editor too), as read-only JSON beside it, keeping the focus on the source so that the writer can type on and watch it follow.
 */
export async function previewPayload(preview: PayloadPreview, uri?: vscode.Uri): Promise<void> {
  const source = uri ?? activeNotebookUri() ?? vscode.window.activeTextEditor?.document.uri;
  if (!source || source.scheme === 'doc-ingest-preview') {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a Markdown or text file to preview what would be sent for it.'));
    return;
  }
  const document = await vscode.workspace.openTextDocument(PayloadPreview.uriOf(source));
  if (document.languageId !== 'json') await vscode.languages.setTextDocumentLanguage(document, 'json');
  await showBeside(document, [PREVIEW_SCHEME, SITE_SETTINGS_SCHEME], true);
  // No id is asked for by a preview: say that the id shown stands in for the one chosen at the first ingestion.
  if ((await preview.body(source)).idToChoose) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No workspace path names this document: the id shown is a placeholder. Its id is asked for when you first ingest it.'));
  }
}
