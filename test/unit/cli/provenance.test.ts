// Issue 25 item 4 on the command line: a page in a git repository carries its heading path in each section and its
// provenance in metadata; `preview`, `ingest` and the core build the editor calls give the same bytes.
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IngestReportSchema } from '../../../src/cli/report';
import { getGitFileInfo } from '../../../src/core/documents';
import { buildFile } from '../../../src/core/ingest/pipeline';
import { useService } from '../../support/serviceHarness';
import { git } from '../../support/documents';
import { runCli, serviceEnv } from '../../support/runCli';
import { makeTempFolder, removeFolder } from '../../support/tempFolder';

const PAGE = '---\nteam: docs\n---\n# Install\n\nPick one.\n\n## Linux\n\nRun it.\n\n### From a package\n\napt install acme\n';

describe('doc-ingest command line: context in every chunk (issue 25 item 4)', function () {
  this.timeout(30_000);
  const h = useService('observed');
  let root: string;
  let pageCommit: string;
  beforeEach(async () => {
    root = await makeTempFolder('doc-ingest-provenance-');
    git(root, ['init', '-q']);
    git(root, ['remote', 'add', 'origin', 'https://ci-bot:ghp_s3cret@github.com/acme/handbook.git']);
    await mkdir(path.join(root, 'docs'));
    await writeFile(path.join(root, 'docs', 'install.md'), PAGE);
    git(root, ['add', '.']);
    git(root, ['commit', '-q', '-m', 'Install page']);
    pageCommit = git(root, ['rev-parse', 'HEAD']).trim();
    // A later commit elsewhere: the page's commit stays the one that changed it.
    await writeFile(path.join(root, 'other.txt'), 'Other.\n');
    git(root, ['add', '.']);
    git(root, ['commit', '-q', '-m', 'Elsewhere']);
  });
  afterEach(() => removeFolder(root));
  const env = () => serviceEnv(h.service);

  it('preview, ingest and the editor\'s core build give the same bytes, with the heading path and provenance', async () => {
    const preview = await runCli(['preview', 'docs/install.md', '--compact'], { cwd: root, env: env() });
    assert.equal(preview.code, 0, preview.stderr);
    const shown = JSON.parse(preview.stdout) as { document: { sections: { text: string }[]; metadata: Record<string, string> } };
    assert.deepEqual(shown.document.sections.map((s) => s.text), [
      '# Install\n\nPick one.',
      '## Linux\n\nRun it.',
      '### Linux › From a package\n\napt install acme',
    ]);
    assert.deepEqual(shown.document.metadata, {
      team: 'docs',
      source_path: 'docs/install.md',
      repository: 'https://github.com/acme/handbook',
      commit: pageCommit,
    });
    assert.ok(!preview.stdout.includes('s3cret'), 'no credentials');

    // What the editor builds for the same saved file (readEditorSource: getGitFileInfo with the editor's text).
    const absolute = path.join(root, 'docs', 'install.md');
    const editor = buildFile({ relativePath: 'docs/install.md', input: PAGE, git: await getGitFileInfo(absolute, { text: PAGE }) }, { idPrefix: '', source: 'file', provenance: true });
    assert.equal(JSON.stringify(editor.document), JSON.stringify(shown.document), 'editor and command line byte for byte');

    const run = await runCli(['ingest', 'docs/install.md', '--json'], { cwd: root, env: env() });
    assert.equal(run.code, 0, run.stderr);
    IngestReportSchema.parse(JSON.parse(run.stdout));
    const request = h.service.requests.find((r) => r.method === 'POST' && r.path.includes(h.service.ingestionPath));
    assert.equal(request?.body, preview.stdout.trimEnd(), 'ingest sends what preview shows');
  });

  it('an edit not yet committed drops the commit; --no-provenance drops all four', async () => {
    await writeFile(path.join(root, 'docs', 'install.md'), `${PAGE}\nEdited.\n`);
    const edited = await runCli(['preview', 'docs/install.md', '--compact'], { cwd: root, env: env() });
    assert.equal(edited.code, 0, edited.stderr);
    const metadata = (JSON.parse(edited.stdout) as { document: { metadata: Record<string, string> } }).document.metadata;
    assert.deepEqual(metadata, { team: 'docs', source_path: 'docs/install.md', repository: 'https://github.com/acme/handbook' });
    const off = await runCli(['preview', 'docs/install.md', '--compact', '--no-provenance'], { cwd: root, env: env() });
    assert.equal(off.code, 0, off.stderr);
    assert.deepEqual((JSON.parse(off.stdout) as { document: { metadata: Record<string, string> } }).document.metadata, { team: 'docs' });
  });
});
