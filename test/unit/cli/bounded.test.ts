// Bounded work (issue 34, items 9 and 10) on the command line: a file over the size limit is never read for a page
// (an include of it is an error at the include's line, a link to it stays as written), and includes that multiply
// are an error at the include's line, not a huge document. The 300 MB file is sparse: it costs no disk, and a run
// that read it would hold it in memory (that run's peak is not measured here: its outcome says it was not read).
import assert from 'node:assert/strict';
import { open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IngestReportSchema } from '../../../src/cli/report';
import { makeFolder } from '../../support/batchFolder';
import type { Folder } from '../../support/batchFolder';
import { runCli } from '../../support/runCli';

const TEMPLATE = 'https://docs.example.com/{page}#{anchor}';

describe('doc-ingest: one page costs a bounded amount, whatever the repository holds (issue 34)', function () {
  this.timeout(60_000);
  let folder: Folder;
  beforeEach(async () => {
    folder = await makeFolder();
    await writeFile(path.join(folder.root, '.doc-ingest.json'), JSON.stringify({ linkTemplate: TEMPLATE }));
  });
  afterEach(() => folder.remove());
  const cli = (args: string[], env: Record<string, string> = {}) => runCli(args, { cwd: folder.root, env });
  const dryRun = async (args: string[] = []) => {
    const run = await cli(['ingest', '--dry-run', '--json', ...args]);
    return { run, report: IngestReportSchema.parse(JSON.parse(run.stdout)) };
  };

  /** A file of `bytes` that takes no disk: a heading, then a hole. */
  async function sparse(relativePath: string, bytes: number): Promise<void> {
    await folder.write(relativePath, '# Big\n\n## Part\n\nText.\n');
    const handle = await open(path.join(folder.root, relativePath), 'r+');
    await handle.truncate(bytes);
    await handle.close();
  }

  it('an include of a file over --max-file-size-mb is an error at its line, the file unread; the page is not sent', async () => {
    await sparse('big.md', 300 * 1024 * 1024);
    await folder.write('page.md', '# Page\n\nSee [the big one](big.md).\n\n--8<-- "big.md"\n');
    const { report } = await dryRun();
    const page = report.files.find((f) => f.path === 'page.md');
    assert.equal(page?.outcome, 'failed');
    assert.equal(page?.line, 5);
    assert.match(page?.error ?? '', /^The include at line 5 takes in big\.md, which is 300\.0 MB, over the limit of 10\.0 MB \(--max-file-size-mb\)/);
    assert.equal(report.files.find((f) => f.path === 'big.md')?.outcome, 'skipped', 'the file itself is skipped, as before');

    const preview = await cli(['preview', 'page.md']);
    assert.equal(preview.code, 1);
    assert.match(preview.stderr, /^doc-ingest: page\.md:5: The include at line 5 takes in big\.md, which is 300\.0 MB/m);
    const itself = await cli(['preview', 'big.md']);
    assert.equal(itself.code, 1);
    assert.equal(itself.stderr, 'doc-ingest: big.md: big.md is 300.0 MB, over the limit of 10.0 MB (--max-file-size-mb): skipped.\n');
  });

  it('a link to a doc over the limit is not read: it stays as written, while one under the limit is rewritten', async () => {
    await folder.write('large.md', `# Large\n\n## Part\n\n${'Text of the large page. '.repeat(100)}\n`);
    await folder.write('small.md', '# Small\n\n## Part\n\nText.\n');
    await folder.write('page.md', '# Page\n\nSee [large](large.md#part) and [small](small.md#part).\n');
    const preview = await cli(['preview', 'page.md', '--compact'], { DOC_INGEST_MAX_FILE_SIZE_MB: '0.002' });
    assert.equal(preview.code, 0, preview.stderr);
    const sent = (JSON.parse(preview.stdout) as { document: { sections: Array<{ text: string }> } }).document;
    assert.equal(sent.sections[0]?.text, '# Page\n\nSee [large](large.md#part) and [small](https://docs.example.com/small#part).');
  });

  it('includes that multiply: an error at the include\'s line, not a document of hundreds of MB', async () => {
    // Ten includes a file, seven deep: 1.4 KB of source, ten million copies of the last one's text.
    for (let level = 1; level < 7; level++) await folder.write(`_s/l${level}.md`, `${Array.from({ length: 10 }, () => `--8<-- "_s/l${level + 1}.md"`).join('\n')}\n`);
    await folder.write('_s/l7.md', 'Text of the snippet.\n');
    await folder.write('page.md', '# Page\n\nIntro.\n\n--8<-- "_s/l1.md"\n');
    const { report } = await dryRun(['page.md']);
    assert.deepEqual(report.files.map((f) => [f.path, f.outcome, f.line]), [['page.md', 'failed', 5]]);
    assert.match(report.files[0]?.error ?? '', /^The include at line 5 takes in more than 10,000,000 characters/);
  });

  it('markup nested thousands deep, in MDX or HTML: a problem at its line, not "Maximum call stack size exceeded"', async () => {
    const divs = (n: number) => `${'<div>'.repeat(n)}deep${'</div>'.repeat(n)}`;
    await folder.write('deep.mdx', `# Deep\n\n${divs(5000)}\n`);
    await folder.write('deep.html', `<html><body><main><h1>Deep</h1>\n${divs(2000)}\n</main></body></html>\n`);
    const { report } = await dryRun(['deep.mdx', 'deep.html']);
    assert.deepEqual(report.files.map((f) => [f.path, f.outcome, f.line]), [['deep.html', 'failed', 2], ['deep.mdx', 'failed', 3]]);
    assert.match(report.files[0]?.error ?? '', /^“deep\.html” cannot be read: its elements are nested more than 500 deep at line 2;/);
    assert.match(report.files[1]?.error ?? '', /^“deep\.mdx” cannot be read as MDX at line 3: its elements are nested more than 500 deep;/);
  });
});
