import * as vscode from 'vscode';
import { folderLabel } from '../../core/documents/ids/workspaceIds';
import { sourceKey } from '../../core/identity/sources';

/** A file of a workspace folder, named as every part names it (docs/architecture.md#identity). */
export interface WorkspaceSource {
  folder: vscode.WorkspaceFolder;
  /** Relative to the folder, `/`-separated: what the id and links are built from. */
  relativePath: string;
  /** The folder's label and the path in a multi-root workspace, else the path: the ledger's and the badges' key. */
  key: string;
  /** The folder on disk (absolute); undefined off the local disk. What images and real paths are checked in. */
  root: string | undefined;
}

/** Undefined for a file outside every workspace folder (and for an untitled editor). */
export function workspaceSource(uri: vscode.Uri): WorkspaceSource | undefined {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder) return undefined;
  const base = folder.uri.path.replace(/\/+$/, '');
  // From the URI's own path, not asRelativePath, which drops the folder in a multi-root workspace only sometimes.
  const relativePath = uri.path.startsWith(`${base}/`) ? uri.path.slice(base.length + 1) : vscode.workspace.asRelativePath(uri, false);
  const label = folderLabel(folder, vscode.workspace.workspaceFolders ?? [folder]);
  return {
    folder,
    relativePath,
    key: sourceKey({ folder: label, path: relativePath }),
    root: folder.uri.scheme === 'file' ? folder.uri.fsPath : undefined,
  };
}
