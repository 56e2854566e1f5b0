import * as vscode from 'vscode';
import { folderLabel } from '../../core/documents/ids/workspaceIds';

/**
 * The file a source key names (the reverse of `workspaceSource`): the path under the only folder, or, in a
 * multi-root workspace, under the folder whose label leads the key. Undefined when no open folder has that label
 * (a folder no longer in the workspace) or the path would leave its folder.
 */
export function sourceUri(key: string): vscode.Uri | undefined {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length <= 1) return folders[0] && under(folders[0], key);
  const slash = key.indexOf('/');
  if (slash < 0) return undefined;
  const label = key.slice(0, slash);
  const folder = folders.find((f) => folderLabel(f, folders) === label);
  return folder && under(folder, key.slice(slash + 1));
}

function under(folder: vscode.WorkspaceFolder, path: string): vscode.Uri | undefined {
  const segments = path.split('/');
  if (!path || segments.some((s) => s === '' || s === '.' || s === '..')) return undefined;
  return vscode.Uri.joinPath(folder.uri, ...segments);
}
