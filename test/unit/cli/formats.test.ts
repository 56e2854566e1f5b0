// Issue 25, item 7 on the command line: notebooks and HTML pages are taken when named (as paths or in include
// globs), never by the default globs, and the command line builds the core's payload for them byte for byte.
import assert from 'node:assert/strict';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IngestReportSchema } from '../../../src/cli/report';
import { buildFile, prepareIngestion, requestBody } from '../../../src/core/ingest/pipeline';
import type { IngestConfig } from '../../../src/core/ingest/pipeline';
import { DIALECTS, useService } from '../../support/serviceHarness';
import { useFolder } from '../../support/batchFolder';
import { FORMAT_FIXTURES } from '../../support/documents';
import { runCli, serviceEnv } from '../../support/runCli';

const LINKS = 'https://docs.example.com/{path}#{anchor}';

describe('doc-ingest: notebooks and HTML pages (issue 25, item 7)', () => {
  for (const dialect of DIALECTS) {
    describe(dialect, () => {
      const h = useService(dialect);
      const folder = useFolder(h);
      beforeEach(async () => {
        await writeFile(path.join(folder.root, '.doc-ingest.json'), JSON.stringify({ linkTemplate: LINKS }));
        await folder.write('guide/sales.ipynb', await readFile(path.join(FORMAT_FIXTURES, 'sales.ipynb')));
        await folder.write('site/install.html', await readFile(path.join(FORMAT_FIXTURES, 'exported.html')));
        await folder.write('README.md', '# Readme\n\nText.\n');
      });
      const cli = (args: string[]) => runCli(args, { cwd: folder.root, env: serviceEnv(h.service) });

      /** The body the core builds for the file, with what the command line knows of it (no git here: its mtime). */
      async function coreBody(relativePath: string): Promise<string> {
        const absolute = path.join(folder.root, relativePath);
        const config: IngestConfig = { idPrefix: '', linkTemplate: LINKS };
        const built = buildFile({ relativePath, input: await readFile(absolute), modifiedTime: (await stat(absolute)).mtime }, config);
        return requestBody(prepareIngestion(built, config).request);
      }

      it('preview of a named notebook and page prints the core’s body', async () => {
        for (const file of ['guide/sales.ipynb', 'site/install.html']) {
          const preview = await cli(['preview', file, '--compact']);
          assert.equal(preview.code, 0, preview.stderr);
          assert.equal(preview.stdout, `${await coreBody(file)}\n`, file);
        }
      });

      it('the default include globs leave them out; --dry-run of a named notebook sends nothing and names its id', async () => {
        const all = await cli(['ingest', '--dry-run', '--json']);
        assert.equal(all.code, 0, all.stderr);
        assert.deepEqual(IngestReportSchema.parse(JSON.parse(all.stdout)).files.map((f) => f.path), ['README.md']);
        const named = await cli(['ingest', 'guide/sales.ipynb', '--dry-run', '--json']);
        assert.equal(named.code, 0, named.stderr);
        const report = IngestReportSchema.parse(JSON.parse(named.stdout));
        assert.deepEqual(report.files.map((f) => [f.path, f.documentId]), [['guide/sales.ipynb', 'guide~sales.ipynb']]);
        assert.equal(h.service.requests.filter((r) => r.method === 'POST').length, 0);
      });

      it('named in include globs, both are sent as the core builds them, byte for byte', async () => {
        const run = await cli(['ingest', '--include', '**/*.ipynb', '--include', '**/*.html', '--json']);
        assert.equal(run.code, 0, run.stderr);
        const report = IngestReportSchema.parse(JSON.parse(run.stdout));
        assert.deepEqual(report.files.map((f) => [f.path, f.outcome]), [['guide/sales.ipynb', 'created'], ['site/install.html', 'created']]);
        const bodies = h.service.requests.filter((r) => r.method === 'POST' && r.path.includes(h.service.ingestionPath)).map((r) => r.body).sort();
        assert.deepEqual(bodies, [await coreBody('guide/sales.ipynb'), await coreBody('site/install.html')].sort());
      });

      it('a malformed notebook fails with its sentence, the other files go on', async () => {
        await folder.write('guide/broken.ipynb', '{"cells": [');
        const run = await cli(['ingest', '--include', '**/*.ipynb', '--json']);
        const report = IngestReportSchema.parse(JSON.parse(run.stdout));
        const broken = report.files.find((f) => f.path === 'guide/broken.ipynb');
        assert.equal(broken?.outcome, 'failed');
        assert.match(broken?.error ?? '', /“broken\.ipynb” is not a notebook: its text is not valid JSON/);
        assert.match(report.files.find((f) => f.path === 'guide/sales.ipynb')?.outcome ?? '', /^(created|updated)$/);
      });
    });
  }
});
