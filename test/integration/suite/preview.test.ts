// Payload preview and diagnostics (issue 13, F11): the preview shows the exact body "Ingest Current File" sends,
// follows edits, and shows local images as visible placeholders; problems of the build are diagnostics on the
// source file, at their lines, before any network call, and clear when fixed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { connect, ingestionRequests, openEditor, setSettings, until, useWorld, workspaceUri, writeWorkspaceFile } from './helpers';

const PREVIEW_SCHEME = 'doc-ingest-preview';
const TMP = 'preview-tmp';
const FAQ = '# Frequently asked questions\n\n## Which files are sent?\n\nMarkdown and text files.\n';

/** The preview document of the active editor's file (an earlier test's preview may linger among the documents). */
function previewEditor(source = vscode.window.activeTextEditor?.document.uri): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.scheme === PREVIEW_SCHEME && d.uri.query === source?.toString());
}

/** Writes a file into the fixture workspace (under preview-tmp/, removed after each test). */
const writeFile = (relativePath: string, text: string): vscode.Uri => writeWorkspaceFile(`${TMP}/${relativePath}`, text);

function docIngestDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Doc Ingest');
}

describe('Payload preview and diagnostics', () => {
  const w = useWorld({ dialect: 'observed' });
  beforeEach(() => connect(w, 'admin'));
  afterEach(async () => {
    await setSettings({ 'diagnostics.enabled': undefined });
    fs.rmSync(workspaceUri(TMP).fsPath, { recursive: true, force: true });
  });

  it('preview shows the exact body Ingest Current File then sends, unsaved text included, never the key', async () => {
    writeFile('faq.md', FAQ);
    const editor = await openEditor(`${TMP}/faq.md`);
    await editor.edit((e) => e.insert(new vscode.Position(0, 0), '---\naudience: writers\ndoc_updated_at: 2026-01-02T03:04:05Z\n---\n'));
    // Unsaved text would be dated "now" at each build: the front matter's date makes the two bodies comparable.
    await vscode.commands.executeCommand('docIngest.previewPayload');
    const preview = await until(() => previewEditor(), 'the preview to open');
    assert.equal(preview.languageId, 'json');
    assert.ok(vscode.window.visibleTextEditors.some((e) => e.document === preview), 'shown beside the editor');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), editor.document.uri.toString(), 'focus stays on the source');
    const shown = JSON.parse(preview.getText()) as { document: Record<string, unknown> };
    assert.equal((shown.document.metadata as Record<string, unknown>).audience, 'writers', 'unsaved front matter is in the preview');
    assert.ok(!preview.getText().includes(w.service.keys.admin), 'never the key');

    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    const sent = ingestionRequests(w.service).at(-1);
    assert.ok(sent, 'the file was sent');
    assert.deepEqual(JSON.parse(sent.body), JSON.parse(preview.getText()), 'the body sent is the body previewed');
  });

  it('the command line previews the same bytes for the same file and .doc-ingest.json, a local image and a link between docs included (one core, two fronts)', async () => {
    const config = workspaceUri('.doc-ingest.json').fsPath;
    fs.writeFileSync(config, JSON.stringify({ idPrefix: 'kb~', linkTemplate: 'https://docs.example.com/{path}#{anchor}', ccPairId: 2 }));
    try {
      // A user setting gives way to the repository's file; nothing here is saved in an editor but on disk.
      await setSettings({ idPrefix: 'user~' });
      writeFile('other.md', '# Other\n\n## Details\n');
      const uri = writeFile('same.md', '---\ntitle: Same everywhere\ntags: [cli, editor]\n---\n# Same\n\nIntro, then [the details](other.md#details).\n\n## Part two\n\nText.\n\n![A pixel](../samples/pixel.png)\n');
      await vscode.commands.executeCommand('docIngest.previewPayload', uri);
      const preview = await until(() => previewEditor(uri), 'the preview to open');
      const shown = JSON.parse(preview.getText()) as { document: { id: string; sections: { link?: string; image_file_id?: string }[] }; cc_pair_id?: number };
      assert.equal(shown.document.id, `kb~${TMP}~same.md`, 'the extension reads .doc-ingest.json, over user settings');
      // Part of the body, so never translated: the same bytes whatever the display language.
      assert.ok(shown.document.sections.some((s) => s.image_file_id === '<uploaded when sent: samples/pixel.png>'), preview.getText());
      assert.equal(shown.document.sections[1]?.link, `https://docs.example.com/${TMP}/same#part-two`);
      // A link between docs is the target's published link, judged alike by both fronts (F14).
      assert.ok(preview.getText().includes(`[the details](https://docs.example.com/${TMP}/other#details)`), preview.getText());
      assert.equal(shown.cc_pair_id, 2);
      const cli = path.resolve(__dirname, '../../../../dist/cli.js');
      const run = spawnSync(process.execPath, [cli, 'preview', uri.fsPath], {
        cwd: workspaceUri('.').fsPath,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DOC_INGEST_BASE_URL: w.service.baseUrl },
        encoding: 'utf8',
      });
      assert.equal(run.status, 0, run.stderr);
      assert.equal(run.stdout, preview.getText(), 'byte for byte the editor\'s body');
    } finally {
      fs.rmSync(config, { force: true });
      await setSettings({ idPrefix: undefined });
    }
  });

  it('an open preview follows .doc-ingest.json as it is created, changed and removed', async () => {
    const config = workspaceUri('.doc-ingest.json').fsPath;
    try {
      const uri = writeFile('follow.md', '# Follow\n\nText.\n');
      await vscode.commands.executeCommand('docIngest.previewPayload', uri);
      const preview = await until(() => previewEditor(uri), 'the preview to open');
      const id = () => (JSON.parse(preview.getText()) as { document: { id: string } }).document.id;
      assert.equal(id(), `${TMP}~follow.md`);
      fs.writeFileSync(config, JSON.stringify({ idPrefix: 'kb~' }));
      await until(() => id() === `kb~${TMP}~follow.md` || undefined, 'the preview to take the new prefix');
      fs.writeFileSync(config, JSON.stringify({ idPrefix: 'team~' }));
      await until(() => id() === `team~${TMP}~follow.md` || undefined, 'the preview to take the changed prefix');
      fs.rmSync(config);
      await until(() => id() === `${TMP}~follow.md` || undefined, 'the preview to drop the prefix');
    } finally {
      fs.rmSync(config, { force: true });
    }
  });

  it('a .doc-ingest.json holding a key is refused with an error, and the settings apply as if it were absent', async () => {
    const config = workspaceUri('.doc-ingest.json');
    const secret = 'on_committed-by-mistake';
    fs.writeFileSync(config.fsPath, JSON.stringify({ idPrefix: 'kb~', token: secret }));
    try {
      const error = await until(() => w.messages.of('error').find((m) => m.includes('.doc-ingest.json')), 'the error about the file');
      assert.match(error, /“token”, which looks like a key/);
      assert.ok(!error.includes(secret), 'the secret is not repeated');
      const uri = writeFile('plain.md', '# Plain\n\nText.\n');
      await vscode.commands.executeCommand('docIngest.previewPayload', uri);
      const preview = await until(() => previewEditor(uri), 'the preview to open');
      assert.equal((JSON.parse(preview.getText()) as { document: { id: string } }).document.id, `${TMP}~plain.md`, 'the refused file gives no prefix');
    } finally {
      fs.rmSync(config.fsPath, { force: true });
    }
  });

  it('the preview follows edits of the source', async () => {
    writeFile('faq.md', FAQ);
    const editor = await openEditor(`${TMP}/faq.md`);
    await vscode.commands.executeCommand('docIngest.previewPayload');
    const preview = await until(() => previewEditor(), 'the preview to open');
    assert.ok(!preview.getText().includes('Freshly typed'));
    await editor.edit((e) => e.insert(new vscode.Position(1, 0), '\nFreshly typed paragraph.\n'));
    await until(() => previewEditor()?.getText().includes('Freshly typed paragraph.'), 'the preview to show the edit');

    await editor.edit((e) => e.insert(new vscode.Position(0, 0), '---\ntitle: [unclosed\n---\n'));
    const failed = await until(() => (previewEditor()?.getText().includes('"error"') ? previewEditor() : undefined), 'the preview to show the error');
    assert.ok(!failed.getText().includes('Freshly typed'), 'no stale body');
    assert.ok(typeof (JSON.parse(failed.getText()) as { error: unknown }).error === 'string');
  });

  it('local images are image sections with a visible placeholder file id', async () => {
    writeFile('pictures.md', '# Pictures\n\nBefore.\n\n![A pixel](../samples/pixel.png)\n\nAfter.\n');
    await openEditor(`${TMP}/pictures.md`);
    await vscode.commands.executeCommand('docIngest.previewPayload');
    const preview = await until(() => previewEditor(), 'the preview to open');
    const body = JSON.parse(preview.getText()) as { document: { sections: { type?: string; image_file_id?: string }[] } };
    const image = body.document.sections.find((s) => s.type === 'image');
    assert.ok(image, preview.getText());
    assert.equal(image.image_file_id, '<uploaded when sent: samples/pixel.png>');
  });

  it('once Ingest Current File has uploaded an image, the preview shows its file id: the body previewed is the body sent', async () => {
    writeFile('uploaded.md', '# Uploaded\n\n![A pixel](../samples/pixel.png)\n');
    const editor = await openEditor(`${TMP}/uploaded.md`);
    await vscode.commands.executeCommand('docIngest.previewPayload');
    await until(() => previewEditor()?.getText().includes('<uploaded when sent: samples/pixel.png>'), 'the placeholder before the upload');
    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    const sent = ingestionRequests(w.service).at(-1);
    assert.ok(sent, 'the file was sent');
    const fileId = w.service.userFiles().find((f) => f.name === 'pixel.png')?.fileId;
    assert.ok(fileId, 'the image was uploaded');
    const preview = await until(() => (previewEditor()?.getText().includes(fileId) ? previewEditor() : undefined), 'the preview to show the upload\'s file id');
    assert.deepEqual(JSON.parse(preview.getText()), JSON.parse(sent.body));
  });

  it('an untitled editor is previewed without asking for an id: the placeholder id, and a note', async () => {
    const doc = await vscode.workspace.openTextDocument({ content: '# Draft\n\nText.\n' });
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('docIngest.previewPayload');
    const preview = await until(() => previewEditor(doc.uri), 'the preview to open');
    assert.equal((JSON.parse(preview.getText()) as { document: { id: string } }).document.id, 'pending');
    assert.ok(w.messages.of('info').some((m) => /placeholder/.test(m)), JSON.stringify(w.messages.shown));
  });

  it('a front matter error is an Error diagnostic at its line, cleared when fixed', async () => {
    const uri = writeFile('broken.md', '# Broken\n');
    const editor = await openEditor(`${TMP}/broken.md`);
    await editor.edit((e) => e.replace(new vscode.Range(0, 0, 1, 0), '---\ntitle: ok\ntags: [unclosed\n---\n# Broken\n'));
    const [error] = await until(() => {
      const d = docIngestDiagnostics(uri).filter((x) => x.severity === vscode.DiagnosticSeverity.Error);
      return d.length ? d : undefined;
    }, 'an error diagnostic');
    assert.equal(error!.range.start.line, 3, 'at the line the YAML error names (4, 1-based)');
    assert.equal(ingestionRequests(w.service).length, 0, 'no network call');

    await editor.edit((e) => e.replace(new vscode.Range(2, 0, 3, 0), 'tags: [closed]\n'));
    await until(() => docIngestDiagnostics(uri).every((d) => d.severity !== vscode.DiagnosticSeverity.Error), 'the error to clear');
  });

  it('a missing image is an Error at its line, with its path, as the run does not send the page; a Warning with skipImage (issue 35, item 7)', async () => {
    const uri = writeFile('missing.md', '# Missing\n\nText.\n\n![gone](img/gone.png)\n');
    await openEditor(`${TMP}/missing.md`);
    const error = await until(() => docIngestDiagnostics(uri).find((d) => d.severity === vscode.DiagnosticSeverity.Error), 'an error diagnostic');
    assert.equal(error.range.start.line, 4);
    assert.match(error.message, /preview-tmp\/img\/gone\.png.*The page is not sent: fix the image reference, or set docIngest\.images\.onProblem to skipImage/);
    await setSettings({ 'images.onProblem': 'skipImage' });
    try {
      const warning = await until(() => docIngestDiagnostics(uri).find((d) => d.severity === vscode.DiagnosticSeverity.Warning && d.range.start.line === 4), 'a warning diagnostic');
      assert.match(warning.message, /The page is sent without it/);
    } finally {
      await setSettings({ 'images.onProblem': undefined });
    }
  });

  it('markup readers never see is a Warning at its source line (issue 35, item 4)', async () => {
    const uri = writeFile('leftover.md', '# Leftover\n\nText.\n\n{* ../examples/run.py hl[2] *}\n');
    await openEditor(`${TMP}/leftover.md`);
    const warning = await until(() => docIngestDiagnostics(uri).find((d) => d.code === 'unrenderedMarkup'), 'an unrendered markup diagnostic');
    assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(warning.range.start.line, 4);
    assert.match(warning.message, /\{\* \.\.\. \*\} include line.*dropPatterns/);
  });

  it('no diagnostics when docIngest.diagnostics.enabled is off', async () => {
    await setSettings({ 'diagnostics.enabled': false });
    const uri = writeFile('off.md', '# Off\n\n![gone](img/gone.png)\n');
    await openEditor(`${TMP}/off.md`);
    await new Promise((r) => setTimeout(r, 800));
    assert.deepEqual(docIngestDiagnostics(uri), []);
    await setSettings({ 'diagnostics.enabled': true });
    await until(() => docIngestDiagnostics(uri).length > 0, 'diagnostics once turned on again');
  });
});
