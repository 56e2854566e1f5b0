/** The GitHub Action's entry (action.yml `runs.main`, bundled to dist/action.js beside dist/cli.js). */
import path from 'node:path';
import { runAction } from './run';

void runAction({
  env: process.env,
  cwd: process.cwd(),
  stdout: process.stdout,
  stderr: process.stderr,
  cli: path.join(__dirname, 'cli.js'),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stdout.write(`::error title=Doc Ingest::the action failed unexpectedly: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
