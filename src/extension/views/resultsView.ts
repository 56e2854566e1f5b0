import * as vscode from 'vscode';
import type { BatchSummary, FileOutcome, FileResult, WithheldReason } from '../../core/batch/types';
import { alreadyHeldText } from './format';

/** Rows in this order: what needs the writer first, then what was sent, then what needed nothing. */
const ORDER: FileOutcome[] = ['failed', 'cancelled', 'notSent', 'skipped', 'created', 'updated', 'unchanged', 'wouldSend'];

const ICONS: Record<FileOutcome, vscode.ThemeIcon> = {
  failed: new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed')),
  cancelled: new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground')),
  notSent: new vscode.ThemeIcon('circle-slash'),
  skipped: new vscode.ThemeIcon('debug-step-over'),
  created: new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')),
  updated: new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')),
  unchanged: new vscode.ThemeIcon('check'),
  wouldSend: new vscode.ThemeIcon('cloud-upload'),
};

/** A file skipped on purpose (F15): a draft, an ignore file, a hidden path. */
const WITHHELD_ICON = new vscode.ThemeIcon('eye-closed');

/** What "Retry Failed" sends again: files that failed, were cancelled under way, or were not sent. */
function needsRetry(r: FileResult): boolean {
  return r.outcome === 'failed' || r.outcome === 'cancelled' || r.outcome === 'notSent';
}

export function outcomeLabel(outcome: FileOutcome): string {
  switch (outcome) {
    case 'created': return vscode.l10n.t('created');
    case 'updated': return vscode.l10n.t('updated');
    case 'unchanged': return vscode.l10n.t('unchanged');
    case 'skipped': return vscode.l10n.t('skipped');
    case 'failed': return vscode.l10n.t('failed');
    case 'notSent': return vscode.l10n.t('not sent');
    case 'cancelled': return vscode.l10n.t('cancelled, may still be applied');
    case 'wouldSend': return vscode.l10n.t('would be sent');
  }
}

/** Why a file is not to be published, as the Results view says it. */
export function withheldLabel(reason: WithheldReason): string {
  switch (reason) {
    case 'ignored': return vscode.l10n.t('not published: ignored');
    case 'draft': return vscode.l10n.t('not published: draft');
    case 'unlisted': return vscode.l10n.t('not published: unlisted');
    case 'publish': return vscode.l10n.t('not published: publish: false');
    case 'doc-ingest': return vscode.l10n.t('not published: doc-ingest: false');
    case 'site': return vscode.l10n.t('not published: not a page of the site');
  }
}

/** A result's description: its outcome, why a skipped file is not to be published, a document held already. */
export function resultLabel(r: FileResult): string {
  if (r.outcome === 'skipped' && r.reason) return withheldLabel(r.reason);
  if (r.alreadyHeld) return vscode.l10n.t('{0}, already held: sent from elsewhere?', outcomeLabel(r.outcome));
  return outcomeLabel(r.outcome);
}

/**
 * `docIngest.results`: one row per file of the last batch with its outcome; the error sentence as tooltip; a click
 * opens the file (at the problem's line when there is one). Rows arrive as the batch goes.
 */
export class ResultsView implements vscode.TreeDataProvider<FileResult>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<FileResult | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<FileResult>;
  private rows: FileResult[] = [];
  private pending: NodeJS.Timeout | undefined;
  private hasFailed = false;

  constructor() {
    this.view = vscode.window.createTreeView('docIngest.results', { treeDataProvider: this, canSelectMany: true });
  }

  /** A new batch: the old rows go. */
  start(): void {
    this.rows = [];
    this.refresh(true);
  }

  add(result: FileResult): void {
    this.rows.push(result);
    this.refresh(false);
  }

  show(summary: BatchSummary): void {
    this.rows = [...summary.results];
    this.refresh(true);
  }

  results(): readonly FileResult[] {
    return this.rows;
  }

  failed(): FileResult[] {
    return this.rows.filter(needsRetry);
  }

  async reveal(): Promise<void> {
    await vscode.commands.executeCommand('docIngest.results.focus');
  }

  getChildren(element?: FileResult): FileResult[] {
    if (element) return [];
    const rank = (r: FileResult) => ORDER.indexOf(r.outcome);
    return [...this.rows].sort((a, b) => rank(a) - rank(b));
  }

  getTreeItem(r: FileResult): vscode.TreeItem {
    const item = new vscode.TreeItem(r.file.source, vscode.TreeItemCollapsibleState.None);
    const label = resultLabel(r);
    item.description = label;
    item.iconPath = r.outcome === 'skipped' && r.reason ? WITHHELD_ICON : ICONS[r.outcome];
    item.contextValue = `result.${r.outcome}`;
    item.accessibilityInformation = { label: `${r.file.source}, ${label}${r.error ? `: ${r.error}` : ''}` };
    const held = r.alreadyHeld ? alreadyHeldText() : undefined;
    item.tooltip = r.error ?? held ?? (r.documentId ? vscode.l10n.t('Document id: {0}', r.documentId) : label);
    const uri = vscode.Uri.parse(r.file.key);
    item.resourceUri = uri;
    const line = Math.max(0, (r.line ?? 1) - 1);
    item.command = {
      command: 'vscode.open',
      title: vscode.l10n.t('Open File'),
      arguments: [uri, { selection: new vscode.Range(line, 0, line, 0), preview: true }],
    };
    return item;
  }

  /** Rows arrive by the hundred: the tree is told at most every 200 ms. */
  private refresh(now: boolean): void {
    const hasFailed = this.rows.some(needsRetry);
    if (hasFailed !== this.hasFailed) {
      this.hasFailed = hasFailed;
      void vscode.commands.executeCommand('setContext', 'docIngest.results.hasFailed', hasFailed);
    }
    if (now) {
      clearTimeout(this.pending);
      this.pending = undefined;
      this.changed.fire(undefined);
      return;
    }
    this.pending ??= setTimeout(() => {
      this.pending = undefined;
      this.changed.fire(undefined);
    }, 200);
  }

  dispose(): void {
    clearTimeout(this.pending);
    this.view.dispose();
    this.changed.dispose();
  }
}
