import * as vscode from 'vscode';
import { ApiLookup } from '../../core/api/probe';
import { hasCredentials, normalizeBaseUrl } from '../../core/api/baseUrl';
import { Connection } from '../services/connection';
import { readSettings, SECTION } from '../services/settings';

/**
 * "Doc Ingest: Set Server URL": asks for the API address and checks it with one request without the key before
 * writing docIngest.baseUrl to the user's settings (application scope). An address that is not the API (no /api,
 * a pasted route) gets the API address near it put into the box, so that Enter takes it; an address that cannot
 * be checked now (offline, VPN down) or that is not the API is saved on a second Enter.
 */
export async function setServerUrl(connection: Connection): Promise<string | undefined> {
  const box = vscode.window.createInputBox();
  box.title = vscode.l10n.t('Doc Ingest: Server URL');
  box.prompt = vscode.l10n.t('The address of the service\'s API, including /api, for example https://search.example.com/api');
  box.placeholder = 'https://search.example.com/api';
  box.value = readSettings().baseUrl ?? '';
  box.ignoreFocusOut = true;
  const notAnAddress = vscode.l10n.t('Enter an http:// or https:// address, for example https://search.example.com/api');
  // Never repeats the address: it holds a password.
  const withCredentials = vscode.l10n.t('The address has a user name or password in it: remove it. The API key is set with "Doc Ingest: Set API Key" and kept in VS Code\'s secret storage.');
  const problem = (text: string) => (hasCredentials(text) ? withCredentials : notAnAddress);

  const url = await new Promise<string | undefined>((resolve) => {
    let done = false;
    /** An address already looked at: Enter on it saves it without another check. */
    let judged: string | undefined;
    const finish = (value: string | undefined) => {
      if (done) return;
      done = true;
      resolve(value);
      box.dispose();
    };
    box.onDidChangeValue((text) => {
      if (judged !== undefined && normalizeBaseUrl(text) === judged) return; // the suggestion put into the box
      judged = undefined;
      box.validationMessage = !text.trim() || normalizeBaseUrl(text) ? undefined : problem(text);
    });
    box.onDidHide(() => finish(undefined));
    box.onDidAccept(async () => {
      const typed = normalizeBaseUrl(box.value);
      if (!typed) {
        box.validationMessage = problem(box.value);
        return;
      }
      if (typed === judged) return finish(typed);
      box.busy = true;
      box.enabled = false;
      try {
        const found = await connection.lookUpApi(typed);
        if (done) return; // Escape during the check
        if (found.verdict.kind === 'api') return finish(typed);
        judged = found.suggestion ?? typed;
        if (found.suggestion) box.value = found.suggestion;
        box.validationMessage = { message: describe(typed, found), severity: vscode.InputBoxValidationSeverity.Warning };
      } catch (e) {
        judged = typed;
        const reason = e instanceof Error ? e.message : String(e);
        box.validationMessage = { message: vscode.l10n.t('{0} could not be checked: {1} Press Enter again to save it anyway.', typed, reason), severity: vscode.InputBoxValidationSeverity.Warning };
      } finally {
        box.busy = false;
        box.enabled = true;
      }
    });
    box.show();
  });

  if (!url) return undefined;
  await vscode.workspace.getConfiguration(SECTION).update('baseUrl', url, vscode.ConfigurationTarget.Global);
  return url;
}

function describe(typed: string, found: ApiLookup): string {
  if (found.suggestion) {
    return vscode.l10n.t('{0} is not the service\'s API (it answers with a web page or an unknown route). {1} is: press Enter to use it.', typed, found.suggestion);
  }
  if (found.verdict.kind === 'unreachable') {
    return vscode.l10n.t('{0} could not be checked: {1} Press Enter again to save it anyway.', typed, found.verdict.error.summary);
  }
  return vscode.l10n.t('{0} is not the service\'s API (it answers with a web page or an unknown route). Correct it, or press Enter again to save it anyway.', typed);
}
