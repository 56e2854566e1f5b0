// @vscode/test-cli configuration: an alternative way to run the extension-host suite, e.g. with coverage:
//   npm run compile-tests && npm run build:dev
//   bash scripts/with-vscode.sh npx vscode-test [--coverage --coverage-reporter text]
// (the canonical runner is `npm run test:integration` -> out/test/integration/runTest.js; both load the same
// out/test/integration/suite/*.test.js). With VSCODE_EXECUTABLE unset, test-cli downloads desktop VS Code.
import { defineConfig } from '@vscode/test-cli';

const fromPath = process.env.VSCODE_EXECUTABLE;

export default defineConfig({
  label: 'integration',
  files: 'out/test/integration/suite/**/*.test.js',
  workspaceFolder: 'test/fixtures/workspace',
  ...(fromPath ? { useInstallation: { fromPath } } : {}),
  launchArgs: ['--disable-extensions'],
  env: Object.fromEntries(Object.entries(process.env).filter(([k]) => k === 'TEST_SUMMARY_FILE' || k.startsWith('DOC_INGEST_TEST_'))),
  mocha: { ui: 'bdd', timeout: 20000, color: false },
  skipExtensionDependencies: true, // installing them would need the marketplace
});
