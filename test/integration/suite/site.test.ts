// F15 in the editor: Show Site Settings shows the docs site detected for a folder, and Ingest Current File of a page
// of that site sends the site's address as its sections' links (no link template set), its breadcrumb as metadata
// and the site's title, as the command line does.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { connect, ingestionRequests, openEditor, until, useWorld, workspaceUri } from './helpers';

const TMP = 'site-tmp';
/** The Docusaurus site in miniature (test/fixtures/sites/docusaurus), copied into the workspace folder. */
const FIXTURE = path.resolve(__dirname, '../../../../test/fixtures/sites/docusaurus');

describe('Docs sites: address, breadcrumb and title from the site (F15)', () => {
  const w = useWorld({ dialect: 'observed' });
  beforeEach(() => fs.cpSync(FIXTURE, workspaceUri(TMP).fsPath, { recursive: true }));
  afterEach(() => fs.rmSync(workspaceUri(TMP).fsPath, { recursive: true, force: true }));

  it('Show Site Settings shows the detected site, its rules and each page with its address, breadcrumb and title', async () => {
    await openEditor(`${TMP}/docs/reference/api.md`);
    await vscode.commands.executeCommand('docIngest.showSiteSettings');
    const shown = await until(() => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'doc-ingest-site'), 'the site settings to open');
    const text = shown.getText();
    assert.match(text, /^Docusaurus site: site-tmp\/docusaurus\.config\.js\n {2}base URL: https:\/\/docs\.acme\.test\/product\/\n/m);
    assert.match(text, /\n {2}docs\.routeBasePath: guide\n/);
    assert.match(text, /\n {4}site-tmp\/docs\/reference\/api\.md\n {6}url: https:\/\/docs\.acme\.test\/product\/guide\/api\n {6}breadcrumb: Reference › API\n {6}title: API\n/);
    assert.match(text, /\n {4}site-tmp\/docs\/getting-started\/_setup\.mdx: not a page: a partial/);
    assert.ok(vscode.window.visibleTextEditors.some((e) => e.document === shown), 'shown beside the editor');
  });

  it('a setting the config leaves unknown is a warning at its line when the config is opened, gone once it is a literal', async () => {
    const config = workspaceUri(`${TMP}/docusaurus.config.js`);
    const literal = fs.readFileSync(config.fsPath, 'utf8');
    fs.writeFileSync(config.fsPath, literal.replace("routeBasePath: 'guide',", 'routeBasePath: process.env.DOCS_ROUTE,'));
    const line = fs.readFileSync(config.fsPath, 'utf8').split('\n').findIndex((l) => l.includes('DOCS_ROUTE'));
    const editor = await openEditor(`${TMP}/docusaurus.config.js`);
    const [warning] = await until(() => vscode.languages.getDiagnostics(config).filter((d) => d.source === 'Doc Ingest').length > 0 && vscode.languages.getDiagnostics(config), 'the warning');
    assert.equal(warning?.range.start.line, line);
    assert.equal(warning?.severity, vscode.DiagnosticSeverity.Warning);
    assert.match(warning?.message ?? '', /^docs\.routeBasePath is .*only known by running the config \(never done\)/, 'the panel gives the file and line: the sentence does not repeat them');
    const all = new vscode.Range(editor.document.positionAt(0), editor.document.positionAt(editor.document.getText().length));
    assert.ok(await editor.edit((e) => e.replace(all, literal)));
    assert.ok(await editor.document.save());
    await until(() => vscode.languages.getDiagnostics(config).length === 0, 'the warning to go');
  });

  it('Ingest Current File of a page sends the site address with each heading\'s anchor as its section links', async () => {
    await connect(w, 'admin');
    await openEditor(`${TMP}/docs/reference/api.md`);
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    const sent = ingestionRequests(w.service).at(-1);
    assert.ok(sent, 'the page was sent');
    const body = JSON.parse(sent.body) as { document: { title: string; metadata: Record<string, string>; sections: { link?: string }[] } };
    assert.deepEqual(body.document.sections.map((s) => s.link), ['https://docs.acme.test/product/guide/api#api-reference', 'https://docs.acme.test/product/guide/api#authentication']);
    assert.equal(body.document.metadata.breadcrumb, 'Reference › API');
    assert.equal(body.document.title, 'API');
  });
});

describe('Every page of the fixture sites: one payload in the preview, the command line and a batch (F15)', () => {
  const w = useWorld({ dialect: 'spec' });
  const SITES_TMP = 'sites-tmp';
  beforeEach(() => connect(w, 'admin'));
  afterEach(() => fs.rmSync(workspaceUri(SITES_TMP).fsPath, { recursive: true, force: true }));

  for (const site of ['docusaurus', 'mkdocs']) {
    it(`${site}: the editor's preview, doc-ingest preview and Ingest Folder build the same bytes for each page`, async () => {
      const fixture = path.resolve(__dirname, `../../../../test/fixtures/sites/${site}`);
      const expected = path.resolve(__dirname, `../../../../test/fixtures/sites/expected/${site}/outcomes.json`);
      const root = workspaceUri(`${SITES_TMP}/${site}`);
      fs.cpSync(fixture, root.fsPath, { recursive: true });
      const outcomes = JSON.parse(fs.readFileSync(expected, 'utf8')) as Record<string, string>;
      const pages = Object.keys(outcomes).filter((page) => outcomes[page] === 'created');
      assert.ok(pages.length >= 5, `${site}: pages ${pages.join(', ')}`);

      const previews = new Map<string, string>();
      for (const page of pages) {
        const uri = vscode.Uri.joinPath(root, page);
        await vscode.commands.executeCommand('docIngest.previewPayload', uri);
        const preview = await until(
          () => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'doc-ingest-preview' && d.uri.query === uri.toString() && d.getText().length > 0),
          `the preview of ${page}`,
        );
        const cli = spawnSync(process.execPath, [path.resolve(__dirname, '../../../../dist/cli.js'), 'preview', '--root', workspaceUri('.').fsPath, uri.fsPath], {
          // The workspace folder is a folder inside this repository: the command line is told it is the root.
          cwd: workspaceUri('.').fsPath,
          env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DOC_INGEST_BASE_URL: w.service.baseUrl },
          encoding: 'utf8',
        });
        assert.equal(cli.status, 0, cli.stderr);
        assert.equal(cli.stdout, preview.getText(), `${site}/${page}: the command line previews the editor's bytes`);
        const shown = JSON.parse(preview.getText()) as { document: { id: string; sections: { text: string }[] } };
        assert.ok(!shown.document.sections.some((s) => /^import |<Tabs|--8<--/m.test(s.text)), `${page}: reader text, not source`);
        previews.set(shown.document.id, JSON.stringify(shown));
      }

      w.service.clearRequests();
      await vscode.commands.executeCommand('docIngest.ingestFolder', root);
      const sent = new Map(ingestionRequests(w.service).map((r) => [(JSON.parse(r.body) as { document: { id: string } }).document.id, r.body]));
      assert.deepEqual([...sent.keys()].sort(), [...previews.keys()].sort(), `${site}: Ingest Folder sends exactly the pages previewed`);
      for (const [id, body] of previews) assert.equal(sent.get(id), withUploadedIds(body, sent.get(id)), `${id}: the batch sends the previewed bytes`);
    });
  }
});

/**
 * The preview's bytes with each image's stand-in (`<uploaded when sent: path>`) replaced by the file id the batch
 * uploaded and sent in its place: the one part of a payload only sending can know. A stand-in the batch did not
 * replace by an id is left, so the comparison fails on it.
 */
function withUploadedIds(preview: string, sent: string | undefined): string {
  type Payload = { document: { sections: { type?: string; image_file_id?: string }[] } };
  if (sent === undefined) return preview;
  const shown = JSON.parse(preview) as Payload;
  const sentSections = (JSON.parse(sent) as Payload).document.sections;
  shown.document.sections.forEach((section, i) => {
    const id = sentSections[i]?.image_file_id;
    if (section.image_file_id?.startsWith('<uploaded when sent: ') && id !== undefined && !id.startsWith('<')) section.image_file_id = id;
  });
  return JSON.stringify(shown);
}
