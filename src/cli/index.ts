/**
 * The `doc-ingest` executable, bundled to dist/cli.js as a small CommonJS file: it answers `--version` and
 * `--help` itself and loads the rest (dist/cli/main.mjs, which loads the one command that runs) only when a
 * command runs, so that a version costs about what starting Node does (issue 27, see esbuild.mjs).
 */
import { quickAnswer } from './usage';

declare const DOC_INGEST_MAIN: string | undefined;

const argv = process.argv.slice(2);
const quick = quickAnswer(argv);
if (quick) {
  process[quick.stream].write(quick.text);
  process.exitCode = quick.exitCode;
} else {
  // Bundled: the ESM entry beside this file; compiled by tsc (tests): main.js beside this one.
  const entry = typeof DOC_INGEST_MAIN === 'string' ? DOC_INGEST_MAIN : './main.js';
  void (import(entry) as Promise<typeof import('./main.js')>).then(async ({ main, processIo }) => {
    process.exitCode = await main(argv, processIo());
  });
}
