import * as vscode from 'vscode';
import { ConnectorFileInfo } from '../../core/api/schemas';
import { isServiceError, NotFoundError, PermissionError } from '../../core/api/errors';
import { Connection } from '../services/connection';
import { readSettings, SECTION } from '../services/settings';
import { DateTexts, fileRowFacts, firstPage, matchingFiles } from './fileRows';
import { humanSize } from './format';

/** `expanded`: a filter is set and this connector has matching files (or could not be read), so it opens. */
interface ConnectorNode { kind: 'connector'; connectorId: number; ccPairId?: number; name: string; expanded?: boolean }
interface FileNode { kind: 'file'; connectorId: number; file: ConnectorFileInfo }
interface LoadMoreNode { kind: 'loadMore'; connectorId: number; remaining: number }
interface MessageNode { kind: 'message'; id: string; text: string; detail?: string; error: boolean }
export type ConnectorFilesNode = ConnectorNode | FileNode | LoadMoreNode | MessageNode;

interface Loaded { files: ConnectorFileInfo[]; shown: number }

/**
 * `docIngest.connectorFiles`: the file connectors, each with its files. The server sends a connector's files
 * in one response; the tree shows them a page at a time ("Load more") so a 10,000-file connector stays fast.
 * Background failures become nodes with a retry action, never popups.
 */
export class ConnectorFilesView implements vscode.TreeDataProvider<ConnectorFilesNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ConnectorFilesNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<ConnectorFilesNode>;
  private readonly files = new Map<number, Loaded>();
  private filterText = '';
  private readonly disposables: vscode.Disposable[] = [];
  /** Made once: an Intl formatter per row would cost more than the rest of the row. */
  private readonly dates = new DateTexts(vscode.env.language);

  constructor(private readonly connection: Connection) {
    this.view = vscode.window.createTreeView('docIngest.connectorFiles', { treeDataProvider: this, showCollapseAll: true });
    this.disposables.push(
      this.view,
      this.changed,
      connection.onDidChangeState(() => this.refresh()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${SECTION}.connectorIds`) || e.affectsConfiguration(`${SECTION}.connectorFiles.pageSize`)) this.refresh();
      }),
    );
  }

  refresh(): void {
    this.files.clear();
    this.changed.fire(undefined);
  }

  get filter(): string {
    return this.filterText;
  }

  setFilter(text: string): void {
    this.filterText = text.trim();
    this.view.description = this.filterText ? vscode.l10n.t('filter: {0}', this.filterText) : undefined;
    for (const loaded of this.files.values()) loaded.shown = readSettings().pageSize;
    void vscode.commands.executeCommand('setContext', 'docIngest.connectorFiles.filtered', !!this.filterText);
    this.changed.fire(undefined);
  }

  loadMore(node: LoadMoreNode): void {
    const loaded = this.files.get(node.connectorId);
    if (loaded) loaded.shown += readSettings().pageSize;
    this.changed.fire(undefined);
  }

  async getChildren(node?: ConnectorFilesNode): Promise<ConnectorFilesNode[]> {
    // With no server, no key or no answer the tree is empty, so that the welcome view with its buttons shows
    // instead (Retry, Show Log, Set Server URL when unreachable) rather than a truncated error row.
    if (this.connection.state !== 'ready') return [];
    if (!node) return this.connectors();
    if (node.kind !== 'connector') return [];
    return this.filesOf(node.connectorId);
  }

  private async connectors(): Promise<ConnectorFilesNode[]> {
    const configured = readSettings().connectorIds;
    let listed: ConnectorNode[] = [];
    try {
      const client = await this.connection.client();
      listed = (await client.listFileConnectors()).map((c) => ({ kind: 'connector' as const, connectorId: c.connectorId, ccPairId: c.ccPairId, name: c.name }));
    } catch (e) {
      this.connection.noteError(e);
      if (!(e instanceof NotFoundError || e instanceof PermissionError) || !configured.length) {
        return [this.errorNode('connectors', e)];
      }
      // A server without the listing route, or a key that may not list: the configured ids still work.
    }
    const known = new Set(listed.map((c) => c.connectorId));
    const fromSettings = configured
      .filter((id) => !known.has(id))
      .map((id) => ({ kind: 'connector' as const, connectorId: id, name: vscode.l10n.t('Connector {0}', id) }));
    const all: ConnectorNode[] = [...listed, ...fromSettings];
    if (!all.length) {
      return [{ kind: 'message', id: 'none', error: false, text: vscode.l10n.t('No file connectors found.'), detail: vscode.l10n.t('List connector ids in the setting docIngest.connectorIds.') }];
    }
    if (this.filterText) {
      // A match hidden under a collapsed connector would look like no match: load the files to know which to open.
      await Promise.all(all.map(async (c) => {
        const loaded = await this.load(c.connectorId);
        c.expanded = !('error' in loaded) ? this.matching(loaded.files).length > 0 : true;
      }));
    }
    return all;
  }

  /** A connector's files, fetched once until refreshed. */
  private async load(connectorId: number): Promise<Loaded | { error: unknown }> {
    const cached = this.files.get(connectorId);
    if (cached) return cached;
    try {
      const client = await this.connection.client();
      const files = await client.listConnectorFiles(connectorId);
      const loaded = this.files.get(connectorId) ?? { files, shown: readSettings().pageSize };
      this.files.set(connectorId, loaded);
      return loaded;
    } catch (e) {
      this.connection.noteError(e);
      return { error: e };
    }
  }

  private matching(files: ConnectorFileInfo[]): ConnectorFileInfo[] {
    return matchingFiles(files, this.filterText);
  }

  private async filesOf(connectorId: number): Promise<ConnectorFilesNode[]> {
    const loaded = await this.load(connectorId);
    if ('error' in loaded) return [this.errorNode(`files-${connectorId}`, loaded.error)];
    const matching = this.matching(loaded.files);
    if (!matching.length) {
      const text = this.filterText ? vscode.l10n.t('No files match "{0}".', this.filterText) : vscode.l10n.t('This connector has no files.');
      return [{ kind: 'message', id: `empty-${connectorId}`, error: false, text }];
    }
    const { page, remaining } = firstPage(matching, loaded.shown);
    const nodes: ConnectorFilesNode[] = page.map((file) => ({ kind: 'file', connectorId, file }));
    if (remaining > 0) nodes.push({ kind: 'loadMore', connectorId, remaining });
    return nodes;
  }

  private errorNode(id: string, e: unknown): MessageNode {
    const text = isServiceError(e) ? e.summary : e instanceof Error ? e.message : String(e);
    const detail = isServiceError(e) ? e.action : undefined;
    return { kind: 'message', id: `error-${id}`, error: true, text, detail };
  }

  getTreeItem(node: ConnectorFilesNode): vscode.TreeItem {
    switch (node.kind) {
      case 'connector': {
        const item = new vscode.TreeItem(node.name, node.expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
        // The workbench keeps an item's expansion by id: an id per filter lets each filter open its matches,
        // and clearing the filter brings back the expansion the user had.
        item.id = this.filterText ? `connector-${node.connectorId}-filter-${this.filterText}` : `connector-${node.connectorId}`;
        item.description = node.ccPairId === undefined ? vscode.l10n.t('connector {0}', node.connectorId) : vscode.l10n.t('connector {0} · pair {1}', node.connectorId, node.ccPairId);
        item.iconPath = new vscode.ThemeIcon('database');
        item.contextValue = 'connector';
        return item;
      }
      case 'file': {
        const row = fileRowFacts(node.connectorId, node.file, this.dates, Date.now());
        const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.None);
        item.id = row.id;
        const size = row.size ?? humanSize(row.bytes);
        const when = row.uploaded?.relative ?? vscode.l10n.t('date unknown');
        item.description = `${size} · ${when}`;
        const tooltip = new vscode.MarkdownString();
        tooltip.appendText(row.label);
        tooltip.appendMarkdown('\n\n');
        tooltip.appendText(vscode.l10n.t('Size: {0}', row.bytes == null ? vscode.l10n.t('unknown') : `${size} (${row.bytes} bytes)`));
        tooltip.appendMarkdown('  \n');
        tooltip.appendText(vscode.l10n.t('Uploaded: {0}', row.uploaded?.exact ?? vscode.l10n.t('unknown')));
        tooltip.appendMarkdown('  \n');
        tooltip.appendText(vscode.l10n.t('File id: {0}', row.fileId));
        item.tooltip = tooltip;
        item.iconPath = vscode.ThemeIcon.File;
        item.resourceUri = vscode.Uri.parse(row.resourceUri);
        item.contextValue = 'connectorFile';
        item.accessibilityInformation = { label: vscode.l10n.t('{0}, {1}, uploaded {2}', row.label, size, when) };
        return item;
      }
      case 'loadMore': {
        const item = new vscode.TreeItem(vscode.l10n.t('Load more ({0} more)', node.remaining), vscode.TreeItemCollapsibleState.None);
        item.id = `more-${node.connectorId}-${node.remaining}`;
        item.iconPath = new vscode.ThemeIcon('ellipsis');
        item.command = { command: 'docIngest.connectorFiles.loadMore', title: vscode.l10n.t('Load more'), arguments: [node] };
        item.contextValue = 'loadMore';
        return item;
      }
      case 'message': {
        const item = new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
        item.id = `message-${node.id}`;
        item.description = node.detail;
        item.tooltip = node.detail ? `${node.text}\n${node.detail}` : node.text;
        item.iconPath = new vscode.ThemeIcon(node.error ? 'error' : 'info', node.error ? new vscode.ThemeColor('errorForeground') : undefined);
        item.contextValue = node.error ? 'error' : 'message';
        return item;
      }
    }
  }

  dispose(): void {
    vscode.Disposable.from(...this.disposables).dispose();
  }
}
