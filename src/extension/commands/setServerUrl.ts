import * as vscode from 'vscode';
import { normalizeBaseUrl } from '../../core/config/baseUrl';
import { readSettings, SECTION } from '../settings';

/** "Doc Ingest: Set Server URL": writes docIngest.baseUrl to the user's settings (application scope). */
export async function setServerUrl(): Promise<string | undefined> {
  const value = await vscode.window.showInputBox({
    title: vscode.l10n.t('Doc Ingest: Server URL'),
    prompt: vscode.l10n.t('The address of the service\'s API, including /api, for example https://search.example.com/api'),
    placeHolder: 'https://search.example.com/api',
    value: readSettings().baseUrl ?? '',
    ignoreFocusOut: true,
    validateInput: (text) =>
      normalizeBaseUrl(text) ? undefined : vscode.l10n.t('Enter an http:// or https:// address, for example https://search.example.com/api'),
  });
  const url = normalizeBaseUrl(value);
  if (!url) return undefined;
  await vscode.workspace.getConfiguration(SECTION).update('baseUrl', url, vscode.ConfigurationTarget.Global);
  return url;
}
