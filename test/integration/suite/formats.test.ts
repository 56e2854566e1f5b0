// Issue 25, item 7 in the editor: the payload preview of a Jupyter notebook (open in the notebook editor) and of an
// HTML page shows their converted text, Ingest Current File sends that body to the service, and the command line
// previews the same bytes for the same file.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { SaveOutcome } from '../../../src/extension/freshness/ingestOnSave';
import { connect, ingestionRequests, openEditor, setSettings, until, useWorld, workspaceUri } from './helpers';

const PREVIEW_SCHEME = 'doc-ingest-preview';
const TMP = 'formats-tmp';
const FIXTURES = path.resolve(__dirname, '../../../../test/fixtures/formats');

interface Body {
  document: { id: string; title: string; sections: { text?: string; heading?: string }[]; metadata: Record<string, unknown> };
}

function previewOf(source: vscode.Uri): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.scheme === PREVIEW_SCHEME && d.uri.query === source.toString());
}

function copyFixture(name: string, as: string): vscode.Uri {
  const uri = workspaceUri(`${TMP}/${as}`);
  fs.mkdirSync(path.dirname(uri.fsPath), { recursive: true });
  fs.copyFileSync(path.join(FIXTURES, name), uri.fsPath);
  return uri;
}

/** What `doc-ingest preview` prints for the file, from the workspace folder. */
function cliPreview(uri: vscode.Uri, baseUrl: string): string {
  const cli = path.resolve(__dirname, '../../../../dist/cli.js');
  const run = spawnSync(process.execPath, [cli, 'preview', uri.fsPath, '--root', workspaceUri('.').fsPath], {
    cwd: workspaceUri('.').fsPath,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DOC_INGEST_BASE_URL: baseUrl },
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout;
}

describe('Notebooks and HTML pages', () => {
  const w = useWorld({ dialect: 'observed' });
  beforeEach(() => connect(w, 'admin'));
  afterEach(async () => {
    // A notebook left with unsaved changes would ask whether to save it when its editor closes.
    for (const notebook of vscode.workspace.notebookDocuments.filter((n) => n.isDirty)) {
      await vscode.window.showNotebookDocument(notebook);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // The shared helpers reset only their own settings: the next suite must not inherit these.
    await setSettings({ ingestOnSave: undefined, include: undefined });
    fs.rmSync(workspaceUri(TMP).fsPath, { recursive: true, force: true });
  });

  it('an HTML page: the preview shows its main content as Markdown, Ingest Current File sends it, the command line previews the same bytes', async () => {
    const uri = copyFixture('exported.html', 'install.html');
    await openEditor(`${TMP}/install.html`);
    await vscode.commands.executeCommand('docIngest.previewPayload');
    const preview = await until(() => previewOf(uri), 'the preview to open');
    const shown = JSON.parse(preview.getText()) as Body;
    assert.equal(shown.document.id, `${TMP}~install.html`);
    assert.equal(shown.document.title, 'Install the agent – Example Docs');
    assert.deepEqual(shown.document.sections.map((s) => s.heading), ['Install the agent', 'Linux', 'macOS']);
    assert.ok(shown.document.sections[2]?.text?.includes('```shell\nbrew install agent\n```'), preview.getText());
    assert.ok(!preview.getText().includes('window.dataLayer') && !preview.getText().includes('Privacy'), 'scripts and the footer are left out');

    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    const sent = await until(() => ingestionRequests(w.service).at(-1), 'the page to be sent');
    assert.deepEqual(JSON.parse(sent.body), JSON.parse(preview.getText()), 'the body sent is the body previewed');
    assert.equal(cliPreview(uri, w.service.baseUrl), preview.getText(), 'byte for byte the editor\'s body');
  });

  it('a notebook in the notebook editor: the preview and Ingest Current File work from there, on the saved file', async () => {
    const uri = copyFixture('sales.ipynb', 'sales.ipynb');
    const notebook = await vscode.workspace.openNotebookDocument(uri);
    await vscode.window.showNotebookDocument(notebook);
    assert.equal(vscode.window.activeNotebookEditor?.notebook.uri.toString(), uri.toString(), 'the notebook editor is active');
    await vscode.commands.executeCommand('docIngest.previewPayload');
    const preview = await until(() => previewOf(uri), 'the preview to open');
    const shown = JSON.parse(preview.getText()) as Body;
    assert.equal(shown.document.id, `${TMP}~sales.ipynb`);
    assert.deepEqual(shown.document.sections.map((s) => s.heading), ['Analysing sales', 'Totals', 'Errors']);
    assert.ok(shown.document.sections[0]?.text?.includes('```python\nimport pandas as pd\n'), preview.getText());
    assert.ok(shown.document.sections[0]?.text?.includes('```output\nLoading data...\nDownloading 100%\nLoaded 3 rows\n```'), preview.getText());
    assert.ok(!preview.getText().includes('<Figure') && !preview.getText().includes('\\u001b'), 'images and colour codes are left out');
    assert.equal(cliPreview(uri, w.service.baseUrl), preview.getText(), 'byte for byte the command line\'s body');

    await vscode.window.showNotebookDocument(notebook);
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    const sent = await until(() => ingestionRequests(w.service).at(-1), 'the notebook to be sent');
    assert.deepEqual(JSON.parse(sent.body), JSON.parse(preview.getText()), 'the body sent is the body previewed');
    assert.equal(w.service.document(`${TMP}~sales.ipynb`)?.received !== undefined, true, 'the service holds it');
  });

  it('a notebook with unsaved changes is previewed as the notebook editor holds it', async () => {
    const uri = copyFixture('counting.ipynb', 'counting.ipynb');
    const notebook = await vscode.workspace.openNotebookDocument(uri);
    await vscode.window.showNotebookDocument(notebook);
    await vscode.commands.executeCommand('docIngest.previewPayload', uri);
    const preview = await until(() => previewOf(uri), 'the preview to open');
    assert.ok(!preview.getText().includes('Freshly typed'));
    const cell = notebook.cellAt(0).document;
    const edit = new vscode.WorkspaceEdit();
    edit.insert(cell.uri, new vscode.Position(0, 0), '# Freshly typed\n\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.ok(notebook.isDirty);
    const updated = await until(() => (previewOf(uri)?.getText().includes('Freshly typed') ? previewOf(uri) : undefined), 'the preview to show the unsaved cell');
    const shown = JSON.parse(updated.getText()) as Body;
    assert.equal(shown.document.title, 'Counting in R', 'the notebook\'s metadata title, as in the file');
    assert.ok(shown.document.sections[0]?.text?.startsWith('# Freshly typed\n\nCounting in R.\n\n```r\nlength(c(1, 2, 3))\n```\n\n```output\n[1] 3\n```'), updated.getText());
  });

  it('a notebook named in the include globs is ingested when saved in the notebook editor', async () => {
    await setSettings({ ingestOnSave: true, include: [`${TMP}/**/*.ipynb`] });
    const uri = copyFixture('counting.ipynb', 'saved.ipynb');
    const settled: SaveOutcome[] = [];
    const sub = w.api.freshness.onSave.onDidSettle((s) => settled.push(s));
    w.stubs.onRestore(() => sub.dispose());
    const notebook = await vscode.workspace.openNotebookDocument(uri);
    await vscode.window.showNotebookDocument(notebook);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(notebook.cellAt(0).document.uri, new vscode.Position(0, 0), '# Saved from the notebook editor\n\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.ok(await notebook.save());
    await until(() => settled.length > 0, 'the save to be ingested', 10_000);
    assert.deepEqual(settled.map((s) => s.outcome), ['sent']);
    const sent = ingestionRequests(w.service).at(-1);
    const document = (sent?.json as Body | undefined)?.document;
    assert.equal(document?.id, `${TMP}~saved.ipynb`);
    assert.ok(document?.sections[0]?.text?.startsWith('# Saved from the notebook editor\n\nCounting in R.'), sent?.body);
  });
});
