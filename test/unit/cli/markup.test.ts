// Issue 35, item 4 through the built command line: markup readers never see is a warning at its source line in
// `preview`, `--verbose` and the `--json` report, counted in the run's summary; `dropPatterns` in .doc-ingest.json
// leaves a site's own syntax out, and a pattern that is no regular expression is a configuration error.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IngestReportSchema } from '../../../src/cli/report';
import { runCli } from '../../support/runCli';
import { makeTempFolder, removeFolder } from '../../support/tempFolder';

const PAGE = ['# Baskets', '', 'Create one:', '', '{* ../examples/basket.py hl[2] *}', '', 'Then fill it.', '', '{* ../examples/fill.py *}', ''].join('\n');
const CLEAN = '# Plain\n\nNothing hidden here.\n';
const PATTERN = { dropPatterns: ['^\\{\\*.*\\*\\}$'] };

describe('unrendered markup through the command line (issue 35, item 4)', function () {
  this.timeout(60_000);
  let root: string;

  beforeEach(async () => {
    root = await makeTempFolder('doc-ingest-markup-');
    await writeFile(path.join(root, 'baskets.md'), PAGE);
    await writeFile(path.join(root, 'plain.md'), CLEAN);
  });
  afterEach(() => removeFolder(root));

  const cli = (...args: string[]) => runCli(args, { cwd: root });

  it('the dry run reports each kind at its line, counts the pages, and sends the page all the same', async () => {
    const run = await cli('ingest', '--dry-run', '--json');
    const report = IngestReportSchema.parse(JSON.parse(run.stdout));
    const page = report.files.find((f) => f.path === 'baskets.md');
    assert.equal(page?.outcome, 'wouldSend');
    assert.deepEqual(page?.markup?.map((m) => [m.kind, m.line]), [['customInclude', 5]]);
    assert.match(page?.markup?.[0]?.message ?? '', /^Line 5 \(and 1 more line\) carries markup readers of the site never see/);
    assert.equal(report.files.find((f) => f.path === 'plain.md')?.markup, undefined);
    assert.match(run.stderr, /1 page carries markup readers do not see/);

    const table = await cli('ingest', '--dry-run');
    assert.match(table.stdout, /\n1 page carries markup readers do not see \(sent as written; --verbose or --json lists each at its line; dropPatterns in \.doc-ingest\.json leaves a site's own syntax out\)\n/);
    assert.doesNotMatch(table.stderr, /warning/);
    const verbose = await cli('ingest', '--dry-run', '--verbose');
    assert.match(verbose.stderr, /^doc-ingest: baskets\.md:5: warning: Line 5 \(and 1 more line\) carries markup/m);
  });

  it('in GitHub Actions each kind is a warning annotation at its line', async () => {
    const run = await runCli(['ingest', '--dry-run'], { cwd: root, env: { GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: root } });
    assert.match(run.stdout, /^::warning file=baskets\.md,line=5,title=Doc Ingest::Line 5 \(and 1 more line\) carries markup/m);
  });

  it('preview prints the body and the warning at its line', async () => {
    const run = await cli('preview', 'baskets.md');
    assert.equal(run.code, 0, run.stderr);
    assert.match(JSON.parse(run.stdout).document.sections[0].text, /\{\* \.\.\/examples\/basket\.py hl\[2\] \*\}/);
    assert.match(run.stderr, /^doc-ingest: baskets\.md:5: warning: Line 5 .*\{\* \.\.\. \*\} include line/m);
  });

  it('a dropPatterns of .doc-ingest.json leaves the lines out: nothing to report', async () => {
    await writeFile(path.join(root, '.doc-ingest.json'), JSON.stringify(PATTERN));
    const report = IngestReportSchema.parse(JSON.parse((await cli('ingest', '--dry-run', '--json')).stdout));
    assert.deepEqual(report.files.map((f) => f.markup), [undefined, undefined]);
    const preview = await cli('preview', 'baskets.md');
    assert.equal(JSON.parse(preview.stdout).document.sections[0].text, '# Baskets\n\nCreate one:\n\nThen fill it.');
    assert.doesNotMatch(preview.stderr, /warning/);
  });

  it('a pattern that is no regular expression stops the run before any file is read, naming the key', async () => {
    await writeFile(path.join(root, '.doc-ingest.json'), JSON.stringify({ dropPatterns: ['{* ('] }));
    const run = await cli('ingest', '--dry-run');
    assert.equal(run.code, 2);
    assert.match(run.stderr, /\.doc-ingest\.json: dropPatterns\.0: "\{\* \(" is not a regular expression/);
  });
});
