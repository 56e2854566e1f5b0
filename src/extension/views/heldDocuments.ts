import * as vscode from 'vscode';
import { ledgerScope } from '../../core/ledger/scope';
import type { Ledger } from '../../core/ledger/ledger';
import { sourceUri } from '../identity/sourceUri';
import { workspaceSource } from '../identity/workspaceSource';
import { readSettings, SECTION } from '../services/settings';
import type { DocumentRow } from './documentRows';

/** The context key of the files the Explorer offers "Delete from Service" on (an object keyed by path). */
export const DOCUMENT_FILES_CONTEXT = 'docIngest.documents.files';

/** Ledger changes come one per file during a batch: the context key follows at most this often. */
const CONTEXT_DELAY_MS = 300;

/** A document the service (by the last listing) or the ledger knows, as Delete from Service names it. */
export interface KnownDocument {
  /** As the server listed it or the ledger stored it. */
  documentId: string;
  title: string | undefined;
  server: string;
  scope: string;
  /** The source key of its file; undefined when it has none in this workspace. */
  source: string | undefined;
}

/** The Documents view's last listing: the rows of one server and pair, and the files whose document it holds. */
export interface Listing {
  server: string;
  scope: string;
  rows: readonly DocumentRow[];
  held: ReadonlySet<string>;
}

/**
 * Which files of the workspace have a document on the configured server and pair: those the Documents view's last
 * listing matched (whoever published them) and those the ledger records as sent from here. The Explorer's badges
 * ask it, "Delete from Service" finds a file's document in it, and it keeps the context key of the files the
 * Explorer offers that command on.
 */
export class HeldDocuments implements vscode.Disposable {
  private listed: Listing | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  /** The listing changed (listed, refreshed, a document deleted). */
  readonly onDidChange = this.changed.event;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly ledger: Promise<Ledger>) {
    void ledger.then((l) => {
      const stop = l.onDidChange((change) => {
        if (change.kind === 'documents') this.scheduleContext();
      });
      this.disposables.push({ dispose: stop });
    });
    this.disposables.push(
      this.changed,
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.scheduleContext()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${SECTION}.baseUrl`) || e.affectsConfiguration(`${SECTION}.ccPairId`)) this.scheduleContext();
      }),
    );
    this.scheduleContext();
  }

  get listing(): Listing | undefined {
    return this.listed;
  }

  /**
   * What the view listed last (undefined: nothing, or a listing that failed). The badges are told only when the
   * files whose document the service holds changed: the view matches again after every batch of ledger changes.
   */
  setListing(listing: Listing | undefined): void {
    const before = this.listed;
    this.listed = listing;
    this.scheduleContext();
    const same = before === listing || (!!before && !!listing && before.scope === listing.scope && before.held.size === listing.held.size && [...listing.held].every((k) => before.held.has(k)));
    if (!same) this.changed.fire();
  }

  /** Whether the last listing of `scope` holds the document of the file with this source key. */
  holds(scope: string, sourceKey: string): boolean {
    return this.listed?.scope === scope && this.listed.held.has(sourceKey);
  }

  /**
   * The documents of a file on the server and pair its settings name: the rows of the last listing matched to it,
   * then the ledger's newest record of sending it from here. Empty when neither knows one.
   */
  async documentsOf(uri: vscode.Uri): Promise<KnownDocument[]> {
    const source = workspaceSource(uri);
    const settings = readSettings(uri);
    if (!source || !settings.baseUrl) return [];
    const server = settings.baseUrl;
    const scope = ledgerScope(server, settings.ccPairId);
    const found = new Map<string, KnownDocument>();
    if (this.listed?.scope === scope) {
      for (const row of this.listed.rows) {
        if (row.source === source.key) found.set(row.documentId, { documentId: row.documentId, title: row.title, server, scope, source: row.source });
      }
    }
    const sent = (await this.ledger).findBySourcePath(scope, source.key);
    if (sent && !found.has(sent.documentId)) found.set(sent.documentId, { documentId: sent.documentId, title: undefined, server, scope, source: source.key });
    return [...found.values()];
  }

  private scheduleContext(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.updateContext();
    }, CONTEXT_DELAY_MS);
  }

  /** The paths the Explorer compares with `resourcePath`: a file's `fsPath` (and its URI path off the local disk). */
  private async updateContext(): Promise<void> {
    const settings = readSettings();
    const files: Record<string, true> = {};
    const add = (key: string) => {
      const uri = sourceUri(key);
      if (!uri) return;
      files[uri.fsPath] = true;
      files[uri.path] = true;
    };
    if (settings.baseUrl) {
      const scope = ledgerScope(settings.baseUrl, settings.ccPairId);
      for (const entry of (await this.ledger).entries(scope)) add(entry.sourcePath);
      if (this.listed?.scope === scope) for (const row of this.listed.rows) if (row.source !== undefined) add(row.source);
    }
    await vscode.commands.executeCommand('setContext', DOCUMENT_FILES_CONTEXT, files);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    vscode.Disposable.from(...this.disposables).dispose();
  }
}
