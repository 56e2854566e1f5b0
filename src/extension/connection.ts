import * as vscode from 'vscode';
import { AuthError, ServiceClient, ServiceError, isServiceError } from '../core/api';
import { isInsecureRemote } from '../core/config/baseUrl';
import { KeyStore } from './keyStore';
import { Log } from './log';
import { readSettings, SECTION } from './settings';

export type ConnectionState = 'needsServer' | 'needsKey' | 'unreachable' | 'ready';

const ACKNOWLEDGED_HTTP = 'docIngest.insecureHttpAcknowledged';

/** Raised when a command needs the server or key the user has not given yet. */
export class NotConfiguredError extends Error {
  constructor(readonly state: 'needsServer' | 'needsKey') {
    super(
      state === 'needsServer'
        ? vscode.l10n.t('No server is set. Run "Doc Ingest: Set Server URL" first.')
        : vscode.l10n.t('No API key is set for this server. Run "Doc Ingest: Set API Key" first.'),
    );
  }
}

/**
 * Server URL + key → a client, and the `docIngest.state` context key that drives the welcome views.
 * A rejected key anywhere moves the state to `needsKey`.
 */
export class Connection implements vscode.Disposable {
  private current: ConnectionState = 'needsServer';
  private readonly changed = new vscode.EventEmitter<ConnectionState>();
  readonly onDidChangeState = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];
  private checking: Promise<ConnectionState> | undefined;
  /** A check asked for while one was under way: it runs after it, with the settings and key of then. */
  private recheck: Promise<ConnectionState> | undefined;
  /** The server or its key changed since the last state event: the next one fires even if the state stays. */
  private serverChanged = false;
  lastError: ServiceError | undefined;

  constructor(
    private readonly keys: KeyStore,
    private readonly log: Log,
    private readonly globalState: vscode.Memento,
    private readonly fetchImpl: typeof fetch = (input, init) => fetch(input, init),
  ) {
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration(SECTION)) return;
        if (e.affectsConfiguration(`${SECTION}.baseUrl`) || e.affectsConfiguration(`${SECTION}.ingestionPath`)) this.serverChanged = true;
        void this.refresh();
      }),
      keys.onDidChange((baseUrl) => {
        if (baseUrl === readSettings().baseUrl) this.serverChanged = true;
        void this.refresh();
      }),
    );
  }

  get state(): ConnectionState {
    return this.current;
  }

  get baseUrl(): string | undefined {
    return readSettings().baseUrl;
  }

  /**
   * Re-evaluates the state with one cheap authenticated call. Concurrent callers share one check; a call during
   * a check gets one more check after it (shared too), so that a settings or key change is never answered with
   * the result of a check that started before it.
   */
  refresh(): Promise<ConnectionState> {
    if (!this.checking) {
      this.checking = this.evaluate().finally(() => (this.checking = undefined));
      return this.checking;
    }
    this.recheck ??= this.checking.then(() => {
      this.recheck = undefined;
      return this.refresh();
    });
    return this.recheck;
  }

  private async evaluate(): Promise<ConnectionState> {
    const settings = readSettings();
    if (!settings.baseUrl) return this.setState('needsServer');
    const key = await this.keys.get(settings.baseUrl);
    if (!key || !this.mayUseKeyWith(settings.baseUrl)) return this.setState('needsKey');
    try {
      await this.createClient(settings.baseUrl, key).checkKey();
      this.lastError = undefined;
      return this.setState('ready');
    } catch (e) {
      this.lastError = isServiceError(e) ? e : undefined;
      this.log.warn(`Connection check failed: ${e instanceof Error ? e.message : String(e)}`);
      return this.setState(e instanceof AuthError ? 'needsKey' : 'unreachable');
    }
  }

  /** A client for the configured server and key, or a NotConfiguredError saying what to do first. */
  async client(): Promise<ServiceClient> {
    const baseUrl = readSettings().baseUrl;
    if (!baseUrl) throw new NotConfiguredError('needsServer');
    const key = await this.keys.get(baseUrl);
    if (!key || !this.mayUseKeyWith(baseUrl)) throw new NotConfiguredError('needsKey');
    return this.createClient(baseUrl, key);
  }

  createClient(baseUrl: string, key: string): ServiceClient {
    const s = readSettings();
    return new ServiceClient({
      fetch: this.fetchImpl,
      baseUrl,
      apiKey: key,
      ingestionPath: s.ingestionPath,
      timeoutMs: s.requestTimeoutMs,
      longTimeoutMs: s.ingestTimeoutMs,
      userAgent: 'doc-ingest-vscode',
      onRequest: (r) => this.log.request(r),
    });
  }

  /** Every failure passes here so that a rejected key anywhere leads the user to set a new one. */
  noteError(e: unknown): void {
    if (e instanceof AuthError && this.current !== 'needsKey') this.setState('needsKey');
  }

  noteSuccess(): void {
    if (this.current !== 'ready') this.setState('ready');
  }

  /** Asks once per server before a key travels over plain http to another machine. */
  async confirmInsecureUse(baseUrl: string): Promise<boolean> {
    if (this.mayUseKeyWith(baseUrl)) return true;
    const send = vscode.l10n.t('Send over HTTP');
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t('{0} uses plain http: the API key would travel unencrypted and could be read on the way.', baseUrl),
      { modal: true, detail: vscode.l10n.t('Use an https:// address if the server offers one.') },
      send,
    );
    if (choice !== send) return false;
    const acknowledged = this.globalState.get<string[]>(ACKNOWLEDGED_HTTP, []);
    await this.globalState.update(ACKNOWLEDGED_HTTP, [...acknowledged, baseUrl]);
    return true;
  }

  private mayUseKeyWith(baseUrl: string): boolean {
    return !isInsecureRemote(baseUrl) || this.globalState.get<string[]>(ACKNOWLEDGED_HTTP, []).includes(baseUrl);
  }

  /** Fires `onDidChangeState` when the state changes, and also when the server or key behind it did. */
  private setState(state: ConnectionState): ConnectionState {
    const changed = this.current !== state || this.serverChanged;
    this.current = state;
    this.serverChanged = false;
    void vscode.commands.executeCommand('setContext', 'docIngest.state', state);
    if (changed) this.changed.fire(state);
    return state;
  }

  dispose(): void {
    vscode.Disposable.from(...this.disposables).dispose();
  }
}
