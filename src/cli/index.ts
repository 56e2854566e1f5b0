/**
 * The `doc-ingest` executable, bundled to dist/cli.js as a small CommonJS file: it answers `--version` and
 * `--help` itself and loads the rest (dist/cli/main.mjs, which loads the one command that runs) only when a
 * command runs, so that a version costs about what starting Node does (issue 27, see esbuild.mjs).
 */
import { EXIT } from './exitCodes';
import { quickAnswer } from './usage';

declare const DOC_INGEST_MAIN: string | undefined;

/** As for any unexpected error. */
const STOPPED = EXIT.someFailed;

const argv = process.argv.slice(2);
const quick = quickAnswer(argv);
if (quick) {
  process[quick.stream].write(quick.text);
  process.exitCode = quick.exitCode;
} else {
  // Bundled: the ESM entry beside this file; compiled by tsc (tests): main.js beside this one.
  const entry = typeof DOC_INGEST_MAIN === 'string' ? DOC_INGEST_MAIN : './main.js';
  // Until main answers, the exit code says it did not: should its promise never settle (a request no socket or timer
  // waits for any more), the event loop empties and Node would end the process with 0, as if all had gone well.
  let answered = false;
  process.exitCode = STOPPED;
  process.once('exit', (code) => {
    if (!answered && code === STOPPED) process.stderr.write('doc-ingest: unexpected error: the command ended before it finished, with nothing left to wait for; what it printed is all it did. Please report this.\n');
  });
  void (import(entry) as Promise<typeof import('./main.js')>).then(async ({ main, processIo }) => {
    const code = await main(argv, processIo());
    answered = true;
    process.exitCode = code;
  });
}
