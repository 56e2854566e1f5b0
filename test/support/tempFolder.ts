/** Temporary folders for the suites that work on disk: made under the system's temp folder, removed whole after. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A new empty folder in the system's temp folder, its name `prefix` and a random tail. */
export function makeTempFolder(prefix: string): Promise<string> {
  return mkdtemp(path.join(tmpdir(), prefix));
}

export function makeTempFolderSync(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/** Removes the folder and all it holds; nothing to do when it is gone already. */
export function removeFolder(folder: string): Promise<void> {
  return rm(folder, { recursive: true, force: true });
}

export function removeFolderSync(folder: string): void {
  rmSync(folder, { recursive: true, force: true });
}

/** Writes a file at `relativePath` below `root`, making the folders on its way. */
export async function writeIn(root: string, relativePath: string, content: string | Uint8Array): Promise<void> {
  const at = path.join(root, relativePath);
  await mkdir(path.dirname(at), { recursive: true });
  await writeFile(at, content);
}

export function writeInSync(root: string, relativePath: string, content: string | Uint8Array): void {
  const at = path.join(root, relativePath);
  mkdirSync(path.dirname(at), { recursive: true });
  writeFileSync(at, content);
}
