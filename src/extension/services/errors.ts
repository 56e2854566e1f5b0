import * as vscode from 'vscode';
import { AuthError, isServiceError, ServiceError } from '../../core/api/errors';
import { NotConfiguredError } from './connection';
import { SECTION } from './settings';

export function describeError(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Shows a failure of something the user asked for, with the button that leads to the fix.
 * (Background work never calls this: its failures go to tree nodes and the status bar.)
 */
export async function showError(prefix: string, e: unknown, extra: [string, () => Thenable<unknown>][] = []): Promise<void> {
  const actions: [string, () => Thenable<unknown>][] = [...extra];
  if (e instanceof AuthError || (e instanceof NotConfiguredError && e.state === 'needsKey')) {
    actions.push([vscode.l10n.t('Set API Key'), () => vscode.commands.executeCommand('docIngest.setApiKey')]);
  } else if (e instanceof NotConfiguredError) {
    actions.push([vscode.l10n.t('Set Server URL'), () => vscode.commands.executeCommand('docIngest.setServerUrl')]);
  } else {
    const setting = settingNamed(e);
    if (setting === 'baseUrl') {
      actions.push([vscode.l10n.t('Set Server URL'), () => vscode.commands.executeCommand('docIngest.setServerUrl')]);
    } else if (setting) {
      actions.push([vscode.l10n.t('Open Settings'), () => vscode.commands.executeCommand('workbench.action.openSettings', `@id:${SECTION}.${setting}`)]);
    }
  }
  if (isServiceError(e)) actions.push([vscode.l10n.t('Show Log'), () => vscode.commands.executeCommand('docIngest.showLog')]);
  const choice = await vscode.window.showErrorMessage(`${prefix} ${describeError(e)}`.trim(), ...actions.map(([label]) => label));
  await actions.find(([label]) => label === choice)?.[1]();
}

/**
 * The setting an error tells the user to check: the one it carries, else the first `docIngest.*` its text names
 * (errors made outside the client say it in words only).
 */
export function settingNamed(e: unknown): string | undefined {
  if (isServiceError(e) && e.setting) return e.setting;
  const text = isServiceError(e) ? e.action : e instanceof Error ? e.message : '';
  return new RegExp(`\\b${SECTION}\\.([A-Za-z]\\w*(?:\\.[A-Za-z]\\w*)*)`).exec(text)?.[1];
}

export function isCancellation(e: unknown): boolean {
  return (e instanceof ServiceError && e.kind === 'cancelled') || e instanceof vscode.CancellationError;
}
