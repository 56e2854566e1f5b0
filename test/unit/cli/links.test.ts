// F14 on the command line: the payload the local service receives carries each relative link between docs as the
// target's published link; links to excluded or missing files stay as written; preview shows the same body and
// names the broken link with its line.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IngestReportSchema } from '../../../src/cli/report';
import { DIALECTS, useService } from '../../support/serviceHarness';
import { useFolder } from '../../support/batchFolder';
import { runCli, serviceEnv } from '../../support/runCli';

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
      const cli = (args: string[]) => runCli(args, { cwd: folder.root, env: serviceEnv(h.service) });

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

// Found on Pydantic's docs (12 links on 6 pages): an admonition's second paragraph is indented code in the source,
// so its links were neither judged nor rewritten, though the reader (and the payload) has them as a paragraph.
describe('doc-ingest: links only the reader text shows are published links too (F14, F15)', () => {
  const h = useService('observed');
  const folder = useFolder(h);
  const PAGE = [
    '# Home', '',
    'See [the setup](setup.md#install) first.', '',
    '!!! note', '    A first paragraph, in the source a paragraph too.', '',
    '    Then [the setup](setup.md#install), [its options](reference.md) and [a heading it lacks](setup.md#nosuch).', '',
  ].join('\n');
  beforeEach(async () => {
    await folder.write('mkdocs.yml', 'site_name: Kettle\nsite_url: https://kettle.example.test/\nmarkdown_extensions:\n  - admonition\n');
    await folder.write('docs/index.md', PAGE);
    await folder.write('docs/setup.md', '# Setup\n\n## Install\n\nRun it.\n');
    await folder.write('docs/reference.md', '# Reference\n\nAll of it.\n');
  });
  const cli = (args: string[]) => runCli(args, { cwd: folder.root, env: serviceEnv(h.service) });
  const NOTE = 'Then [the setup](https://kettle.example.test/setup/#install), [its options](https://kettle.example.test/reference/) and [a heading it lacks](https://kettle.example.test/setup/#nosuch).';

  it('the run sends them as the site\'s addresses, and preview shows the same body and warns of the missing heading at its line', async () => {
    const run = await cli(['ingest', '--json']);
    assert.equal(run.code, 0, run.stderr);
    const report = IngestReportSchema.parse(JSON.parse(run.stdout));
    const home = report.files.find((f) => f.path === 'docs/index.md');
    const received = h.service.document(home?.documentId ?? '')?.received as { sections: { text?: string }[] };
    const text = received.sections.map((s) => s.text).join('\n\n');
    assert.ok(text.includes('See [the setup](https://kettle.example.test/setup/#install) first.'), text);
    assert.ok(text.includes(NOTE), text);
    const preview = await cli(['preview', 'docs/index.md', '--compact']);
    assert.equal(preview.code, 0, preview.stderr);
    assert.ok(preview.stdout.includes(NOTE.replace(/"/g, '\\"')), preview.stdout);
    assert.match(preview.stderr, /^doc-ingest: docs\/index\.md:8: warning: The link “setup\.md#nosuch” names the heading #nosuch, which docs\/setup\.md does not have/m);
  });
});
