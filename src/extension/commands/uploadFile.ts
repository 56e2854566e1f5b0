import * as vscode from 'vscode';
import { contentTypeOf } from '../../core/api/contentTypes';
import { Connection } from '../services/connection';
import { isCancellation, showError } from '../services/errors';
import { UserFilesView } from '../views/userFilesView';

/**
 * "Doc Ingest: Upload File...": uploads chosen files as user files and tracks their processing. From the
 * Explorer: the files selected there (`selected`), else the one clicked (`uri`).
 */
export async function uploadFile(connection: Connection, view: UserFilesView, uri?: vscode.Uri, selected?: vscode.Uri[]): Promise<void> {
  const given = selected?.length ? selected : uri instanceof vscode.Uri ? [uri] : undefined;
  const uris = given ?? await vscode.window.showOpenDialog({ canSelectMany: true, openLabel: vscode.l10n.t('Upload'), title: vscode.l10n.t('Doc Ingest: Upload File') });
  if (!uris?.length) return;
  try {
    // The list of the server and key the files go to, taken together with the client.
    const poller = await view.currentPoller();
    const client = await connection.client();
    poller.noteWork();
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Doc Ingest: uploading'), cancellable: true },
      async (progress, token) => {
        const abort = new AbortController();
        token.onCancellationRequested(() => abort.abort());
        for (const [i, file] of uris.entries()) {
          const name = file.path.split('/').pop() ?? 'file';
          progress.report({ message: `${name} (${i + 1}/${uris.length})`, increment: 100 / uris.length });
          const data = await vscode.workspace.fs.readFile(file);
          const record = await client.uploadFile({ name, data, contentType: contentTypeOf(name) }, { signal: abort.signal });
          poller.track(record.id, record);
        }
      },
    );
    connection.noteSuccess();
    await vscode.commands.executeCommand('docIngest.userFiles.focus');
  } catch (e) {
    connection.noteError(e);
    if (!isCancellation(e)) await showError(vscode.l10n.t('Upload failed.'), e);
  }
}
