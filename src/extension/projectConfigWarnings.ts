import * as vscode from 'vscode';
import { PROJECT_CONFIG_FILE } from '../core/config/projectConfig';
import { readProjectConfig } from './projectConfigFile';
import type { Log } from './log';

/**
 * Says once per version of a workspace folder's `.doc-ingest.json` when the file cannot be used (invalid JSON, an
 * unknown key, a key that looks like a secret): until it is fixed, the settings apply as if it were absent.
 */
export class ProjectConfigWarnings implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private readonly told = new Map<string, string>();

  constructor(private readonly log: Log) {
    const watcher = vscode.workspace.createFileSystemWatcher(`**/${PROJECT_CONFIG_FILE}`);
    this.disposables.push(
      watcher,
      watcher.onDidCreate((uri) => this.check(uri)),
      watcher.onDidChange((uri) => this.check(uri)),
      watcher.onDidDelete((uri) => this.told.delete(uri.toString())),
    );
    for (const folder of vscode.workspace.workspaceFolders ?? []) this.check(vscode.Uri.joinPath(folder.uri, PROJECT_CONFIG_FILE));
  }

  private check(uri: vscode.Uri): void {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    if (!folder || vscode.Uri.joinPath(folder.uri, PROJECT_CONFIG_FILE).toString() !== uri.toString()) return;
    const { error } = readProjectConfig(folder);
    const key = uri.toString();
    if (!error) {
      this.told.delete(key);
      return;
    }
    if (this.told.get(key) === error.message) return;
    this.told.set(key, error.message);
    this.log.warn(`${PROJECT_CONFIG_FILE}: ${error.message}`);
    void this.tell(uri, error.message, error.secret);
  }

  private async tell(uri: vscode.Uri, message: string, secret: boolean): Promise<void> {
    const open = vscode.l10n.t('Open File');
    const text = vscode.l10n.t('Doc Ingest does not use {0} until it is fixed: {1}', vscode.workspace.asRelativePath(uri), message);
    const choice = secret ? await vscode.window.showErrorMessage(text, open) : await vscode.window.showWarningMessage(text, open);
    if (choice === open) await vscode.window.showTextDocument(uri);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
