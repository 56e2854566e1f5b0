import * as vscode from 'vscode';
import { CredentialSnapshot, CredentialUpdateResponse } from '../../core/api';
import { Connection } from '../connection';
import { CredentialFileSystem } from '../credentialFileSystem';

/**
 * "Doc Ingest: Update Credential...": choose a credential (from the server's list when it offers one, else by
 * id), edit its update body as JSON, and save to PATCH it.
 */
export async function updateCredential(connection: Connection, files: CredentialFileSystem): Promise<void> {
  const client = await connection.client();
  let snapshots: CredentialSnapshot[] | undefined;
  try {
    snapshots = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Doc Ingest: loading credentials') },
      () => client.listCredentials(),
    );
  } catch (e) {
    connection.noteError(e);
    snapshots = undefined; // a server without the listing still takes an id
  }
  const chosen = await chooseCredential(snapshots);
  if (chosen === undefined) return;
  const snapshot = typeof chosen === 'number' ? undefined : chosen;
  const id = typeof chosen === 'number' ? chosen : chosen.id;
  const body = {
    credential_json: snapshot?.credential_json ?? {},
    admin_public: snapshot?.admin_public ?? false,
    source: snapshot?.source && snapshot.source !== 'unknown' ? snapshot.source : 'file',
    name: snapshot?.name ?? undefined,
    curator_public: snapshot?.curator_public ?? undefined,
    groups: snapshot?.groups ?? undefined,
  };
  await files.open(id, body);
  void vscode.window.showInformationMessage(
    vscode.l10n.t('Edit the credential, then save (Ctrl+S) to send it. Values shown masked by the server must be replaced with the real secret or removed.'),
  );
}

async function chooseCredential(snapshots: CredentialSnapshot[] | undefined): Promise<CredentialSnapshot | number | undefined> {
  if (snapshots?.length) {
    type Item = vscode.QuickPickItem & { snapshot?: CredentialSnapshot };
    const items: Item[] = snapshots.map((s) => ({
      label: s.name || vscode.l10n.t('Credential {0}', s.id),
      description: `#${s.id} · ${s.source}`,
      detail: s.user_email ? vscode.l10n.t('owner {0}', s.user_email) : undefined,
      snapshot: s,
    }));
    items.push({ label: vscode.l10n.t('Enter a credential id...'), alwaysShow: true });
    const picked = await vscode.window.showQuickPick(items, {
      title: vscode.l10n.t('Doc Ingest: Update Credential'),
      placeHolder: vscode.l10n.t('Choose the credential to update'),
      matchOnDescription: true,
    });
    if (!picked) return undefined;
    if (picked.snapshot) return picked.snapshot;
  }
  const text = await vscode.window.showInputBox({
    title: vscode.l10n.t('Doc Ingest: Update Credential'),
    prompt: vscode.l10n.t('The numeric id of the credential to update'),
    validateInput: (v) => (/^\d+$/.test(v.trim()) ? undefined : vscode.l10n.t('Enter a whole number, such as 12.')),
  });
  return text === undefined ? undefined : Number(text.trim());
}

/** Shows what the server stored after a save. */
export async function showCredentialSaved(id: number, result: CredentialUpdateResponse): Promise<void> {
  const show = vscode.l10n.t('Show Result');
  const choice = await vscode.window.showInformationMessage(vscode.l10n.t('Credential {0} updated.', id), show);
  if (choice === show) {
    const doc = await vscode.workspace.openTextDocument({ language: 'json', content: JSON.stringify(result, null, 2) });
    await vscode.window.showTextDocument(doc, { preview: true, viewColumn: vscode.ViewColumn.Beside });
  }
}
