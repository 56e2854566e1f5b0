// Issue 35, item 7: `preview` says every problem that would fail the page in a run, in the run's own words: a page
// whose images `ingest` refuses (missing) is no successful preview. A GIF (a type the server's upload route refuses,
// though the site shows it) never stops the page: both say it as a warning (item 5).
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IngestReportSchema } from '../../../src/cli/report';
import { runCli } from '../../support/runCli';
import { makeTempFolder, removeFolder } from '../../support/tempFolder';

// The smallest GIF: a type the server's upload route refuses.
const GIF = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64');

describe('preview and a dry run agree on the page (issue 35, item 7)', function () {
  this.timeout(60_000);
  let root: string;
  beforeEach(async () => {
    root = await makeTempFolder('doc-ingest-agree-');
    await mkdir(path.join(root, 'img'));
    await writeFile(path.join(root, 'img/spin.gif'), GIF);
    await writeFile(path.join(root, 'kettle.md'), '# Kettle\n\nIt boils.\n\n![Spinner](img/spin.gif)\n\n![Lid](img/lid.png)\n');
  });
  afterEach(() => removeFolder(root));
  const cli = (...args: string[]) => runCli(args, { cwd: root });

  it('a page the run would not send for its images fails its preview with the run\'s sentence and line', async () => {
    const report = IngestReportSchema.parse(JSON.parse((await cli('ingest', '--dry-run', '--json')).stdout));
    const [page] = report.files;
    assert.equal(page?.outcome, 'failed');
    const preview = await cli('preview', 'kettle.md');
    assert.equal(preview.code, 1);
    assert.ok(JSON.parse(preview.stdout).document, 'the body is still printed');
    assert.equal(preview.stderr, `doc-ingest: kettle.md:${page?.line}: error: ${page?.error}\n`);
    assert.match(preview.stderr, /: error: kettle\.md was not sent: the image img\/lid\.png \(line 7\) is missing\. /);
    assert.doesNotMatch(preview.stderr, /spin\.gif/, 'a GIF is no reason the page is not sent');
  });

  it('a GIF alone never stops the page: the run sends it and says so at its line, as the preview does', async () => {
    await writeFile(path.join(root, 'kettle.md'), '# Kettle\n\nIt boils.\n\n![Spinner](img/spin.gif)\n');
    const run = await cli('ingest', '--dry-run', '--json');
    const report = IngestReportSchema.parse(JSON.parse(run.stdout));
    assert.equal(report.files[0]?.outcome, 'wouldSend');
    assert.deepEqual(report.files[0]?.imagesLeftOut?.map((w) => w.line), [5]);
    assert.match(report.files[0]?.imagesLeftOut?.[0]?.message ?? '', /is a GIF image, .*so the page is sent without it/);
    const preview = await cli('preview', 'kettle.md');
    assert.equal(preview.code, 0, preview.stderr);
    assert.match(preview.stderr, /^doc-ingest: kettle\.md:5: warning: the image img\/spin\.gif \(line 5\) is a GIF image.*sent without it/m);
  });

  it('with --images-on-problem skip-image the run sends the text: the preview succeeds and warns of each image', async () => {
    const report = IngestReportSchema.parse(JSON.parse((await cli('ingest', '--dry-run', '--json', '--images-on-problem', 'skip-image')).stdout));
    assert.equal(report.files[0]?.outcome, 'wouldSend');
    const preview = await cli('preview', 'kettle.md', '--images-on-problem', 'skip-image');
    assert.equal(preview.code, 0, preview.stderr);
    assert.match(preview.stderr, /^doc-ingest: kettle\.md:5: warning: the image img\/spin\.gif \(line 5\) is a GIF image.*sent without it/m);
    assert.match(preview.stderr, /^doc-ingest: kettle\.md:7: warning: the image img\/lid\.png \(line 7\) is missing: sent without it/m);
  });
});
