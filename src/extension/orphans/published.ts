import { existsSync } from 'node:fs';
import * as nodeFs from 'node:fs/promises';
import * as vscode from 'vscode';
import { folderLabel } from '../../core/documents/ids/workspaceIds';
import { sourceKey } from '../../core/identity/sources';
import { jsonFileLedgerStorage } from '../../core/ledger/fileStorage';
import { Ledger } from '../../core/ledger/ledger';
import type { LedgerFileSystem } from '../../core/ledger/fileStorage';
import type { Published } from '../../core/orphans/find';
import type { Log } from '../services/log';

/** Where the command line keeps its ledger by default, under the root it ran in. */
const CLI_LEDGER = ['.doc-ingest', 'ledger.json'];

export interface WorkspacePublished {
  published: Published[];
  /** A sentence when a command-line ledger was there but not read (untrusted workspace, unreadable file). */
  notes: string[];
}

/**
 * What this workspace published into `scope`, by its ledgers: the editor's, and the command line's
 * `.doc-ingest/ledger.json` at the root of each workspace folder on disk, whose source keys are relative to that
 * folder and get its label as every source key does. The command line's ledger is only read, never written: it is
 * that tool's record (merged under its own lock, often restored from a CI cache), and the editor changing a file
 * of the repository would surprise. In an untrusted workspace it is not read at all: a file someone merely opened
 * must not name the documents the writer is offered to delete, as `.doc-ingest.json` may not choose the pair.
 */
export async function readPublished(editorLedger: Ledger, scope: string, log: Log): Promise<WorkspacePublished> {
  const published: Published[] = editorLedger.entries(scope).map(({ documentId, sourcePath }) => ({ documentId, sourcePath }));
  const notes: string[] = [];
  const folders = vscode.workspace.workspaceFolders ?? [];
  for (const folder of folders.filter((f) => f.uri.scheme === 'file')) {
    const file = vscode.Uri.joinPath(folder.uri, ...CLI_LEDGER).fsPath;
    if (!existsSync(file)) continue;
    if (!vscode.workspace.isTrusted) {
      notes.push(vscode.l10n.t('The command line\'s ledger {0} is not read in an untrusted workspace.', vscode.workspace.asRelativePath(file)));
      continue;
    }
    const ledger = await Ledger.open(jsonFileLedgerStorage(file, READ_ONLY));
    if (ledger.problem) {
      log.warn(`orphans: ${file}: ${ledger.problem}`);
      notes.push(vscode.l10n.t('The command line\'s ledger {0} could not be read; see the log.', vscode.workspace.asRelativePath(file)));
    }
    const label = folderLabel(folder, folders);
    for (const { documentId, sourcePath } of ledger.entries(scope)) {
      // The command line built these ids with its own configuration (CI's id prefix, its environment; and without
      // the folder's label, knowing no workspace): that the editor builds another id for the file is no evidence of
      // a rename, or every document CI published would be offered for deletion. Only a file that is gone counts.
      published.push({ documentId, sourcePath: sourceKey({ folder: label, path: sourcePath }), onlyGoneCounts: true });
    }
  }
  return { published, notes };
}

/**
 * The file storage's reads, and no write: a ledger it cannot read whole is set aside and rewritten by the storage,
 * which here fails, so that it reads as empty (Ledger.open says why) and the file stays as it is.
 */
const refuse = (): Promise<never> => Promise.reject(new Error('Find Orphans only reads the command line\'s ledger'));
const READ_ONLY: LedgerFileSystem = {
  readFile: (file, encoding) => nodeFs.readFile(file, encoding),
  writeFile: refuse,
  rename: refuse,
  copyFile: refuse,
  rm: refuse,
  mkdir: refuse,
};
