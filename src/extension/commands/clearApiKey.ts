import * as vscode from 'vscode';
import { Connection } from '../connection';
import { KeyStore } from '../keyStore';
import { readSettings } from '../settings';

/** "Doc Ingest: Clear API Key": forgets the key of the configured server. */
export async function clearApiKey(connection: Connection, keys: KeyStore): Promise<void> {
  const baseUrl = readSettings().baseUrl;
  if (!baseUrl) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No server is set, so there is no key to clear.'));
    return;
  }
  await keys.delete(baseUrl);
  await connection.refresh();
  void vscode.window.showInformationMessage(vscode.l10n.t('API key for {0} cleared.', baseUrl));
}
