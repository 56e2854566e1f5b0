// Launches the extension-host integration tests (test/integration/suite/*.test.ts) in a real VS Code.
//
//   npm run test:integration
//
// Which VS Code:
// - VSCODE_EXECUTABLE set (CI and this offline machine): that file is started as if it were VS Code. Here it
//   is scripts/code-shim.mjs, which runs the tests in code-server's extension host with headless Chromium;
//   `npm run test:integration` and scripts/test-all.sh set it after `eval "$(bash scripts/ensure-vscode.sh)"`.
// - VSCODE_EXECUTABLE unset (a developer laptop with internet): @vscode/test-electron downloads VS Code
//   (VSCODE_TEST_VERSION, default "stable") into .vscode-test/ and runs the same tests in desktop VS Code.
//   You can also point VSCODE_EXECUTABLE at an installed desktop VS Code binary.
//
// The tests get TEST_SUMMARY_FILE (counts for scripts/test-all.sh) and every DOC_INGEST_TEST_* variable.
// Each run starts with an empty .vscode-test/user-data (git-ignored), so no state (globalState, settings) leaks
// from one run to the next; it is left in place afterwards for inspection (logs/, e.g. the exthost logs).
// Runs from one checkout must therefore not overlap.
import fs from 'node:fs';
import path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { makeTestCa } from '../net/tls';

async function main(): Promise<number> {
  const root = path.resolve(__dirname, '../../..');
  const extensionTestsPath = path.resolve(__dirname, 'suite/index.js');
  const workspace = path.join(root, 'test/fixtures/workspace');

  const vscodeExecutablePath = process.env.VSCODE_EXECUTABLE ? path.resolve(process.env.VSCODE_EXECUTABLE) : undefined;
  if (vscodeExecutablePath?.endsWith('.mjs')) {
    // runTests spawns the file directly: make sure a checkout that lost the executable bit still works.
    fs.chmodSync(vscodeExecutablePath, fs.statSync(vscodeExecutablePath).mode | 0o111);
    if (!process.env.CODE_SERVER_BIN) {
      console.error('VSCODE_EXECUTABLE is the code-server shim but CODE_SERVER_BIN is not set: run eval "$(bash scripts/ensure-vscode.sh)" first.');
      return 1;
    }
  }

  const extensionTestsEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && (k === 'TEST_SUMMARY_FILE' || k.startsWith('DOC_INGEST_TEST_'))) extensionTestsEnv[k] = v;
  }
  // A private certificate authority for the proxy and TLS suite (suite/proxy.test.ts), made before VS Code starts:
  // the extension host reads its trust store once. VS Code's fetch trusts Node's bundled authorities plus the
  // operating system's store (not NODE_EXTRA_CA_CERTS), and on Linux Node reads that store from SSL_CERT_FILE: so
  // the authority is "added to the system store" the way a user would, for this run only.
  const ca = await trustedTestCa();
  if (ca) {
    extensionTestsEnv.DOC_INGEST_TEST_CA_DIR = ca.dir;
    extensionTestsEnv.SSL_CERT_FILE = ca.bundle;
  }
  // Where the shim leaves window logs and a screenshot when a run fails (ignored by desktop VS Code).
  if (!process.env.VSCODE_SHIM_LOG_DIR) {
    process.env.VSCODE_SHIM_LOG_DIR = path.join(root, 'test-results/integration');
    fs.rmSync(process.env.VSCODE_SHIM_LOG_DIR, { recursive: true, force: true }); // no stale diagnostics
  }

  const userDataDir = path.join(root, '.vscode-test/user-data');
  fs.rmSync(userDataDir, { recursive: true, force: true });
  try {
    await runTests({
      ...(vscodeExecutablePath ? { vscodeExecutablePath } : { version: process.env.VSCODE_TEST_VERSION ?? 'stable' }),
      extensionDevelopmentPath: root,
      extensionTestsPath,
      launchArgs: [workspace, '--disable-extensions', `--user-data-dir=${userDataDir}`],
      extensionTestsEnv,
    });
    return 0;
  } catch (err) {
    console.error(`Integration tests failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    if (ca) fs.rmSync(ca.dir, { recursive: true, force: true });
  }
}

/** The test authority (test/net/tls.ts), and a bundle of the system's authorities with it; undefined without openssl. */
async function trustedTestCa(): Promise<{ dir: string; bundle: string } | undefined> {
  try {
    const ca = await makeTestCa();
    const system = ['/etc/ssl/certs/ca-certificates.crt', '/etc/pki/tls/certs/ca-bundle.crt', '/etc/ssl/cert.pem'].find((f) => fs.existsSync(f));
    const bundle = path.join(ca.dir, 'system-and-test-ca.pem');
    fs.writeFileSync(bundle, `${system ? fs.readFileSync(system, 'utf8') : ''}\n${fs.readFileSync(ca.caPem, 'utf8')}`);
    return { dir: ca.dir, bundle };
  } catch (e) {
    console.error(`No test certificate authority (is openssl installed?): ${e instanceof Error ? e.message : String(e)}; the proxy suite will fail.`);
    return undefined;
  }
}

main().then((code) => process.exit(code));
