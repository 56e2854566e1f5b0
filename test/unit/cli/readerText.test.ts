// F15 on every front: an MDX page with a partial and a snippet is sent as its reader text, the same sections from the
// command line (preview and ingest), a batch run (the editor's folder commands) and the build the editor's current
// file command makes; and a change in an included file makes the page changed for --changed.
import assert from 'node:assert/strict';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IngestReportSchema } from '../../../src/cli/report';
import { runBatch } from '../../../src/core/batch';
import { resolveIncludes } from '../../../src/core/ingest/includes';
import { resolveLinkTargets } from '../../../src/core/ingest/linkTargets';
import { diskLinkTargets } from '../../../src/core/files/linkTargetSource';
import { buildFile, prepareIngestion, requestBody } from '../../../src/core/ingest/pipeline';
import { useService } from '../../support/serviceHarness';
import { diskBatch, useFolder } from '../../support/batchFolder';
import { runCli, serviceEnv } from '../../support/runCli';

const FIXTURES = path.resolve(__dirname, '../../../../test/fixtures/mdx');
const TEMPLATE = 'https://docs.example.com/{page}#{anchor}';

interface Sent {
  id: string;
  title: string;
  sections: Array<{ text?: string; link?: string; heading?: string }>;
}

describe('doc-ingest: MDX pages and includes are sent as a reader sees them (F15)', () => {
  const h = useService('observed');
  const folder = useFolder(h);
  beforeEach(async () => {
    // Partials are pages of no one's: the site does not publish `_` files.
    await writeFile(path.join(folder.root, '.doc-ingest.json'), JSON.stringify({ linkTemplate: TEMPLATE, exclude: ['**/node_modules/**', '**/_*'] }));
    for (const file of ['docs/install.mdx', 'docs/_setup.mdx', 'docs/guide.md', 'docs/snippets/options.md']) {
      await folder.write(file, await readFile(path.join(FIXTURES, file)));
    }
    // A Markdown partial inside the partial, with a snippet: an include of an include of an include.
    const setup = await readFile(path.join(FIXTURES, 'docs/_setup.mdx'), 'utf8');
    await folder.write('docs/_setup.mdx', `${setup.replace('import ', "import Options from './_options.md';\nimport ")}\n<Options />\n`);
    await folder.write('docs/_options.md', '--8<-- "docs/snippets/options.md"\n');
  });
  const cli = (args: string[]) => runCli(args, { cwd: folder.root, env: serviceEnv(h.service) });
  const shape = (d: Sent) => ({ id: d.id, title: d.title, sections: d.sections });

  it('preview, ingest, a batch and the editor\'s build send the same sections, with the partial and its snippet', async () => {
    const preview = await cli(['preview', 'docs/install.mdx', '--compact']);
    assert.equal(preview.code, 0, preview.stderr);
    assert.match(preview.stderr, /^doc-ingest: docs\/install\.mdx:43: warning: The link “\.\/gone\.md” leads to docs\/gone\.md/m);
    const previewed = (JSON.parse(preview.stdout) as { document: Sent }).document;
    assert.equal(previewed.sections[0]?.text, [
      '# Install', '',
      'Doc Ingest  runs on Linux and macOS.', '',
      'Set up a key **first**: it is in your profile.', '',
      '| option | meaning |', '|---|---|', '| `baseUrl` | the server |', '',
      '**Before you start**', '',
      'Read [the guide](https://docs.example.com/docs/guide#requirements) first.', '',
      '**Linux**',
    ].join('\n'));

    const sent = await cli(['ingest', 'docs/install.mdx', '--json']);
    assert.equal(sent.code, 0, sent.stderr);
    const request = h.service.requests.find((r) => r.method === 'POST' && r.path.includes(h.service.ingestionPath));
    assert.equal(request?.body, preview.stdout.trimEnd(), 'ingest sends what preview shows, byte for byte');

    // The editor's current-file command: the same core build, its links and includes read inside the folder.
    const bytes = await readFile(path.join(folder.root, 'docs/install.mdx'));
    const text = bytes.toString('utf8');
    const source = diskLinkTargets(folder.root, (p) => /\.mdx?$/.test(p) && !path.basename(p).startsWith('_'));
    const config = { idPrefix: '', linkTemplate: TEMPLATE };
    const built = buildFile({
      relativePath: 'docs/install.mdx',
      input: bytes,
      modifiedTime: (await stat(path.join(folder.root, 'docs/install.mdx'))).mtime,
      linkTargets: await resolveLinkTargets(text, 'docs/install.mdx', source),
      includes: await resolveIncludes(text, 'docs/install.mdx', source),
    }, config);
    const editor = (JSON.parse(requestBody(prepareIngestion(built, config).request)) as { document: Sent }).document;
    assert.deepEqual(shape(editor), shape(previewed));

    // A batch (the editor's Ingest Folder / Workspace run the same runner).
    const page = folder.files.find((f) => f.relativePath === 'docs/install.mdx');
    assert.ok(page);
    const summary = await runBatch(diskBatch(h.client(), h.service.baseUrl, [page], {
      config: () => config,
      links: { included: (_f, p) => source.included(p), read: (_f, p) => source.read(p) },
    }));
    assert.equal(summary.results[0]?.error, undefined);
    const batched = h.service.document(previewed.id)?.received as Sent;
    assert.deepEqual(shape(batched), shape(previewed));
  });

  it('--changed sends a page again when a file it includes changed, and not otherwise', async () => {
    const first = await cli(['ingest', '--json']);
    assert.equal(first.code, 0, first.stderr);
    assert.deepEqual(IngestReportSchema.parse(JSON.parse(first.stdout)).files.map((f) => f.path).sort(), ['docs/guide.md', 'docs/install.mdx', 'docs/snippets/options.md']);
    const none = await cli(['ingest', '--changed', '--json']);
    assert.equal(IngestReportSchema.parse(JSON.parse(none.stdout)).files.length, 0, none.stdout);

    // The snippet the partial's partial includes: three levels down.
    await writeFile(path.join(folder.root, 'docs/snippets/options.md'), '| option | meaning |\n|---|---|\n| `ccPairId` | the pair |\n');
    const again = await cli(['ingest', '--changed', '--json']);
    assert.equal(again.code, 0, again.stderr);
    const report = IngestReportSchema.parse(JSON.parse(again.stdout));
    assert.deepEqual(report.files.map((f) => [f.path, f.outcome]).sort(), [['docs/install.mdx', 'updated'], ['docs/snippets/options.md', 'updated']]);
    const received = h.service.document(report.files.find((f) => f.path === 'docs/install.mdx')?.documentId ?? '')?.received as Sent;
    assert.ok(received.sections[0]?.text?.includes('`ccPairId` | the pair'), 'the new text of the include is sent');
    const after = await cli(['ingest', '--changed', '--json']);
    assert.equal(IngestReportSchema.parse(JSON.parse(after.stdout)).files.length, 0, after.stdout);
  });
});
