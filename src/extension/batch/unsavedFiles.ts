import * as vscode from 'vscode';
import type { BatchFile } from '../../core/batch/types';

/**
 * A batch reads files from disk, so an editor's unsaved changes would silently not be sent. Before a batch, the
 * writer chooses: save them and send them, send the saved versions, or cancel.
 * @returns false when the writer cancelled or a file could not be saved (nothing is to be sent)
 */
export async function settleUnsavedFiles(files: readonly BatchFile[]): Promise<boolean> {
  const keys = new Set(files.map((f) => f.key));
  const unsaved = vscode.workspace.textDocuments.filter((d) => d.isDirty && keys.has(d.uri.toString()));
  const [first] = unsaved;
  if (!first) return true;
  const save = vscode.l10n.t('Save and Ingest');
  const asSaved = vscode.l10n.t('Ingest as Saved');
  const message = unsaved.length === 1
    ? vscode.l10n.t('{0} has unsaved changes. A batch sends files as they are saved on disk.', vscode.workspace.asRelativePath(first.uri))
    : vscode.l10n.t('{0} files of this batch have unsaved changes. A batch sends files as they are saved on disk.', unsaved.length);
  const choice = await vscode.window.showWarningMessage(message, { modal: true }, save, asSaved);
  if (choice === asSaved) return true;
  if (choice !== save) return false;
  for (const document of unsaved) {
    if (!(await document.save())) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Could not save {0}; nothing was sent.', vscode.workspace.asRelativePath(document.uri)));
      return false;
    }
  }
  return true;
}
