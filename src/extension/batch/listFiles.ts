import * as vscode from 'vscode';
import type { BatchFile } from '../../core/batch';
import { workspaceSource } from '../identity/workspaceSource';
import { readSettings } from '../settings';

/**
 * The files a batch takes: those matching `docIngest.include` and not `docIngest.exclude` (both relative to each
 * workspace folder), inside `within` when given (a folder from the Explorer), sorted by path.
 */
export async function listBatchFiles(within?: vscode.Uri, token?: vscode.CancellationToken): Promise<BatchFile[]> {
  const folders = within ? [vscode.workspace.getWorkspaceFolder(within)].filter((f): f is vscode.WorkspaceFolder => !!f) : vscode.workspace.workspaceFolders ?? [];
  const files: BatchFile[] = [];
  for (const folder of folders) {
    const settings = readSettings(folder.uri);
    if (!settings.include.length) continue;
    const found = await vscode.workspace.findFiles(
      new vscode.RelativePattern(folder, braces(settings.include)),
      settings.exclude.length ? new vscode.RelativePattern(folder, braces(settings.exclude)) : undefined,
      undefined,
      token,
    );
    const prefix = within && within.toString() !== folder.uri.toString() ? `${within.toString().replace(/\/+$/, '')}/` : undefined;
    for (const uri of found) {
      if (prefix && !uri.toString().startsWith(prefix)) continue;
      files.push(batchFile(uri));
    }
  }
  return files.sort((a, b) => a.relativePath.localeCompare(b.relativePath));
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

/** Whether the file is one a batch would take (the include and exclude globs of its folder). */
export function isBatchFile(uri: vscode.Uri): boolean {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder) return false;
  const settings = readSettings(folder.uri);
  const document = { uri, languageId: '' } as unknown as vscode.TextDocument;
  const matches = (globs: string[]) => globs.some((g) => vscode.languages.match({ pattern: new vscode.RelativePattern(folder, g) }, document) > 0);
  return matches(settings.include) && !matches(settings.exclude);
}

function braces(globs: string[]): string {
  return globs.length === 1 ? (globs[0] ?? '') : `{${globs.join(',')}}`;
}
