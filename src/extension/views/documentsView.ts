import * as vscode from 'vscode';
import { isServiceError, NotFoundError, PermissionError } from '../../core/api/errors';
import type { DocumentInfo } from '../../core/api/schemas';
import { DEFAULT_CC_PAIR_ID } from '../../core/config/defaults';
import { IdClaims, type IdClaimsView } from '../../core/identity/claims';
import { ledgerScope } from '../../core/ledger/scope';
import type { Ledger } from '../../core/ledger/ledger';
import { forEachConcurrently } from '../../core/pool';
import { Connection } from '../services/connection';
import type { SourceStates } from '../freshness/sourceStates';
import type { WorkspaceIds } from '../identity/workspaceIds';
import { sourceUri } from '../identity/sourceUri';
import { sentCount, type Sent, type SendEvents } from '../sent/sendEvents';
import { readSettings, SECTION } from '../services/settings';
import { heldSources, ledgerRows, matchDocuments, matchingRows, rowLabel, rowState, sortRows, type DocumentRow, type RowState, type SentRecord } from './documentRows';
import { firstPage } from './fileRows';
import { pairName } from './format';
import type { HeldDocuments } from './heldDocuments';


/** A document of the listing of `server` and `scope` (what Delete from Service deletes, and where). */
export interface DocumentNode { kind: 'document'; row: DocumentRow; server: string; scope: string }
interface LoadMoreNode { kind: 'loadMore'; remaining: number }
/** `notice`: the listing is refused or missing, and the rows below come from the ledger. */
interface MessageNode { kind: 'message'; id: string; text: string; detail?: string; tooltip?: string; style: 'error' | 'notice' | 'info' }
export type DocumentsNode = DocumentNode | LoadMoreNode | MessageNode;

/** What one refresh learnt: the server's documents (or why the ledger stands in for them), fetched once. */
interface Loaded {
  generation: number;
  server: string;
  scope: string;
  pairId: number;
  /** Undefined: the listing is refused or missing, and `notice` says so. */
  documents: DocumentInfo[] | undefined;
  notice?: MessageNode;
  error?: MessageNode;
  claims: IdClaimsView;
  /** Whether the file of a ledger source no claim covers is there, found when listed. */
  present: Map<string, boolean>;
  rows: DocumentRow[];
}

/** Settings whose change changes what the view lists or how it matches files. */
const AFFECTING = ['baseUrl', 'ccPairId', 'ingestionPath', 'include', 'exclude', 'idPrefix', 'connectorFiles.pageSize'].map((k) => `${SECTION}.${k}`);

/** Ledger changes come one per file during a batch: the rows are matched again at most this often. */
const REDRAW_DELAY_MS = 500;

/**
 * `docIngest.documents`: what the service holds for the workspace's pair (`docIngest.ccPairId`, else the server's
 * default pair), one row per document, matched to its source file through the ledger or the id the file builds.
 * One request per refresh, however many documents; the tree shows them a page at a time ("Load more"). A server
 * that refuses or lacks the listing gets one node saying so, and the rows of what the ledger records as published
 * from here. Background failures become nodes, never popups.
 */
export class DocumentsView implements vscode.TreeDataProvider<DocumentsNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<DocumentsNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<DocumentsNode>;
  private loading: Promise<Loaded | undefined> | undefined;
  /** Bumped by each refresh: a listing of an earlier one tells nobody. */
  private generation = 0;
  private shown = 0;
  private filterText = '';
  private redrawTimer: ReturnType<typeof setTimeout> | undefined;
  private relistTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  /** Rows of deleted documents being taken out: the tree is drawn after them. */
  private removals: Promise<void> = Promise.resolve();

  constructor(
    private readonly connection: Connection,
    private readonly ledger: Promise<Ledger>,
    private readonly ids: WorkspaceIds,
    private readonly states: SourceStates,
    private readonly held: HeldDocuments,
    projectChanged: vscode.Event<void>,
    sends: SendEvents,
  ) {
    this.view = vscode.window.createTreeView('docIngest.documents', { treeDataProvider: this });
    void ledger.then((l) => {
      const stop = l.onDidChange((change) => {
        if (change.kind === 'documents') this.scheduleRedraw();
      });
      this.disposables.push({ dispose: stop });
    });
    this.disposables.push(
      this.view,
      this.changed,
      connection.onDidChangeState(() => this.refresh()),
      projectChanged(() => this.refresh()),
      // What this window sent or deleted (issue 38, item 1): a deleted document's row goes without listing again;
      // after a send the pair is listed again, since only the server knows what it now holds.
      sends.onDidSend((sent) => {
        if (sent.kind === 'deleted') {
          const { scope, documentId } = sent;
          this.removals = this.removals.then(() => this.removeDocument(scope, documentId)).catch(() => undefined);
        } else if (sentAnything(sent)) {
          this.scheduleRelist(sent.scope);
        }
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.refresh()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (AFFECTING.some((s) => e.affectsConfiguration(s))) this.refresh();
      }),
      // A saved file may now differ from what was sent: the rows say so when drawn again (nothing to match).
      vscode.workspace.onDidSaveTextDocument(() => this.changed.fire(undefined)),
    );
  }

  /** Lists again (one request) when the tree next asks. */
  refresh(): void {
    // A listing after a send waiting to be made is this one.
    if (this.relistTimer) clearTimeout(this.relistTimer);
    this.relistTimer = undefined;
    this.generation++;
    this.loading = undefined;
    this.held.setListing(undefined);
    this.changed.fire(undefined);
  }

  get filter(): string {
    return this.filterText;
  }

  setFilter(text: string): void {
    this.filterText = text.trim();
    this.shown = readSettings().pageSize;
    this.view.description = this.filterText ? vscode.l10n.t('filter: {0}', this.filterText) : undefined;
    void vscode.commands.executeCommand('setContext', 'docIngest.documents.filtered', !!this.filterText);
    this.changed.fire(undefined);
  }

  loadMore(): void {
    this.shown += readSettings().pageSize;
    this.changed.fire(undefined);
  }

  /**
   * The service no longer holds `documentId` (deleted from here): its row goes, without listing again, and so does
   * its file's place among the files whose document the service holds.
   */
  private async removeDocument(scope: string, documentId: string): Promise<void> {
    const loaded = await this.loading;
    if (!loaded || loaded.scope !== scope) return;
    if (loaded.documents) loaded.documents = loaded.documents.filter((d) => d.documentId !== documentId);
    await this.rematch(loaded);
  }

  async getChildren(node?: DocumentsNode): Promise<DocumentsNode[]> {
    // With no server, no key or no answer the tree is empty, so that the welcome view with its buttons shows.
    if (node || this.connection.state !== 'ready') return [];
    await this.removals;
    const loaded = await this.load();
    if (!loaded) return [];
    if (loaded.error) return [loaded.error];
    const matching = matchingRows(loaded.rows, this.filterText);
    const nodes: DocumentsNode[] = loaded.notice ? [loaded.notice] : [];
    if (!matching.length) {
      nodes.push({ kind: 'message', id: 'empty', style: 'info', text: this.emptyText(loaded) });
      return nodes;
    }
    const { page, remaining } = firstPage(matching, this.shown || readSettings().pageSize);
    nodes.push(...page.map((row) => ({ kind: 'document' as const, row, server: loaded.server, scope: loaded.scope })));
    if (remaining > 0) nodes.push({ kind: 'loadMore', remaining });
    return nodes;
  }

  private emptyText(loaded: Loaded): string {
    if (this.filterText) return vscode.l10n.t('No documents match "{0}".', this.filterText);
    return loaded.documents
      ? vscode.l10n.t('The service holds no documents in {0}.', pairName(loaded.pairId))
      : vscode.l10n.t('The ledger records no document published from here to {0}.', pairName(loaded.pairId));
  }

  /** The listing of this refresh: one request, shared by every caller until the next refresh. */
  private load(): Promise<Loaded | undefined> {
    this.loading ??= this.list(this.generation);
    return this.loading;
  }

  private async list(generation: number): Promise<Loaded | undefined> {
    const settings = readSettings();
    const server = settings.baseUrl;
    if (!server) return undefined;
    const pairId = settings.ccPairId || DEFAULT_CC_PAIR_ID;
    this.shown = settings.pageSize;
    const loaded: Loaded = { generation, server, scope: ledgerScope(server, settings.ccPairId), pairId, documents: undefined, claims: new IdClaims(), present: new Map(), rows: [] };
    try {
      const client = await this.connection.client(server);
      loaded.documents = await client.listPairDocuments(pairId);
      this.connection.noteSuccess();
    } catch (e) {
      this.connection.noteError(e);
      if (e instanceof PermissionError) {
        loaded.notice = this.notice(vscode.l10n.t('This key may not list the documents of {0}: below is what the ledger records as published from here.', pairName(pairId)), e);
      } else if (e instanceof NotFoundError && e.what === 'route') {
        loaded.notice = this.notice(vscode.l10n.t('This server does not list the documents of a pair: below is what the ledger records as published from here.'), e);
      } else {
        loaded.error = errorNode(e);
        return loaded;
      }
    }
    try {
      loaded.claims = await this.ids.current();
    } catch (e) {
      // The files could not be listed: documents are matched through the ledger alone, and the view says so.
      loaded.notice ??= this.notice(vscode.l10n.t('The workspace\'s files could not be listed: documents are matched to files through the ledger only. Refresh to try again.'), e);
    }
    await this.findLedgerSources(loaded, (await this.ledger).entries(loaded.scope));
    await this.rematch(loaded, false);
    return loaded;
  }

  private notice(text: string, e: unknown): MessageNode {
    return { kind: 'message', id: 'notice', style: 'notice', text, tooltip: isServiceError(e) ? e.message : String(e) };
  }

  /** Whether each file the ledger names (and no claim covers) is there: a stat each, sixteen at a time. */
  private async findLedgerSources(loaded: Loaded, sent: readonly SentRecord[]): Promise<void> {
    const unclaimed = [...new Set(sent.filter((s) => !loaded.claims.sourcesOf(s.documentId).includes(s.sourcePath)).map((s) => s.sourcePath))];
    await forEachConcurrently(unclaimed, 16, async (key) => {
      const uri = sourceUri(key);
      const there = uri ? await vscode.workspace.fs.stat(uri).then((s) => !(s.type & vscode.FileType.Directory), () => false) : false;
      loaded.present.set(key, there);
    });
  }

  /** Matches the listing with the ledger as it is now (no request), and tells the badges and the context key. */
  private async rematch(loaded: Loaded, redraw = true): Promise<void> {
    const sent = (await this.ledger).entries(loaded.scope);
    // A source the ledger gained since the listing was just sent from an existing file.
    const facts = { claims: loaded.claims, exists: (key: string) => loaded.present.get(key) ?? sourceUri(key) !== undefined };
    const rows = loaded.documents ? matchDocuments(loaded.documents, sent, facts) : ledgerRows(sent, facts);
    loaded.rows = sortRows(rows, vscode.env.language);
    if (loaded.generation !== this.generation) return; // refreshed meanwhile: that listing tells
    this.held.setListing(loaded.documents ? { server: loaded.server, scope: loaded.scope, rows: loaded.rows, held: heldSources(loaded.rows, loaded.claims) } : undefined);
    if (redraw) this.changed.fire(undefined);
  }

  /**
   * Lists again after a send to `scope` (the pair in use), at most once per REDRAW_DELAY_MS: a listing the view had
   * is replaced at once, so that the badges of files published elsewhere do not wait for the view to be shown.
   */
  private scheduleRelist(scope: string): void {
    const { baseUrl, ccPairId } = readSettings();
    if (!baseUrl || ledgerScope(baseUrl, ccPairId) !== scope) return;
    this.relistTimer ??= setTimeout(() => {
      this.relistTimer = undefined;
      const listed = this.loading !== undefined;
      this.refresh();
      if (listed && this.connection.state === 'ready') void this.load();
    }, REDRAW_DELAY_MS);
  }

  private scheduleRedraw(): void {
    this.redrawTimer ??= setTimeout(() => {
      this.redrawTimer = undefined;
      void this.loading?.then((loaded) => (loaded && !loaded.error ? this.rematch(loaded) : undefined));
    }, REDRAW_DELAY_MS);
  }

  async getTreeItem(node: DocumentsNode): Promise<vscode.TreeItem> {
    switch (node.kind) {
      case 'document': return this.documentItem(node.row);
      case 'loadMore': {
        const item = new vscode.TreeItem(vscode.l10n.t('Load more ({0} more)', node.remaining), vscode.TreeItemCollapsibleState.None);
        item.id = `more-${node.remaining}`;
        item.iconPath = new vscode.ThemeIcon('ellipsis');
        item.command = { command: 'docIngest.documents.loadMore', title: vscode.l10n.t('Load more') };
        item.contextValue = 'loadMore';
        return item;
      }
      case 'message': {
        const item = new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
        item.id = `message-${node.id}`;
        item.description = node.detail;
        item.tooltip = node.tooltip ?? (node.detail ? `${node.text}\n${node.detail}` : node.text);
        item.iconPath = node.style === 'error'
          ? new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'))
          : new vscode.ThemeIcon(node.style === 'notice' ? 'warning' : 'info', node.style === 'notice' ? new vscode.ThemeColor('problemsWarningIcon.foreground') : undefined);
        item.contextValue = node.style === 'error' ? 'error' : 'message';
        return item;
      }
    }
  }

  private async documentItem(row: DocumentRow): Promise<vscode.TreeItem> {
    const uri = row.source === undefined ? undefined : sourceUri(row.source);
    const state = rowState(row, uri && (await this.states.sourceHash(uri)));
    const label = rowLabel(row);
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    item.id = `document-${row.documentId}`;
    const said = stateText(state);
    item.description = said ? `${row.documentId} · ${said}` : row.documentId;
    item.iconPath = stateIcon(state);
    item.contextValue = 'document';
    if (uri && state !== 'unreadable') item.command = { command: 'vscode.open', title: vscode.l10n.t('Open File'), arguments: [uri] };
    const tooltip = new vscode.MarkdownString();
    tooltip.appendText(row.title ?? label);
    tooltip.appendMarkdown('\n\n');
    tooltip.appendText(vscode.l10n.t('Id: {0}', row.documentId));
    tooltip.appendMarkdown('  \n');
    tooltip.appendText(vscode.l10n.t('Link: {0}', row.link ?? vscode.l10n.t('none')));
    tooltip.appendMarkdown('  \n');
    tooltip.appendText(vscode.l10n.t('Source file: {0}', row.source ?? vscode.l10n.t('not in this workspace')));
    tooltip.appendMarkdown('  \n');
    tooltip.appendText(vscode.l10n.t('State: {0}', stateSentence(state)));
    item.tooltip = tooltip;
    item.accessibilityInformation = { label: vscode.l10n.t('{0}, {1}: {2}', label, row.documentId, stateSentence(state)) };
    return item;
  }

  /** Every row is at the top level (TreeView.reveal asks). */
  getParent(): undefined {
    return undefined;
  }

  dispose(): void {
    if (this.redrawTimer) clearTimeout(this.redrawTimer);
    if (this.relistTimer) clearTimeout(this.relistTimer);
    vscode.Disposable.from(...this.disposables).dispose();
  }
}

/** Whether a send may have changed what the pair holds. */
function sentAnything(sent: Exclude<Sent, { kind: 'deleted' }>): boolean {
  if (sent.kind === 'batch') return sentCount(sent.summary) + sent.summary.counts.cancelled > 0;
  return sent.record.outcome === 'created' || sent.record.outcome === 'updated' || !!sent.record.mayHaveApplied;
}

function errorNode(e: unknown): MessageNode {
  const text = isServiceError(e) ? e.summary : e instanceof Error ? e.message : String(e);
  const detail = isServiceError(e) ? e.action : undefined;
  return { kind: 'message', id: 'error', style: 'error', text, detail };
}

/** The state a row's description adds after the id; nothing for a file as sent. */
function stateText(state: RowState): string | undefined {
  switch (state) {
    case 'asSent': return undefined;
    case 'changed': return vscode.l10n.t('changed since sent');
    case 'notSentFromHere': return vscode.l10n.t('published elsewhere');
    case 'notInWorkspace': return vscode.l10n.t('not in this workspace');
    case 'unreadable': return vscode.l10n.t('file not readable');
  }
}

function stateSentence(state: RowState): string {
  switch (state) {
    case 'asSent': return vscode.l10n.t('the file is as it was sent from here');
    case 'changed': return vscode.l10n.t('the file changed since it was sent from here');
    case 'notSentFromHere': return vscode.l10n.t('the file builds this id, but the ledger has no record of sending it from here (published by another client, such as CI)');
    case 'notInWorkspace': return vscode.l10n.t('no file of this workspace is its source');
    case 'unreadable': return vscode.l10n.t('its file could not be read');
  }
}

function stateIcon(state: RowState): vscode.ThemeIcon {
  switch (state) {
    case 'asSent': return new vscode.ThemeIcon('file');
    case 'changed': return new vscode.ThemeIcon('diff-modified', new vscode.ThemeColor('docIngest.changedSinceIngestionForeground'));
    case 'notSentFromHere': return new vscode.ThemeIcon('file-symlink-file');
    case 'notInWorkspace': return new vscode.ThemeIcon('cloud');
    case 'unreadable': return new vscode.ThemeIcon('warning');
  }
}
