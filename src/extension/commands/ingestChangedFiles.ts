import * as vscode from 'vscode';
import type { BatchFile } from '../../core/batch/types';
import type { BatchIngester } from '../batch/batchIngester';
import { listBatchFiles } from '../identity/listFiles';
import type { SourceStates } from '../freshness/sourceStates';
import { readSettings } from '../services/settings';

/** Files hashed at once while looking for changed ones: enough to keep the disk busy, few enough to stay light. */
const HASHING = 8;

/**
 * "Ingest Changed Files": the batch files changed since they were sent to the configured server and pair, and those
 * never sent there unless `docIngest.changedFiles.includeNeverSent` leaves them out. The two are counted apart in the
 * progress title and the summary (issue 38, item 6): a README sent for the first time is news to the writer.
 */
export async function ingestChangedFiles(batches: BatchIngester, states: SourceStates): Promise<void> {
  if (!vscode.workspace.workspaceFolders?.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a folder first: Doc Ingest ingests folders of the open workspace.'));
    return;
  }
  const files = await listBatchFiles();
  const changed = new Set<BatchFile>();
  const never = new Set<BatchFile>();
  const byUri = new Map(files.map((file) => [vscode.Uri.parse(file.key), file]));
  await states.states([...byUri.keys()], HASHING, (uri, state) => {
    const file = byUri.get(uri)!;
    if (state === 'changed') changed.add(file);
    if (state === 'never') never.add(file);
  });
  const withNever = readSettings().changedIncludeNeverSent;
  const leftOut = withNever ? 0 : never.size;
  const going = files.filter((f) => changed.has(f) || (withNever && never.has(f)));
  if (!going.length) {
    void vscode.window.showInformationMessage(leftOut
      ? vscode.l10n.t('No file changed since it was sent; {0} never sent are left out (docIngest.changedFiles.includeNeverSent).', leftOut)
      : vscode.l10n.t('Every file is as last ingested.'));
    return;
  }
  const sentNever = withNever ? never.size : 0;
  const label = leftOut
    ? vscode.l10n.t('changed files ({0} changed; {1} never sent, left out)', changed.size, leftOut)
    : vscode.l10n.t('changed files ({0} changed, {1} never sent)', changed.size, sentNever);
  await batches.run({ files: going, label });
}
