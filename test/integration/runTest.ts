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
  }
}

main().then((code) => process.exit(code));
