import * as vscode from 'vscode';
import type { TrackedFile } from '../../core/polling/trackedFiles';

/** "Copy User File ID" on a User Files row: the id the statuses route (and "Track File ID...") takes. */
export async function copyUserFileId(file: TrackedFile | undefined): Promise<void> {
  if (!file) return;
  await vscode.env.clipboard.writeText(file.id);
  vscode.window.setStatusBarMessage(vscode.l10n.t('Copied user file id {0}', file.id), 3000);
}
