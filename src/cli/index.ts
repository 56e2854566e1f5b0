/** The `doc-ingest` executable (bundled to dist/cli.js). */
import { processIo } from './io';
import { main } from './main';

void main(process.argv.slice(2), processIo()).then((code) => {
  process.exitCode = code;
});
