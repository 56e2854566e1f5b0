import * as vscode from 'vscode';
import { AuthError, PermissionError } from '../../core/api';
import { DisplayStatus, StatusPoller, TrackedFile } from '../../core/polling';
import { Connection, NotConfiguredError } from '../connection';
import { describeError } from '../errors';
import { readSettings } from '../settings';
import { relativeTime } from './format';

const STATE_KEY = 'docIngest.userFiles';

/**
 * `docIngest.userFiles`: files uploaded from here and ids the user tracks, with their processing status.
 * The StatusPoller decides when to ask (one request per poll for every id); this class only shows its answers
 * and persists the tracked list (ids, names, statuses; never the key) in workspace state.
 */
export class UserFilesView implements vscode.TreeDataProvider<TrackedFile>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TrackedFile | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<TrackedFile>;
  readonly poller: StatusPoller;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly connection: Connection,
    private readonly state: vscode.Memento,
  ) {
    this.poller = new StatusPoller(
      {
        fetchStatuses: async (ids, signal) => {
          const client = await this.connection.client();
          const records = await client.getUserFileStatuses(ids, { signal });
          this.connection.noteSuccess();
          return records;
        },
        timer: { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) },
        now: () => Date.now(),
      },
      {
        fastIntervalMs: readSettings().pollIntervalMs,
        isFatal: (e) => {
          this.connection.noteError(e);
          return e instanceof AuthError || e instanceof PermissionError || e instanceof NotConfiguredError;
        },
      },
    );
    this.poller.restore(state.get(STATE_KEY));
    this.view = vscode.window.createTreeView('docIngest.userFiles', { treeDataProvider: this });
    const onChange = this.poller.onDidChange(() => {
      void this.state.update(STATE_KEY, this.poller.serialize());
      this.updateMessage();
      this.changed.fire(undefined);
    });
    const onFail = this.poller.onDidFail((record) => void this.notifyFailed(record.name ?? record.id));
    this.disposables.push(
      this.view,
      this.changed,
      { dispose: () => onChange.dispose() },
      { dispose: () => onFail.dispose() },
      this.view.onDidChangeVisibility((e) => this.poller.setVisible(e.visible)),
      connection.onDidChangeState((s) => {
        if (s === 'ready') void this.poller.refresh();
        this.changed.fire(undefined);
      }),
    );
    this.poller.setVisible(this.view.visible);
  }

  getChildren(node?: TrackedFile): TrackedFile[] {
    if (node) return [];
    if (this.connection.state === 'needsServer' || this.connection.state === 'needsKey') return [];
    return this.poller.snapshot();
  }

  getTreeItem(file: TrackedFile): vscode.TreeItem {
    const item = new vscode.TreeItem(file.name ?? file.id, vscode.TreeItemCollapsibleState.None);
    item.id = file.id;
    const label = statusLabel(file.display);
    item.description = label;
    item.iconPath = statusIcon(file.display);
    item.contextValue = `userFile.${file.display}`;
    const md = new vscode.MarkdownString();
    md.appendText(`${file.name ?? file.id}\n\n`);
    md.appendText(vscode.l10n.t('Status: {0}', label));
    md.appendMarkdown('  \n');
    md.appendText(vscode.l10n.t('User file id: {0}', file.id));
    if (file.record?.file_id) {
      md.appendMarkdown('  \n');
      md.appendText(vscode.l10n.t('File id (for image sections): {0}', file.record.file_id));
    }
    if (file.record?.created_at) {
      md.appendMarkdown('  \n');
      md.appendText(vscode.l10n.t('Created: {0}', relativeTime(file.record.created_at).exact ?? file.record.created_at));
    }
    if (file.lastError) {
      md.appendMarkdown('  \n');
      md.appendText(vscode.l10n.t('Last check failed: {0}', describeError(file.lastError)));
    }
    item.tooltip = md;
    item.accessibilityInformation = { label: vscode.l10n.t('{0}: {1}', file.name ?? file.id, label) };
    return item;
  }

  private updateMessage(): void {
    const s = this.poller.state();
    this.view.message = s.stoppedBy ? vscode.l10n.t('Status updates stopped: {0}', describeError(s.stoppedBy)) : undefined;
  }

  private async notifyFailed(name: string): Promise<void> {
    const show = vscode.l10n.t('Show');
    const choice = await vscode.window.showWarningMessage(vscode.l10n.t('The server failed to process "{0}".', name), show);
    if (choice === show) await vscode.commands.executeCommand('docIngest.userFiles.focus');
  }

  dispose(): void {
    this.poller.dispose();
    vscode.Disposable.from(...this.disposables).dispose();
  }
}

export function statusLabel(display: DisplayStatus): string {
  switch (display) {
    case 'PROCESSING': return vscode.l10n.t('processing');
    case 'INDEXING': return vscode.l10n.t('indexing');
    case 'COMPLETED': return vscode.l10n.t('completed');
    case 'FAILED': return vscode.l10n.t('failed');
    case 'SKIPPED': return vscode.l10n.t('skipped (stored, not indexed)');
    case 'CANCELED': return vscode.l10n.t('cancelled');
    case 'DELETING': return vscode.l10n.t('being deleted');
    case 'not-found': return vscode.l10n.t('not found');
    case 'stalled': return vscode.l10n.t('no progress for a long time');
    case 'unknown': return vscode.l10n.t('unknown status');
  }
}

function statusIcon(display: DisplayStatus): vscode.ThemeIcon {
  switch (display) {
    case 'PROCESSING':
    case 'INDEXING': return new vscode.ThemeIcon('sync~spin');
    case 'COMPLETED': return new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'));
    case 'FAILED': return new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed'));
    case 'SKIPPED': return new vscode.ThemeIcon('debug-step-over', new vscode.ThemeColor('testing.iconSkipped'));
    case 'CANCELED': return new vscode.ThemeIcon('circle-slash');
    case 'DELETING': return new vscode.ThemeIcon('trash');
    case 'stalled': return new vscode.ThemeIcon('watch', new vscode.ThemeColor('problemsWarningIcon.foreground'));
    case 'not-found':
    case 'unknown': return new vscode.ThemeIcon('question');
  }
}
