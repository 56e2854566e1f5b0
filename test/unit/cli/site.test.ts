// F15 on the command line: `doc-ingest site` prints what was detected, and `ingest` of a page of a docs site sends
// the site's address as its sections' links (no link template), as the editor does.
import assert from 'node:assert/strict';
import { cp, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IngestReportSchema } from '../../../src/cli/report';
import { DIALECTS, useService } from '../../support/serviceHarness';
import { SITES } from '../site/fixtures';
import { runCli, serviceEnv } from '../../support/runCli';
import { makeTempFolder, removeFolder, writeIn } from '../../support/tempFolder';

describe('doc-ingest site and ingest of a docs site (F15)', () => {
  let root: string;
  beforeEach(async () => {
    root = await makeTempFolder('doc-ingest-site-');
    await cp(path.join(SITES, 'docusaurus'), root, { recursive: true });
  });
  afterEach(() => removeFolder(root));

  it('site prints the generator, the config, the rules and each page with its address, breadcrumb and title', async () => {
    const run = await runCli(['site'], { cwd: root });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^Docusaurus site: docusaurus\.config\.js\n {2}base URL: https:\/\/docs\.acme\.test\/product\/\n/);
    assert.match(run.stdout, /\n {2}docs\.routeBasePath: guide\n/);
    assert.match(run.stdout, /\n {4}docs\/getting-started\/01-install\.mdx\n {6}url: https:\/\/docs\.acme\.test\/product\/guide\/getting-started\/install\n {6}breadcrumb: Getting Started › Install\n {6}title: Installing Acme\n/);
    assert.match(run.stdout, /\n {4}docs\/getting-started\/_setup\.mdx: not a page: a partial/);
  });

  it('site --json gives the same as data', async () => {
    const run = await runCli(['site', '--json', 'docs/reference'], { cwd: root });
    assert.equal(run.code, 0, run.stderr);
    const report = JSON.parse(run.stdout) as { command: string; sites: { generator: string; pages: { path: string; url: string; breadcrumb: string[]; title: string }[] }[] };
    assert.equal(report.command, 'site');
    assert.deepEqual(report.sites.map((s) => [s.generator, s.pages.map((p) => [p.path, p.url, p.breadcrumb, p.title])]), [
      ['docusaurus', [['docs/reference/api.md', 'https://docs.acme.test/product/guide/api', ['Reference', 'API'], 'API']]],
    ]);
  });

  it('a config setting that cannot be read is a warning on stdout of site, and on stderr of ingest --dry-run', async () => {
    await writeFile(path.join(root, 'docusaurus.config.js'), "module.exports = { url: process.env.SITE_URL, baseUrl: '/', presets: ['classic'] };\n");
    const run = await runCli(['site'], { cwd: root });
    assert.match(run.stdout, /warning: docusaurus\.config\.js line 1: url is process\.env, .* give the address as a linkTemplate in \.doc-ingest\.json or the docIngest\.linkTemplate setting instead\./);
    const dry = await runCli(['ingest', '--dry-run', 'docs/intro.md'], { cwd: root, env: { DOC_INGEST_BASE_URL: 'http://127.0.0.1:9/api' } });
    assert.match(dry.stderr, /doc-ingest: docusaurus\.config\.js:1: warning: docusaurus\.config\.js line 1: url is process\.env/);
  });

  it('a Docusaurus partial (_setup.mdx) is skipped as the site skips it, naming why; the pages around it would be sent', async () => {
    const dry = await runCli(['ingest', '--dry-run', '--json', 'docs/getting-started'], { cwd: root, env: { DOC_INGEST_BASE_URL: 'http://127.0.0.1:9/api' } });
    const report = IngestReportSchema.parse(JSON.parse(dry.stdout));
    const partial = report.files.find((f) => f.path === 'docs/getting-started/_setup.mdx');
    assert.equal(partial?.outcome, 'skipped');
    assert.equal(partial?.reason, 'site');
    assert.match(partial?.error ?? '', /is not published: for its docs site it is a partial \(its name starts with _\)/);
    assert.deepEqual(report.files.filter((f) => f.outcome === 'wouldSend').map((f) => f.path).sort(), [
      'docs/getting-started/01-install.mdx', 'docs/getting-started/first-steps.md', 'docs/getting-started/index.md',
    ]);
  });

  it('with a site in the repository, a batch takes only what a site publishes; a file named, on its own or by an include glob, is taken', async () => {
    // Issue 35, item 2: a Docusaurus site in website/ publishes ../docs; the changelog, a package's README and a
    // test fixture are in no docs folder, so a sweep of the repository skips them, naming the site.
    const repo = await makeTempFolder('doc-ingest-reach-');
    try {
      const write = (file: string, text: string) => writeIn(repo, file, text);
      await write('website/docusaurus.config.js', "module.exports = { url: 'https://web.test', baseUrl: '/', presets: [['classic', { docs: { path: '../docs' } }]] };\n");
      await write('docs/start.md', '# Start\n\nHow to begin.\n');
      await write('CHANGELOG.md', '# Changes\n\nWhat changed.\n');
      // Its missing image is no failure: the file is not sent, so its images are not read.
      await write('packages/core/README.md', '# Core\n\nThe core package.\n\n![diagram](missing.png)\n');
      await write('e2e/case/notes.md', '# Case\n\nA test fixture.\n');
      const env = { DOC_INGEST_BASE_URL: 'http://127.0.0.1:9/api' };
      const outcomes = async (args: string[]) => {
        const run = await runCli(['ingest', '--dry-run', '--json', ...args], { cwd: repo, env });
        const report = IngestReportSchema.parse(JSON.parse(run.stdout));
        return Object.fromEntries(report.files.map((f) => [f.path, f.outcome === 'skipped' ? `${f.outcome} (${f.reason ?? ''}): ${f.error ?? ''}` : f.outcome]));
      };
      const outside = (file: string) => `skipped (site): “${file}” is not published by the site website/docusaurus.config.js: outside its docs folders, so a batch leaves it out; to send it anyway, name it: on its own, or in an include glob that spells its name.`;
      assert.deepEqual(await outcomes([]), {
        'CHANGELOG.md': outside('CHANGELOG.md'),
        'docs/start.md': 'wouldSend',
        'e2e/case/notes.md': outside('notes.md'),
        'packages/core/README.md': outside('README.md'),
      });
      // A folder is swept by the globs too; a file typed is named.
      assert.deepEqual(await outcomes(['packages', 'CHANGELOG.md']), { 'CHANGELOG.md': 'wouldSend', 'packages/core/README.md': outside('README.md') });
      // An include glob that spells the file's name names it; a wildcard name does not.
      await write('packages/core/README.md', '# Core\n\nThe core package.\n');
      await write('.doc-ingest.json', JSON.stringify({ include: ['docs/**/*.md', 'CHANGELOG.md', 'packages/*/README.md', 'e2e/**/*.md'] }));
      assert.deepEqual(await outcomes([]), {
        'CHANGELOG.md': 'wouldSend',
        'docs/start.md': 'wouldSend',
        'e2e/case/notes.md': outside('notes.md'),
        'packages/core/README.md': 'wouldSend',
      });
      // preview of a file names it: it shows what ingest of that file sends.
      const preview = await runCli(['preview', 'e2e/case/notes.md'], { cwd: repo, env });
      assert.equal(preview.code, 0, preview.stderr);
    } finally {
      await removeFolder(repo);
    }
  });

  it('a repository without a docs site takes every file of the globs, as before', async () => {
    const repo = await makeTempFolder('doc-ingest-nosite-');
    try {
      await mkdir(path.join(repo, 'docs'));
      await writeFile(path.join(repo, 'CHANGELOG.md'), '# Changes\n\nWhat changed.\n');
      await writeFile(path.join(repo, 'docs', 'a.md'), '# A\n\nText.\n');
      const run = await runCli(['ingest', '--dry-run', '--json'], { cwd: repo, env: { DOC_INGEST_BASE_URL: 'http://127.0.0.1:9/api' } });
      const report = IngestReportSchema.parse(JSON.parse(run.stdout));
      assert.deepEqual(report.files.map((f) => [f.path, f.outcome]), [['CHANGELOG.md', 'wouldSend'], ['docs/a.md', 'wouldSend']]);
    } finally {
      await removeFolder(repo);
    }
  });

  for (const dialect of DIALECTS) {
    describe(dialect, () => {
      const h = useService(dialect);
      it('ingest sends the site address with each anchor as the section links, the breadcrumb as metadata, and preview shows the same bytes', async () => {
        h.service.setIngestLatency(0);
        const env = serviceEnv(h.service);
        const preview = await runCli(['preview', 'docs/reference/api.md', '--compact'], { cwd: root, env });
        assert.equal(preview.code, 0, preview.stderr);
        const run = await runCli(['ingest', 'docs/reference/api.md', '--json'], { cwd: root, env });
        assert.equal(run.code, 0, run.stderr);
        const report = IngestReportSchema.parse(JSON.parse(run.stdout));
        const received = h.service.document(report.files[0]?.documentId ?? '')?.received as { title: string; metadata: Record<string, string>; sections: { link?: string }[] };
        assert.deepEqual(received.sections.map((s) => s.link), ['https://docs.acme.test/product/guide/api#api-reference', 'https://docs.acme.test/product/guide/api#authentication']);
        assert.equal(received.metadata.breadcrumb, 'Reference › API');
        assert.equal(received.title, 'API');
        const request = h.service.requests.find((r) => r.method === 'POST' && r.path.includes(h.service.ingestionPath));
        assert.equal(request?.body, preview.stdout.trimEnd(), 'byte for byte');
      });
    });
  }
});
