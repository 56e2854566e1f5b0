/**
 * `doc-ingest ingest` once something must be built (`commands/ingest.ts` lists the files, opens the ledger and, with
 * `--changed`, settles the files by their stamps first): the files still to read, the batch, the prune, the
 * questions, the report. Loaded by the command on first need, so that a run with nothing to send loads none of the
 * document builder, the site readers, the batch or the client (issue 37).
 */
import path from 'node:path';
import { claimOf, collectClaims, emptyCounts, nodeFileAccess, runBatch } from '../core/batch';
import { diskImageReader } from '../core/ingest/imageFiles';
import { forEachConcurrently } from '../core/pool';
import { diskSiteFiles, SiteResolver } from '../core/site';
import type { BatchFile, BatchSummary, ClaimSources } from '../core/batch';
import { buildsItsId } from '../core/orphans/evidence';
import { IdClaims, publishSwitchOf } from '../core/identity';
import { withheldPhrase } from '../core/files/publishRules';
import { ledgerScope } from '../core/ledger';
import { checkSource } from '../core/ingest/freshness';
import type { IncludeCache, IncludeSource } from '../core/ingest/includes';
import type { FileStat, Ledger } from '../core/ledger';
import { ingestConfig } from './config';
import type { CliConfig } from './config';
import { EXIT, exitCodeOf } from './exitCodes';
import { batchFile, listFiles, publishRules } from './files';
import { linkTargetSource } from './linkTargets';
import { fancy } from './io';
import type { CliIo } from './io';
import { annotations, stopAnnotation } from './output/annotations';
import { ProgressBar } from './output/progress';
import { pruneTable } from './output/pruneTable';
import { markupLine, markupWarnings, summaryTable } from './output/table';
import { DEFAULT_CC_PAIR_ID } from '../core/config/defaults';
import { incompleteRunSentence, prune } from './prune';
import type { PruneResult } from './prune';
import { ingestReport } from './report';
import { openSession } from './session';
import { NOTHING_TO_SEND, unsettledByStamps } from './stampedFiles';
import { forCommandLine } from './wording';
import { checkWhenSearchable, QUESTIONS_FILE, SEARCH_CONCURRENCY } from '../core/findability';
import type { PageAnswers, PageQuestions } from '../core/findability';
import { isServiceError } from '../core/api/errors';
import { answerLines, notFindableAnnotations, pageOf, pageRows, readQuestions } from './findability';
import type { FindableReport } from './report';

/** What the command settled before it loaded this module. */
export interface IngestRun {
  config: CliConfig;
  /** The files named or listed (`listFiles`), sorted. */
  files: BatchFile[];
  /** The paths typed; none: every file under the root that the include globs take. */
  positionals: readonly string[];
  /** With `--changed`, when the command took the stamps already: the files they did not settle (their claims are in `claims`). */
  unsettled?: BatchFile[];
  claims: IdClaims;
  ledger: Ledger;
  /** Saves and closes the ledger (once, whoever calls it first), saying on stderr when it could not be saved. */
  closeLedger(): Promise<void>;
  abort: AbortController;
  /** When the command started (the report's duration). */
  started: number;
  changed: boolean;
  dryRun: boolean;
  json: boolean;
  pruning: boolean;
  findable: boolean;
  top: number;
  force: boolean;
  all: boolean;
  maxDeleteTyped: boolean;
}

/** The run from the files on: returns the exit code. */
export async function ingestFiles(run: IngestRun, io: CliIo): Promise<number> {
  const { config, positionals, claims, ledger, abort, dryRun, json, pruning, findable, top, started } = run;
  let files = run.files;
  // A dry run sends nothing, so it needs no key; the server, when known, still scopes the ledger's answers.
  // With --prune it asks the pair what it holds, which takes the key.
  const session = dryRun && !pruning ? undefined : openSession(config, io);
  const server = session?.baseUrl ?? config.baseUrl ?? '';
  try {
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
    if (run.changed) {
      files = await changedFiles(files, run.unsettled, ledger, ledgerScope(server, config.ccPairId), claims, { ...claimSources, includes: linkTargets }, config.concurrency);
      if (!files.length) {
        return finish(io, emptySummary(), { config, server, dryRun, json, started, all: false, note: NOTHING_TO_SEND });
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
        force: run.force,
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
        maxDeleteTyped: run.maxDeleteTyped,
        dryRun,
        signal: abort.signal,
      })
      : undefined;
    const findability = findable && session && !interrupted
      ? await findableAfter(summary, { config, sites, top, search: (q, o) => session.client.search(q, { ...o, signal: abort.signal }), signal: abort.signal })
      : undefined;
    return finish(io, summary, { config, server, dryRun, json, started, all: run.all, interrupted, prune: pruned, findability });
  } finally {
    // The ledger first, as before the command was split: what was confirmed is kept, then the connection goes.
    await run.closeLedger();
    await session?.close();
  }
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

export interface Facts {
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

export function finish(io: CliIo, raw: BatchSummary, facts: Facts): number {
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
 * size limit is not read: it goes to the run, which skips it and says why. `unsettled`: the files the stamps did not
 * settle, when the command took them already.
 */
async function changedFiles(files: BatchFile[], unsettled: BatchFile[] | undefined, ledger: Ledger, scope: string, claims: IdClaims, from: Omit<ClaimSources, 'stat'> & { stat(file: BatchFile): Promise<FileStat>; includes: IncludeSource }, concurrency: number): Promise<BatchFile[]> {
  const changed = new Set<BatchFile>();
  const includeCache: IncludeCache = new Map();
  const toRead = unsettled ?? unsettledByStamps(files, ledger, scope, claims, from.maxFileBytes);
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

export function emptySummary(): BatchSummary {
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
