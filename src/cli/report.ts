/**
 * The `--json` report of `doc-ingest ingest`: one JSON object on stdout, its shape fixed by this schema (tests
 * validate every report against it; pipelines may too). Never the key.
 */
import * as z from 'zod';
import type { BatchSummary, FileOutcome } from '../core/batch';

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
});

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
  exitCode: z.number().int(),
  durationMs: z.number().nonnegative(),
});

export type IngestReport = z.infer<typeof IngestReportSchema>;

export function ingestReport(summary: BatchSummary, facts: { server?: string; ccPairId?: number; dryRun: boolean; exitCode: number; durationMs: number }): IngestReport {
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
    })),
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
