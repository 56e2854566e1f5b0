import * as vscode from 'vscode';
import { UserFileIdSchema } from '../../core/api/schemas';
import { canonicalUserFileId } from '../../core/polling/userFileId';
import { UserFilesView } from '../views/userFilesView';

/**
 * "Doc Ingest: Track File ID...": follows the status of a user file uploaded elsewhere. Takes the user file id
 * ("Copy User File ID"); the file id for image sections of a row already tracked is recognised and that row's
 * user file id tracked instead, since the server knows a file's status only by its user file id.
 */
export async function trackFileId(view: UserFilesView): Promise<void> {
  const text = await vscode.window.showInputBox({
    title: vscode.l10n.t('Doc Ingest: Track File ID'),
    prompt: vscode.l10n.t('The user file id (a UUID), as "Copy User File ID" gives it'),
    placeHolder: '0f8e5b4c-1d2a-4b3c-9e8f-7a6b5c4d3e2f',
    ignoreFocusOut: true,
    validateInput: (v) => (UserFileIdSchema.safeParse(v.trim()).success ? undefined : vscode.l10n.t('Enter a UUID, such as 0f8e5b4c-1d2a-4b3c-9e8f-7a6b5c4d3e2f.')),
  });
  if (!text) return;
  const poller = await view.currentPoller();
  const given = canonicalUserFileId(text);
  const owner = poller.snapshot().find((f) => f.id !== given && f.record?.file_id && canonicalUserFileId(f.record.file_id) === given);
  if (owner) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('{0} is the file id for image sections of "{1}". Its status is followed by its user file id, {2}, which is tracked.', text.trim(), owner.name ?? owner.id, owner.id),
    );
  }
  poller.track(owner?.id ?? given);
  void poller.refresh();
}
