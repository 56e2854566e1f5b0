/**
 * `ingest --changed` on the ledger's stat cache, end to end through the built command line: a run records each
 * file's stamp, the next `--changed` takes unchanged files on it, and a write that keeps size and modification time
 * is still sent. Files a test writes have a change time of now, which the racy rule never takes on its stamp, so
 * this test waits RACY_MS once, as a writer's files have waited in real use.
 */
import assert from 'node:assert/strict';
import { readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { IngestReportSchema } from '../../../src/cli/report';
import { RACY_MS } from '../../../src/core/ledger';
import { useService } from '../../support/serviceHarness';
import { makeFolder, writeDocs } from '../../support/batchFolder';
import { runCli, serviceEnv } from '../../support/runCli';

interface StoredLedger {
  scopes: { documents: { sourcePath: string; sourceStat?: string }[] }[];
}

describe('doc-ingest ingest --changed: the stat cache (issue 27)', () => {
  const h = useService('observed');

  it('records stamps, takes unchanged files on them, and sends a file written with the same size and modification time', async function () {
    this.timeout(30_000);
    const folder = await makeFolder();
    try {
      const env = serviceEnv(h.service);
      const cli = (args: string[]) => runCli(args, { cwd: folder.root, env });
      await writeDocs(folder, 20);
      // A whole second, which utimes sets exactly (a time of nanoseconds may not survive a round trip through it).
      const old = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_600_000);
      const target = path.join(folder.root, 'doc-7.md');
      await utimes(target, old, old);
      await sleep(RACY_MS + 200);
      const first = await cli(['ingest', '--json']);
      assert.equal(first.code, 0, first.stderr);
      const ledgerFile = path.join(folder.root, '.doc-ingest/ledger.json');
      const stored = JSON.parse(await readFile(ledgerFile, 'utf8')) as StoredLedger;
      const documents = stored.scopes.flatMap((s) => s.documents);
      assert.equal(documents.length, 20);
      assert.ok(documents.every((d) => d.sourceStat), 'every file was old enough to be stamped');

      const none = await cli(['ingest', '--changed']);
      assert.equal(none.code, 0, none.stderr);
      assert.match(none.stdout, /Every file is as last ingested/);

      // Same length, and the modification time set back: only the change time (and the bytes) differ.
      const before = await stat(target);
      const text = await readFile(target, 'utf8');
      await writeFile(target, text.replace('Text of doc 7', 'Text of DOC 7'));
      await utimes(target, old, old);
      const after = await stat(target);
      assert.deepEqual([after.size, after.mtimeMs], [before.size, before.mtimeMs]);
      h.service.clearRequests();
      const changed = await cli(['ingest', '--changed', '--json']);
      assert.equal(changed.code, 0, changed.stderr);
      const report = IngestReportSchema.parse(JSON.parse(changed.stdout));
      assert.deepEqual(report.files.map((f) => `${f.path} ${f.outcome}`), ['doc-7.md updated']);
      assert.match(JSON.stringify(h.service.document('doc-7.md')?.received), /Text of DOC 7/);
    } finally {
      await folder.remove();
    }
  });

  it('with nothing to send, still refuses a missing key or a proxy variable that is no URL, and reports in JSON as before', async function () {
    this.timeout(30_000);
    const folder = await makeFolder();
    try {
      const env = serviceEnv(h.service);
      const cli = (args: string[], more: Record<string, string | undefined> = {}) => runCli(args, { cwd: folder.root, env: { ...env, ...more } });
      await writeDocs(folder, 5);
      await sleep(RACY_MS + 200);
      assert.equal((await cli(['ingest'])).code, 0);
      const none = await cli(['ingest', '--changed']);
      assert.deepEqual([none.code, none.stdout, none.stderr], [0, 'Every file is as last ingested.\n', '']);
      // Settled on their stamps before anything is built, a run still checks first what a run that sends needs.
      const noKey = await cli(['ingest', '--changed'], { DOC_INGEST_API_KEY: undefined });
      assert.equal(noKey.code, 2);
      assert.match(noKey.stderr, /No API key/);
      const badProxy = await cli(['ingest', '--changed'], { HTTPS_PROXY: 'proxy here' });
      assert.equal(badProxy.code, 2);
      assert.match(badProxy.stderr, /HTTPS_PROXY is not a proxy URL/);
      const json = await cli(['ingest', '--changed', '--json']);
      assert.equal(json.code, 0, json.stderr);
      const report = IngestReportSchema.parse(JSON.parse(json.stdout));
      assert.deepEqual([report.totals.files, report.files, report.exitCode], [0, [], 0]);
    } finally {
      await folder.remove();
    }
  });
});
