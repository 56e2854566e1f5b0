import * as vscode from 'vscode';
import type { FileOutcome, FileResult, WithheldReason } from '../../core/batch/types';
import type { IngestionRecord } from '../../core/ingest/history';
import { ledgerScope, scopePair } from '../../core/ledger/scope';
import type { Sent, SendEvents } from '../sent/sendEvents';
import { readSettings, SECTION } from '../services/settings';
import { alreadyHeldText, pairName, serverLabel } from './format';

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

/** What "Retry Failed" sends again: whole files that failed, were cancelled under way, or were not sent. */
function needsRetry(r: ResultRow): boolean {
  // A selection's row names its file: sending the whole file again is not what failed.
  if (r.selection) return false;
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
 * A row: a file's result; `selection` for a selection sent on its own (Retry Failed does not send its whole file);
 * `deletedSince` once its document was deleted from this window (issue 38, item 1).
 */
export type ResultRow = FileResult & { deletedSince?: boolean; selection?: boolean };

/** The rows of one server and pair: the last batch sent there, and the single sends since. */
interface ScopeRows {
  server: string;
  ccPairId: number | undefined;
  rows: ResultRow[];
}

/**
 * `docIngest.results`: one row per file of the last batch sent to the server and pair in use, with its outcome; the
 * error sentence as tooltip; a click opens the file (at the problem's line when there is one). Rows arrive as the
 * batch goes; single sends (Ingest Current File, a selection, on save) and deletes from this window update them
 * through the one send event. Each server and pair keeps its own rows: the view shows those of the server in use,
 * and its description names that server and pair (issue 38, items 1 and 3).
 */
export class ResultsView implements vscode.TreeDataProvider<ResultRow>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ResultRow | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<ResultRow>;
  private readonly scopes = new Map<string, ScopeRows>();
  private pending: NodeJS.Timeout | undefined;
  private hasFailed = false;
  private readonly disposables: vscode.Disposable[] = [];
  /** File names sorted as people count: page-2 before page-10. Made at the first listing: a collator costs more
   * than the rest of this view's start (issue 37). */
  private collator: Intl.Collator | undefined;

  constructor(sends: SendEvents) {
    this.view = vscode.window.createTreeView('docIngest.results', { treeDataProvider: this, canSelectMany: true });
    this.disposables.push(
      this.view,
      this.changed,
      sends.onDidSend((sent) => this.follow(sent)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${SECTION}.baseUrl`) || e.affectsConfiguration(`${SECTION}.ccPairId`)) this.refresh(true);
      }),
    );
    // Right after activation: the pair may come from .doc-ingest.json, whose parser activation does not load (issue 37)
    queueMicrotask(() => this.describe());
  }

  /** The scope of the server and pair in use, or undefined without a server. */
  private currentScope(): string | undefined {
    const { baseUrl, ccPairId } = readSettings();
    return baseUrl ? ledgerScope(baseUrl, ccPairId) : undefined;
  }

  private rowsOf(scope: string, server: string, ccPairId: number | undefined): ScopeRows {
    let rows = this.scopes.get(scope);
    if (!rows) this.scopes.set(scope, (rows = { server, ccPairId, rows: [] }));
    return rows;
  }

  /** A new batch to `server` and `ccPairId`: the old rows of that server and pair go. */
  start(server: string, ccPairId: number | undefined): void {
    this.rowsOf(ledgerScope(server, ccPairId), server, ccPairId).rows = [];
    this.refresh(true);
  }

  add(server: string, ccPairId: number | undefined, result: FileResult): void {
    this.rowsOf(ledgerScope(server, ccPairId), server, ccPairId).rows.push(result);
    this.refresh(false);
  }

  /** What the window sent or deleted: a batch's rows, a single send's row, a deleted document's rows. */
  private follow(sent: Sent): void {
    switch (sent.kind) {
      case 'batch': {
        const ccPairId = scopePair(sent.scope);
        const target = this.rowsOf(sent.scope, sent.server, ccPairId);
        if (sent.quiet) for (const r of sent.summary.results) upsert(target.rows, r);
        else target.rows = [...sent.summary.results];
        break;
      }
      case 'file': {
        const row = recordRow(sent.record);
        if (row) upsert(this.rowsOf(sent.scope, sent.server, sent.record.ccPairId).rows, row);
        break;
      }
      case 'deleted':
        for (const r of this.scopes.get(sent.scope)?.rows ?? []) if (r.documentId === sent.documentId) r.deletedSince = true;
        break;
    }
    this.refresh(true);
  }

  /** The rows of the server and pair in use. */
  results(): readonly ResultRow[] {
    const scope = this.currentScope();
    return (scope && this.scopes.get(scope)?.rows) || [];
  }

  failed(): ResultRow[] {
    return this.results().filter(needsRetry);
  }

  async reveal(): Promise<void> {
    await vscode.commands.executeCommand('docIngest.results.focus');
  }

  getChildren(element?: ResultRow): ResultRow[] {
    if (element) return [];
    const rank = (r: FileResult) => ORDER.indexOf(r.outcome);
    const collator = (this.collator ??= new Intl.Collator(vscode.env.language, { numeric: true, sensitivity: 'base' }));
    return [...this.results()].sort((a, b) => rank(a) - rank(b) || collator.compare(a.file.source, b.file.source));
  }

  getTreeItem(r: ResultRow): vscode.TreeItem {
    const item = new vscode.TreeItem(r.file.source, vscode.TreeItemCollapsibleState.None);
    const label = r.deletedSince ? vscode.l10n.t('{0}, deleted from the service since', resultLabel(r)) : resultLabel(r);
    item.description = label;
    item.iconPath = r.deletedSince ? new vscode.ThemeIcon('trash') : r.outcome === 'skipped' && r.reason ? WITHHELD_ICON : ICONS[r.outcome];
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

  /** The view's description: the server and pair its rows belong to (the one in use). */
  private describe(): void {
    const { baseUrl, ccPairId } = readSettings();
    this.view.description = baseUrl ? vscode.l10n.t('{0} · {1}', serverLabel(baseUrl), pairName(ccPairId)) : undefined;
  }

  /** Rows arrive by the hundred: the tree is told at most every 200 ms. */
  private refresh(now: boolean): void {
    const hasFailed = this.results().some(needsRetry);
    if (hasFailed !== this.hasFailed) {
      this.hasFailed = hasFailed;
      void vscode.commands.executeCommand('setContext', 'docIngest.results.hasFailed', hasFailed);
    }
    if (now) {
      clearTimeout(this.pending);
      this.pending = undefined;
      this.describe();
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
    vscode.Disposable.from(...this.disposables).dispose();
  }
}

/** Replaces the row of the same file (and selection), or adds it. */
function upsert(rows: ResultRow[], row: ResultRow): void {
  const key = (r: ResultRow) => (r.selection ? `${r.file.key}#${r.file.source}` : r.file.key);
  const at = rows.findIndex((r) => key(r) === key(row));
  if (at >= 0) rows[at] = row;
  else rows.push(row);
}

/**
 * A single send as a row: a whole file as the batch would name it, a selection under its file with its title.
 * Undefined while it runs.
 */
function recordRow(record: IngestionRecord): ResultRow | undefined {
  const outcome = recordOutcome(record);
  if (!outcome) return undefined;
  const uri = vscode.Uri.parse(record.sourceUri);
  const relative = vscode.workspace.asRelativePath(uri);
  const source = record.selection ? vscode.l10n.t('{0} (selection: {1})', relative, record.selection.title) : relative;
  return {
    // A selection's row opens its file: the key stays the file's URI.
    file: { key: record.sourceUri, relativePath: relative, source },
    outcome,
    ...(record.selection ? { selection: true } : {}),
    ...(record.documentId === undefined ? {} : { documentId: record.documentId }),
    ...(record.error === undefined ? {} : { error: record.error }),
    ...(record.alreadyHeld ? { alreadyHeld: true } : {}),
  };
}

function recordOutcome(record: IngestionRecord): FileOutcome | undefined {
  switch (record.outcome) {
    case 'running': return undefined;
    case 'created': return 'created';
    case 'updated': return 'updated';
    case 'failed': return 'failed';
    case 'cancelled': return record.mayHaveApplied ? 'cancelled' : 'notSent';
    case 'notPublished': return 'skipped';
  }
}
