import * as vscode from 'vscode';
import type { RepositoryTree } from '../../core/orphans/repository';

/** Enough of a file for its front matter: an `id:` further down is no front matter `id`. */
const HEAD_BYTES = 64 * 1024;

/**
 * A workspace folder as the core's `RepositoryTree`, through VS Code's file system (a remote folder included), so
 * that Find Orphans asks every file of the folder, whatever the include globs say, before it offers a document.
 */
export function folderTree(folder: vscode.Uri): RepositoryTree {
  const at = (relative: string) => (relative ? vscode.Uri.joinPath(folder, ...relative.split('/')) : folder);
  return {
    async list(relative) {
      let entries: [string, vscode.FileType][];
      try {
        entries = await vscode.workspace.fs.readDirectory(at(relative));
      } catch (e) {
        if (e instanceof vscode.FileSystemError && (e.code === 'FileNotFound' || e.code === 'FileNotADirectory')) return undefined;
        throw e;
      }
      return entries.map(([name, type]) => ({
        name,
        kind: type & vscode.FileType.Directory ? 'folder' : type & vscode.FileType.File ? 'file' : 'other',
        link: (type & vscode.FileType.SymbolicLink) !== 0,
      }));
    },
    async head(relative) {
      // VS Code's file system reads whole files: one far over any page's size is not read for an `id:`.
      const uri = at(relative);
      const stat = await vscode.workspace.fs.stat(uri).then(undefined, () => undefined);
      if (!stat || stat.size > 16 * HEAD_BYTES) return undefined;
      const bytes = await vscode.workspace.fs.readFile(uri).then(undefined, () => undefined);
      if (!bytes) return undefined;
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(0, HEAD_BYTES));
      return bytes.length <= HEAD_BYTES ? text : text.slice(0, text.lastIndexOf('\n') + 1);
    },
  };
}
