import * as vscode from 'vscode';
import { Connection } from '../services/connection';
import type { DocumentDeleter } from '../documents/deleteDocument';
import type { DocumentsNode } from '../views/documentsView';
import { rowLabel } from '../views/documentRows';
import type { HeldDocuments, KnownDocument } from '../views/heldDocuments';

export interface DeleteDeps {
  connection: Connection;
  held: HeldDocuments;
  deleter: DocumentDeleter;
}

/**
 * "Doc Ingest: Delete from Service": on a row of the Documents view, on a file in the Explorer whose document the
 * last listing or the ledger knows, or (from the palette) on the active editor's file. Deletes the id the server
 * listed or the ledger stored, never one derived again, and only after a modal confirmation naming title, id and
 * server. Only a delete the server confirmed (200), or a document it no longer holds (404: gone either way), changes
 * anything here: the ledger forgets the document and its row goes. A failure (thrown) is shown by the command
 * wrapper in its one sentence; a timeout leaves everything as it was.
 */
export async function deleteFromService(deps: DeleteDeps, target?: DocumentsNode | vscode.Uri): Promise<void> {
  const document = await chooseDocument(deps, target);
  if (!document) return;
  const name = rowLabel(document);
  const remove = vscode.l10n.t('Delete');
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('Delete "{0}" (id {1}) from {2}?', name, document.documentId, document.server),
    { modal: true, detail: vscode.l10n.t('Search and chat will no longer find it. The file in the workspace stays as it is.') },
    remove,
  );
  if (choice !== remove) return;
  const { connection } = deps;
  const outcome = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Deleting {0}', document.documentId) }, async () => {
    try {
      return await deps.deleter.delete(await connection.client(document.server), document.scope, document.documentId);
    } catch (error) {
      return { kind: 'failed' as const, error };
    }
  });
  if (outcome.kind === 'failed') {
    connection.noteError(outcome.error);
    throw outcome.error;
  }
  if (outcome.kind === 'alreadyGone') {
    void vscode.window.showInformationMessage(vscode.l10n.t('{0} no longer held "{1}" ({2}): it is gone from the list and from the record of what was published.', document.server, name, document.documentId));
    return;
  }
  // Said, not only flashed in the status bar: a writer who confirmed a delete wants to see that it happened (issue 38).
  void vscode.window.showInformationMessage(vscode.l10n.t('Deleted "{0}" (id {1}) from {2}. Search and chat no longer find it.', name, document.documentId, document.server));
}

async function chooseDocument(deps: DeleteDeps, target: DocumentsNode | vscode.Uri | undefined): Promise<KnownDocument | undefined> {
  if (target && !(target instanceof vscode.Uri)) {
    if (target.kind !== 'document') return undefined;
    const { row, server, scope } = target;
    return { documentId: row.documentId, title: row.title, server, scope, source: row.source };
  }
  const uri = target ?? vscode.window.activeTextEditor?.document.uri;
  if (!uri) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a file, or choose a document in the Documents view, to delete it from the service.'));
    return undefined;
  }
  const known = await deps.held.documentsOf(uri);
  const file = vscode.workspace.asRelativePath(uri);
  if (!known.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No document of {0} is known on the configured server and pair: refresh the Documents view to see what the service holds.', file));
    return undefined;
  }
  if (known.length === 1) return known[0];
  const picked = await vscode.window.showQuickPick(
    known.map((d) => ({ label: d.title ?? d.documentId, description: d.documentId, document: d })),
    { title: vscode.l10n.t('Doc Ingest: Delete from Service'), placeHolder: vscode.l10n.t('{0} has several documents on the service: which one?', file) },
  );
  return picked?.document;
}
