import * as vscode from 'vscode';
import { isMarkdownPath } from '../../core/documents/text/text';
import { diskLinkTargets, LinkTargetRefusedError, LinkTargetTooLargeError } from '../../core/files/linkTargetSource';
import type { LinkTargetSource } from '../../core/files/linkTargetSource';
import { batchPaths } from '../identity/listFiles';
import { readSettings } from '../services/settings';

/**
 * Where the relative links of a document are judged and read (F14): in a workspace folder, its files, the docs
 * being those its include globs take (`docIngest.include`, `docIngest.exclude`), as the command line's are those of
 * its include listing; outside every folder, the document's own folder, where Markdown files count as docs. An
 * untitled editor has no folder: undefined (its links to other files stay as written).
 *
 * On the local disk, the core's reader, which judges real paths (nothing outside the folder, nothing through a
 * symbolic link); on another file system only the path as written is checked (it cannot leave the folder: the
 * link was resolved inside it). Either way, a file over the folder's `docIngest.maxFileSizeMB` is measured, not read.
 */
export function editorLinkTargets(document: vscode.Uri): LinkTargetSource | undefined {
  if (document.scheme === 'untitled') return undefined;
  const folder = vscode.workspace.getWorkspaceFolder(document);
  const root = folder ? folder.uri : vscode.Uri.joinPath(document, '..');
  const included = folder ? batchPaths(folder) : isMarkdownPath;
  return linkTargetsUnder(root, included, readSettings(document).maxFileBytes);
}

/** Link targets under `root` (a workspace folder), docs being what `included` says, none larger than `maxBytes` read. */
export function linkTargetsUnder(root: vscode.Uri, included: (relativePath: string) => boolean, maxBytes: number): LinkTargetSource {
  if (root.scheme === 'file') return diskLinkTargets(root.fsPath, included, maxBytes);
  return {
    included,
    async read(target) {
      const uri = vscode.Uri.joinPath(root, target);
      const info = await vscode.workspace.fs.stat(uri);
      if (info.type & vscode.FileType.SymbolicLink) throw new LinkTargetRefusedError(vscode.l10n.t('{0} is a symbolic link', target));
      if (!(info.type & vscode.FileType.File)) throw new LinkTargetRefusedError(vscode.l10n.t('{0} is not a file', target));
      if (info.size > maxBytes) throw new LinkTargetTooLargeError(info.size, maxBytes);
      return vscode.workspace.fs.readFile(uri);
    },
  };
}
