import * as vscode from 'vscode';
import type { BatchFile } from '../../core/batch/types';
import { workspaceSource } from './workspaceSource';
import { RootOnDisk } from '../../core/files/rootOnDisk';
import { diskRuleReader } from '../../core/files/diskRuleReader';
import { PublishRules } from '../../core/files/publishRules';
import { forEachConcurrently } from '../../core/pool';
import { readSettings } from '../services/settings';
import type { Settings } from '../services/settings';

/**
 * The files a batch takes: those matching `docIngest.include` and not `docIngest.exclude` (both relative to each
 * workspace folder), inside `within` when given (a folder from the Explorer), sorted by path. The same files the
 * command line takes for the same globs:
 * - `files.exclude` and `search.exclude` never apply: `findFiles` applies `files.exclude` unless its exclude
 *   argument is `null` (then no exclude setting and no ignore file applies), so it is given `null` and
 *   `docIngest.exclude` is matched here, as `isBatchFile` matches it;
 * - no symbolic link is followed, whatever `search.followSymlinks` says (`findFiles` follows them by that setting):
 *   on the local disk, a file whose real path is not the path it was found at (a linked folder or file on the
 *   way) is left out;
 * - what a publish rule withholds (`.gitignore`, `.docingestignore`, a hidden path: core/files/publishRules.ts) is
 *   left out, as the command line leaves it out;
 * - a file an include glob names by its name is marked `named`, as the command line marks it: with docs sites in
 *   the folder it is taken even when no site publishes it.
 */
export async function listBatchFiles(within?: vscode.Uri, token?: vscode.CancellationToken): Promise<BatchFile[]> {
  const folders = within ? [vscode.workspace.getWorkspaceFolder(within)].filter((f): f is vscode.WorkspaceFolder => !!f) : vscode.workspace.workspaceFolders ?? [];
  const files: BatchFile[] = [];
  for (const folder of folders) {
    const settings = readSettings(folder.uri);
    if (!settings.include.length) continue;
    const found = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, braces(settings.include)), null, undefined, token);
    const prefix = within && within.toString() !== folder.uri.toString() ? `${within.toString().replace(/\/+$/, '')}/` : undefined;
    const rules = folderPublishRules(folder, settings);
    const taken = found.filter((uri) => (!prefix || uri.toString().startsWith(prefix)) && !matchesAny(folder, settings.exclude, uri));
    for (const uri of await withoutLinks(folder, taken)) {
      const file = batchFile(uri);
      if (rules.withheld(file.relativePath)) continue;
      if (rules.namesFile(file.relativePath)) file.named = true;
      files.push(file);
    }
  }
  return files.sort((a, b) => a.relativePath.localeCompare(b.relativePath));
}

/** The files that are where their paths say (no symbolic link on the way), in order; all of them off the local disk. */
async function withoutLinks(folder: vscode.WorkspaceFolder, uris: vscode.Uri[]): Promise<vscode.Uri[]> {
  if (folder.uri.scheme !== 'file' || !uris.length) return uris;
  const root = await RootOnDisk.open(folder.uri.fsPath);
  const direct = new Set<vscode.Uri>();
  await forEachConcurrently(uris, 16, async (uri) => {
    if (await root.isDirect(uri.fsPath)) direct.add(uri);
  });
  return uris.filter((u) => direct.has(u));
}

export function batchFile(uri: vscode.Uri): BatchFile {
  const source = workspaceSource(uri);
  const relativePath = source?.relativePath ?? vscode.workspace.asRelativePath(uri, false);
  return {
    key: uri.toString(),
    relativePath,
    source: source?.key ?? relativePath,
    root: source?.root,
    absolutePath: uri.scheme === 'file' ? uri.fsPath : undefined,
  };
}

/**
 * A file a batch takes on its own (a saved file), marked `named` as `listBatchFiles` marks it when an include glob
 * of its folder spells its name.
 */
export function batchFileNamedByGlobs(uri: vscode.Uri): BatchFile {
  const file = batchFile(uri);
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (folder && folderPublishRules(folder).namesFile(file.relativePath)) file.named = true;
  return file;
}

/** Whether the file is one a batch would take (the include and exclude globs of its folder). */
export function isBatchFile(uri: vscode.Uri): boolean {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  return !!folder && batchPaths(folder)(uri);
}

/**
 * Whether a file of `folder` is one a batch would take, by the globs as they are now (read once, for many files).
 * `file`: its URI, or its path relative to the folder (`/`-separated); it need not exist.
 */
export function batchPaths(folder: vscode.WorkspaceFolder): (file: vscode.Uri | string) => boolean {
  const settings = readSettings(folder.uri);
  const rules = folderPublishRules(folder, settings);
  return (file) => {
    const uri = typeof file === 'string' ? vscode.Uri.joinPath(folder.uri, file) : file;
    if (!matchesAny(folder, settings.include, uri) || matchesAny(folder, settings.exclude, uri)) return false;
    const relativePath = typeof file === 'string' ? file : workspaceSource(uri)?.relativePath;
    return relativePath === undefined || !rules.withheld(relativePath);
  };
}

/**
 * The publish rules of a workspace folder (F15), its rule files read once per call: on the local disk through no
 * symbolic link; off it (a virtual file system) none is read, and only hidden paths are withheld.
 */
export function folderPublishRules(folder: vscode.WorkspaceFolder, settings: Settings = readSettings(folder.uri)): PublishRules {
  const read = folder.uri.scheme === 'file' ? diskRuleReader(folder.uri.fsPath) : () => undefined;
  return new PublishRules({ include: settings.include, read });
}

function matchesAny(folder: vscode.WorkspaceFolder, globs: readonly string[], uri: vscode.Uri): boolean {
  const document = { uri, languageId: '' } as unknown as vscode.TextDocument;
  return globs.some((g) => vscode.languages.match({ pattern: new vscode.RelativePattern(folder, g) }, document) > 0);
}

function braces(globs: string[]): string {
  return globs.length === 1 ? (globs[0] ?? '') : `{${globs.join(',')}}`;
}
