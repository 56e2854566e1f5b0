// Issue 23, identity on the command line: every run knows every included file's id, and never reads a file over
// the size limit, whichever files it sends.
import assert from 'node:assert/strict';
import { truncate } from 'node:fs/promises';
import path from 'node:path';
import { IngestReportSchema } from '../../../src/cli/report';
import { useService } from '../../support/serviceHarness';
import { useFreshFolder } from '../../support/batchFolder';
import { runCli, serviceEnv } from '../../support/runCli';

describe('doc-ingest command line: identity (issue 23)', () => {
  const h = useService('observed');
  const folder = useFreshFolder();
  const cli = (args: string[]) => runCli(args, { cwd: folder.root, env: serviceEnv(h.service) });
  const ingestions = () => h.service.requests.filter((r) => r.method === 'POST' && r.path.includes(h.service.ingestionPath)).length;
  const held = (id: string) => JSON.stringify(h.service.document(id)?.received ?? null);

  it('two files with one id: every later run refuses both, exit 1, and the service keeps the published text', async () => {
    await folder.write('a.md', '---\nid: setup-cli\n---\n# Setup A\n\nThe text of a.\n');
    assert.equal((await cli(['ingest'])).code, 0);
    await folder.write('b.md', '---\nid: setup-cli\n---\n# Setup B\n\nThe text of b.\n');
    h.service.clearRequests();
    for (let run = 1; run <= 3; run++) {
      const r = await cli(['ingest', '--json']);
      assert.equal(r.code, 1, `run ${run}: ${r.stderr}`);
      const report = IngestReportSchema.parse(JSON.parse(r.stdout));
      const errors = report.files.filter((f) => f.outcome === 'failed').map((f) => `${f.path}: ${f.error ?? ''}`);
      assert.equal(errors.length, 2, `run ${run}: ${errors.join('; ')}`);
      assert.match(errors.join('\n'), /a\.md: a\.md and b\.md would both become the document “setup-cli”/);
      assert.match(errors.join('\n'), /b\.md: b\.md and a\.md/);
      assert.equal(ingestions(), 0, `run ${run}: nothing sent`);
      assert.match(held('setup-cli'), /The text of a\./);
    }
  });

  it('a named file, or --changed, is refused when an included file it does not send builds the same id', async () => {
    await folder.write('docs/a.md', '---\nid: install-cli\n---\n# A\n\nThe text of a.\n');
    await folder.write('docs/other.md', '# Other\n\nOther.\n');
    assert.equal((await cli(['ingest'])).code, 0);
    await folder.write('docs/b.md', '---\nid: install-cli\n---\n# B\n\nThe text of b.\n');
    h.service.clearRequests();
    for (const args of [['ingest', 'docs/b.md'], ['ingest', '--changed'], ['ingest', path.join(folder.root, 'docs')]]) {
      const r = await cli(args);
      assert.equal(r.code, 1, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.match(r.stdout, /docs\/b\.md and docs\/a\.md would both become the document “install-cli”/, args.join(' '));
      assert.equal(ingestions(), 0, args.join(' '));
    }
    assert.match(held('install-cli'), /The text of a\./);
  });

  it('--changed never reads a file over the size limit: it is skipped with the reason, the others are sent', async function () {
    this.timeout(30_000);
    await folder.write('a.md', '# A\n\nText.\n');
    // 3 GB without writing them (a sparse file): reading it whole would fail, as it did.
    const huge = await folder.write('logs/huge.txt', '');
    await truncate(huge.absolutePath ?? '', 3 * 1024 ** 3);
    const r = await cli(['ingest', '--changed', '--json']);
    assert.equal(r.code, 0, r.stderr);
    const report = IngestReportSchema.parse(JSON.parse(r.stdout));
    const skipped = report.files.find((f) => f.path === 'logs/huge.txt');
    assert.equal(skipped?.outcome, 'skipped');
    assert.match(skipped.error ?? '', /over the limit of 10\.0 MB/);
    assert.equal(report.files.find((f) => f.path === 'a.md')?.outcome, 'created');
  });
});
