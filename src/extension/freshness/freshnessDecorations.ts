import * as vscode from 'vscode';
import { ledgerScope } from '../../core/ledger/scope';
import { SITE_CONFIG_FILES } from '../../core/site/configFiles';
import type { Ledger, SourceState } from '../../core/ledger/ledger';
import { isBatchFile } from '../identity/listFiles';
import { workspaceSource } from '../identity/workspaceSource';
import { readSettings, SECTION } from '../services/settings';
import type { SourceStates } from './sourceStates';

/** Settings whose change can change every decoration. */
const AFFECTING = ['baseUrl', 'ccPairId', 'include', 'exclude', 'decorations.enabled'].map((k) => `${SECTION}.${k}`);

/**
 * What the service holds, once the Documents view has listed it: a file whose document it holds (published by CI,
 * say) is not "never ingested", though this workspace's ledger has no record of it.
 */
export interface ServerHolds {
  holds(scope: string, sourceKey: string): boolean;
  readonly onDidChange: vscode.Event<void>;
}

/** Ledger changes come one per file during a batch: gathered and announced at most this often. */
const LEDGER_NOTICE_MS = 200;

/**
 * Explorer badges for the files a batch would take (F10): never ingested to the configured server and pair, or
 * changed since their last ingestion there. Unchanged files get none. Files are hashed only when the Explorer
 * asks (visible rows), and again only after their modification time or size changes.
 */
export class FreshnessDecorations implements vscode.FileDecorationProvider, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<vscode.Uri | vscode.Uri[] | undefined>();
  readonly onDidChangeFileDecorations = this.changeEmitter.event;
  /** The source key (the ledger's source path: folder and path) of every file the Explorer asked about. */
  private readonly asked = new Map<string, vscode.Uri>();
  private readonly pending = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private watchers: vscode.Disposable[] = [];

  /** `projectChanged`: a `.doc-ingest.json` changed, which may change the globs, the pair or the server's scope. */
  constructor(private readonly states: SourceStates, ledger: Promise<Ledger>, projectChanged: vscode.Event<void>, private readonly server?: ServerHolds) {
    void ledger.then((l) => {
      const stop = l.onDidChange((change) => {
        if (change.kind !== 'documents') return;
        for (const p of change.sourcePaths) this.pending.add(p);
        this.timer ??= setTimeout(() => this.announceLedgerChanges(), LEDGER_NOTICE_MS);
      });
      this.disposables.push({ dispose: stop });
    });
    this.disposables.push(
      this.changeEmitter,
      vscode.window.registerFileDecorationProvider(this),
      vscode.workspace.onDidSaveTextDocument((d) => this.fileChanged(d.uri)),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.watch()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!AFFECTING.some((s) => e.affectsConfiguration(s))) return;
        if (e.affectsConfiguration(`${SECTION}.include`)) this.watch();
        this.changeEmitter.fire(undefined);
      }),
      projectChanged(() => {
        this.watch();
        this.changeEmitter.fire(undefined);
      }),
    );
    if (server) this.disposables.push(server.onDidChange(() => this.changeEmitter.fire(undefined)));
    // Right after activation: the globs may come from .doc-ingest.json, whose parser activation does not load (issue 37)
    queueMicrotask(() => this.watch());
  }

  async provideFileDecoration(uri: vscode.Uri, token?: vscode.CancellationToken): Promise<vscode.FileDecoration | undefined> {
    const state = await this.stateOf(uri);
    if (token?.isCancellationRequested || !state || state === 'unchanged') return undefined;
    const settings = readSettings(uri);
    const server = settings.baseUrl ?? '';
    if (state === 'never' && this.serverHolds(uri, ledgerScope(server, settings.ccPairId))) return undefined;
    return state === 'never'
      ? new vscode.FileDecoration(vscode.l10n.t('N'), vscode.l10n.t('Doc Ingest: never ingested to {0}', server), new vscode.ThemeColor('docIngest.neverIngestedForeground'))
      : new vscode.FileDecoration('~', vscode.l10n.t('Doc Ingest: changed since its last ingestion to {0}', server), new vscode.ThemeColor('docIngest.changedSinceIngestionForeground'));
  }

  /** What the badge says of a file; undefined: no badge is due (off, no server, not a batch file, unreadable). */
  async stateOf(uri: vscode.Uri): Promise<SourceState | undefined> {
    if (uri.scheme !== 'file' || !isBatchFile(uri)) return undefined;
    const settings = readSettings(uri);
    if (!settings.decorationsEnabled || !settings.baseUrl) return undefined;
    const source = workspaceSource(uri);
    if (source) this.asked.set(source.key, uri);
    return this.states.state(uri);
  }

  private serverHolds(uri: vscode.Uri, scope: string): boolean {
    const source = workspaceSource(uri);
    return !!source && !!this.server?.holds(scope, source.key);
  }

  private fileChanged(uri: vscode.Uri): void {
    this.states.forget(uri);
    // The pages that include files (F15) may have changed with it: asked again, they hash what they include anew.
    const includers = this.states.withIncludes().filter((u) => u.toString() !== uri.toString());
    this.changeEmitter.fire(includers.length ? [uri, ...includers] : uri);
  }

  private announceLedgerChanges(): void {
    this.timer = undefined;
    const uris = [...this.pending].map((p) => this.asked.get(p)).filter((u): u is vscode.Uri => u !== undefined);
    this.pending.clear();
    if (uris.length) this.changeEmitter.fire(uris);
  }

  /** One watcher per folder on its include globs: saves outside the editor, new and deleted files. */
  private watch(): void {
    for (const w of this.watchers) w.dispose();
    this.watchers = [];
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      const include = readSettings(folder.uri).include;
      if (!include.length) continue;
      const glob = include.length === 1 ? (include[0] ?? '') : `{${include.join(',')}}`;
      // A rule file or a docs site's config changed (F15): which files are taken may have changed, so every badge
      // is asked again.
      const rules = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, `{**/.gitignore,**/.docingestignore,.git/info/exclude,${SITE_CONFIG_FILES.map((f) => `**/${f}`).join(',')}}`));
      const again = () => {
        this.states.clear();
        this.changeEmitter.fire(undefined);
      };
      this.watchers.push(rules, rules.onDidChange(again), rules.onDidCreate(again), rules.onDidDelete(again));
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, glob));
      this.watchers.push(
        watcher,
        watcher.onDidChange((u) => this.fileChanged(u)),
        watcher.onDidCreate((u) => this.fileChanged(u)),
        watcher.onDidDelete((u) => {
          const source = workspaceSource(u);
          if (source) this.asked.delete(source.key);
          this.fileChanged(u);
        }),
      );
    }
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const d of [...this.watchers, ...this.disposables]) d.dispose();
  }
}
