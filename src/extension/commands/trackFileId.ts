import * as vscode from 'vscode';
import { UserFileIdSchema } from '../../core/api';
import { UserFilesView } from '../views/userFilesView';

/** "Doc Ingest: Track File ID...": follows the status of a user file uploaded elsewhere. */
export async function trackFileId(view: UserFilesView): Promise<void> {
  const text = await vscode.window.showInputBox({
    title: vscode.l10n.t('Doc Ingest: Track File ID'),
    prompt: vscode.l10n.t('The id of a user file (a UUID), as the service shows it'),
    placeHolder: '0f8e5b4c-1d2a-4b3c-9e8f-7a6b5c4d3e2f',
    ignoreFocusOut: true,
    validateInput: (v) => (UserFileIdSchema.safeParse(v.trim()).success ? undefined : vscode.l10n.t('Enter a UUID, such as 0f8e5b4c-1d2a-4b3c-9e8f-7a6b5c4d3e2f.')),
  });
  if (!text) return;
  view.poller.track(text.trim());
  void view.poller.refresh();
}
