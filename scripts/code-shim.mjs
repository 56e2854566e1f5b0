#!/usr/bin/env node
// "VS Code executable" shim for machines without a desktop VS Code (CI, this offline machine).
//
// @vscode/test-electron's runTests({ vscodeExecutablePath }) and @vscode/test-cli's
// useInstallation.fromPath spawn a VS Code binary with desktop CLI flags
// (--extensionDevelopmentPath=, --extensionTestsPath=, --user-data-dir=, --extensions-dir=,
// --disable-extensions, a folder). This script accepts those flags and runs the same tests in
// code-server's Node extension host (VS Code server + web workbench), driven by headless Chromium
// through playwright-core. Exit code 0 = the test module's run() resolved.
//
// See docs/architecture.md#testing-in-a-real-vs-code. Any Node >= 20 can run this file; code-server
// itself is started with CODE_SERVER_NODE (Node 24). `eval "$(bash scripts/ensure-vscode.sh)"` sets:
//   CODE_SERVER_BIN   the code-server bin (default: `code-server` on PATH)
//   CODE_SERVER_NODE  the Node 24 binary to run it with (default: run the bin directly)
//   CHROMIUM_PATH     the browser (default /usr/bin/chromium)
// Optional:
//   VSCODE_SHIM_TIMEOUT_MS  whole-run limit (default 300000); on expiry the run fails
//   VSCODE_SHIM_VERBOSE=1   print every workbench/server line instead of filtering known noise
//   VSCODE_SHIM_LOG_DIR     on failure or timeout, write the window logs, the server log and a screenshot here
//
// The whole environment (including runTests' extensionTestsEnv, e.g. TEST_SUMMARY_FILE) is passed to
// code-server, whose extension host inherits it, so the tests see the same variables as under desktop VS Code.
// code-server runs in its own process group, which is killed on every way out (done, failure, timeout,
// SIGINT/SIGTERM/SIGHUP, uncaught error, parent process gone).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { format } from 'node:util';
import { chromium } from 'playwright-core';

const argv = process.argv.slice(2);
const opts = { dev: [], positional: [] };
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  const m = /^--([^=]+)(?:=(.*))?$/s.exec(a);
  if (!m) { opts.positional.push(path.resolve(a)); continue; }
  const [, key, val] = m;
  const takeVal = () => (val !== undefined ? val : argv[++i]);
  switch (key) {
    case 'extensionDevelopmentPath': opts.dev.push(path.resolve(takeVal())); break;
    case 'extensionTestsPath': opts.tests = path.resolve(takeVal()); break;
    case 'user-data-dir': opts.userDataDir = path.resolve(takeVal()); break;
    case 'extensions-dir': opts.extensionsDir = path.resolve(takeVal()); break;
    case 'disable-extensions': opts.disableExtensions = true; break;
    case 'locale': opts.locale = takeVal(); break;
    default: break; // --no-sandbox, --disable-gpu-sandbox, --disable-updates, --skip-welcome, ... mean nothing here
  }
}
if (!opts.tests || !opts.dev.length) {
  console.error('code-shim: need --extensionDevelopmentPath and --extensionTestsPath');
  process.exit(2);
}

const codeServer = process.env.CODE_SERVER_BIN || 'code-server';
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const timeoutMs = +(process.env.VSCODE_SHIM_TIMEOUT_MS || 300000);
const verbose = !!process.env.VSCODE_SHIM_VERBOSE;
const logDir = process.env.VSCODE_SHIM_LOG_DIR ? path.resolve(process.env.VSCODE_SHIM_LOG_DIR) : undefined;

const t0 = Date.now();
const el = () => ((Date.now() - t0) / 1000).toFixed(1) + 's';
const debug = (msg) => { if (verbose) console.error(`code-shim [${el()}]: ${msg}`); };

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'code-shim-'));
const userDataDir = opts.userDataDir || path.join(tmp, 'user-data');
const extensionsDir = opts.extensionsDir || path.join(tmp, 'extensions');
fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
fs.mkdirSync(extensionsDir, { recursive: true });
const settingsFile = path.join(userDataDir, 'User', 'settings.json');
const harnessSettings = {
  'workbench.startupEditor': 'none', 'extensions.autoCheckUpdates': false, 'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true, 'telemetry.telemetryLevel': 'off', 'update.mode': 'none',
  'chat.disableAIFeatures': true, 'workbench.enableExperiments': false, 'git.autoRepositoryDetection': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  // code-server is VS Code for the web, where files.autoSave defaults to afterDelay (1 s); the shim stands in for
  // desktop VS Code (default off). With it on, an editor's unsaved text was saved behind a test's back whenever the
  // machine was slow enough for a second to pass, and tests of unsaved changes failed now and then.
  'files.autoSave': 'off',
};
// A user-data dir kept from an earlier run (.vscode-test/user-data) gets the settings it lacks; its own stay.
const readSettingsFile = () => {
  try {
    return JSON.parse(fs.readFileSync(settingsFile, 'utf8'));
  } catch {
    return undefined; // written by hand with comments: left as it is
  }
};
const existing = fs.existsSync(settingsFile) ? readSettingsFile() : {};
if (existing) fs.writeFileSync(settingsFile, JSON.stringify({ ...harnessSettings, ...existing }, null, 2));
// code-server, the VS Code server and the extension host put IPC sockets (vscode-ipc-*.sock, vscode-git-*.sock)
// in TMPDIR: keep them in our temp dir so they go away with it.
const serverTmp = path.join(tmp, 't');
fs.mkdirSync(serverTmp);
const configFile = path.join(tmp, 'config.yaml');
fs.writeFileSync(configFile, 'auth: none\n'); // without --config code-server writes ~/.config/code-server/config.yaml

// Lines that are harmless offline / in test mode. VSCODE_SHIM_VERBOSE=1 shows them.
const noise = new RegExp([
  'Resolving connection token', 'Resolved connection token', 'Creating a socket', '\\[AgentHost', '\\[ChatModelSelection\\]',
  'additional builtin extensions cache', '\\[Service Worker\\]', '\\[AccountPolicyGate\\]', 'ENOTFOUND', 'getaddrinfo',
  'reconnection-grace-time', "authentication provider 'github'", '\\[driver\\]', '^Canceled: Canceled', '^Canceled$',
  'An unknown error occurred', 'vsda', 'open-vsx\\.org', 'marketplace', 'Failed to fetch',
].join('|'));

let server;
let browser;
let page;
let serverLog = '';
let cleaning;
let failing = false;
const extHostExited = () => /Extension Host Process exited/.test(serverLog);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Our reader (runTests) may be gone (killed by timeout(1)): writing to a closed pipe must not turn into an
// endless uncaughtException loop.
for (const s of [process.stdout, process.stderr]) s.on('error', () => {});

function killServerGroup(signal) {
  if (!server?.pid) return;
  try { process.kill(-server.pid, signal); } catch { /* already gone */ }
}

async function saveDiagnostics(reason) {
  if (!logDir) return;
  try {
    fs.mkdirSync(logDir, { recursive: true });
    fs.writeFileSync(path.join(logDir, 'code-server.log'), serverLog);
    if (page && !page.isClosed()) await page.screenshot({ path: path.join(logDir, `${reason}.png`), timeout: 5000 }).catch(() => {});
    console.error(`code-shim: diagnostics in ${logDir}`);
  } catch (e) { console.error('code-shim: could not save diagnostics:', e.message); }
}

// graceful: give the extension host up to 5 s to exit on its own first (flushes NODE_V8_COVERAGE etc.).
// Then the whole process group goes (code-server, VS Code server, ext hosts, file watcher, language servers...).
function cleanup({ graceful = true } = {}) {
  cleaning ??= (async () => {
    await Promise.race([browser?.close().catch(() => {}), sleep(5000)]);
    if (graceful) for (let i = 0; i < 50 && server?.exitCode === null && !extHostExited(); i++) await sleep(100);
    killServerGroup('SIGTERM');
    for (let i = 0; i < 10 && server?.exitCode === null; i++) await sleep(100);
    killServerGroup('SIGKILL'); // the group's other members may outlive the leader
    fs.rmSync(tmp, { recursive: true, force: true }); // config.yaml, TMPDIR, and the dirs not given on the command line
  })();
  return cleaning;
}

async function fail(msg, { code = 1, diagnostics = true, graceful = false } = {}) {
  if (failing) return new Promise(() => {}); // the first failure exits the process
  failing = true;
  console.error(`code-shim: ${msg}`);
  if (diagnostics) await Promise.race([saveDiagnostics('failure'), sleep(10000)]);
  await cleanup({ graceful });
  process.exit(code);
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => { void fail(`got ${sig}, stopping code-server`, { code: 130, diagnostics: false }); });
}
process.on('uncaughtException', (e) => { void fail(`uncaught: ${e?.stack || e}`); });
process.on('unhandledRejection', (e) => { void fail(`unhandled rejection: ${e?.stack || e}`); });
// Safety net: a synchronous exit (e.g. process.exit elsewhere) still takes the group down.
process.on('exit', () => killServerGroup('SIGKILL'));
// If whoever started us dies without signalling us (e.g. SIGKILL of runTests), don't leave a server behind.
const parentPid = process.ppid;
setInterval(() => { if (process.ppid !== parentPid) void fail('parent process went away', { diagnostics: false }); }, 1000).unref();

// --- start code-server in its own process group
const [cmd, ...pre] = process.env.CODE_SERVER_NODE
  ? [process.env.CODE_SERVER_NODE, fs.realpathSync(codeServer)]
  : [codeServer];
server = spawn(cmd, [...pre, '--config', configFile, '--auth', 'none', '--bind-addr', '127.0.0.1:0',
  '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, '--disable-telemetry', '--disable-update-check',
  '--disable-workspace-trust', '--disable-getting-started-override', '--reconnection-grace-time', '5',
  '--vscode-option', 'enable-smoke-test-driver', ...(opts.locale ? ['--locale', opts.locale] : [])],
{ detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TMPDIR: serverTmp } });
server.on('error', (e) => { void fail(`cannot start code-server (${cmd}): ${e.message}`); });

const port = await new Promise((resolve, reject) => {
  const onData = (d) => {
    serverLog += d;
    if (verbose) process.stderr.write('[code-server] ' + d);
    const m = /HTTP server listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(serverLog);
    if (m) resolve(+m[1]);
  };
  server.stdout.on('data', onData);
  server.stderr.on('data', onData);
  server.on('exit', (c, s) => reject(new Error(`code-server exited early with ${c ?? s}\n${serverLog}`)));
  setTimeout(() => reject(new Error(`code-server did not start within 60 s\n${serverLog}`)), 60000).unref();
}).catch((e) => fail(e.message));
debug(`code-server on port ${port}`);

// --- open the workbench with the test payload (only honoured with enable-smoke-test-driver)
const authority = `127.0.0.1:${port}`;
const remote = (p) => `vscode-remote://${authority}${p.split(path.sep).map(encodeURIComponent).join('/')}`;
const payload = [...opts.dev.map((d) => ['extensionDevelopmentPath', remote(d)]), ['extensionTestsPath', remote(opts.tests)],
  ['skipWelcome', 'true'], ['skipReleaseNotes', 'true']];
if (opts.disableExtensions) payload.push(['disableExtensions', 'true']);
let query = '?ew=true';
const target = opts.positional[0];
if (target && fs.existsSync(target)) {
  if (fs.statSync(target).isDirectory()) query = `?folder=${encodeURIComponent(target)}`;
  else if (target.endsWith('.code-workspace')) query = `?workspace=${encodeURIComponent(target)}`;
  else payload.push(['openFile', remote(target)]);
} else if (target) {
  await fail(`workspace ${target} does not exist`);
}
const url = `http://${authority}/${query}&payload=${encodeURIComponent(JSON.stringify(payload))}`;

let finish;
const finished = new Promise((r) => (finish = r));
try {
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.exposeFunction('codeAutomationLog', (type, args) => {
    const line = format(...(Array.isArray(args) ? args : [args]));
    if (verbose || !noise.test(line)) (type === 'error' || type === 'warn' ? process.stderr : process.stdout).write(line + '\n');
  });
  await page.exposeFunction('codeAutomationExit', (code, logs) => {
    if (logDir && code !== 0) {
      for (const l of logs || []) {
        const f = path.join(logDir, l.relativePath);
        fs.mkdirSync(path.dirname(f), { recursive: true });
        fs.writeFileSync(f, l.contents);
      }
    }
    finish(code);
  });
  page.on('pageerror', (e) => { if (verbose || !noise.test(e.message)) console.error('[workbench pageerror]', e.message); });
  page.on('crash', () => finish('page crashed'));
  browser.on('disconnected', () => finish('browser disconnected'));
  server.on('exit', (c, s) => finish(`code-server exited with ${c ?? s}`));
  debug('open ' + url);
  await page.goto(url);
} catch (e) {
  await fail(`cannot open the workbench: ${e?.stack || e}`);
}

const timer = new Promise((r) => setTimeout(() => r('timeout'), timeoutMs));
const code = await Promise.race([finished, timer]);
if (failing) await new Promise(() => {}); // a signal or error is already taking us down
debug(`finished with ${code}`);
if (code === 'timeout') {
  console.error(`code-shim: tests did not finish within ${timeoutMs} ms (is the payload ignored? extension host crashed?)`);
  await saveDiagnostics('timeout');
} else if (code !== 0) {
  if (typeof code === 'string') console.error(`code-shim: ${code}`);
  await saveDiagnostics('failure');
}
await cleanup();
process.exit(code === 0 ? 0 : 1);
