// Issue 35: the site decides first. A file its site does not publish (outside the docs folders, a partial) is skipped
// as not published, whatever its front matter holds: a test fixture with front matter no page would have, or one
// that claims a page's id, is neither a failure nor a rival of the page.
import assert from 'node:assert/strict';
import { IngestReportSchema } from '../../../src/cli/report';
import { runCli } from '../../support/runCli';
import { makeTempFolder, removeFolder, writeIn } from '../../support/tempFolder';

describe('a file its site does not publish is skipped before its front matter is read (issue 35)', () => {
  let repo: string;
  const write = (file: string, text: string) => writeIn(repo, file, text);
  beforeEach(async () => {
    repo = await makeTempFolder('doc-ingest-site-first-');
    await write('website/docusaurus.config.js', "module.exports = { url: 'https://web.test', baseUrl: '/', presets: [['classic', { docs: { path: '../docs' } }]] };\n");
    await write('docs/start.md', '# Start\n\nHow to begin.\n');
  });
  afterEach(() => removeFolder(repo));

  const outcomes = async () => {
    const run = await runCli(['ingest', '--dry-run', '--json'], { cwd: repo, env: { DOC_INGEST_BASE_URL: 'http://127.0.0.1:9/api' } });
    const report = IngestReportSchema.parse(JSON.parse(run.stdout));
    return Object.fromEntries(report.files.map((f) => [f.path, f.outcome === 'wouldSend' ? f.outcome : `${f.outcome} (${f.reason ?? ''})`]));
  };

  it('front matter that is a string, a list or broken YAML does not fail a file outside the docs folders, nor a partial', async () => {
    await write('tests/format/string.md', '---\njust a sentence\n---\n\n# Case\n');
    await write('tests/format/list.md', '---\n- a\n- b\n---\n\n# Case\n');
    await write('tests/format/broken.md', '---\nkey: [unclosed\n---\n\n# Case\n');
    await write('docs/_partial.md', '---\n- not a mapping\n---\n\nShared text.\n');
    assert.deepEqual(await outcomes(), {
      'docs/_partial.md': 'skipped (site)',
      'docs/start.md': 'wouldSend',
      'tests/format/broken.md': 'skipped (site)',
      'tests/format/list.md': 'skipped (site)',
      'tests/format/string.md': 'skipped (site)',
    });
  });

  it('a file outside the docs folders whose front matter names a page\'s id does not refuse the page as a duplicate', async () => {
    const before = await outcomes();
    assert.equal(before['docs/start.md'], 'wouldSend');
    const run = await runCli(['ingest', '--dry-run', '--json', 'docs/start.md'], { cwd: repo, env: { DOC_INGEST_BASE_URL: 'http://127.0.0.1:9/api' } });
    const id = IngestReportSchema.parse(JSON.parse(run.stdout)).files[0]?.documentId;
    assert.ok(id);
    await write('tests/fixture.md', `---\nid: ${id}\n---\n\n# Fixture\n`);
    assert.deepEqual(await outcomes(), { 'docs/start.md': 'wouldSend', 'tests/fixture.md': 'skipped (site)' });
  });
});
