// UI end-to-end helper: a fresh code-server (VS Code server + web workbench) with .vsix files installed,
// driven by headless Chromium through playwright-core. See docs/architecture.md#testing-in-a-real-vs-code.
//
// Needs CODE_SERVER_BIN / CODE_SERVER_NODE / CHROMIUM_PATH from `eval "$(bash scripts/ensure-vscode.sh)"`
// (scripts/with-vscode.sh does that). Every server gets its own temp dir (user data, extensions, config),
// runs in its own process group and is killed as a group on close() and on process exit/SIGINT/SIGTERM.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

export const repoRoot = path.resolve(__dirname, '../../..');
export const resultsDir = path.join(repoRoot, 'test-results/e2e');

const baseSettings = {
  'workbench.startupEditor': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'chat.disableAIFeatures': true,
  'workbench.enableExperiments': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'workbench.tips.enabled': false,
  'git.autoRepositoryDetection': false,
  'git.openRepositoryInParentFolders': 'never', // else a toast about the enclosing checkout
  'remote.autoForwardPorts': false, // else "your application on port N is available" toasts for local servers
};

/** code-server's command line prefix: [node24, realpath(bin)] or [bin]. */
function codeServerCommand(): [string, string[]] {
  if (!process.env.CODE_SERVER_BIN) {
    throw new Error('CODE_SERVER_BIN is not set: run eval "$(bash scripts/ensure-vscode.sh)" first (or use npm run test:e2e)');
  }
  const bin = process.env.CODE_SERVER_BIN;
  return process.env.CODE_SERVER_NODE ? [process.env.CODE_SERVER_NODE, [fs.realpathSync(bin)]] : [bin, []];
}

const liveServers = new Map<ChildProcess, string>(); // server -> its temp dir
function killGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): void {
  if (child.pid) try { process.kill(-child.pid, signal); } catch { /* gone */ }
}
function killAll(): void {
  for (const [server, dir] of liveServers) {
    killGroup(server);
    try { fs.rmSync(dir, { recursive: true, force: true }); } catch { /* best effort */ }
  }
  liveServers.clear();
}
process.on('exit', killAll);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(sig, () => { killAll(); process.exit(130); });
}

export interface StartOptions {
  /** .vsix files installed with `code-server --install-extension` before the server starts */
  vsix?: string[];
  /** User/settings.json (window, resource and application scoped settings) */
  settings?: Record<string, unknown>;
  /** Machine/settings.json: settings with "scope": "machine" / "machine-overridable" are read only from here */
  machineSettings?: Record<string, unknown>;
  /** extra environment for code-server and so for the extension host */
  env?: Record<string, string>;
  /** extra code-server arguments, e.g. ['--disable-extension', 'publisher.name'] */
  serverArgs?: string[];
  /** extra Chromium arguments, e.g. ['--ignore-certificate-errors'] for a test's own https server */
  browserArgs?: string[];
  /**
   * VS Code's display language, e.g. 'de'. Language packs come from the gallery, which is out of reach: a pack
   * without translations of its own is registered instead, so VS Code's words stay English while extensions get
   * this language (their package.nls.<lang>.json and l10n bundles).
   */
  displayLanguage?: string;
}

export interface VSCodeInstance {
  base: string;
  userDataDir: string;
  extensionsDir: string;
  browser: Browser;
  serverLog(): string;
  /** `--list-extensions --show-versions` of this instance: ["publisher.name@1.2.3", ...] */
  listExtensions(): string[];
  /** Opens a new page on the folder and waits for the workbench. */
  open(folder: string, options?: { viewport?: { width: number; height: number } }): Promise<Page>;
  close(): Promise<void>;
}

export async function startVSCode(options: StartOptions = {}): Promise<VSCodeInstance> {
  const [cmd, pre] = codeServerCommand();
  for (const v of options.vsix ?? []) if (!fs.existsSync(v)) throw new Error(`${v} does not exist (npm run package)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vscode-e2e-'));
  const ud = path.join(dir, 'ud');
  const ext = path.join(dir, 'ext');
  const tmp = path.join(dir, 'tmp'); // IPC sockets of the server and extension host
  fs.mkdirSync(path.join(ud, 'User'), { recursive: true });
  fs.mkdirSync(path.join(ud, 'Machine'), { recursive: true });
  fs.mkdirSync(ext);
  fs.mkdirSync(tmp);
  fs.writeFileSync(path.join(ud, 'User', 'settings.json'), JSON.stringify({ ...baseSettings, ...options.settings }, null, 2));
  if (options.machineSettings) fs.writeFileSync(path.join(ud, 'Machine', 'settings.json'), JSON.stringify(options.machineSettings, null, 2));
  const language = options.displayLanguage;
  if (language) {
    const translations = path.join(dir, 'language-pack.i18n.json');
    fs.writeFileSync(translations, JSON.stringify({ version: '1.0.0', contents: {} }));
    // What VS Code's language pack service writes when a pack is installed from the gallery.
    fs.writeFileSync(path.join(ud, 'languagepacks.json'), JSON.stringify({
      [language]: {
        hash: `test-${language}`,
        extensions: [{ extensionIdentifier: { id: `doc-ingest-tests.language-pack-${language}` }, version: '1.0.0' }],
        translations: { vscode: translations },
        label: language,
      },
    }));
  }
  fs.writeFileSync(path.join(dir, 'config.yaml'), 'auth: none\n');

  const env = { ...process.env, TMPDIR: tmp, ...options.env };
  const cli = (...args: string[]) =>
    execFileSync(cmd, [...pre, '--user-data-dir', ud, '--extensions-dir', ext, ...args], { env, encoding: 'utf8', stdio: 'pipe', timeout: 60000 });
  try {
    for (const v of options.vsix ?? []) cli('--install-extension', v, '--force');
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    const e = err as Error & { stderr?: string; stdout?: string };
    throw new Error(`code-server --install-extension failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }

  // No enable-smoke-test-driver here: it suppresses notification toasts.
  const server = spawn(cmd, [...pre, '--config', path.join(dir, 'config.yaml'), '--auth', 'none', '--bind-addr', '127.0.0.1:0',
    '--user-data-dir', ud, '--extensions-dir', ext, '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust',
    '--disable-getting-started-override', '--reconnection-grace-time', '5', ...(language ? ['--locale', language] : []),
    ...(options.serverArgs ?? [])],
  { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
  liveServers.set(server, dir);
  let log = '';
  let browser: Browser | undefined;
  const cleanup = async () => {
    await Promise.race([browser?.close().catch(() => {}), new Promise((r) => setTimeout(r, 5000))]);
    killGroup(server, 'SIGTERM');
    for (let i = 0; i < 10 && server.exitCode === null && server.signalCode === null; i++) await new Promise((r) => setTimeout(r, 100));
    killGroup(server, 'SIGKILL');
    liveServers.delete(server);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const on = (d: Buffer) => {
        log += d;
        const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(log);
        if (m) resolve(Number(m[1]));
      };
      server.stdout!.on('data', on);
      server.stderr!.on('data', on);
      server.on('error', reject);
      server.on('exit', (c, s) => reject(new Error(`code-server exited with ${c ?? s}\n${log}`)));
      setTimeout(() => reject(new Error(`code-server did not start within 60 s\n${log}`)), 60000).unref();
    });
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', '--no-first-run', ...(options.browserArgs ?? [])],
    });
    const b = browser;
    const base = `http://127.0.0.1:${port}`;
    return {
      base, userDataDir: ud, extensionsDir: ext, browser: b,
      serverLog: () => log,
      listExtensions: () => cli('--list-extensions', '--show-versions').split('\n').map((l) => l.trim()).filter(Boolean),
      async open(folder, { viewport = { width: 1400, height: 900 } } = {}) {
        const page = await b.newPage({ viewport });
        await page.goto(`${base}/?folder=${encodeURIComponent(folder)}`);
        await page.locator('.monaco-workbench').waitFor({ timeout: 60000 });
        return page;
      },
      close: cleanup,
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/** Presses `key` until the quick input (palette / Quick Open) shows; returns its text box. */
async function openQuickInput(page: Page, key: string): Promise<Locator> {
  const input = page.locator('.quick-input-widget .quick-input-box input');
  // A key press can be swallowed while the workbench moves focus (e.g. right after a view opened): retry.
  // Note: modal editors (e.g. "Developer: Show Running Extensions") keep the palette from opening at all.
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press(key);
    try {
      await input.waitFor({ state: 'visible', timeout: 5000 });
      return input;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

/**
 * Runs a command by its title through the command palette (F1). Right after the workbench loads, the palette can
 * open before every contribution has registered its commands, and it does not refresh its list: when the title
 * does not show up, the palette is closed and opened again (up to 3 times).
 */
export async function runCommand(page: Page, title: string, { key = 'F1' } = {}): Promise<void> {
  const row = page.locator('.quick-input-widget .monaco-list-row', { hasText: title }).first();
  for (let attempt = 1; ; attempt++) {
    const input = await openQuickInput(page, key);
    await input.fill('>' + title);
    try {
      await row.waitFor({ timeout: attempt === 3 ? 30000 : 5000 });
      break;
    } catch (err) {
      if (attempt === 3) throw err;
      await page.keyboard.press('Escape');
    }
  }
  await page.keyboard.press('Enter');
}

/** Opens a workspace file by name through Quick Open (Ctrl+P); returns the active editor's text (`.view-lines`). */
export async function openFile(page: Page, name: string): Promise<Locator> {
  const input = await openQuickInput(page, 'Control+P');
  await input.fill(name);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: name }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab.active', { hasText: name }).waitFor();
  return page.locator('.editor-group-container.active .monaco-editor .view-lines').first();
}

/** innerText with Monaco's non-breaking spaces turned into plain spaces (editor lines render spaces as U+00A0). */
export async function plainText(locator: Locator): Promise<string> {
  return (await locator.innerText()).replace(/\u00a0/g, ' ');
}

/** Rows of the Extensions view (after "Extensions: Show Installed Extensions"); aria-label = "Name, version, Publisher p, description". */
export const extensionRows = (page: Page): Locator => page.locator('.extensions-viewlet .monaco-list-row');

/** A status bar item created by an extension: createStatusBarItem(itemId, ...) of publisher.name. */
export const statusItem = (page: Page, extensionId: string, itemId: string): Locator => page.locator(`[id="${extensionId}.${itemId}"]`);

/** Rows of the tree views in a view container contributed under viewsContainers (id). */
export const treeRows = (page: Page, containerId: string): Locator =>
  page.locator(`[id="workbench.view.extension.${containerId}"] .monaco-list-row`);

/** Rows of the Explorer's file tree (label = file or folder name). */
export const explorerRows = (page: Page): Locator => page.locator('.explorer-folders-view .monaco-list-row');

/** A regular expression matching exactly `text` (for labels that other labels contain, e.g. "docs" in "docs-old"). */
const exactly = (text: string): RegExp => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/**
 * Right-clicks the Explorer row named `name` and chooses `item` from its context menu: commands contributed to
 * `explorer/context` are reached there by writers, not through the palette. Menus render in a shadow root, which
 * Playwright's CSS locators pierce.
 */
export async function explorerContextMenu(page: Page, name: string, item: string): Promise<void> {
  const row = explorerRows(page).filter({ has: page.locator('.label-name', { hasText: exactly(name) }) }).first();
  await row.click({ button: 'right' });
  const entry = page.locator('.monaco-menu .action-item .action-label', { hasText: exactly(item) });
  await entry.waitFor();
  // A menu ignores a click that comes too soon after it opened (against choosing by accident): the clicked,
  // now focused, item is then chosen with Enter.
  await entry.click();
  if (await entry.waitFor({ state: 'hidden', timeout: 2000 }).then(() => false, () => true)) {
    await entry.hover();
    await page.keyboard.press('Enter');
    await entry.waitFor({ state: 'hidden' });
  }
}

/** One view (pane) of a view container, by its title as the pane header shows it, e.g. viewPane(page, 'docIngest', 'Results'). */
export const viewPane = (page: Page, containerId: string, title: string): Locator =>
  page.locator(`[id="workbench.view.extension.${containerId}"] .pane`)
    .filter({ has: page.locator('.pane-header .title', { hasText: exactly(title) }) });

/** Notification messages (toasts). */
export const notifications = (page: Page): Locator => page.locator('.notifications-toasts .notification-list-item-message');

/** A notification toast (message, source and buttons) whose text contains `text`. */
export const notificationToast = (page: Page, text: string | RegExp): Locator =>
  page.locator('.notifications-toasts .notification-list-item').filter({ hasText: text });

/**
 * Every notification message of the window, toasts that already hid included: opens the notifications center
 * ("Notifications: Show Notifications"), reads it and closes it again.
 */
export async function allNotifications(page: Page): Promise<string[]> {
  const center = page.locator('.notifications-center');
  await runCommand(page, 'Notifications: Show Notifications');
  await center.waitFor({ state: 'visible' });
  const messages = await center.locator('.notification-list-item-message').allInnerTexts();
  await runCommand(page, 'Notifications: Hide Notifications');
  await center.waitFor({ state: 'hidden' });
  return messages;
}

/** The button of a view's welcome content ("viewsWelcome"), e.g. welcomeButton(page, 'docIngest', 'Set API Key'). */
export const welcomeButton = (page: Page, containerId: string, text: string): Locator =>
  page.locator(`[id="workbench.view.extension.${containerId}"] .welcome-view-content a.monaco-button`, { hasText: text });

/**
 * Chooses a file in VS Code's simple file dialog (what `showOpenDialog` gives in the browser): a quick input
 * holding a path. Right after a command was run from the palette, the palette's own box is still showing, and
 * the dialog fills in its start folder when it opens: so the path is typed only once the box holds a path
 * (not the palette's ">..."), and typed again if the dialog overwrote it.
 */
export async function chooseInFileDialog(page: Page, file: string): Promise<void> {
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await page.waitForFunction(() => {
    const box = document.querySelector<HTMLInputElement>('.quick-input-widget .quick-input-box input');
    return !!box && box.checkVisibility() && /^(\/|[A-Za-z]:\\)/.test(box.value);
  });
  const row = page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: path.basename(file) }).first();
  for (let attempt = 1; attempt <= 3; attempt++) {
    await input.fill(file);
    const listed = await row.waitFor({ timeout: 5000 }).then(() => true, () => false);
    if (listed && (await input.inputValue()) === file) {
      await page.keyboard.press('Enter');
      await input.waitFor({ state: 'hidden' });
      return;
    }
  }
  throw new Error(`the file dialog did not take the path ${file}: it shows ${await input.inputValue()}`);
}

/**
 * Waits until the elements under `selector` have stopped being re-rendered: no element added, removed or
 * relabelled (aria-label) for `quietMs`. For lists that render more than once while they fill (the settings
 * editor renders its search results twice and reuses the row elements in another order, so an input found in
 * the first rendering can belong to another setting in the second).
 */
export async function waitForStableDom(page: Page, selector: string, quietMs = 750, timeoutMs = 15000): Promise<void> {
  await page.locator(selector).first().waitFor();
  await page.evaluate(([sel, quiet, timeout]) => new Promise<void>((resolve, reject) => {
    const root = document.querySelector(sel)!;
    let timer = setTimeout(done, quiet);
    const observer = new MutationObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(done, quiet);
    });
    const giveUp = setTimeout(() => {
      observer.disconnect();
      clearTimeout(timer);
      reject(new Error(`${sel} kept changing for ${timeout} ms`));
    }, timeout);
    function done(): void {
      observer.disconnect();
      clearTimeout(giveUp);
      resolve();
    }
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
  }), [selector, quietMs, timeoutMs] as const);
}

/** Drags the primary side bar's edge so that the side bar is `width` pixels wide (tree descriptions fit). */
export async function setSideBarWidth(page: Page, width: number): Promise<void> {
  const sash = page.locator('.monaco-sash.vertical.primary-sidebar-sash');
  const sidebar = page.locator('.part.sidebar');
  const [s, b] = [await sash.boundingBox(), await sidebar.boundingBox()];
  if (!s || !b) throw new Error('side bar not visible');
  const x = s.x + s.width / 2;
  const y = s.y + s.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + (width - b.width), y, { steps: 10 });
  await page.mouse.up();
  await page.mouse.move(x + (width - b.width) + 300, y); // off the sash, so that it is not drawn highlighted
}

/**
 * An afterEach hook for a suite sharing one page: a screenshot after each test (`<prefix>-<n>-<title>.png`); on a
 * failure its path and the notifications shown, which usually say what went wrong.
 */
export function screenshotAfterEach(prefix: string, page: () => Page | undefined): Mocha.AsyncFunc {
  let n = 0;
  return async function (this: Mocha.Context) {
    const test = this.currentTest;
    const shown = page();
    if (!shown || !test) return;
    const failed = test.state === 'failed';
    const file = await screenshot(shown, `${prefix}-${++n}-${failed ? 'FAILED-' : ''}${test.title}`).catch(() => undefined);
    if (!failed) return;
    if (file) console.log(`      screenshot: ${path.relative(repoRoot, file)}`);
    console.log(`      notifications: ${JSON.stringify(await allNotifications(shown).catch((e: unknown) => String(e)))}`);
  };
}

/** Saves a screenshot as test-results/e2e/<name>.png (git-ignored) and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, animations: 'disabled' });
  return file;
}

/**
 * Documentation screenshots: when DOC_INGEST_SCREENSHOTS names a folder (relative to the repository, e.g.
 * media/screenshots), saves `<name>.png` there (optionally only `clip`); otherwise does nothing.
 */
export async function docScreenshot(page: Page, name: string, clip?: { x: number; y: number; width: number; height: number }): Promise<void> {
  const dir = process.env.DOC_INGEST_SCREENSHOTS;
  if (!dir) return;
  const target = path.resolve(repoRoot, dir);
  fs.mkdirSync(target, { recursive: true });
  await page.screenshot({ path: path.join(target, `${name}.png`), clip, animations: 'disabled' });
}
