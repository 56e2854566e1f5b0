import * as vscode from 'vscode';
import { CredentialSnapshot } from '../../core/api/schemas';
import { ownerInAnswer, unappliedCredentialFields } from '../../core/api/credentialChanges';
import { Connection } from '../services/connection';
import { CredentialFileSystem, CredentialSaved } from '../credentials/credentialFileSystem';
import { CredentialResults } from '../credentials/credentialResults';

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
  await files.open(id, body, { userId: snapshot ? snapshot.user_id : undefined, email: snapshot?.user_email ?? undefined });
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

/**
 * Says what a save did, read from the server's answer: the fields it did not apply (the real server applies only
 * credential_json) and a new owner (the real server makes the caller the owner).
 */
export async function showCredentialSaved(saved: CredentialSaved, results: CredentialResults): Promise<void> {
  const { id, result } = saved;
  const parts = [vscode.l10n.t('Credential {0} updated.', id)];
  const ownerAfter = ownerInAnswer(result);
  const tookOver = saved.me ? ownerAfter === saved.me.id && saved.ownerBefore !== saved.me.id : saved.ownerBefore !== undefined && ownerAfter !== undefined && ownerAfter !== saved.ownerBefore;
  if (tookOver) parts.push(vscode.l10n.t('It is now yours.'));
  const unapplied = unappliedCredentialFields(saved.sent, result);
  if (unapplied.length) {
    parts.push(vscode.l10n.t('The server did not apply {0} and kept its own values (it changes only credential_json).', unapplied.join(', ')));
  }
  const show = vscode.l10n.t('Show Result');
  const message = parts.join(' ');
  const choice = unapplied.length
    ? await vscode.window.showWarningMessage(message, show)
    : await vscode.window.showInformationMessage(message, show);
  if (choice === show) await results.show(id, result);
}
