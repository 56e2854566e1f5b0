// Writes the README's table of failures ("Troubleshooting") from src/cli/failureTable.ts, as compiled by
// `npm run compile-tests` into out/. Run by `npm run docs:failures`; test/unit/cli/failureTable.test.ts fails
// while the README's table differs from it.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { failureTableMarkdown, withFailureTable, README_BEGIN, README_END } = createRequire(import.meta.url)(path.join(root, 'out/src/cli/failureTable.js'));
const file = path.join(root, 'README.md');
const readme = await readFile(file, 'utf8');
const next = withFailureTable(readme, await failureTableMarkdown());
if (next === undefined) {
  console.error(`README.md has no ${README_BEGIN} ... ${README_END}: put both markers where the table goes.`);
  process.exit(1);
}
if (next === readme) {
  console.log('README.md: the failure table is up to date.');
} else {
  await writeFile(file, next);
  console.log('README.md: the failure table was rewritten.');
}
