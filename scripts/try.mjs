#!/usr/bin/env node
// Try the extension in two minutes: `npm run try` (packages the extension, then runs this with the machine's Node).
//
// Starts, on 127.0.0.1 only:
//   - the local service (test/service; observed dialect = a real Onyx server's routes, demo seed, in memory),
//   - code-server (VS Code in the browser; installed once by scripts/ensure-vscode.sh) with dist/doc-ingest.vsix
//     installed into .try/extensions, user data in .try/user-data, settings pointing at the local service,
//     and a fresh copy of test/fixtures/workspace in .try/workspace,
// then prints the URL to open and the demo API key. Ctrl+C stops everything it started (process groups).
//
// Options (environment): DOC_INGEST_TRY_PORT (code-server, default 8080, a free port when taken),
// DOC_INGEST_TRY_SERVICE_PORT (default 8787, likewise), DOC_INGEST_TRY_QUIET=1 (no request log).
// Fixed ports keep the API key you store across runs: VS Code in the browser keeps secrets per address.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, '.try');
const userData = path.join(dir, 'user-data');
const extensions = path.join(dir, 'extensions');
const workspace = path.join(dir, 'workspace');
const serverLogFile = path.join(dir, 'code-server.log');
const vsix = path.join(root, 'dist/doc-ingest.vsix');
const serviceModule = path.join(root, 'out/test/service/index.js');

function fail(message) {
  process.stderr.write(`try: ${message}\n`);
  process.exit(1);
}

/** CODE_SERVER_NODE / CODE_SERVER_BIN from the environment or from scripts/ensure-vscode.sh (installs once). */
function codeServerCommand() {
  if (!process.env.CODE_SERVER_BIN) {
    process.stdout.write('Locating code-server (scripts/ensure-vscode.sh; the very first run installs it, about 4 minutes)...\n');
    let out;
    try {
      out = execFileSync('bash', [path.join(root, 'scripts/ensure-vscode.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    } catch {
      // ensure-vscode.sh has printed what failed and where its log is.
      fail('VS Code in the browser could not be set up, so nothing was started.');
    }
    for (const m of out.matchAll(/^export (\w+)='([^']*)'$/gm)) process.env[m[1]] = m[2];
  }
  const bin = process.env.CODE_SERVER_BIN;
  if (!bin) fail('scripts/ensure-vscode.sh did not say where code-server is');
  return process.env.CODE_SERVER_NODE ? [process.env.CODE_SERVER_NODE, [fs.realpathSync(bin)]] : [bin, []];
}

/** `preferred` when nothing listens there on 127.0.0.1, else 0 (any free port). */
function portOrFree(preferred) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(0));
    probe.listen(preferred, '127.0.0.1', () => probe.close(() => resolve(preferred)));
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}

async function main() {
  if (!fs.existsSync(vsix)) fail(`${path.relative(root, vsix)} is missing: run npm run package (npm run try does)`);
  if (!fs.existsSync(serviceModule)) fail(`${path.relative(root, serviceModule)} is missing: run npm run compile-tests (npm run try does)`);
  const [cmd, pre] = codeServerCommand();
  const { startService } = createRequire(import.meta.url)(serviceModule);

  // The local service: observed dialect, demo seed, uploads take a few seconds to "process".
  const quiet = process.env.DOC_INGEST_TRY_QUIET === '1';
  const onResponse = quiet ? undefined : (r) => process.stdout.write(`  service: ${r.method} ${r.path} -> ${r.status ?? 'dropped'}\n`);
  const service = await startService({
    dialect: 'observed', seed: 'demo', processingMs: 4000, onResponse,
    port: await portOrFree(Number(process.env.DOC_INGEST_TRY_SERVICE_PORT ?? 8787)),
  });

  // .try/: user data and extensions kept between runs (settings updated), workspace copied fresh.
  fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
  fs.mkdirSync(extensions, { recursive: true });
  fs.rmSync(workspace, { recursive: true, force: true });
  fs.cpSync(path.join(root, 'test/fixtures/workspace'), workspace, { recursive: true });
  const settingsFile = path.join(userData, 'User/settings.json');
  fs.writeFileSync(settingsFile, JSON.stringify({
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'extensions.ignoreRecommendations': true,
    'chat.disableAIFeatures': true,
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    'git.openRepositoryInParentFolders': 'never',
    'remote.autoForwardPorts': false,
    ...readJson(settingsFile),
    'docIngest.baseUrl': service.baseUrl,
    'docIngest.ingestionPath': undefined, // found by the extension, as for a new user (an earlier version set it)
  }, null, 2));
  fs.writeFileSync(path.join(dir, 'config.yaml'), 'auth: none\n');

  const cli = (...args) => execFileSync(cmd, [...pre, '--user-data-dir', userData, '--extensions-dir', extensions, ...args], { encoding: 'utf8', stdio: 'pipe', timeout: 120000 });
  try {
    cli('--install-extension', vsix, '--force');
  } catch (e) {
    await service.close();
    fail(`installing the extension failed:\n${e.stdout ?? ''}${e.stderr ?? e.message}`);
  }

  // code-server in its own process group (detached), so that stopping kills it and every helper it started.
  const log = fs.openSync(serverLogFile, 'w');
  const port = await portOrFree(Number(process.env.DOC_INGEST_TRY_PORT ?? 8080));
  const server = spawn(cmd, [...pre, '--config', path.join(dir, 'config.yaml'), '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`, '--user-data-dir', userData, '--extensions-dir', extensions,
    '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', '--disable-getting-started-override'],
  { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });

  let stopping = false;
  const killGroup = (signal) => {
    try { process.kill(-server.pid, signal); } catch { /* gone */ }
  };
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('\nStopping code-server and the local service...\n');
    killGroup('SIGTERM');
    for (let i = 0; i < 30 && server.exitCode === null && server.signalCode === null; i++) await new Promise((r) => setTimeout(r, 100));
    killGroup('SIGKILL'); // the group's other members (extension host, file watcher...) may outlive the leader
    await service.close();
    process.stdout.write('Stopped.\n');
    process.exit(code);
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => void stop(0));
  process.on('exit', () => killGroup('SIGKILL'));

  let output = '';
  const actualPort = await new Promise((resolve) => {
    const on = (d) => {
      fs.writeSync(log, d);
      if (output === null) return;
      output += d;
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (m) {
        output = null;
        resolve(Number(m[1]));
      }
    };
    server.stdout.on('data', on);
    server.stderr.on('data', on);
    server.on('exit', (c, s) => {
      if (stopping) return;
      process.stderr.write(`try: code-server exited (${c ?? s}); its log: ${path.relative(process.cwd(), serverLogFile)}\n${typeof output === 'string' ? output : ''}`);
      void stop(1);
    });
  });

  const url = `http://127.0.0.1:${actualPort}/?folder=${encodeURIComponent(workspace)}`;
  process.stdout.write(`
Doc Ingest: try it
  Open:           ${url}
  Demo API key:   ${service.keys.admin}
                  (Doc Ingest view in the activity bar -> Set API Key, paste it)
  Server URL:     ${service.baseUrl}  (already in the settings)

  Then open guide/getting-started.md and run "Doc Ingest: Ingest Current File" (F1), or upload a file from the
  User Files view (a name containing "fail" makes the server fail it). The service is in memory (demo data);
  .try/workspace is a fresh copy of test/fixtures/workspace. code-server's log: ${path.relative(process.cwd(), serverLogFile)}

  Press Ctrl+C to stop.

`);
}

// A failure is one sentence, not a stack trace: what failed is in the message, details in the logs named there.
main().catch((e) => fail(e instanceof Error ? e.message : String(e)));
