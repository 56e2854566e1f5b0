import * as vscode from 'vscode';
import type { ConnectorFilesNode } from '../views/connectorFilesView';
import type { TrackedFile } from '../../core/polling/trackedFiles';

/**
 * "Copy File ID" on a connector file. User Files rows offer "Copy User File ID" and "Copy File ID for Image
 * Sections" instead (two ids); given a user file, this still copies its file-store id, for callers of old.
 */
export async function copyFileId(node: ConnectorFilesNode | TrackedFile | undefined): Promise<void> {
  const id = !node ? undefined : 'kind' in node ? (node.kind === 'file' ? node.file.file_id : undefined) : (node.record?.file_id ?? node.id);
  if (!id) return;
  await vscode.env.clipboard.writeText(id);
  vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', id), 3000);
}
