import * as vscode from 'vscode';
import type { BatchIngester } from '../batch/batchIngester';
import type { ResultsView } from '../views/resultsView';

/** "Retry Failed": the files of the last batch that failed, were cancelled or were not sent, once more. */
export async function retryFailed(batches: BatchIngester, results: ResultsView): Promise<void> {
  const files = results.failed().map((r) => r.file);
  if (!files.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Nothing to retry: no file of the last batch failed.'));
    return;
  }
  await batches.run({ files, label: vscode.l10n.t('{0} files to retry', files.length) });
}
