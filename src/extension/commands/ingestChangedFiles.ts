import * as vscode from 'vscode';
import { forEachConcurrently } from '../../core/pool';
import type { BatchFile } from '../../core/batch/types';
import type { BatchIngester } from '../batch/batchIngester';
import { listBatchFiles } from '../batch/listFiles';
import type { SourceStates } from '../freshness/sourceStates';

/** Files hashed at once while looking for changed ones: enough to keep the disk busy, few enough to stay light. */
const HASHING = 8;

/** "Ingest Changed Files": the batch files never ingested to the configured server and pair, or changed since. */
export async function ingestChangedFiles(batches: BatchIngester, states: SourceStates): Promise<void> {
  if (!vscode.workspace.workspaceFolders?.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a folder first: Doc Ingest ingests folders of the open workspace.'));
    return;
  }
  const files = await listBatchFiles();
  const changed = new Set<BatchFile>();
  await forEachConcurrently(files, HASHING, async (file) => {
    const state = await states.state(vscode.Uri.parse(file.key));
    if (state === 'never' || state === 'changed') changed.add(file);
  });
  if (!changed.size) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Every file is as last ingested.'));
    return;
  }
  await batches.run({ files: files.filter((f) => changed.has(f)), label: vscode.l10n.t('changed files') });
}
