import { statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { FileStat } from '../../core/ledger';

/**
 * A file's stat as the ledger's stamps need it (`core/ledger/stat.ts`): for a file on the local disk from Node,
 * with the change time and the inode (VS Code's own stat has neither: its `ctime` is the creation time); for any
 * other file system from VS Code, with size and modification time only, so that no stamp is recorded for it.
 */
export async function fileStat(uri: vscode.Uri): Promise<FileStat & { directory: boolean }> {
  if (uri.scheme === 'file') {
    const s = await stat(uri.fsPath);
    return { size: s.size, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs, ino: s.ino, directory: s.isDirectory() };
  }
  const s = await vscode.workspace.fs.stat(uri);
  return { size: s.size, mtimeMs: s.mtime, directory: (s.type & vscode.FileType.Directory) !== 0 };
}

/**
 * `fileStat` of a file on the local disk at once (`statSync`: a few microseconds, where the promise costs more than
 * the stat), for many files taken in slices (`core/slices.ts`); undefined for any other file system, or when the
 * stat fails (then `fileStat` is asked, and fails as it always did).
 */
export function localFileStat(uri: vscode.Uri): (FileStat & { directory: boolean }) | undefined {
  if (uri.scheme !== 'file') return undefined;
  try {
    const s = statSync(uri.fsPath, { throwIfNoEntry: false });
    return s && { size: s.size, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs, ino: s.ino, directory: s.isDirectory() };
  } catch {
    return undefined;
  }
}
