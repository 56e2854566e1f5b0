// Issue 23: the command line's ledger file is shared safely by two runs, and a damaged one is kept, never replaced.
import assert from 'node:assert/strict';
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { useService } from '../../support/serviceHarness';
import { useFolder } from '../../support/batchFolder';
import { runCli, serviceEnv } from '../../support/runCli';

describe('doc-ingest command line: the ledger file (issue 23)', () => {
  const h = useService('observed');
  const folder = useFolder(h);

  const env = () => serviceEnv(h.service);
  const ledgerFile = () => path.join(folder.root, '.doc-ingest', 'ledger.json');
  const ledgerPaths = async () => {
    const data = JSON.parse(await readFile(ledgerFile(), 'utf8')) as { scopes: { documents: { sourcePath: string }[] }[] };
    return data.scopes.flatMap((s) => s.documents.map((d) => d.sourcePath)).sort();
  };

  it('two runs at once on one ledger: it ends with the union of what both confirmed, not the last writer\'s', async function () {
    this.timeout(60_000);
    const expected: string[] = [];
    for (const part of ['api', 'web']) {
      for (let i = 0; i < 12; i++) {
        await folder.write(`${part}/page-${i}.md`, `# ${part} ${i}\n\nText.\n`);
        expected.push(`${part}/page-${i}.md`);
      }
    }
    // Slow enough that both runs read the ledger before either has finished writing it.
    h.service.setIngestLatency(200);
    const runs = await Promise.all(['api', 'web'].map((part) => runCli(['ingest', part, '--concurrency', '2'], { cwd: folder.root, env: env() })));
    for (const run of runs) {
      assert.equal(run.code, 0, run.stderr);
      // A ledger not saved is only a warning (the files were sent), so the exit code alone would not tell.
      assert.doesNotMatch(run.stderr, /not saved/);
    }
    assert.deepEqual(await ledgerPaths(), expected.sort());
  });

  it('a damaged ledger is kept beside the new one and said once on stderr with its path; the run goes on', async function () {
    this.timeout(30_000);
    await folder.write('guide.md', '# Guide\n\nText.\n');
    await mkdir(path.dirname(ledgerFile()), { recursive: true });
    await writeFile(ledgerFile(), '{"version": 1, "scopes": [{"scope"');
    const run = await runCli(['ingest'], { cwd: folder.root, env: env() });
    assert.equal(run.code, 0, run.stderr);
    const kept = (await readdir(path.dirname(ledgerFile()))).filter((n) => n !== 'ledger.json');
    assert.equal(kept.length, 1, kept.join(', '));
    const keptPath = path.join(path.dirname(ledgerFile()), kept[0] ?? '');
    assert.equal(await readFile(keptPath, 'utf8'), '{"version": 1, "scopes": [{"scope"', 'the old file, untouched');
    const warnings = run.stderr.split('\n').filter((l) => l.includes('ledger'));
    assert.deepEqual(warnings, [`doc-ingest: warning: The ledger ${ledgerFile()} is not valid JSON: it is kept as ${keptPath}, and a new ledger starts, so every file counts as never ingested.`]);
    assert.deepEqual(await ledgerPaths(), ['guide.md'], 'the new ledger');
  });
});
