import * as vscode from 'vscode';
import { AuthError, PermissionError } from '../../core/api/errors';
import { StatusPoller } from '../../core/polling/statusPoller';
import type { Disposer } from '../../core/polling/pollerOptions';
import { isLostUpload, type DisplayStatus, type TrackedFile } from '../../core/polling/trackedFiles';
import { canonicalUserFileId } from '../../core/polling/userFileId';
import { parseScopedPollerStates, scopeName, type ScopedPollerStates } from '../../core/polling/scope';
import { Connection, NotConfiguredError } from '../services/connection';
import { describeError } from '../services/errors';
import { readSettings, SECTION } from '../services/settings';
import { relativeTime } from './format';

export interface LostFiles {
  server: string;
  /** User file ids and their `file_id`s. */
  ids: string[];
}

/** The tracked lists, one per server + key fingerprint (never the key). */
const STATE_KEY = 'docIngest.userFiles.byScope';
/** The single list of versions before lists were kept per server and key: moved to the first scope seen. */
const LEGACY_STATE_KEY = 'docIngest.userFiles';
/** package.json bounds `docIngest.userFiles.pollIntervalSeconds` to this; a hand-edited larger value is capped. */
const MAX_POLL_INTERVAL_MS = 300_000;

/**
 * `docIngest.userFiles`: files uploaded from here and ids the user tracks, with their processing status.
 * The StatusPoller decides when to ask (one request per poll for every id); this class only shows its answers
 * and persists the tracked lists (ids, names, statuses; never the key) in workspace state. A user file id means
 * something only to the server and user that issued it, so there is one list per server and key, and the view
 * shows (and polls) the list of the configured ones.
 */
export class UserFilesView implements vscode.TreeDataProvider<TrackedFile>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TrackedFile | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<TrackedFile>;
  private active: StatusPoller;
  private activeListeners: Disposer[] = [];
  /** The scope of `active`; undefined: no server or no key, an empty list that is never stored. */
  private scope: string | undefined;
  /** Switches run one after the other, so that two quick changes end on the list of the last one. */
  private switching: Promise<unknown> = Promise.resolve();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly lost = new vscode.EventEmitter<LostFiles>();
  /** Files of the list shown turned FAILED, CANCELED or DELETING, or are no longer found: each told once. */
  readonly onDidLoseFiles = this.lost.event;

  constructor(
    private readonly connection: Connection,
    private readonly state: vscode.Memento,
  ) {
    this.view = vscode.window.createTreeView('docIngest.userFiles', { treeDataProvider: this });
    this.active = this.createPoller(undefined);
    this.disposables.push(
      this.view,
      this.changed,
      this.lost,
      this.view.onDidChangeVisibility((e) => this.active.setVisible(e.visible)),
      connection.onDidChangeState((s) => void this.onStateChanged(s)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${SECTION}.userFiles.pollIntervalSeconds`)) this.applyPollInterval();
      }),
    );
    void this.currentPoller();
  }

  /** The poller of the list shown now (tests and commands; a command that tracks uses `currentPoller()`). */
  get poller(): StatusPoller {
    return this.active;
  }

  /**
   * The poller of the configured server and key, after switching the view to their list if either changed since
   * (the list shown follows the server and key within a moment; a command must not add to the old list).
   */
  currentPoller(): Promise<StatusPoller> {
    const run = async () => {
      const id = await this.connection.identity();
      const scope = id && scopeName(id.baseUrl, id.keyFingerprint);
      if (scope !== this.scope) this.switchTo(scope, id?.baseUrl);
      return this.active;
    };
    const next = this.switching.then(run, run);
    this.switching = next;
    return next;
  }

  private async onStateChanged(state: string): Promise<void> {
    const poller = await this.currentPoller();
    if (state === 'ready') void poller.refresh();
    this.changed.fire(undefined);
  }

  /** Stops the list shown (it stays stored) and shows the one of `scope`. */
  private switchTo(scope: string | undefined, server?: string): void {
    this.disposePoller();
    this.scope = scope;
    this.active = this.createPoller(scope, server);
    this.updateMessage();
    this.changed.fire(undefined);
  }

  private createPoller(scope: string | undefined, server?: string): StatusPoller {
    const poller: StatusPoller = new StatusPoller(
      {
        fetchStatuses: async (ids, signal) => {
          // A poll that outlived its list (the server or key changed) asks nothing; its answer would be dropped.
          if ((await this.currentPoller()) !== poller) throw new Error('the server or key changed');
          const client = await this.connection.client();
          const records = await client.getUserFileStatuses(ids, { signal });
          this.connection.noteSuccess();
          return records;
        },
        timer: { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) },
        now: () => Date.now(),
      },
      {
        fastIntervalMs: this.pollIntervalMs(),
        isFatal: (e) => {
          this.connection.noteError(e);
          return e instanceof AuthError || e instanceof PermissionError || e instanceof NotConfiguredError;
        },
      },
    );
    if (scope !== undefined) poller.restore(this.restoredState(scope));
    const told = new Set<string>();
    this.activeListeners = [
      poller.onDidChange((files) => {
        const gone = files.filter((f) => isLostUpload(f.display) && !told.has(f.id));
        for (const f of gone) told.add(f.id);
        if (server && gone.length) this.lost.fire({ server, ids: gone.flatMap((f) => [f.id, ...(f.record?.file_id ? [f.record.file_id] : [])]) });
        if (scope !== undefined) void this.save(scope, poller);
        this.updateMessage();
        this.changed.fire(undefined);
      }),
      poller.onDidFail((record) => void this.notifyFailed(record.id, record.name ?? record.id)),
    ];
    poller.setVisible(this.view.visible);
    return poller;
  }

  /** The stored list of `scope`; the first scope seen takes over the single list of older versions. */
  private restoredState(scope: string): unknown {
    const all = this.stored();
    if (all[scope]) return all[scope];
    const legacy = this.state.get(LEGACY_STATE_KEY);
    if (legacy === undefined) return undefined;
    void this.state.update(LEGACY_STATE_KEY, undefined);
    return legacy;
  }

  private stored(): ScopedPollerStates {
    return parseScopedPollerStates(this.state.get(STATE_KEY));
  }

  private async save(scope: string, poller: StatusPoller): Promise<void> {
    const { [scope]: _old, ...others } = this.stored();
    const mine = poller.serialize();
    await this.state.update(STATE_KEY, mine.files.length ? { ...others, [scope]: mine } : others);
  }

  private pollIntervalMs(): number {
    return Math.min(readSettings().pollIntervalMs, MAX_POLL_INTERVAL_MS);
  }

  private applyPollInterval(): void {
    this.active.setIntervals({ fastIntervalMs: this.pollIntervalMs() });
  }

  getChildren(node?: TrackedFile): TrackedFile[] {
    if (node) return [];
    if (this.connection.state === 'needsServer' || this.connection.state === 'needsKey') return [];
    return this.active.snapshot();
  }

  /** Every row is at the top level (TreeView.reveal asks). */
  getParent(): undefined {
    return undefined;
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
    const s = this.active.state();
    this.view.message = s.stoppedBy ? vscode.l10n.t('Status updates stopped: {0}', describeError(s.stoppedBy)) : undefined;
  }

  private async notifyFailed(id: string, name: string): Promise<void> {
    const show = vscode.l10n.t('Show');
    const choice = await vscode.window.showWarningMessage(vscode.l10n.t('The server failed to process "{0}".', name), show);
    if (choice !== show) return;
    const row = this.getChildren().find((f) => f.id === canonicalUserFileId(id));
    if (row) await this.view.reveal(row, { select: true, focus: true });
    else await vscode.commands.executeCommand('docIngest.userFiles.focus');
  }

  private disposePoller(): void {
    for (const l of this.activeListeners.splice(0)) l.dispose();
    this.active.dispose();
  }

  dispose(): void {
    this.disposePoller();
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
