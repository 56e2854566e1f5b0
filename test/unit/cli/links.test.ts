// F14 on the command line: the payload the local service receives carries each relative link between docs as the
// target's published link; links to excluded or missing files stay as written; preview shows the same body and
// names the broken link with its line.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IngestReportSchema } from '../../../src/cli/report';
import { DIALECTS, useService } from '../client/harness';
import { useFolder } from '../batch/harness';
import { runCli } from './runCli';

const INTRO = [
  '# Intro', '',
  'Start with [the setup](../setup.md#install), then the [reference][ref].', '',
  'See <a href="../reference/index.md#options">the options</a>, a [draft](../drafts/wip.md) and [a lost page](../gone.md).', '',
  '`[code](../setup.md)` stays code.', '',
  '[ref]: ../reference/index.md', '',
].join('\n');

describe('doc-ingest: links between docs are published links in the payload (F14)', () => {
  for (const dialect of DIALECTS) {
    describe(dialect, () => {
      const h = useService(dialect);
      const folder = useFolder(h);
      beforeEach(async () => {
        await writeFile(path.join(folder.root, '.doc-ingest.json'), JSON.stringify({
          linkTemplate: 'https://docs.example.com/{page}#{anchor}',
          exclude: ['**/node_modules/**', 'docs/drafts/**'],
        }));
        await folder.write('docs/guide/intro.md', INTRO);
        await folder.write('docs/setup.md', '# Setup\n\n## Install\n\nRun it.\n');
        await folder.write('docs/reference/index.md', '# Reference\n\n## Options\n\nAll of them.\n');
        await folder.write('docs/drafts/wip.md', '# Work in progress\n');
      });
      const cli = (args: string[]) => runCli(args, { cwd: folder.root, env: { DOC_INGEST_BASE_URL: h.service.baseUrl, DOC_INGEST_API_KEY: h.service.keys.admin } });

      it('the document sent for a file carries the rewritten links, every other byte as written', async () => {
        // Only this file is sent: the other docs are known from the include listing, not from the run.
        const run = await cli(['ingest', 'docs/guide/intro.md', '--json']);
        assert.equal(run.code, 0, run.stderr);
        const report = IngestReportSchema.parse(JSON.parse(run.stdout));
        assert.equal(report.totals.created, 1);
        const received = h.service.document(report.files[0]?.documentId ?? '')?.received as { sections: { text?: string }[] };
        const expected = INTRO
          .replace('(../setup.md#install)', '(https://docs.example.com/docs/setup#install)')
          .replace('href="../reference/index.md#options"', 'href="https://docs.example.com/docs/reference/#options"')
          .replace('[ref]: ../reference/index.md', '[ref]: https://docs.example.com/docs/reference/')
          .trimEnd();
        assert.notEqual(expected, INTRO.trimEnd());
        assert.equal(received.sections.map((s) => s.text).join('\n\n'), expected, 'an excluded draft, a missing page and code stay as written');
      });

      it('preview prints the body ingest sends, and the broken link on stderr with its line', async () => {
        const preview = await cli(['preview', 'docs/guide/intro.md', '--compact']);
        assert.equal(preview.code, 0, preview.stderr);
        assert.ok(preview.stdout.includes('https://docs.example.com/docs/setup#install'), preview.stdout);
        assert.match(preview.stderr, /^doc-ingest: docs\/guide\/intro\.md:5: warning: The link “\.\.\/gone\.md” leads to docs\/gone\.md, which does not exist/m);
        const sent = await cli(['ingest', 'docs/guide/intro.md']);
        assert.equal(sent.code, 0, sent.stderr);
        const request = h.service.requests.find((r) => r.method === 'POST' && r.path.includes(h.service.ingestionPath));
        assert.equal(request?.body, preview.stdout.trimEnd(), 'byte for byte');
      });
    });
  }
});
