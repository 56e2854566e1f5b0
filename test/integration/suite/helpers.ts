// Shared helpers of the extension-host tests: the extension's API, settings, the local service, stubs of the
// UI calls a test cannot answer by hand (input boxes, quick picks, notifications), and a bounded wait.
// Not a *.test.ts file, so suite/index.ts does not load it as tests.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { IngestionRecord } from '../../../src/core/ingest/history';
import type { DocIngestApi } from '../../../src/extension/extension';
import { startService } from '../../service';
import type { DialectName, LocalService, PrincipalName, RequestRecord, ServiceOptions } from '../../service';

export const EXTENSION_ID = 'doc-ingest.doc-ingest';
const root = path.resolve(__dirname, '../../../..');

export async function getApi(): Promise<DocIngestApi> {
  const ext = vscode.extensions.getExtension<DocIngestApi>(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is not loaded`);
  const api = await ext.activate();
  assert.ok(api?.connection, 'activate() returns the DocIngestApi');
  return api;
}

export function workspaceUri(relativePath: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'a workspace folder is open');
  return vscode.Uri.joinPath(folder.uri, relativePath);
}

/** Writes a file of the fixture workspace, its folders made as needed. */
export function writeWorkspaceFile(relativePath: string, text: string): vscode.Uri {
  const uri = workspaceUri(relativePath);
  fs.mkdirSync(vscode.Uri.joinPath(uri, '..').fsPath, { recursive: true });
  fs.writeFileSync(uri.fsPath, text);
  return uri;
}

/** Polls `condition` until it holds (returns its value) or fails the test after `timeoutMs`. */
export async function until<T>(condition: () => T | undefined | false | Promise<T | undefined | false>, what: string, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let delay = 10;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) assert.fail(`timed out after ${timeoutMs} ms waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 100);
  }
}

// ------------------------------------------------------------------------------------------------ settings

/** Every setting the tests change, reset to its default in afterEach. */
const TOUCHED = ['baseUrl', 'ingestionPath', 'ccPairId', 'connectorIds', 'connectorFiles.pageSize', 'requestTimeoutSeconds', 'ingestTimeoutSeconds', 'userFiles.pollIntervalSeconds'];

/** Every server URL a test pointed the extension at: their keys are cleared after the test. */
const usedUrls = new Set<string>();

/** Writes user (Global) settings and waits until this extension host sees them. */
export async function setSettings(values: Record<string, unknown>): Promise<void> {
  if (typeof values.baseUrl === 'string') usedUrls.add(values.baseUrl);
  const config = vscode.workspace.getConfiguration('docIngest');
  for (const [key, value] of Object.entries(values)) {
    await config.update(key, value, vscode.ConfigurationTarget.Global);
  }
  await until(() => {
    const now = vscode.workspace.getConfiguration('docIngest');
    return Object.entries(values).every(([key, value]) => {
      const seen = now.inspect(key)?.globalValue;
      return JSON.stringify(seen) === JSON.stringify(value);
    });
  }, `settings ${JSON.stringify(values)} to apply`);
}

export async function resetSettings(): Promise<void> {
  const config = vscode.workspace.getConfiguration('docIngest');
  const set = TOUCHED.filter((k) => config.inspect(k)?.globalValue !== undefined);
  if (set.length) await setSettings(Object.fromEntries(set.map((k) => [k, undefined])));
}

// ------------------------------------------------------------------------------------------------ stubs

/** Replaces methods of VS Code's API objects (shared with the extension) and puts them back in `restore()`. */
export class Stubs {
  private readonly undo: (() => void)[] = [];

  replace<O extends object, K extends keyof O>(target: O, name: K, impl: O[K]): void {
    const had = Object.prototype.hasOwnProperty.call(target, name);
    const original = target[name];
    (target as Record<K, unknown>)[name] = impl;
    this.undo.push(() => {
      if (had) (target as Record<K, unknown>)[name] = original;
      else delete (target as Record<K, unknown>)[name];
    });
  }

  /** Runs `fn` in restore(), e.g. to unsubscribe a listener or close a second service. */
  onRestore(fn: () => void): void {
    this.undo.push(fn);
  }

  restore(): void {
    for (const u of this.undo.splice(0).reverse()) u();
  }
}

export interface Shown {
  level: 'info' | 'warning' | 'error';
  message: string;
  options: unknown[];
}

/**
 * Notifications: recorded and answered at once (with `answer(message)`, default: dismissed), so that no command
 * waits for a toast nobody clicks.
 */
export class Messages {
  readonly shown: Shown[] = [];
  answer: (m: Shown) => string | undefined = () => undefined;

  constructor(stubs: Stubs) {
    const record = (level: Shown['level']) => (message: string, ...rest: unknown[]) => {
      const m = { level, message, options: rest };
      this.shown.push(m);
      const answer = this.answer(m);
      // The items are strings or MessageItems; the stubs only ever answer with a string title.
      const items = rest.filter((r) => typeof r === 'string' || (typeof r === 'object' && r !== null && 'title' in r));
      const chosen = items.find((i) => (typeof i === 'string' ? i : (i as vscode.MessageItem).title) === answer);
      return Promise.resolve(chosen);
    };
    stubs.replace(vscode.window, 'showInformationMessage', record('info') as typeof vscode.window.showInformationMessage);
    stubs.replace(vscode.window, 'showWarningMessage', record('warning') as typeof vscode.window.showWarningMessage);
    stubs.replace(vscode.window, 'showErrorMessage', record('error') as typeof vscode.window.showErrorMessage);
  }

  of(level: Shown['level']): string[] {
    return this.shown.filter((m) => m.level === level).map((m) => m.message);
  }
}

/** Every notification and validation text of the whole run, for the check that no key ever appears in one. */
export const allMessages: string[] = [];

/** Every key the tests used (the service's and the wrong ones typed into the key box). */
export const usedKeys = new Set<string>();

/** `showInputBox`: answers from a list (undefined = Escape), after checking the answer passes validateInput. */
export class InputBoxes {
  readonly asked: vscode.InputBoxOptions[] = [];

  constructor(stubs: Stubs, private readonly answers: (string | undefined)[]) {
    stubs.replace(vscode.window, 'showInputBox', (async (options?: vscode.InputBoxOptions) => {
      this.asked.push(options ?? {});
      assert.ok(this.answers.length, `unexpected input box: ${options?.title ?? options?.prompt}`);
      const answer = this.answers.shift();
      if (answer !== undefined && options?.validateInput) {
        const said = await options.validateInput(answer);
        // Info and warning messages inform; only an error message (or a plain string) refuses the value.
        const problem = typeof said === 'string' || said?.severity === vscode.InputBoxValidationSeverity.Error ? said : undefined;
        assert.ok(!problem, `the test's answer ${answer} is refused by validateInput: ${JSON.stringify(problem)}`);
      }
      return answer;
    }) as typeof vscode.window.showInputBox);
  }
}

/**
 * `showQuickPick` and `createQuickPick`: picks the first item matching `pick`, or all with canPickMany (none matching
 * = Escape for a single pick, Enter with nothing picked for a many-pick list).
 */
export function stubQuickPick(stubs: Stubs, pick: (item: vscode.QuickPickItem) => boolean): { shown: vscode.QuickPickItem[][] } {
  const shown: vscode.QuickPickItem[][] = [];
  stubs.replace(vscode.window, 'showQuickPick', (async (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>, options?: vscode.QuickPickOptions) => {
    const list = [...(await items)];
    shown.push(list);
    if (options?.canPickMany) return list.filter(pick);
    return list.find(pick);
  }) as unknown as typeof vscode.window.showQuickPick);
  stubs.replace(vscode.window, 'createQuickPick', (() => new FakeQuickPick((qp) => {
    shown.push([...qp.items]);
    const chosen = qp.items.filter((i) => i.kind !== vscode.QuickPickItemKind.Separator && pick(i));
    if (!qp.canSelectMany && !chosen.length) return qp.hide();
    qp.selectedItems = qp.canSelectMany ? chosen : chosen.slice(0, 1);
    qp.accept();
  })) as unknown as typeof vscode.window.createQuickPick);
  return { shown };
}

/**
 * A QuickPick driven by a test as a person would drive VS Code's: `type` fires `onDidChangeValue` as typing does,
 * `accept` is Enter, `hide` is Escape. `onShow` answers when the extension shows it.
 */
export class FakeQuickPick<T extends vscode.QuickPickItem = vscode.QuickPickItem> {
  title: string | undefined;
  placeholder: string | undefined;
  canSelectMany = false;
  matchOnDescription = false;
  matchOnDetail = false;
  ignoreFocusOut = false;
  items: readonly T[] = [];
  selectedItems: readonly T[] = [];
  activeItems: readonly T[] = [];
  private text = '';
  private readonly changedValue = new vscode.EventEmitter<string>();
  private readonly accepted = new vscode.EventEmitter<void>();
  private readonly hidden = new vscode.EventEmitter<void>();
  readonly onDidChangeValue = this.changedValue.event;
  readonly onDidAccept = this.accepted.event;
  readonly onDidHide = this.hidden.event;

  constructor(private readonly onShow: (qp: FakeQuickPick<T>) => void) {}

  get value(): string {
    return this.text;
  }

  /** Set by the extension: no event, as VS Code fires none for its own changes. */
  set value(v: string) {
    this.text = v;
  }

  /** What a person types into the box, a key at a time. */
  type(keys: string): void {
    for (const k of keys) {
      this.text += k;
      this.changedValue.fire(this.text);
    }
  }

  /** As VS Code's: the row the extension highlighted, else none. */
  show(): void {
    setTimeout(() => this.onShow(this), 0);
  }

  accept(): void {
    this.accepted.fire();
  }

  hide(): void {
    this.hidden.fire();
  }

  dispose(): void {
    this.changedValue.dispose();
    this.accepted.dispose();
    this.hidden.dispose();
  }
}

/** Enter on what the box holds, without typing (e.g. an address the extension put into the box). */
export const ENTER = { enter: true } as const;

/**
 * A value to type into the fake input box and press Enter on; ENTER presses Enter only;
 * `escapeWhileBusy`: press Escape while the extension checks the value.
 */
export type TypedValue = string | typeof ENTER | { value: string; escapeWhileBusy: true };

/**
 * `createInputBox` (the password box of "Set API Key", the address box of "Set Server URL"): on show(), types
 * the values in turn, pressing Enter after each and waiting for the extension to accept (dispose the box) or to
 * show a validation message. A box that is accepted leaves the remaining values to the next box; when the values
 * run out, presses Escape. `messages` collects the validation messages shown. Like VS Code, the box reports a
 * value the extension sets through onDidChangeValue too.
 */
export class FakeInputBoxes {
  readonly messages: (string | undefined)[] = [];
  readonly boxes: { password: boolean; prompt: string | undefined; disposed: boolean }[] = [];

  constructor(stubs: Stubs, private readonly values: TypedValue[], onCreate?: () => void) {
    stubs.replace(vscode.window, 'createInputBox', (() => {
      onCreate?.();
      return this.create();
    }) as typeof vscode.window.createInputBox);
  }

  private create(): vscode.InputBox {
    const accept = new vscode.EventEmitter<void>();
    const hide = new vscode.EventEmitter<void>();
    const change = new vscode.EventEmitter<string>();
    const record = { password: false, prompt: undefined as string | undefined, disposed: false };
    this.boxes.push(record);
    let validation: string | vscode.InputBoxValidationMessage | undefined;
    let busy = false;
    let visible = false;
    let value = '';
    const box = {
      get value() { return value; },
      set value(v: string) {
        value = v;
        queueMicrotask(() => change.fire(v));
      },
      title: undefined as string | undefined,
      placeholder: undefined as string | undefined,
      ignoreFocusOut: false,
      enabled: true,
      step: undefined,
      totalSteps: undefined,
      buttons: [],
      valueSelection: undefined,
      get password() { return record.password; },
      set password(v: boolean) { record.password = v; },
      get prompt() { return record.prompt; },
      set prompt(v: string | undefined) { record.prompt = v; },
      get busy() { return busy; },
      set busy(v: boolean) { busy = v; },
      get validationMessage() { return validation; },
      set validationMessage(v: string | vscode.InputBoxValidationMessage | undefined) { validation = v; },
      onDidAccept: accept.event,
      onDidHide: hide.event,
      onDidChangeValue: change.event,
      onDidTriggerButton: new vscode.EventEmitter<vscode.QuickInputButton>().event,
      show: () => {
        if (visible) return;
        visible = true;
        void this.drive(box, accept, record, () => validation, () => busy);
      },
      hide: () => {
        if (!visible) return;
        visible = false;
        hide.fire();
      },
      dispose: () => {
        record.disposed = true;
        if (visible) box.hide();
      },
    };
    return box as unknown as vscode.InputBox;
  }

  private async drive(
    box: { value: string; hide(): void },
    accept: vscode.EventEmitter<void>,
    record: { disposed: boolean },
    validation: () => unknown,
    busy: () => boolean,
  ): Promise<void> {
    for (let typed = this.values.shift(); typed !== undefined; typed = this.values.shift()) {
      if (typed !== ENTER) {
        const value = typeof typed === 'string' ? typed : (typed as { value: string }).value;
        if (value.trim().length >= 8 && !/^https?:/i.test(value.trim())) usedKeys.add(value.trim());
        box.value = value;
        await new Promise<void>((r) => queueMicrotask(r)); // the change event first, as when typing
      }
      accept.fire();
      if (typeof typed === 'object' && 'escapeWhileBusy' in typed) {
        await until(() => busy(), 'the check to start');
        box.hide();
        return;
      }
      await until(() => record.disposed || (!busy() && validation() !== undefined), 'the check to finish');
      if (record.disposed) return;
      const v = validation();
      const message = typeof v === 'string' ? v : (v as vscode.InputBoxValidationMessage | undefined)?.message;
      this.messages.push(message);
      if (message) allMessages.push(message);
    }
    box.hide();
  }
}

/** Records what the extension sets with `setContext` (the context keys its when-clauses read). */
export class ContextKeys {
  readonly values = new Map<string, unknown[]>();

  constructor(stubs: Stubs) {
    const original = vscode.commands.executeCommand;
    stubs.replace(vscode.commands, 'executeCommand', (<T>(command: string, ...rest: unknown[]) => {
      if (command === 'setContext' && typeof rest[0] === 'string') {
        const list = this.values.get(rest[0]) ?? [];
        list.push(rest[1]);
        this.values.set(rest[0], list);
      }
      return original.call(vscode.commands, command, ...rest) as Thenable<T>;
    }) as typeof vscode.commands.executeCommand);
  }

  last(key: string): unknown {
    return this.values.get(key)?.at(-1);
  }
}

// ------------------------------------------------------------------------------------------------ a test's world

/**
 * What one test works with: a fresh local service, stubbed notifications, and clean settings, keys and views.
 * `useWorld()` in a describe() installs the hooks; whatever a test stubs through `stubs` is restored after it.
 */
export interface World {
  api: DocIngestApi;
  service: LocalService;
  stubs: Stubs;
  messages: Messages;
  context: ContextKeys;
  /** Input boxes and pickers that no test stub answered (each answered with Escape): a test fails on any. */
  unexpectedUi: string[];
  /** The ingestion results of this test, newest first. */
  results(): IngestionRecord[];
}

/** Escape for every input UI the test did not expect, so that nothing waits for a person. */
function escapeUnexpectedUi(world: World): void {
  const note = (what: string) => world.unexpectedUi.push(what);
  world.stubs.replace(vscode.window, 'showInputBox', (async (o?: vscode.InputBoxOptions) => {
    note(`showInputBox ${o?.title ?? o?.prompt ?? ''}`);
    return undefined;
  }) as typeof vscode.window.showInputBox);
  world.stubs.replace(vscode.window, 'showQuickPick', (async (_items: unknown, o?: vscode.QuickPickOptions) => {
    note(`showQuickPick ${o?.title ?? ''}`);
    return undefined;
  }) as typeof vscode.window.showQuickPick);
  world.stubs.replace(vscode.window, 'showOpenDialog', (async () => {
    note('showOpenDialog');
    return undefined;
  }) as typeof vscode.window.showOpenDialog);
  new FakeInputBoxes(world.stubs, [], () => note('createInputBox'));
  world.stubs.replace(vscode.window, 'createQuickPick', (() => new FakeQuickPick((qp) => {
    note(`createQuickPick ${qp.title ?? ''}`);
    qp.hide();
  })) as unknown as typeof vscode.window.createQuickPick);
}

export function useWorld(options: ServiceOptions & { dialect?: DialectName } = {}): World {
  const world = {} as World;
  beforeEach(async function () {
    world.api = await getApi();
    world.stubs = new Stubs();
    world.messages = new Messages(world.stubs);
    world.context = new ContextKeys(world.stubs);
    world.unexpectedUi = [];
    escapeUnexpectedUi(world);
    const mark = world.api.history.latest();
    world.results = () => {
      const all = world.api.history.all();
      const i = mark ? all.indexOf(mark) : -1;
      return [...(i < 0 ? all : all.slice(0, i))];
    };
    world.service = await startService({ autoProcess: false, ...options });
    for (const key of Object.values(world.service.keys)) usedKeys.add(key);
    await resetSettings();
    await world.api.connection.refresh();
  });
  afterEach(async function () {
    try {
      for (const m of world.messages?.shown ?? []) allMessages.push(m.message);
      const api = world.api;
      if (api) {
        for (const r of world.results()) if (r.error) allMessages.push(r.error);
        for (const f of api.userFiles.poller.snapshot()) if (f.lastError) allMessages.push(f.lastError instanceof Error ? f.lastError.message : String(f.lastError));
        if (api.userFiles.view.message) allMessages.push(api.userFiles.view.message);
        for (const f of api.userFiles.poller.snapshot()) api.userFiles.poller.untrack(f.id);
        api.connectorFiles.setFilter('');
        // No key may outlive its test: a later service could get the same port.
        if (api.connection.baseUrl) usedUrls.add(api.connection.baseUrl);
        for (const url of usedUrls) {
          if (api.connection.baseUrl !== url) await setSettings({ baseUrl: url });
          await vscode.commands.executeCommand('docIngest.clearApiKey');
        }
        usedUrls.clear();
      }
      await closeAllEditors();
      await resetSettings();
      await api?.connection.refresh();
    } finally {
      world.stubs?.restore();
      await world.service?.close();
    }
    assert.deepEqual(world.unexpectedUi, [], 'input UI that the test did not answer');
  });
  return world;
}

/** Points the extension at the service (with its dialect's ingestion path) and waits for the state to follow. */
export async function connect(world: World, principal?: PrincipalName): Promise<void> {
  await setSettings({ baseUrl: world.service.baseUrl, ingestionPath: world.service.ingestionPath });
  assert.equal(await world.api.connection.refresh(), 'needsKey');
  if (principal) await setKey(world, principal);
}

/** Stores `principal`'s key through the real "Set API Key" command, typing it into a stubbed password box. */
export async function setKey(world: World, principal: PrincipalName): Promise<void> {
  const boxes = new FakeInputBoxes(world.stubs, [world.service.keys[principal]]);
  await vscode.commands.executeCommand('docIngest.setApiKey');
  assert.deepEqual(boxes.messages, [], 'the key was accepted');
  assert.equal(await world.api.connection.refresh(), 'ready');
}

/** Reverts every editor with unsaved changes (fixture files are never saved) and closes all editors. */
export async function closeAllEditors(): Promise<void> {
  for (const doc of vscode.workspace.textDocuments.filter((d) => d.isDirty)) {
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/** Opens a workspace file in an editor. */
export async function openEditor(relativePath: string): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(workspaceUri(relativePath));
  return vscode.window.showTextDocument(doc, { preview: false });
}

/** The ingestion requests the service received. */
export function ingestionRequests(service: LocalService): RequestRecord[] {
  return service.requests.filter((r) => r.method === 'POST' && r.path.startsWith(`/api/${service.ingestionPath}`));
}

/**
 * The extension's log file of this run: <user-data-dir>/logs/<newest>/exthost*\/doc-ingest.doc-ingest/Doc Ingest.log,
 * in the user-data dir runTest.ts gives VS Code. A test that cannot find it fails: a check that cannot look must
 * not pass.
 */
export function extensionLogFile(): string {
  const logs = path.join(root, '.vscode-test/user-data/logs');
  const sessions = fs.existsSync(logs) ? fs.readdirSync(logs).sort().reverse() : [];
  for (const session of sessions) {
    const dir = path.join(logs, session);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const host of fs.readdirSync(dir).filter((d) => d.startsWith('exthost')).sort().reverse()) {
      const file = path.join(dir, host, 'doc-ingest.doc-ingest', 'Doc Ingest.log');
      if (fs.existsSync(file)) return file;
    }
  }
  assert.fail(`no "Doc Ingest" log under ${logs}: the tests must run with the user-data dir runTest.ts sets`);
}
