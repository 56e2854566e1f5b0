import * as vscode from 'vscode';
import { SiteResolver } from '../../core/site/detect';
import { siteFilesOf } from '../../core/site/diskFiles';
import type { SiteFiles } from '../../core/site/types';
import { readSettings } from '../settings';
import { linkTargetsUnder } from './linkTargets';

/**
 * The docs site of a document (F15): its config is looked for from the document's folder up to its workspace
 * folder (outside every folder, the document's own folder), and read as data, never run. The files are read as
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

export function siteFilesUnder(root: vscode.Uri): SiteFiles {
  return siteFilesOf(linkTargetsUnder(root, () => true, readSettings(root).maxFileBytes));
}
