// Entry point that VS Code loads in the extension host (`extensionTestsPath`): runs every *.test.js in this
// folder with mocha (BDD). Resolving the returned promise = pass, rejecting = fail. The reporter is mocha's
// spec output plus the counts written to $TEST_SUMMARY_FILE for scripts/test-all.sh.
import fs from 'node:fs';
import path from 'node:path';
import Mocha from 'mocha';

// test/support is plain JS and not compiled into out/: load it from the source tree (out/test/integration/suite -> root).
const root = path.resolve(__dirname, '../../../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const SummaryReporter = require(path.join(root, 'test/support/summary-reporter.js')) as typeof Mocha.reporters.Base;

export function run(): Promise<void> {
  const mocha = new Mocha({
    ui: 'bdd',
    color: false,
    timeout: Number(process.env.DOC_INGEST_TEST_TIMEOUT_MS ?? 20000),
    reporter: SummaryReporter,
  });
  const grep = process.env.DOC_INGEST_TEST_GREP;
  if (grep) mocha.grep(grep);
  for (const f of fs.readdirSync(__dirname).filter((f) => f.endsWith('.test.js')).sort()) {
    mocha.addFile(path.join(__dirname, f));
  }
  return new Promise((resolve, reject) => {
    try {
      mocha.run((failures) => (failures ? reject(new Error(`${failures} test(s) failed.`)) : resolve()));
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
