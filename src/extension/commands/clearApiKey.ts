import * as vscode from 'vscode';
import { Connection } from '../services/connection';
import { readSettings } from '../services/settings';

/** "Doc Ingest: Clear API Key": forgets the key of the configured server (and the routes learned from it). */
export async function clearApiKey(connection: Connection): Promise<void> {
  const baseUrl = readSettings().baseUrl;
  if (!baseUrl) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No server is set, so there is no key to clear.'));
    return;
  }
  await connection.forgetServer(baseUrl);
  void vscode.window.showInformationMessage(vscode.l10n.t('API key for {0} cleared.', baseUrl));
}
