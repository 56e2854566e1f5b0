import * as vscode from 'vscode';
import type { ApiLookup } from '../../core/api/probe';
import { AuthError } from '../../core/api/errors';
// The client, its schemas and zod load with the first request, not with activation (issue 37).
import type { ServiceClient } from '../../core/api/client';
import type { RouteMemory, VariantRoute } from '../../core/api/variantRoutes';
import { isInsecureRemote, normalizeBaseUrl } from '../../core/api/baseUrl';
import { keyFingerprint } from '../../core/polling/scope';
import { KeyStore } from './keyStore';
import { Log } from './log';
import { readSettings, SECTION } from './settings';

export type ConnectionState = 'needsServer' | 'needsKey' | 'unreachable' | 'ready';

const ACKNOWLEDGED_HTTP = 'docIngest.insecureHttpAcknowledged';
/** Per server URL, the path each variant route answered on (never the key). */
const LEARNED_ROUTES = 'docIngest.learnedRoutes';
type LearnedRoutes = Record<string, Partial<Record<VariantRoute, string>>>;
/** Settings a client is built from: a change rebuilds the clients (no request); only the server's re-checks the key. */
const CLIENT_SETTINGS = ['ingestionPath', 'requestTimeoutSeconds', 'ingestTimeoutSeconds'];

/** Who the configured server knows the user as: its URL and a fingerprint of the key (never the key). */
export interface Identity {
  readonly baseUrl: string;
  readonly keyFingerprint: string;
}

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
  /** Bumped when a key is adopted: a check that started before it no longer decides the state. */
  private generation = 0;
  /** The key Set API Key has just checked: its arrival in SecretStorage needs no second check. */
  private adopted: { baseUrl: string; key: string } | undefined;
  /**
   * Per server, its key as SecretStorage last gave it (undefined: none) and the client built with it, so that a
   * poll every 2 s neither reads SecretStorage nor loses what a client learned. Dropped when the key changes.
   */
  private readonly servers = new Map<string, { key: string | undefined; client?: ServiceClient; fingerprint?: string }>();
  /** Bumped whenever a key is dropped from `servers`: a read under way then must not put back the old key. */
  private keyEpoch = 0;
  /** The server the state was last checked for: only a change of it (or of its key) is checked again. */
  private checkedBaseUrl: string | undefined;

  constructor(
    private readonly keys: KeyStore,
    private readonly log: Log,
    private readonly globalState: vscode.Memento,
    private readonly fetchImpl: typeof fetch = (input, init) => fetch(input, init),
  ) {
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (CLIENT_SETTINGS.some((s) => e.affectsConfiguration(`${SECTION}.${s}`))) this.dropClients();
        // Only another server needs the key checked again; ccPairId, the status bar and the like ask nothing.
        if (e.affectsConfiguration(`${SECTION}.baseUrl`) && readSettings().baseUrl !== this.checkedBaseUrl) {
          this.serverChanged = true;
          void this.refresh();
        }
      }),
      keys.onDidChange((baseUrl) => void this.keyChanged(baseUrl)),
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
    const generation = this.generation;
    const settle = (state: ConnectionState) => (generation === this.generation ? this.setState(state) : this.current);
    const settings = readSettings();
    this.checkedBaseUrl = settings.baseUrl;
    if (!settings.baseUrl) return settle('needsServer');
    const key = await this.keyOf(settings.baseUrl);
    if (!key || !this.mayUseKeyWith(settings.baseUrl)) return settle('needsKey');
    try {
      await (await this.clientWith(settings.baseUrl, key)).checkKey();
      return settle('ready');
    } catch (e) {
      this.log.warn(`Connection check failed: ${e instanceof Error ? e.message : String(e)}`);
      return settle(e instanceof AuthError ? 'needsKey' : 'unreachable');
    }
  }

  /**
   * Stores a key the caller has just checked with the server and makes the state ready without checking it
   * again. (SecretStorage reports the change; keyChanged recognises the adopted key and asks nothing.)
   */
  async adoptKey(baseUrl: string, key: string): Promise<void> {
    this.adopted = { baseUrl, key };
    await this.keys.store(baseUrl, key);
    this.forgetKey(baseUrl);
    this.servers.set(baseUrl, { key });
    this.generation++;
    this.serverChanged = true;
    if (readSettings().baseUrl === baseUrl) this.setState('ready');
  }

  /** Forgets the key of `baseUrl` and what was learned about the server (its routes). */
  async forgetServer(baseUrl: string): Promise<void> {
    await this.keys.delete(baseUrl);
    this.forgetKey(baseUrl);
    const { [baseUrl]: _forgotten, ...others } = this.globalState.get<LearnedRoutes>(LEARNED_ROUTES, {});
    await this.globalState.update(LEARNED_ROUTES, others);
    await this.refresh();
  }

  /** A key changed in SecretStorage (this window or another): check again unless it is the key just adopted. */
  private async keyChanged(baseUrl: string): Promise<void> {
    const known = this.servers.get(baseUrl);
    const adopting = this.adopted?.baseUrl === baseUrl && known?.key === this.adopted.key;
    if (!adopting) this.forgetKey(baseUrl);
    if (baseUrl !== readSettings().baseUrl) return;
    const key = await this.keyOf(baseUrl);
    if (key !== undefined && this.adopted?.baseUrl === baseUrl && this.adopted.key === key) {
      this.adopted = undefined;
      return;
    }
    this.serverChanged = true;
    await this.refresh();
  }

  /** Whether `url` is the service's API, and if not, which address near it is (no key is sent). */
  async lookUpApi(url: string): Promise<ApiLookup> {
    const { findServerApi } = await import('../../core/api/probe.js');
    return findServerApi(this.fetchImpl, url, { timeoutMs: Math.min(readSettings().requestTimeoutMs, 15000) });
  }

  /**
   * A client for `baseUrl` (default: the configured server) with that server's stored key, or a NotConfiguredError
   * saying what to do first. One client per server and key, kept until the key or a client setting changes.
   */
  async client(baseUrl?: string): Promise<ServiceClient> {
    const url = baseUrl === undefined ? readSettings().baseUrl : normalizeBaseUrl(baseUrl);
    if (!url) throw new NotConfiguredError('needsServer');
    const key = await this.keyOf(url);
    if (!key || !this.mayUseKeyWith(url)) throw new NotConfiguredError('needsKey');
    return this.clientWith(url, key);
  }

  /** The configured server and a fingerprint of its key (to keep per-user state apart), or undefined without both. */
  async identity(): Promise<Identity | undefined> {
    const baseUrl = readSettings().baseUrl;
    if (!baseUrl) return undefined;
    const key = await this.keyOf(baseUrl);
    if (!key) return undefined;
    const entry = this.servers.get(baseUrl);
    if (entry?.key !== key) return { baseUrl, keyFingerprint: keyFingerprint(key) };
    entry.fingerprint ??= keyFingerprint(key);
    return { baseUrl, keyFingerprint: entry.fingerprint };
  }

  /** The key of `baseUrl`, read from SecretStorage once and then held here until it changes. */
  private async keyOf(baseUrl: string): Promise<string | undefined> {
    const known = this.servers.get(baseUrl);
    if (known) return known.key;
    const epoch = this.keyEpoch;
    const key = await this.keys.get(baseUrl);
    if (epoch === this.keyEpoch) this.servers.set(baseUrl, { key });
    return key;
  }

  /** The cached client of this server and key, built when there is none. */
  private async clientWith(baseUrl: string, key: string): Promise<ServiceClient> {
    const { ServiceClient } = await import('../../core/api/client.js');
    let entry = this.servers.get(baseUrl);
    if (entry?.key !== key) {
      entry = { key };
      this.servers.set(baseUrl, entry);
    }
    entry.client ??= this.newClient(ServiceClient, baseUrl, key);
    return entry.client;
  }

  private forgetKey(baseUrl: string): void {
    this.servers.delete(baseUrl);
    this.keyEpoch++;
  }

  /**
   * A client setting changed (here or in a `.doc-ingest.json`, which may set the ingestion path): the next call
   * builds new clients from the keys held here (no request).
   */
  dropClients(): void {
    for (const entry of this.servers.values()) entry.client = undefined;
  }

  async createClient(baseUrl: string, key: string): Promise<ServiceClient> {
    const { ServiceClient } = await import('../../core/api/client.js');
    return this.newClient(ServiceClient, baseUrl, key);
  }

  private newClient(Client: typeof ServiceClient, baseUrl: string, key: string): ServiceClient {
    const s = readSettings();
    return new Client({
      fetch: this.fetchImpl,
      baseUrl,
      apiKey: key,
      ingestionPath: s.ingestionPath,
      routes: this.learnedRoutes(baseUrl),
      onRouteLearned: (route, path, missing) =>
        this.log.info(`${baseUrl} has no route ${missing.join(', ')} (HTTP 404); its ${route} route is ${path}: using it from now on.`),
      timeoutMs: s.requestTimeoutMs,
      longTimeoutMs: s.ingestTimeoutMs,
      userAgent: 'doc-ingest-vscode',
      onRequest: (r) => this.log.request(r),
    });
  }

  /** Which path each variant route answered on at this server, kept across sessions in the global state. */
  private learnedRoutes(baseUrl: string): RouteMemory {
    const all = () => this.globalState.get<LearnedRoutes>(LEARNED_ROUTES, {});
    return {
      get: (route) => all()[baseUrl]?.[route],
      set: (route, path) => void this.globalState.update(LEARNED_ROUTES, { ...all(), [baseUrl]: { ...all()[baseUrl], [route]: path } }),
    };
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
