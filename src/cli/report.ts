/**
 * The `--json` report of `doc-ingest ingest`: one JSON object on stdout, its shape fixed by this schema (tests
 * validate every report against it; pipelines may too). Never the key.
 */
import * as z from 'zod';
import { WITHHELD_REASONS } from '../core/batch';
import type { BatchSummary, FileOutcome } from '../core/batch';
import { PRUNE_OUTCOMES, PRUNE_REASONS, PRUNE_REFUSALS } from './prune';
import type { PruneOutcome, PruneResult } from './prune';
import { PageRowSchema } from './findability';

const OUTCOMES = ['created', 'updated', 'unchanged', 'skipped', 'failed', 'notSent', 'cancelled', 'wouldSend'] as const satisfies readonly FileOutcome[];

export const REPORT_VERSION = 1;

export const FileReportSchema = z.strictObject({
  /** Relative to the repository root, `/`-separated. */
  path: z.string(),
  documentId: z.string().optional(),
  outcome: z.enum(OUTCOMES),
  /** For failed, skipped, not sent and cancelled files: the kind and the sentence that says what to do. */
  errorKind: z.string().optional(),
  error: z.string().optional(),
  /** 1-based line of the problem, when it has one. */
  line: z.number().int().positive().optional(),
  /** Skipped on purpose: ignored (an ignore file), hidden, or its front matter (draft, unlisted, publish, doc-ingest). */
  reason: z.enum(WITHHELD_REASONS).optional(),
  /** Sent, and the server said it already held it although the ledger never recorded sending it. */
  alreadyHeld: z.literal(true).optional(),
  /** Built with markup readers of the site never see (issue 35): one warning per kind, at its source line; sent all the same. */
  markup: z.array(z.strictObject({ kind: z.string(), line: z.number().int().positive().optional(), message: z.string() })).optional(),
  /** Images the site shows but the server's upload route refuses (GIF, SVG), left out: the page was sent without them. */
  imagesLeftOut: z.array(z.strictObject({ line: z.number().int().positive(), message: z.string() })).optional(),
});

/** One document `--prune` deleted, would delete, or did not. */
export const PruneDocumentSchema = z.strictObject({
  documentId: z.string(),
  /** As the pair lists it, when it was listed. */
  title: z.string().optional(),
  /** The file (relative to the root) it was published from, when the ledger knows it. */
  path: z.string().optional(),
  outcome: z.enum(PRUNE_OUTCOMES),
  /**
   * sourceGone, idChanged (then `nowBuilds`), noSource (under the id prefix, no file builds it), notPublished (a
   * draft, an ignore file, a hidden path: `reasonText` says which), notHeld.
   */
  reason: z.enum(PRUNE_REASONS),
  reasonText: z.string(),
  nowBuilds: z.string().optional(),
  /** For failed and unknown deletes (and those a stop left undone): the kind and the sentence. */
  errorKind: z.string().optional(),
  error: z.string().optional(),
});

/** What `--prune` did, or why it did nothing. */
export const PruneReportSchema = z.strictObject({
  ccPairId: z.number().int(),
  /** How many documents the pair held after the run, when the key may list them. */
  held: z.number().int().optional(),
  /**
   * How many documents were this repository's before the run: those the pair held that the ledger recorded or the
   * id prefix claims, less what the run created (without a listing, the ledger's count). "More than half" is of this.
   */
  ours: z.number().int(),
  /** How many of `documents` are this repository's by the id prefix alone (reason noSource): no ledger records them. */
  byIdPrefix: z.number().int(),
  /** Why the pair's list was not used: then only the ledger's records count. */
  listing: z.string().optional(),
  refused: z.strictObject({ reason: z.enum(PRUNE_REFUSALS), error: z.string() }).optional(),
  totals: z.strictObject(Object.fromEntries(PRUNE_OUTCOMES.map((o) => [o, z.number().int()])) as Record<PruneOutcome, z.ZodNumber>),
  documents: z.array(PruneDocumentSchema),
});

/** With --findable: the questions of the pages the run sent, as `doc-ingest findable --json` reports them. */
export const FindableReportSchema = z.strictObject({
  top: z.number().int().positive(),
  questions: z.number().int(),
  found: z.number().int(),
  notFound: z.number().int(),
  pages: z.array(PageRowSchema),
  /** When the questions could not be asked (no search route, a key that may not search...): the kind and the sentence. */
  errorKind: z.string().optional(),
  error: z.string().optional(),
});
export type FindableReport = z.infer<typeof FindableReportSchema>;

export const IngestReportSchema = z.strictObject({
  version: z.literal(REPORT_VERSION),
  command: z.literal('ingest'),
  server: z.string().optional(),
  ccPairId: z.number().int().optional(),
  dryRun: z.boolean(),
  /** Set when the run ended early: interrupted, or a failure every file would meet (a refused key...). */
  stopped: z.strictObject({ reason: z.enum(['cancelled', 'failure']), errorKind: z.string().optional(), error: z.string().optional() }).optional(),
  totals: z.strictObject({ files: z.number().int(), ...Object.fromEntries(OUTCOMES.map((o) => [o, z.number().int()])) as Record<FileOutcome, z.ZodNumber> }),
  files: z.array(FileReportSchema),
  /** With --prune. */
  prune: PruneReportSchema.optional(),
  /** With --findable. */
  findable: FindableReportSchema.optional(),
  exitCode: z.number().int(),
  durationMs: z.number().nonnegative(),
});

export type IngestReport = z.infer<typeof IngestReportSchema>;

export function ingestReport(summary: BatchSummary, facts: { server?: string; ccPairId?: number; dryRun: boolean; exitCode: number; durationMs: number; prune?: PruneResult; findable?: FindableReport }): IngestReport {
  const report: IngestReport = {
    version: REPORT_VERSION,
    command: 'ingest',
    ...(facts.server ? { server: facts.server } : {}),
    ...(facts.ccPairId !== undefined ? { ccPairId: facts.ccPairId } : {}),
    dryRun: facts.dryRun,
    totals: { files: summary.results.length, ...summary.counts },
    files: summary.results.map((r) => ({
      path: r.file.relativePath,
      ...(r.documentId !== undefined ? { documentId: r.documentId } : {}),
      outcome: r.outcome,
      ...(r.errorKind ? { errorKind: r.errorKind } : {}),
      ...(r.error ? { error: r.error } : {}),
      ...(r.line ? { line: r.line } : {}),
      ...(r.reason ? { reason: r.reason } : {}),
      ...(r.alreadyHeld ? { alreadyHeld: true as const } : {}),
      ...(r.markup?.length ? { markup: r.markup.map((m) => ({ kind: m.kind, ...(m.line ? { line: m.line } : {}), message: m.message })) } : {}),
      ...(r.imagesLeftOut?.length ? { imagesLeftOut: r.imagesLeftOut.map((m) => ({ line: m.line, message: m.message })) } : {}),
    })),
    ...(facts.prune ? { prune: pruneReport(facts.prune) } : {}),
    ...(facts.findable ? { findable: facts.findable } : {}),
    exitCode: facts.exitCode,
    durationMs: Math.round(facts.durationMs),
  };
  if (summary.stop) {
    report.stopped = {
      reason: summary.stop.reason,
      ...(summary.stop.errorKind ? { errorKind: summary.stop.errorKind } : {}),
      ...(summary.stop.error ? { error: summary.stop.error } : {}),
    };
  }
  return report;
}

function pruneReport(p: PruneResult): z.infer<typeof PruneReportSchema> {
  const totals = Object.fromEntries(PRUNE_OUTCOMES.map((o) => [o, 0])) as Record<PruneOutcome, number>;
  for (const item of p.items) totals[item.outcome]++;
  return {
    ccPairId: p.ccPairId,
    ...(p.held !== undefined ? { held: p.held } : {}),
    ours: p.ours,
    byIdPrefix: p.items.filter((i) => i.reason === 'noSource').length,
    ...(p.listing ? { listing: p.listing } : {}),
    ...(p.refused ? { refused: p.refused } : {}),
    totals,
    documents: p.items.map((i) => ({
      documentId: i.documentId,
      ...(i.title !== undefined ? { title: i.title } : {}),
      ...(i.source !== undefined ? { path: i.source } : {}),
      outcome: i.outcome,
      reason: i.reason,
      reasonText: i.reasonText,
      ...(i.nowBuilds !== undefined ? { nowBuilds: i.nowBuilds } : {}),
      ...(i.errorKind ? { errorKind: i.errorKind } : {}),
      ...(i.error ? { error: i.error } : {}),
    })),
  };
}
