import * as vscode from 'vscode';
import { apiKeyFlaw } from '../../core/api/apiKey';
import type { ApiKeyFlaw } from '../../core/api/apiKey';
import { AuthError, isServiceError, PermissionError } from '../../core/api/errors';
import { Connection } from '../services/connection';
import { readSettings } from '../services/settings';
import { setServerUrl } from './setServerUrl';

/**
 * "Doc Ingest: Set API Key": a password box, never prefilled; the key is checked against the server with one
 * cheap call before it is stored, and the box stays open with the reason when the check fails.
 */
export async function setApiKey(connection: Connection): Promise<boolean> {
  const baseUrl = readSettings().baseUrl ?? (await setServerUrl(connection));
  if (!baseUrl) return false;
  if (!(await connection.confirmInsecureUse(baseUrl))) return false;

  const box = vscode.window.createInputBox();
  box.title = vscode.l10n.t('Doc Ingest: API Key');
  box.prompt = vscode.l10n.t('API key for {0}. It is checked with the server, then kept in VS Code\'s secret storage only.', baseUrl);
  box.placeholder = vscode.l10n.t('Paste the API key');
  box.password = true;
  box.ignoreFocusOut = true;

  const stored = await new Promise<boolean>((resolve) => {
    let done = false;
    const finish = (ok: boolean) => {
      if (done) return;
      done = true;
      resolve(ok);
      box.dispose();
    };
    box.onDidChangeValue(() => (box.validationMessage = undefined));
    box.onDidHide(() => finish(false));
    box.onDidAccept(async () => {
      const key = box.value.trim();
      if (!key) {
        box.validationMessage = vscode.l10n.t('Enter the API key.');
        return;
      }
      const flaw = apiKeyFlaw(key);
      if (flaw) {
        box.validationMessage = describeFlaw(flaw);
        return;
      }
      box.busy = true;
      box.enabled = false;
      try {
        await (await connection.createClient(baseUrl, key)).checkKey();
        if (done) return; // Escape during the check: the user backed out, so nothing is stored
        await connection.adoptKey(baseUrl, key); // checked just now: no second check
        finish(true);
      } catch (e) {
        box.validationMessage = describeKeyFailure(e);
      } finally {
        box.busy = false;
        box.enabled = true;
      }
    });
    box.show();
  });

  if (stored) void vscode.window.showInformationMessage(vscode.l10n.t('API key stored for {0}.', baseUrl));
  return stored;
}

function describeKeyFailure(e: unknown): string {
  if (e instanceof AuthError) return vscode.l10n.t('The server did not accept this key. Check that it is complete and not revoked or expired.');
  if (e instanceof PermissionError) return vscode.l10n.t('The key is valid but has no permissions on this server: {0}', e.action);
  if (isServiceError(e)) return vscode.l10n.t('The key could not be checked: {0}', e.message);
  return vscode.l10n.t('The key could not be checked: {0}', e instanceof Error ? e.message : String(e));
}

/** Never the key or a part of it: what is wrong with it, and that a paste brought it along. */
function describeFlaw(flaw: ApiKeyFlaw): string {
  switch (flaw) {
    case 'line break':
      return vscode.l10n.t('The key has a line break in it, which no API key has. Paste the key alone.');
    case 'control character':
      return vscode.l10n.t('The key has a control character in it, which no API key has. Paste the key alone.');
    case 'character outside ASCII':
      return vscode.l10n.t('The key has a character outside ASCII in it (such as a typographic quote or an invisible space), which no API key has. Paste the key alone.');
  }
}
