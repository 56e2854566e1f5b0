import * as vscode from 'vscode';
import { SiteResolver } from '../../core/site/detect';
import { diskSiteFiles, siteFilesOf } from '../../core/site/diskFiles';
import type { SiteFiles } from '../../core/site/types';
import { readSettings } from '../services/settings';
import { linkTargetsUnder } from './linkTargets';

/**
 * The docs site of a document (F15): its config is looked for anywhere in its workspace folder (outside every
 * folder, the document's own folder), the site whose docs folders hold the document winning, else the config in
 * its folder or above (`SiteResolver`), and read as data, never run. The files are read as
 * link targets are: on the local disk by real path, nothing outside the folder and nothing through a symbolic
 * link. An untitled editor has no site.
 */
export function editorSiteResolver(document: vscode.Uri): SiteResolver | undefined {
  const root = siteRoot(document);
  return root ? new SiteResolver(siteFilesUnder(root)) : undefined;
}

/** The folder a document's site is looked for in (and its paths are relative to); undefined for untitled editors. */
export function siteRoot(document: vscode.Uri): vscode.Uri | undefined {
  if (document.scheme === 'untitled') return undefined;
  return vscode.workspace.getWorkspaceFolder(document)?.uri ?? vscode.Uri.joinPath(document, '..');
}

/**
 * The files of a site under `root`, read and listed as link targets are: on the local disk by the core's reader
 * (real paths, no symbolic link); on another file system through `vscode.workspace.fs`, links left out of a listing.
 */
export function siteFilesUnder(root: vscode.Uri): SiteFiles {
  const maxBytes = readSettings(root).maxFileBytes;
  if (root.scheme === 'file') return diskSiteFiles(root.fsPath, maxBytes);
  return siteFilesOf(linkTargetsUnder(root, () => true, maxBytes), async (folder) => {
    const entries = await vscode.workspace.fs.readDirectory(folder === '' ? root : vscode.Uri.joinPath(root, folder));
    return entries
      .filter(([, type]) => !(type & vscode.FileType.SymbolicLink) && (type & (vscode.FileType.File | vscode.FileType.Directory)))
      .map(([name, type]) => ({ name, folder: (type & vscode.FileType.Directory) !== 0 }));
  });
}
