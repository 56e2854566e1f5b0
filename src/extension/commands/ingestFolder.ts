import * as vscode from 'vscode';
import type { BatchIngester } from '../batch/batchIngester';
import { listBatchFiles } from '../identity/listFiles';

/** "Ingest Folder...": the folder clicked in the Explorer, else one the writer picks. */
export async function ingestFolder(batches: BatchIngester, uri?: vscode.Uri): Promise<void> {
  const folder = uri ?? (await pickFolder());
  if (!folder) return;
  if (!vscode.workspace.getWorkspaceFolder(folder)) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Doc Ingest ingests folders of the open workspace; open {0} as a folder first.', folder.fsPath || folder.toString(true)));
    return;
  }
  const files = await listBatchFiles(folder);
  // The folder's own name leads only in a multi-root workspace, as in the Explorer.
  const multiRoot = (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
  const label = vscode.workspace.asRelativePath(folder, multiRoot) || folder.path.split('/').pop() || folder.toString(true);
  await batches.run({ files, label });
}

async function pickFolder(): Promise<vscode.Uri | undefined> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (!folders.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a folder first: Doc Ingest ingests folders of the open workspace.'));
    return undefined;
  }
  const picked = await vscode.window.showOpenDialog({
    canSelectFiles: false,
    canSelectFolders: true,
    canSelectMany: false,
    defaultUri: folders[0]?.uri,
    openLabel: vscode.l10n.t('Ingest Folder'),
    title: vscode.l10n.t('Doc Ingest: Ingest Folder'),
  });
  return picked?.[0];
}
