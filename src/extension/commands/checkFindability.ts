import * as vscode from 'vscode';
import type { FindabilityChecker } from '../findability/findabilityChecker';
import { sourceUri } from '../identity/sourceUri';
import { activeDocumentUri } from '../ingest/activeDocument';
import type { DocumentNode } from '../views/documentsView';

/**
 * "Doc Ingest: Check Findability": the current page, a file chosen in the Explorer, or the rows chosen in the
 * Documents view (each by its file in this workspace). Each question is one search on the server.
 */
export async function checkFindability(checker: FindabilityChecker, target?: vscode.Uri | DocumentNode, selected?: readonly (vscode.Uri | DocumentNode)[]): Promise<void> {
  const chosen = selected?.length ? selected : target ? [target] : [];
  const uris: vscode.Uri[] = [];
  const elsewhere: string[] = [];
  for (const t of chosen) {
    if (t instanceof vscode.Uri) uris.push(t);
    else if (t?.kind === 'document') {
      const uri = t.row.source === undefined ? undefined : sourceUri(t.row.source);
      if (uri) uris.push(uri);
      else elsewhere.push(t.row.title ?? t.row.documentId);
    }
  }
  if (elsewhere.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Not checked: {0} has no file in this workspace, so its questions are unknown.', elsewhere.join(', ')));
  }
  if (!chosen.length) {
    const active = await activeDocumentUri();
    if (!active) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Open a page to check, or choose one in the Documents view.'));
      return;
    }
    uris.push(active);
  }
  if (!uris.length) return;
  // The view starts collapsed (it would crowd the other four until a first check): its answers open it.
  if (await checker.check(uris)) await vscode.commands.executeCommand('docIngest.findability.focus');
}
