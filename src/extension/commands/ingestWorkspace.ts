import * as vscode from 'vscode';
import type { BatchIngester } from '../batch/batchIngester';
import { listBatchFiles } from '../identity/listFiles';

/** "Ingest Workspace": every file of every folder that the include and exclude globs take. */
export async function ingestWorkspace(batches: BatchIngester): Promise<void> {
  if (!vscode.workspace.workspaceFolders?.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a folder first: Doc Ingest ingests folders of the open workspace.'));
    return;
  }
  await batches.run({ files: await listBatchFiles(), label: vscode.l10n.t('the workspace') });
}
