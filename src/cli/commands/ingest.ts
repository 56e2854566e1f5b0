/**
 * `doc-ingest ingest`: the options, the listing, the ledger and, with `--changed`, the files settled on their stamps.
 * A run with nothing to send ends here, having loaded no document builder, site reader, batch or client (issue 37,
 * goal 4); everything else is `ingestRun.ts`, loaded on first need.
 */
import { IdClaims } from '../../core/identity/claims';
import { ledgerScope } from '../../core/ledger/scope';
import type { Ledger } from '../../core/ledger';
import { DEFAULT_MAX_DELETE, resolveConfig } from '../config';
import { EXIT, EXIT_CODE_HELP } from '../exitCodes';
import { listFiles } from '../files';
import type { CliIo } from '../io';
import { openLedger } from '../ledgerFile';
import { COMMON_HELP, DOCUMENT_HELP, INGEST } from '../options';
import { parse } from '../parse';
import { requireProxyVariables, requireServer } from '../server';
import { NOTHING_TO_SEND, unsettledByStamps } from '../stampedFiles';
import { UsageError } from '../usageError';
import type { Command } from './command';
import { DEFAULT_TOP } from '../../core/findability/answer';
import { topOf } from '../topOption';

export const ingest: Command = {
  name: 'ingest',
  help: `Usage: doc-ingest ingest [PATH|GLOB...] [options]

Builds each file into a document and sends it, as the editor's "Ingest Folder" does: files the server already
holds unchanged (per the ledger) are not sent again. PATH may be a file (taken as named) or a folder (its files
matching the include globs); quote a GLOB to let doc-ingest expand it. Without arguments: every file under the
root that matches the include globs and not the exclude globs.

Options:
  --changed              only files changed since their last confirmed ingestion (by the ledger), or never sent
  --dry-run              build and check every file, send nothing, print what would be sent
  --force                send files the ledger says are unchanged too
  --concurrency N        requests in flight, 1-16 (default 8; DOC_INGEST_CONCURRENCY)
  --include GLOB         files to take (repeatable; default from .doc-ingest.json, else Markdown and text)
  --exclude GLOB         files to leave out (repeatable)
  --max-file-size-mb N   larger files are skipped (default 10)
  --all                  list every file in the final table, not only those that need attention
  --prune                then delete the documents this repository published whose file is gone or now builds
                         another id (renamed, moved); only after a run over the whole tree in which every file
                         was sent, and never more than --max-delete or more than half of what the pair holds
  --max-delete N         --prune deletes at most N documents, else nothing (default ${DEFAULT_MAX_DELETE};
                         DOC_INGEST_MAX_DELETE); typed here, it also allows deleting more than half of the pair
  --findable             then ask the server the questions of each page sent (as doc-ingest findable does),
                         asking again for a few seconds a page it has not indexed yet; exit 6 when some miss
  --top K                with --findable, a page ranked below K is not found (default ${DEFAULT_TOP})
${DOCUMENT_HELP}
${COMMON_HELP}

--dry-run --prune lists what would be deleted and applies the same refusals (the key is needed: the pair is asked
what it holds).

With GITHUB_ACTIONS=true each failed file is also an ::error annotation (on stderr with --json).

${EXIT_CODE_HELP}
`,
  async run(args, io) {
    const { values, positionals } = parse('ingest', args, INGEST);
    if (values.help) {
      io.stdout.write(this.help);
      return EXIT.ok;
    }
    const config = await resolveConfig(values as Parameters<typeof resolveConfig>[0], io.env, io.cwd);
    const dryRun = !!values['dry-run'];
    const json = !!values.json;
    const pruning = !!values.prune;
    if (pruning && values.changed) {
      throw new UsageError('--prune needs a run over the whole tree, and --changed looks at the changed files only: drop --changed (files the ledger knows unchanged are still not sent again).');
    }
    if (pruning && positionals.length) {
      throw new UsageError(`--prune needs a run over the whole tree, and ${positionals.join(' ')} limits it to part of it: run doc-ingest ingest --prune without paths (the include globs choose the files).`);
    }
    const findable = !!values.findable;
    if (findable && dryRun) throw new UsageError('--findable asks about the pages a run sent, and --dry-run sends none: drop one of them.');
    const top = topOf(values.top, DEFAULT_TOP);
    if (top === undefined) throw new UsageError(`--top takes a whole number from 1 to 50, not "${String(values.top)}".`);
    if (values.top !== undefined && !findable) throw new UsageError('--top goes with --findable: add --findable to ask the questions of the pages sent.');
    const started = performance.now();
    const files = await listFiles(positionals, config, io.cwd);
    if (!files.length) {
      throw new UsageError(positionals.length
        ? `No files to ingest: nothing matches ${positionals.join(' ')} (and not the exclude globs ${config.exclude.join(', ')}).`
        : `No files to ingest under ${config.root}: none matches the include globs (${config.include.join(', ')}) and not the exclude globs.`);
    }
    // A dry run sends nothing, so it needs no key; --prune asks the pair what it holds, which takes the key. Both are
    // checked before anything is read; the connection is opened once something is to be sent (ingestRun.ts).
    const sends = !(dryRun && !pruning);
    if (sends) {
      requireServer(config);
      requireProxyVariables(io.env);
    }
    const ledger = await openLedger(config, io);
    // Only confirmed successes are in it: an interrupted run keeps everything it confirmed.
    let closing: Promise<void> | undefined;
    const closeLedger = () => (closing ??= ledger.close().catch((e: unknown) => io.stderr.write(`doc-ingest: warning: the ledger ${config.ledger} was not saved: ${e instanceof Error ? e.message : String(e)}\n`)));
    const abort = new AbortController();
    listenForInterrupts(io, abort, ledger, config.ledger);
    try {
      // Every included file's id, sent or not: a file of this run whose id another one builds is refused.
      const claims = new IdClaims();
      // --changed over the whole tree: the files settled on their stamps here, before anything that builds a document
      // is loaded. With paths, the other included files' ids are claimed first (ingestRun.ts), which takes a build.
      let unsettled: typeof files | undefined;
      if (values.changed && !positionals.length) {
        // The server scopes the ledger's answers, as in ingestRun.ts (checked above when the run sends).
        unsettled = unsettledByStamps(files, ledger, ledgerScope(config.baseUrl ?? '', config.ccPairId), claims, config.maxFileBytes);
        if (!unsettled.length && !json) {
          io.stdout.write(`${NOTHING_TO_SEND}\n`);
          return EXIT.ok;
        }
      }
      const { ingestFiles } = await import('../ingestRun.js');
      return await ingestFiles({
        config,
        files,
        positionals,
        unsettled,
        claims,
        ledger,
        closeLedger,
        abort,
        started,
        changed: !!values.changed,
        dryRun,
        json,
        pruning,
        findable,
        top,
        force: !!values.force,
        all: !!values.all,
        maxDeleteTyped: values['max-delete'] !== undefined,
      }, io);
    } finally {
      await closeLedger();
    }
  },
};

/**
 * Ctrl+C (or SIGTERM) once: no new requests, those in flight aborted, and the run ends as usual: report, ledger.
 * Twice: quit now, once the ledger holds what was confirmed (a write of milliseconds), so that the next run does not
 * send it again. A third quits at once (the ledger file is replaced in one step, so it is never half written).
 * Listening lasts until the process exits: a Ctrl+C while the run writes its ledger must not kill it by default.
 */
function listenForInterrupts(io: CliIo, abort: AbortController, ledger: Ledger, file: string): void {
  let interrupts = 0;
  io.onInterrupt(() => {
    interrupts++;
    if (interrupts === 1) {
      io.stderr.write('\ndoc-ingest: interrupted: no new requests; aborting those in flight (Ctrl+C again to quit now, keeping what was confirmed)\n');
      abort.abort();
    } else if (interrupts === 2) {
      io.stderr.write('doc-ingest: quitting once the ledger holds what was confirmed (Ctrl+C again to quit without waiting)\n');
      void ledger
        .flush()
        .catch((e: unknown) => io.stderr.write(`doc-ingest: warning: the ledger ${file} was not saved: ${e instanceof Error ? e.message : String(e)}\n`))
        .finally(() => io.exit(EXIT.interrupted));
    } else {
      io.exit(EXIT.interrupted);
    }
  });
}

