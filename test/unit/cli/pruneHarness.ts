/**
 * The prune and documents tests: a fresh local service per test (what a pair holds decides the "more than half"
 * refusal, so no test may see another's documents), a folder, and the built command line run against both.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { IngestReportSchema } from '../../../src/cli/report';
import type { IngestReport } from '../../../src/cli/report';
import { startService } from '../../service';
import type { DialectName, LocalService } from '../../service';
import { Folder, makeFolder } from '../../support/batchFolder';
import { assertNoKeyIn, CliOptions, CliRun, runCli, serviceEnv } from '../../support/runCli';

export interface PruneHarness {
  service: LocalService;
  folder: Folder;
  /** Runs `doc-ingest` in the folder against the service, as the admin; checks that no key is printed. */
  cli(args: string[], env?: Record<string, string | undefined>, started?: CliOptions['started']): Promise<CliRun>;
  /** `cli` with `--json`, its report checked against the schema. */
  report(args: string[], env?: Record<string, string | undefined>): Promise<{ run: CliRun; report: IngestReport }>;
  /** The document ids the folder's ledger records, over every scope. */
  ledgerIds(): Promise<string[]>;
  /** The requests the service saw since the last clearRequests, as `METHOD path status`, the path after /api/. */
  requestLines(): string[];
}

export function usePruneService(dialect: DialectName): PruneHarness {
  const h = {} as PruneHarness;
  beforeEach(async () => {
    h.service = await startService({ dialect });
    h.folder = await makeFolder();
    h.cli = async (args, env = {}, started) => {
      const run = await runCli(args, {
        cwd: h.folder.root,
        env: { ...serviceEnv(h.service), ...env },
        started,
      });
      assertNoKeyIn(run, Object.values(h.service.keys));
      return run;
    };
    h.report = async (args, env) => {
      const run = await h.cli([...args, '--json'], env);
      let report: IngestReport;
      try {
        report = IngestReportSchema.parse(JSON.parse(run.stdout));
      } catch (e) {
        throw new Error(`not a report (exit ${run.code}): ${run.stdout}\n${run.stderr}\n${String(e)}`);
      }
      assert.equal(report.exitCode, run.code, 'the report states the exit code');
      return { run, report };
    };
    h.ledgerIds = async () => {
      const text = await readFile(path.join(h.folder.root, '.doc-ingest/ledger.json'), 'utf8');
      const data = JSON.parse(text) as { scopes: { documents: { documentId: string }[] }[] };
      return data.scopes.flatMap((s) => s.documents.map((d) => d.documentId)).sort();
    };
    h.requestLines = () => h.service.requests.map((r) => `${r.method} ${r.path.replace(/^\/api\//, '')} ${r.status}`);
  });
  afterEach(async () => {
    await h.folder.remove();
    await h.service.close();
  });
  return h;
}

/** `count` one-paragraph Markdown pages `name-N.md`. */
export async function writePages(folder: Folder, count: number, name = 'page'): Promise<void> {
  for (let i = 0; i < count; i++) await folder.write(`${name}-${i}.md`, `# ${name} ${i}\n\nText of ${name} ${i}.\n`);
}
