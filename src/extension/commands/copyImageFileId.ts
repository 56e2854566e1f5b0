import * as vscode from 'vscode';
import type { TrackedFile } from '../../core/polling/trackedFiles';

/**
 * "Copy File ID for Image Sections" on a User Files row: the file-store id (`file_id`) an image section's
 * `image_file_id` takes. It is another id than the user file id, and only the server's record gives it.
 */
export async function copyImageFileId(file: TrackedFile | undefined): Promise<void> {
  if (!file) return;
  const id = file.record?.file_id;
  if (!id) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('The server has not given the file id for image sections of "{0}" yet. Refresh the list, then copy again.', file.name ?? file.id),
    );
    return;
  }
  await vscode.env.clipboard.writeText(id);
  vscode.window.setStatusBarMessage(vscode.l10n.t('Copied file id for image sections {0}', id), 3000);
}
