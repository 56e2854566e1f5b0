/**
 * `ingest --prune` (F13): after a run that saw the whole tree and sent every file, delete what this repository
 * published whose source no longer builds it (the core's `findOrphans`), so that search and chat stop answering
 * with pages that are gone. Refused, deleting and forgetting nothing, when the run is no evidence of what is gone
 * or when the number is surprising; each refusal is one sentence that says how to go on.
 */
import { isServiceError, NotFoundError, PermissionError, TimeoutError } from '../core/api';
import type { DocumentInfo, ServiceClient } from '../core/api';
import { ServerSilence, stopsBatch } from '../core/batch';
import type { BatchSummary } from '../core/batch';
import type { IdClaimsView } from '../core/identity';
import type { Ledger } from '../core/ledger';
import { DEFAULT_CC_PAIR_ID } from '../core/config/defaults';
import { findOrphans, orphanReasonText } from '../core/orphans';
import { diskTree } from '../core/orphans/diskTree';
import { RepositoryFiles } from '../core/orphans/repository';
import type { RepositoryRoot } from '../core/orphans/repository';
import type { SiteResolver } from '../core/site/detect';
import { normalizeIdPrefix } from '../core/documents/ids/ids';
import type { Orphan, OrphanReason } from '../core/orphans';
import { evidenceGap } from '../core/orphans/evidence';
import { EXIT, exitCodeOf } from './exitCodes';
import { forCommandLine } from './wording';

/**
 * - `deleted`: the server confirmed (200); the ledger forgot it.
 * - `wouldDelete`: `--dry-run`: nothing was sent.
 * - `alreadyGone`: the pair no longer holds it (listed without it, or the delete answered 404); the ledger forgot it.
 * - `notDeleted`: not tried: the prune was refused, or stopped before it (interrupted, a server every delete would fail on).
 * - `failed`: refused by the server (400, 403...); the ledger keeps it.
 * - `unknown`: no answer in time (or aborted in flight): it may or may not be gone; the ledger keeps it.
 */
export const PRUNE_OUTCOMES = ['deleted', 'wouldDelete', 'alreadyGone', 'notDeleted', 'failed', 'unknown'] as const;
export type PruneOutcome = (typeof PRUNE_OUTCOMES)[number];

/** The orphan's reason, or `notHeld`: recorded as sent from here, but the pair no longer holds it. */
export const PRUNE_REASONS = ['sourceGone', 'idChanged', 'noSource', 'notPublished', 'notHeld'] as const satisfies readonly (OrphanReason | 'notHeld')[];
export type PruneReason = (typeof PRUNE_REASONS)[number];

/**
 * - `incompleteRun`: the run was interrupted, or a file's document id is unknown (core/orphans/evidence.ts).
 * - `listing`: the pair's list could not be had for a reason other than a refusal or a missing route.
 * - `maxDelete`: more orphans than `--max-delete`.
 * - `mostOfPair`: more than half of what this repository held in the pair before the run, without `--max-delete` on
 *   the command line.
 */
export const PRUNE_REFUSALS = ['incompleteRun', 'listing', 'maxDelete', 'mostOfPair'] as const;
export type PruneRefusal = (typeof PRUNE_REFUSALS)[number];

export interface PruneItem {
  documentId: string;
  title?: string;
  /** The source (path) it was published from, when the ledger knows it. */
  source?: string;
  reason: PruneReason;
  reasonText: string;
  /** `idChanged`: the id the source builds now. */
  nowBuilds?: string;
  outcome: PruneOutcome;
  errorKind?: string;
  error?: string;
}

export interface PruneResult {
  /** The pair asked for its list (the configured one, else the server's default). */
  ccPairId: number;
  /** How many documents the pair holds after the run, when it listed them. */
  held?: number;
  /**
   * How many documents were this repository's before the run (the half rule's measure): those the pair held, less
   * this run's creations, that the ledger recorded or the id prefix claims; without a listing, the ledger's count.
   */
  ours: number;
  /** Why the pair's list was not used (refused, or no such route): only the ledger's records count. */
  listing?: string;
  refused?: { reason: PruneRefusal; error: string };
  items: PruneItem[];
  /** What the prune adds to the run's exit code (0 when all went well). */
  exitCode: number;
  /** Interrupted while deleting. */
  interrupted?: boolean;
}

/**
 * Why the run is no evidence of what the repository builds (`evidenceGap`, the rule Find Orphans follows too), or
 * undefined when every file's id is known: a finished run with a failed send or a broken image prunes, since the
 * failed page still claims its id.
 */
export function incompleteRunSentence(summary: BatchSummary, interrupted: boolean): string | undefined {
  const gap = evidenceGap(summary, interrupted);
  if (!gap) return undefined;
  const why = gap.kind === 'interrupted'
    ? 'the run was interrupted'
    : `the document id of ${gap.files.length === 1 ? `1 file (${gap.files[0] ?? ''}) is` : `${gap.files.length} files (${gap.files.slice(0, 3).join(', ')}${gap.files.length > 3 ? ', ...' : ''}) are`} unknown`;
  return `not pruning: ${why}, so this run is no evidence of which pages are gone, and nothing was deleted. Fix what failed, then run again with --prune.`;
}

export interface PruneOptions {
  client: ServiceClient;
  ledger: Ledger;
  /** The run's ledger scope (server and configured pair). */
  scope: string;
  ccPairId: number | undefined;
  /** What every included file builds now (from the run's results, never from a partial listing). */
  builds: IdClaimsView;
  /** The repository root: a ledger source is a path relative to it. */
  root: string;
  /** The docs sites of the root, as the run's builds found them (a Docusaurus page's `id` is the generator's). */
  sites?: SiteResolver;
  /** Why a source that is there and builds nothing is not to be published (core/orphans `withheld`). */
  withheld?(source: string, onDisk: string): Promise<string | undefined>;
  /** The configured id prefix, as given (normalized here, as the ids are built). */
  idPrefix: string;
  /** The ids the ledger recorded in the scope before the run: with `created`, what this repository held then. */
  before: ReadonlySet<string>;
  /** The ids this run created (the server held none before): not this repository's before the run. */
  created: ReadonlySet<string>;
  maxDelete: number;
  /** `--max-delete` was typed on this command line: the number is this run's decision, which lifts the half rule. */
  maxDeleteTyped: boolean;
  dryRun: boolean;
  signal: AbortSignal;
}

export async function prune(o: PruneOptions): Promise<PruneResult> {
  const ccPairId = o.ccPairId ?? DEFAULT_CC_PAIR_ID;
  const base = { ccPairId, items: [] as PruneItem[], ours: o.before.size };
  let held: DocumentInfo[] | undefined;
  let listing: string | undefined;
  try {
    held = await o.client.listPairDocuments(ccPairId, { signal: o.signal });
  } catch (e) {
    if (e instanceof PermissionError || (e instanceof NotFoundError && e.what === 'route')) {
      listing = `${forCommandLine(e.summary)} Pruning only what the ledger records as sent from here.`;
    } else if (isServiceError(e)) {
      if (e.kind === 'cancelled') return { ...base, exitCode: EXIT.interrupted, interrupted: true };
      const error = `not pruning: the documents of pair ${ccPairId} could not be listed, and nothing was deleted: ${forCommandLine(e.message)}`;
      return { ...base, refused: { reason: 'listing', error }, exitCode: exitCodeOf(e.kind, e.setting) };
    } else throw e;
  }
  const sites = o.sites;
  const generatorKeys = sites && ((path: string, head: string) => sites.generatorKeysOf(path, head));
  const roots: RepositoryRoot[] = [{ tree: diskTree(o.root), keyPrefix: '', idPrefix: normalizeIdPrefix(o.idPrefix), claims: o.idPrefix !== '', ...(generatorKeys ? { generatorKeys } : {}) }];
  const findings = await findOrphans({ published: o.ledger.entries(o.scope), builds: o.builds, roots, withheld: o.withheld, held });
  const orphans = findings.orphans;
  const ours = held ? await oursBefore(held, roots, o) : o.before.size;
  const facts = { ...base, ours, ...(held ? { held: held.length } : {}), ...(listing ? { listing } : {}) };
  const refused = refusal(orphans, ours, ccPairId, o);
  if (refused) {
    return { ...facts, refused, items: orphans.map((x) => itemOf(x, 'notDeleted')), exitCode: EXIT.pruneRefused };
  }
  const gone: PruneItem[] = findings.alreadyGone.map((p) => ({
    documentId: p.documentId,
    source: p.sourcePath,
    reason: 'notHeld',
    reasonText: `pair ${ccPairId} no longer holds it`,
    outcome: 'alreadyGone',
  }));
  if (o.dryRun) return { ...facts, items: [...orphans.map((x) => itemOf(x, 'wouldDelete')), ...gone], exitCode: EXIT.ok };
  for (const g of gone) o.ledger.forget(o.scope, g.documentId);
  const { items, exitCode } = await deleteEach(orphans, o);
  return { ...facts, items: [...items, ...gone], exitCode, ...(exitCode === EXIT.interrupted ? { interrupted: true } : {}) };
}

/**
 * What this repository held in the pair before the run: the same for a dry run (listed before anything is sent)
 * and the real run (listed after it, less what it created), so that a dry run says what the real run will do.
 */
async function oursBefore(held: readonly DocumentInfo[], roots: readonly RepositoryRoot[], o: PruneOptions): Promise<number> {
  const repository = new RepositoryFiles(roots, o.builds);
  let ours = 0;
  for (const { documentId } of held) {
    if (o.created.has(documentId)) continue;
    if (o.before.has(documentId) || (await repository.owns(documentId))) ours++;
  }
  return ours;
}

function refusal(orphans: readonly Orphan[], ours: number, ccPairId: number, o: PruneOptions): PruneResult['refused'] {
  const count = orphans.length;
  const byPrefix = orphans.filter((x) => x.reason === 'noSource').length;
  const prefixPart = byPrefix ? ` (${byPrefix} of them only by the id prefix: no ledger records them)` : '';
  if (count > o.maxDelete) {
    return {
      reason: 'maxDelete',
      error: `not pruning: ${count} ${count === 1 ? 'document' : 'documents'}${prefixPart} would be deleted, more than --max-delete ${o.maxDelete}, and nothing was deleted. Check the list (--dry-run --prune shows it), then run again with --max-delete ${count}.`,
    };
  }
  // Measured against what this repository held before the run, not the pair after it: a mass rename or a new id
  // prefix doubles the pair with its creations, and another team's documents are no part of ours.
  if (count > 0 && count > ours / 2 && !o.maxDeleteTyped) {
    return {
      reason: 'mostOfPair',
      error: `not pruning: ${count}${prefixPart} of the ${ours} documents this repository held in pair ${ccPairId} before the run would be deleted, more than half, and nothing was deleted. If that is what you want, run again with --max-delete ${count} typed on the command line (DOC_INGEST_MAX_DELETE and the Action's max-delete do not lift this).`,
    };
  }
  return undefined;
}

/**
 * One delete at a time, in the order a writer reviews them. The ledger forgets a document only after the server
 * confirmed (200) or said it holds none (404); a timeout is unknown and the entry stays. A failure every delete
 * would meet (the key, the route, a silent server) stops the rest, which are reported as not deleted.
 */
async function deleteEach(orphans: readonly Orphan[], o: PruneOptions): Promise<{ items: PruneItem[]; exitCode: number }> {
  const items: PruneItem[] = [];
  const silence = new ServerSilence();
  let stop: { error: string; exitCode: number } | undefined;
  let trouble = false;
  for (const orphan of orphans) {
    if (stop || o.signal.aborted) {
      items.push({ ...itemOf(orphan, 'notDeleted'), ...(stop ? { error: stop.error } : {}) });
      continue;
    }
    const mark = silence.mark();
    try {
      await o.client.deleteDocument(orphan.documentId, { signal: o.signal });
      silence.succeeded();
      o.ledger.forget(o.scope, orphan.documentId);
      items.push(itemOf(orphan, 'deleted'));
    } catch (e) {
      if (!isServiceError(e)) throw e;
      if (e instanceof NotFoundError && e.what === 'object') {
        silence.succeeded();
        o.ledger.forget(o.scope, orphan.documentId);
        items.push(itemOf(orphan, 'alreadyGone'));
        continue;
      }
      trouble = true;
      const unknown = e instanceof TimeoutError || e.kind === 'cancelled';
      items.push({ ...itemOf(orphan, unknown ? 'unknown' : 'failed'), errorKind: e.kind, error: forCommandLine(e.message) });
      const silent = e instanceof TimeoutError ? silence.timedOut(e, mark) : undefined;
      if (silent) stop = { error: forCommandLine(silent.message), exitCode: exitCodeOf(silent.kind) };
      else if (stopsBatch(e)) stop = { error: forCommandLine(e.message), exitCode: exitCodeOf(e.kind, e.setting) };
    }
  }
  const exitCode = o.signal.aborted ? EXIT.interrupted : stop ? stop.exitCode : trouble ? EXIT.someFailed : EXIT.ok;
  return { items, exitCode };
}

function itemOf(o: Orphan, outcome: PruneOutcome): PruneItem {
  return {
    documentId: o.documentId,
    ...(o.title !== undefined ? { title: o.title } : {}),
    ...(o.source !== undefined ? { source: o.source } : {}),
    reason: o.reason,
    reasonText: orphanReasonText(o),
    ...(o.nowBuilds !== undefined ? { nowBuilds: o.nowBuilds } : {}),
    outcome,
  };
}
