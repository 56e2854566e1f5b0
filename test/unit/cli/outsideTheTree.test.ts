// Trust on the command line (issue 23, items 8 and 15): what a repository's links and image references may make
// doc-ingest read. The repository is `repo/` in a temporary folder; `sibling/` beside it is outside.
import assert from 'node:assert/strict';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IngestReportSchema } from '../../../src/cli/report';
import type { IngestReport } from '../../../src/cli/report';
import { useService } from '../../support/serviceHarness';
import { Folder, makeFolder, PNG } from '../../support/batchFolder';
import { assertNoKeyIn, runCli, serviceEnv } from '../../support/runCli';


describe('doc-ingest command line: nothing outside the repository is read (issue 23)', () => {
  const h = useService('observed');
  let folder: Folder;
  let repo: string;
  let sibling: string;
  beforeEach(async () => {
    folder = await makeFolder();
    repo = path.join(folder.root, 'repo');
    sibling = path.join(folder.root, 'sibling');
    await mkdir(path.join(repo, '.git'), { recursive: true }); // git's root: the repository root
    await mkdir(sibling, { recursive: true });
    h.service.setIngestLatency(0);
  });
  afterEach(() => folder.remove());

  const write = async (at: string, content: string | Buffer) => {
    await mkdir(path.dirname(at), { recursive: true });
    await writeFile(at, content);
  };
  const cli = async (args: string[], cwd = repo) => {
    const run = await runCli(args, { cwd, env: serviceEnv(h.service) });
    assertNoKeyIn(run, [h.service.keys.admin]);
    return run;
  };
  const report = (stdout: string): IngestReport => IngestReportSchema.parse(JSON.parse(stdout));
  const uploads = () => h.service.requests.filter((r) => r.path.includes(h.service.uploadPath));
  /** Ids of the documents this test sent (the service outlives a test; its request log does not). */
  const sent = () => [...new Set(h.service.requests
    .filter((r) => r.method === 'POST' && r.path.includes(h.service.ingestionPath) && r.status === 200)
    .map((r) => (JSON.parse(r.body) as { document: { id: string } }).document.id))].sort();

  it('a linked folder to a sibling and a loop (docs/loop -> ..) are not followed: each file is listed once, nothing from the sibling', async () => {
    await write(path.join(repo, 'README.md'), '# Repo\n\nText.\n');
    await write(path.join(repo, 'docs/guide.md'), '# Guide\n\nText.\n');
    for (let i = 0; i < 7; i++) await write(path.join(sibling, `private-${i}.md`), `# Private ${i}\n\nNot ours.\n`);
    await symlink(sibling, path.join(repo, 'docs/shared'), 'dir');
    await symlink('..', path.join(repo, 'docs/loop'), 'dir');

    const all = await cli(['ingest', '--json']);
    assert.equal(all.code, 0, all.stderr);
    assert.deepEqual(report(all.stdout).files.map((f) => f.path).sort(), ['README.md', 'docs/guide.md']);
    assert.deepEqual(sent(), ['docs~guide.md', 'readme.md'], 'the service holds each file once, under its own id');

    const typedFolder = await cli(['ingest', 'docs', '--json', '--force']);
    assert.equal(typedFolder.code, 0, typedFolder.stderr);
    assert.deepEqual(report(typedFolder.stdout).files.map((f) => f.path), ['docs/guide.md'], 'a folder typed lists no linked folder either');

    const throughLoop = await cli(['ingest', 'docs/loop/docs/guide.md', '--json', '--force']);
    assert.equal(throughLoop.code, 0, throughLoop.stderr);
    assert.deepEqual(report(throughLoop.stdout).files.map((f) => f.path), ['docs/guide.md'], 'a file typed through the loop is the same file, with the same id');

    const intoSibling = await cli(['ingest', 'docs/shared/private-0.md']);
    assert.equal(intoSibling.code, 2);
    assert.match(intoSibling.stderr, /docs\/shared\/private-0\.md leads outside the repository root .* \(a symbolic link\)/);
    assert.deepEqual(sent(), ['docs~guide.md', 'readme.md'], 'nothing of the sibling was ever sent');
  });

  it('a linked image that leads outside is refused with its path and line; nothing is uploaded, whatever --images-on-problem says', async () => {
    await write(path.join(sibling, 'secret.png'), PNG); // a real image: refused for where it is, not for what it is
    await mkdir(path.join(repo, 'docs/img'), { recursive: true });
    await symlink('/etc/passwd', path.join(repo, 'docs/img/logo.png'));
    await symlink(path.join(sibling, 'secret.png'), path.join(repo, 'docs/img/secret.png'));
    await symlink(sibling, path.join(repo, 'docs/pics'), 'dir');
    await write(path.join(repo, 'docs/page.md'), '# Page\n\nText.\n\n![Logo](img/logo.png)\n\n![Secret](img/secret.png)\n\n![Through a folder](pics/secret.png)\n');

    const stopped = await cli(['ingest', '--json']);
    assert.equal(stopped.code, 1, stopped.stderr);
    const page = report(stopped.stdout).files.find((f) => f.path === 'docs/page.md');
    assert.equal(page?.outcome, 'failed');
    assert.equal(page?.line, 5);
    assert.match(page?.error ?? '', /the image docs\/img\/logo\.png \(line 5\) leads outside the repository root \(a symbolic link\)/);
    assert.match(page?.error ?? '', /the image docs\/img\/secret\.png \(line 7\) leads outside the repository root/);
    assert.match(page?.error ?? '', /the image docs\/pics\/secret\.png \(line 9\) leads outside the repository root/);
    assert.equal(uploads().length, 0, 'nothing uploaded');
    assert.deepEqual(sent(), [], 'nothing sent');

    const skipped = await cli(['ingest', 'docs/page.md', '--json', '--images-on-problem', 'skip-image']);
    assert.equal(skipped.code, 0, skipped.stderr);
    assert.equal(uploads().length, 0, 'still nothing uploaded');
    assert.match(JSON.stringify(h.service.document('docs~page.md')?.received), /Text\.\\n\\nLogo\\n\\nSecret\\n\\nThrough a folder"/, 'each image skipped reads as its alt text');
  });

  it('references to files inside the repository that are no images (/secrets.json, /.env, ../.git/config) are refused as not images', async () => {
    await write(path.join(repo, 'secrets.json'), '{"token": "t0p-secret"}\n');
    await write(path.join(repo, '.env'), 'PASSWORD=hunter2\n');
    await write(path.join(repo, '.git/config'), '[core]\n\tbare = false\n');
    await write(path.join(repo, 'docs/disguised.png'), 'PASSWORD=hunter2\n');
    await write(path.join(repo, 'docs/leak.md'), '# Leak\n\n![a](/secrets.json)\n\n![b](/.env)\n\n<img src="../.git/config">\n\n![c](disguised.png)\n');

    const run = await cli(['ingest', '--json']);
    assert.equal(run.code, 1, run.stderr);
    const leak = report(run.stdout).files.find((f) => f.path === 'docs/leak.md');
    assert.equal(leak?.outcome, 'failed');
    assert.equal(leak?.line, 3);
    const error = leak?.error ?? '';
    assert.match(error, /the image secrets\.json \(line 3\) is not an image/);
    assert.match(error, /the image \.env \(line 5\) is not an image/);
    assert.match(error, /the image \.git\/config \(line 7\) is not an image/);
    assert.match(error, /the image docs\/disguised\.png \(line 9\) is named as a PNG image but its content is no PNG image/);
    assert.equal(uploads().length, 0);
    assert.ok(!run.stdout.includes('hunter2') && !run.stdout.includes('t0p-secret'), 'no content of those files anywhere');
  });

  it('an image over --images-max-size-mb (or DOC_INGEST_IMAGES_MAX_SIZE_MB) is refused unread; under it, it is uploaded', async () => {
    await write(path.join(repo, 'docs/big.png'), Buffer.concat([PNG, Buffer.alloc(5000)]));
    await write(path.join(repo, 'docs/big.md'), '# Big\n\nText.\n\n![Big](big.png)\n');

    const flag = await cli(['ingest', '--json', '--images-max-size-mb', '0.002']);
    assert.equal(flag.code, 1, flag.stderr);
    const big = report(flag.stdout).files[0];
    assert.equal(big?.line, 5);
    assert.match(big?.error ?? '', /the image docs\/big\.png \(line 5\) is 5\.0 KB, over the limit of 2\.0 KB \(--images-max-size-mb or DOC_INGEST_IMAGES_MAX_SIZE_MB\)/);
    assert.equal(uploads().length, 0);

    const env = await runCli(['ingest', '--json'], { cwd: repo, env: { ...serviceEnv(h.service), DOC_INGEST_IMAGES_MAX_SIZE_MB: '0.002' } });
    assert.equal(env.code, 1, env.stderr);
    assert.equal(uploads().length, 0);

    const fits = await cli(['ingest', '--json']);
    assert.equal(fits.code, 0, fits.stderr);
    assert.equal(uploads().length, 1, 'under the default of 20 MB it is sent');
  });

  it('..notes.md and a folder ..drafts are inside the repository: named, globbed or listed, named they are sent, listed or globbed once the include globs name them (hidden, issues 25 and 34)', async () => {
    await write(path.join(repo, '..notes.md'), '# Notes\n\nText.\n');
    await write(path.join(repo, '..drafts/idea.md'), '# Idea\n\nText.\n');
    const hidden = await cli(['ingest', '..notes.md', '--json']);
    assert.equal(hidden.code, 0, hidden.stderr);
    assert.deepEqual(report(hidden.stdout).files.map((f) => [f.path, f.outcome]), [['..notes.md', 'created']], 'named outright, a hidden name is sent (issue 34)');
    await write(path.join(repo, 'guide.md'), '# Guide\n\nText.\n');
    const listed = await cli(['ingest', '--json']);
    assert.deepEqual(report(listed.stdout).files.map((f) => f.path), ['guide.md'], 'a listing leaves hidden names out');
    await write(path.join(repo, '.doc-ingest.json'), JSON.stringify({ include: ['**/*.md', '..*.md', '..drafts/**/*.md'] }));

    const named = await cli(['ingest', '..notes.md', '..drafts', '--json']);
    assert.equal(named.code, 0, named.stderr);
    assert.deepEqual(report(named.stdout).files.map((f) => [f.path, f.outcome]), [['..drafts/idea.md', 'created'], ['..notes.md', 'unchanged']], 'the folder is listed once the include globs name it');

    const globbed = await cli(['ingest', '..*.md', '--json', '--force']);
    assert.equal(globbed.code, 0, globbed.stderr);
    assert.deepEqual(report(globbed.stdout).files.map((f) => f.path), ['..notes.md']);

    const fromInside = await cli(['ingest', '../..notes.md', '--json', '--force'], path.join(repo, '..drafts'));
    assert.equal(fromInside.code, 0, fromInside.stderr);
    assert.equal(report(fromInside.stdout).files.length, 1);
  });
});
