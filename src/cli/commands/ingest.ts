import { statSync } from 'node:fs';
import path from 'node:path';
import { emptyCounts, nodeFileAccess, runBatch } from '../../core/batch';
import { diskImageReader } from '../../core/ingest/imageFiles';
import { forEachConcurrently } from '../../core/pool';
import { diskSiteFiles, SiteResolver } from '../../core/site';
import type { BatchFile, BatchSummary } from '../../core/batch';
import { buildsItsId } from '../../core/orphans/evidence';
import { claimOf, collectClaims, IdClaims, publishSwitchOf } from '../../core/identity';
import { withheldPhrase } from '../../core/files/publishRules';
import type { ClaimSources } from '../../core/identity';
import { ledgerScope } from '../../core/ledger';
import { checkSource, stampedCheck } from '../../core/ingest/freshness';
import type { IncludeCache, IncludeSource } from '../../core/ingest/includes';
import type { FileStat, Ledger } from '../../core/ledger';
import { DEFAULT_MAX_DELETE, ingestConfig, resolveConfig } from '../config';
import type { CliConfig } from '../config';
import { EXIT, EXIT_CODE_HELP, exitCodeOf } from '../exitCodes';
import { batchFile, linkTargetSource, listFiles, publishRules } from '../files';
import { fancy } from '../io';
import type { CliIo } from '../io';
import { COMMON_HELP, DOCUMENT_HELP, INGEST } from '../options';
import { annotations, stopAnnotation } from '../output/annotations';
import { ProgressBar } from '../output/progress';
import { pruneTable } from '../output/pruneTable';
import { markupLine, markupWarnings, summaryTable } from '../output/table';
import { parse } from '../parse';
import { DEFAULT_CC_PAIR_ID } from '../../core/config/defaults';
import { incompleteRunSentence, prune } from '../prune';
import type { PruneResult } from '../prune';
import { ingestReport } from '../report';
import { openLedger, openSession } from '../session';
import { UsageError } from '../usageError';
import { forCommandLine } from '../wording';
import type { Command } from './command';
import { checkWhenSearchable, DEFAULT_TOP, QUESTIONS_FILE, SEARCH_CONCURRENCY } from '../../core/findability';
import type { PageAnswers, PageQuestions } from '../../core/findability';
import { isServiceError } from '../../core/api/errors';
import { answerLines, notFindableAnnotations, pageOf, pageRows, readQuestions, topOf } from '../findability';
import type { FindableReport } from '../report';

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
    let files = await listFiles(positionals, config, io.cwd);
    if (!files.length) {
      throw new UsageError(positionals.length
        ? `No files to ingest: nothing matches ${positionals.join(' ')} (and not the exclude globs ${config.exclude.join(', ')}).`
        : `No files to ingest under ${config.root}: none matches the include globs (${config.include.join(', ')}) and not the exclude globs.`);
    }
    // A dry run sends nothing, so it needs no key; the server, when known, still scopes the ledger's answers.
    // With --prune it asks the pair what it holds, which takes the key.
    const session = dryRun && !pruning ? undefined : openSession(config, io);
    const server = session?.baseUrl ?? config.baseUrl ?? '';
    const ledger = await openLedger(config, io);
    const abort = new AbortController();
    listenForInterrupts(io, abort, ledger, config.ledger);
    try {
      // Every included file's id, sent or not: a file of this run whose id another one builds is refused.
      const claims = new IdClaims();
      const access = nodeFileAccess();
      // The docs site above each file (F15): its config read once for the run, as data.
      const sites = new SiteResolver(diskSiteFiles(config.root, config.maxFileBytes));
      const claimSources = { ...access, idPrefix: () => config.idPrefix, maxFileBytes: config.maxFileBytes, site: () => sites };
      // Every included file: their ids are claimed, and links to them are links between docs (F14).
      const listing = positionals.length ? await listFiles([], config, io.cwd) : files;
      if (positionals.length) {
        const named = new Set(files.map((f) => f.key));
        await collectClaims(listing.filter((f) => !named.has(f.key)), claimSources, claims);
      }
      const linkTargets = linkTargetSource(config.root, listing, config.maxFileBytes);
      if (values.changed) {
        files = await changedFiles(files, ledger, ledgerScope(server, config.ccPairId), claims, { ...claimSources, includes: linkTargets }, config.concurrency);
        if (!files.length) {
          return finish(io, emptySummary(), { config, server, dryRun, json, started, all: false, note: 'Every file is as last ingested.' });
        }
      }
      // What this repository held before the run, by its ledger: the prune's "more than half" measure.
      const before = new Set(pruning ? ledger.entries(ledgerScope(server, config.ccPairId)).map((e) => e.documentId) : []);
      const images = diskImageReader(config.root, config.imagesMaxBytes);
      const bar = fancy(io) ? new ProgressBar(io.stderr, dryRun ? 'checking' : 'ingesting') : undefined;
      const plain = bar ? undefined : plainProgress(io, files.length);
      let summary: BatchSummary;
      try {
        summary = await runBatch({
          client: dryRun ? undefined : session?.client,
          server,
          files,
          ...access,
          config: () => ingestConfig(config),
          claims,
          gitFolders: [config.root],
          ledger,
          images: { read: (_f, imagePath) => images.read(imagePath), onProblem: config.imagesOnProblem },
          links: { included: (_f, target) => linkTargets.included(target), read: (_f, target) => linkTargets.read(target) },
          site: () => sites,
          force: !!values.force,
          dryRun,
          concurrency: config.concurrency,
          maxFileBytes: config.maxFileBytes,
          timeoutMs: config.timeoutMs,
          signal: abort.signal,
          onProgress: (p) => (bar ? bar.update(p) : plain?.(p.done)),
        });
      } finally {
        bar?.end();
      }
      for (const w of await sites.warnings()) io.stderr.write(`doc-ingest: ${w.file}${w.line ? `:${w.line}` : ''}: warning: ${w.message}\n`);
      const interrupted = abort.signal.aborted;
      const pruned = pruning && session
        ? await pruneAfter(summary, interrupted, {
          client: session.client,
          ledger,
          scope: ledgerScope(server, config.ccPairId),
          ccPairId: config.ccPairId,
          builds: buildsOf(summary),
          root: config.root,
          sites,
          withheld: withheldSource(config, access),
          idPrefix: config.idPrefix,
          before,
          created: new Set(summary.results.flatMap((r) => (r.outcome === 'created' && r.documentId !== undefined ? [r.documentId] : []))),
          maxDelete: config.maxDelete,
          maxDeleteTyped: values['max-delete'] !== undefined,
          dryRun,
          signal: abort.signal,
        })
        : undefined;
      const findability = findable && session && !interrupted
        ? await findableAfter(summary, { config, sites, top, search: (q, o) => session.client.search(q, { ...o, signal: abort.signal }), signal: abort.signal })
        : undefined;
      return finish(io, summary, { config, server, dryRun, json, started, all: !!values.all, interrupted, prune: pruned, findability });
    } finally {
      // Only confirmed successes are in it: an interrupted run keeps everything it confirmed.
      await ledger.close().catch((e: unknown) => io.stderr.write(`doc-ingest: warning: the ledger ${config.ledger} was not saved: ${e instanceof Error ? e.message : String(e)}\n`));
      await session?.close();
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

/** The prune after the run, or its refusal when the run is no evidence of what is gone (the run's exit code stands). */
async function pruneAfter(summary: BatchSummary, interrupted: boolean, options: Parameters<typeof prune>[0]): Promise<PruneResult> {
  const incomplete = incompleteRunSentence(summary, interrupted);
  if (incomplete) return { ccPairId: options.ccPairId ?? DEFAULT_CC_PAIR_ID, ours: options.before.size, refused: { reason: 'incompleteRun', error: incomplete }, items: [], exitCode: EXIT.ok };
  return prune(options);
}

/**
 * What each included file builds now: the ids of this run's documents, sent, unchanged, (dry run) to be sent, or
 * identified and not sent (a failed page keeps its published document).
 */
function buildsOf(summary: BatchSummary): IdClaims {
  const claims = new IdClaims();
  for (const r of summary.results) if (r.documentId !== undefined && buildsItsId(r.outcome)) claims.set(r.file.source, r.documentId);
  return claims;
}

/**
 * Why a file of the repository that builds nothing is not to be published: a `.docingestignore` line, else its front
 * matter (`draft: true`...). Its published document is then an orphan (F15). Git's files and the hidden rule only
 * keep a batch from taking a file, as the include globs do: a page published by naming it is no orphan for them.
 */
function withheldSource(config: CliConfig, access: ReturnType<typeof nodeFileAccess>): (source: string, onDisk: string) => Promise<string | undefined> {
  const rules = publishRules(config);
  return async (source, onDisk) => {
    const ruled = rules.withheldNamed(source);
    if (ruled) return withheldPhrase(ruled);
    const bytes = await access.read(batchFile(path.join(config.root, ...onDisk.split('/')), config.root)).catch(() => undefined);
    return bytes && publishSwitchOf(bytes, source);
  };
}

/** What `--findable` asked and found, or why it could not ask. */
interface Findability {
  top: number;
  results: PageAnswers[];
  warnings: string[];
  failure?: { errorKind: string; error: string; exitCode: number };
}

/**
 * `--findable`: the questions of every page the run sent (created or updated), asked once the batch is over, a page
 * nothing finds asked again for a few seconds while the server indexes it. A document of the run or of the other
 * included files that outranks a page is named by its file.
 */
async function findableAfter(
  summary: BatchSummary,
  o: { config: CliConfig; sites: SiteResolver; top: number; search: Parameters<typeof checkWhenSearchable>[1]['search']; signal: AbortSignal },
): Promise<Findability> {
  const questionsFile = await readQuestions(o.config.root);
  const warnings = questionsFile.problems.map((p) => `${QUESTIONS_FILE}:${p.line}: ${p.message}`);
  const pages: PageQuestions[] = [];
  for (const r of summary.results) {
    if ((r.outcome !== 'created' && r.outcome !== 'updated') || !r.file.absolutePath || r.documentId === undefined) continue;
    const page = await pageOf(r.file.relativePath, r.file.absolutePath, o.config, o.sites, questionsFile.pages, warnings);
    if (page) pages.push({ ...page, documentId: r.documentId });
  }
  const builds = buildsOf(summary);
  try {
    const results = await checkWhenSearchable(pages, {
      search: o.search,
      fileOf: (id) => [...builds.sourcesOf(id)].sort()[0],
      top: o.top,
      concurrency: SEARCH_CONCURRENCY,
      stopped: () => o.signal.aborted,
    }, { signal: o.signal });
    return { top: o.top, results, warnings };
  } catch (e) {
    const errorKind = isServiceError(e) ? e.kind : 'unknown';
    const error = forCommandLine(e instanceof Error ? e.message : String(e));
    return { top: o.top, results: [], warnings, failure: { errorKind, error, exitCode: isServiceError(e) ? exitCodeOf(e.kind, e.setting) : EXIT.someFailed } };
  }
}

/** The report's `findable`: the counts and each page's questions, as `doc-ingest findable --json` gives them. */
function findableReport(f: Findability): FindableReport {
  const pages = pageRows(f.results);
  const all = pages.flatMap((p) => p.questions);
  const notFound = all.filter((q) => !q.found).length;
  return { top: f.top, questions: all.length, found: all.length - notFound, notFound, pages, ...(f.failure ? { errorKind: f.failure.errorKind, error: f.failure.error } : {}) };
}

interface Facts {
  config: CliConfig;
  server: string;
  dryRun: boolean;
  json: boolean;
  started: number;
  all: boolean;
  interrupted?: boolean;
  note?: string;
  prune?: PruneResult;
  findability?: Findability;
}

function finish(io: CliIo, raw: BatchSummary, facts: Facts): number {
  const summary = forCommandLineSummary(raw);
  const ran = exitCodeFor(summary, !!facts.interrupted);
  const findable = facts.findability && findableReport(facts.findability);
  // The run's own failure first, then the prune's; then the check's: it could not ask (3, 4), or some miss (6).
  const findableCode = facts.findability?.failure?.exitCode ?? (findable?.notFound ? EXIT.notFindable : EXIT.ok);
  const exitCode = ran !== EXIT.ok ? ran : (facts.prune?.exitCode || findableCode);
  const failures = annotations(summary.results, io.env.GITHUB_WORKSPACE ?? facts.config.root) + (summary.stop?.reason === 'failure' && summary.stop.error ? stopAnnotation(summary.stop.error) : '');
  const githubActions = io.env.GITHUB_ACTIONS === 'true';
  if (facts.config.verbose) io.stderr.write(markupWarnings(summary));
  if (facts.json) {
    const report = ingestReport(summary, { server: facts.server || undefined, ccPairId: facts.config.ccPairId, dryRun: facts.dryRun, exitCode, durationMs: performance.now() - facts.started, prune: facts.prune, findable });
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    // The table's count, where a reader of the run looks while the report goes to a file.
    const markup = markupLine(summary);
    if (markup) io.stderr.write(`doc-ingest: ${markup}\n`);
    if (githubActions) io.stderr.write(failures + notFindable(facts, io.env.GITHUB_WORKSPACE));
  } else {
    if (githubActions) io.stdout.write(failures + notFindable(facts, io.env.GITHUB_WORKSPACE));
    io.stdout.write(facts.note ? `${facts.note}\n` : summaryTable(summary, { all: facts.all, colour: fancy(io, io.stdout) }));
    if (facts.prune) io.stdout.write(pruneTable(facts.prune));
    if (facts.findability && !facts.findability.failure) io.stdout.write(answerLines(facts.findability.results, facts.findability.top));
  }
  for (const w of facts.findability?.warnings ?? []) io.stderr.write(`doc-ingest: ${w}\n`);
  if (facts.findability?.failure) io.stderr.write(`doc-ingest: findability not checked: ${facts.findability.failure.error}\n`);
  const c = summary.counts;
  if (facts.interrupted) {
    io.stderr.write(`doc-ingest: interrupted: ${c.created + c.updated} sent, ${c.notSent} not sent, ${c.cancelled} under way (the server may still apply them). Run again with --changed to send the rest.\n`);
  } else if (summary.stop?.reason === 'failure') {
    // Failed apart from not sent: a request that timed out was sent, and the server may still apply it.
    io.stderr.write(`doc-ingest: stopped (${c.created + c.updated} sent, ${c.failed} failed, ${c.notSent} not sent): ${summary.stop.error ?? ''}\n`);
  }
  if (facts.prune) io.stderr.write(pruneSentences(facts.prune));
  return exitCode;
}

/** GitHub annotations of the questions that miss their page (--findable). */
function notFindable(facts: Facts, workspace: string | undefined): string {
  const f = facts.findability;
  return f ? notFindableAnnotations(f.results, f.top, facts.config.root, workspace) : '';
}

/** On stderr, one line each: why the pair's list is not used; why nothing was deleted; what did not go well. */
function pruneSentences(p: PruneResult): string {
  const lines: string[] = [];
  if (p.listing) lines.push(p.listing);
  if (p.refused) lines.push(p.refused.error);
  const count = (o: string) => p.items.filter((i) => i.outcome === o).length;
  const [deleted, failed, unknown, notDeleted] = [count('deleted'), count('failed'), count('unknown'), count('notDeleted')];
  if (p.interrupted) {
    lines.push(`interrupted while pruning: ${deleted} deleted, ${unknown} under way (the server may still delete them), ${notDeleted} not deleted. Run again with --prune to finish.`);
  } else if (failed + unknown > 0) {
    const stop = p.items.find((i) => i.outcome === 'notDeleted')?.error;
    lines.push(`pruning: ${deleted} deleted, ${failed} failed, ${unknown} unknown (the server may or may not have deleted them)${notDeleted ? `, ${notDeleted} not tried` : ''}; their ledger entries stay, so the next --prune tries again${stop ? `. Stopped: ${stop}` : '.'}`);
  }
  return lines.map((l) => `doc-ingest: ${l}\n`).join('');
}

function exitCodeFor(summary: BatchSummary, interrupted: boolean): number {
  if (interrupted) return EXIT.interrupted;
  if (summary.stop?.reason === 'failure') return exitCodeOf(summary.stop.errorKind, summary.stop.setting);
  return summary.counts.failed > 0 ? EXIT.someFailed : EXIT.ok;
}

function forCommandLineSummary(summary: BatchSummary): BatchSummary {
  return {
    ...summary,
    results: summary.results.map((r) => (r.error ? { ...r, error: forCommandLine(r.error) } : r)),
    ...(summary.stop ? { stop: { ...summary.stop, ...(summary.stop.error ? { error: forCommandLine(summary.stop.error) } : {}) } } : {}),
  };
}

/**
 * The files never ingested to this server and pair, or whose bytes changed since (`checkSource`: by the stamp the
 * ledger keeps of each file, else hashed, never built). The others stay out of the run but keep their ids in
 * `claims` (the ledger's id when taken on its stamp: the bytes it was built from are the same). A file over the
 * size limit is not read: it goes to the run, which skips it and says why.
 */
async function changedFiles(files: BatchFile[], ledger: Ledger, scope: string, claims: IdClaims, from: Omit<ClaimSources, 'stat'> & { stat(file: BatchFile): Promise<FileStat>; includes: IncludeSource }, concurrency: number): Promise<BatchFile[]> {
  const changed = new Set<BatchFile>();
  const includeCache: IncludeCache = new Map();
  // First by their stamps, in one loop without a promise per file: a run with nothing to send ends here.
  const toRead = files.filter((file) => {
    if (file.withheld || file.absolutePath === undefined) return true;
    const stat = statOrUndefined(file.absolutePath);
    const stamped = stat && stat.size <= from.maxFileBytes ? stampedCheck(ledger, scope, file, stat) : undefined;
    if (stamped) claims.set(file.source, stamped.documentId);
    return !stamped;
  });
  await forEachConcurrently(toRead, Math.max(4, concurrency), async (file) => {
    if (file.withheld) {
      changed.add(file);
      return;
    }
    const statAt = Date.now();
    const stat = await from.stat(file);
    if (stat.size > from.maxFileBytes) {
      changed.add(file);
      return;
    }
    const check = await checkSource(ledger, scope, file, { stat, statAt, read: () => from.read(file), includes: from.includes, includeCache });
    if (check.state !== 'unchanged') changed.add(file);
    else claims.set(file.source, check.documentId ?? (await claimOf(check.bytes, file, from)));
  });
  return files.filter((f) => changed.has(f));
}

/** A file's stat for its stamp; undefined when it cannot be taken (the file's own check then says why). */
function statOrUndefined(absolutePath: string): FileStat | undefined {
  try {
    return statSync(absolutePath, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

function emptySummary(): BatchSummary {
  return { results: [], counts: emptyCounts() };
}

/** Without a terminal (a CI log): a line at each tenth of a long run, so a slow run shows it is alive. */
function plainProgress(io: CliIo, total: number): ((done: number) => void) | undefined {
  if (total < 100) return undefined;
  let shown = 0;
  return (done) => {
    const tenth = Math.floor((done / total) * 10);
    if (tenth > shown && done < total) {
      shown = tenth;
      io.stderr.write(`doc-ingest: ${done}/${total} files\n`);
    }
  };
}
