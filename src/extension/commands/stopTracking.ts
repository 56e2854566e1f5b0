import * as vscode from 'vscode';
import type { TrackedFile } from '../../core/polling/trackedFiles';
import { statusLabel, UserFilesView } from '../views/userFilesView';

/** "Doc Ingest: Stop Tracking": from a row's menu, or a pick of the tracked files from the palette. */
export async function stopTracking(view: UserFilesView, node?: TrackedFile, selected?: readonly TrackedFile[]): Promise<void> {
  let files = selected?.length ? [...selected] : node ? [node] : [];
  if (!files.length) {
    const picked = await vscode.window.showQuickPick(
      view.poller.snapshot().map((f) => ({ label: f.name ?? f.id, description: statusLabel(f.display), file: f })),
      { title: vscode.l10n.t('Doc Ingest: Stop Tracking'), canPickMany: true, placeHolder: vscode.l10n.t('Files to stop tracking') },
    );
    files = picked?.map((p) => p.file) ?? [];
  }
  for (const f of files) view.poller.untrack(f.id);
}
