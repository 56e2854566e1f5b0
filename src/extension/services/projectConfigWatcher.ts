import * as vscode from 'vscode';
import { PROJECT_CONFIG_FILE } from '../../core/config/projectConfigName';
import { readProjectConfig } from './projectConfigFile';
import type { Log } from './log';

/**
 * Watches each workspace folder's `.doc-ingest.json`: tells what depends on settings that it changed (the file is
 * read with the settings, but VS Code's configuration events do not cover it), and says once per version of the
 * file when it cannot be used (invalid JSON, an unknown key, a key that looks like a secret): until it is fixed,
 * the settings apply as if it were absent. In an untrusted workspace the file is not read, which it says once per
 * session; when the workspace is trusted, the file is read and what depends on it is told.
 */
export class ProjectConfigWatcher implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private readonly told = new Map<string, string>();
  private toldUntrusted = false;
  private readonly changed = new vscode.EventEmitter<void>();
  /** A folder's `.doc-ingest.json` was created, changed or deleted, or became readable when trust was granted. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly log: Log) {
    const watcher = vscode.workspace.createFileSystemWatcher(`**/${PROJECT_CONFIG_FILE}`);
    this.disposables.push(
      watcher,
      this.changed,
      watcher.onDidCreate((uri) => this.check(uri, true)),
      watcher.onDidChange((uri) => this.check(uri, true)),
      watcher.onDidDelete((uri) => {
        this.told.delete(uri.toString());
        if (this.isFolderConfig(uri)) this.changed.fire();
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => {
        this.changed.fire();
        this.checkFolders();
      }),
    );
    // Right after activation, not during it: reading the file means its parser (zod) (issue 37).
    queueMicrotask(() => this.checkFolders());
  }

  private checkFolders(): void {
    for (const folder of vscode.workspace.workspaceFolders ?? []) this.check(vscode.Uri.joinPath(folder.uri, PROJECT_CONFIG_FILE), false);
  }

  private isFolderConfig(uri: vscode.Uri): vscode.WorkspaceFolder | undefined {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    return folder && vscode.Uri.joinPath(folder.uri, PROJECT_CONFIG_FILE).toString() === uri.toString() ? folder : undefined;
  }

  private check(uri: vscode.Uri, changed: boolean): void {
    const folder = this.isFolderConfig(uri);
    if (!folder) return;
    if (changed) this.changed.fire();
    const { error, untrusted } = readProjectConfig(folder);
    if (untrusted) {
      this.tellUntrusted(uri);
      return;
    }
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

  /** Once per session, whichever folder's file it is: the file chooses where the key goes, so it waits for trust. */
  private tellUntrusted(uri: vscode.Uri): void {
    if (this.toldUntrusted) return;
    this.toldUntrusted = true;
    this.log.info(`${vscode.workspace.asRelativePath(uri)} is ignored: the workspace is not trusted, so your settings apply as if the file were absent until you trust it.`);
    void this.askForTrust(uri);
  }

  private async askForTrust(uri: vscode.Uri): Promise<void> {
    const manage = vscode.l10n.t('Manage Workspace Trust');
    const choice = await vscode.window.showInformationMessage(
      vscode.l10n.t('Doc Ingest ignores {0} until you trust this workspace: your settings apply as if the file were absent.', vscode.workspace.asRelativePath(uri)),
      manage,
    );
    if (choice === manage) await vscode.commands.executeCommand('workbench.trust.manage');
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
