// Writes the table of failures of docs/troubleshooting.md ("When a request fails") from src/cli/failureTable.ts,
// as compiled by `npm run compile-tests` into out/. Run by `npm run docs:failures`;
// test/unit/cli/failureTable.test.ts fails while the page's table differs from it.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { failureTableMarkdown, withFailureTable, FAILURE_TABLE_PAGE, TABLE_BEGIN, TABLE_END } = createRequire(import.meta.url)(path.join(root, 'out/src/cli/failureTable.js'));
const file = path.join(root, FAILURE_TABLE_PAGE);
const page = await readFile(file, 'utf8');
const next = withFailureTable(page, await failureTableMarkdown());
if (next === undefined) {
  console.error(`${FAILURE_TABLE_PAGE} has no ${TABLE_BEGIN} ... ${TABLE_END}: put both markers where the table goes.`);
  process.exit(1);
}
if (next === page) {
  console.log(`${FAILURE_TABLE_PAGE}: the failure table is up to date.`);
} else {
  await writeFile(file, next);
  console.log(`${FAILURE_TABLE_PAGE}: the failure table was rewritten.`);
}
