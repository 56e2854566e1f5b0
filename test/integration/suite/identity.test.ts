// Issue 23, identity in the editor: one document id per source and one source per document id, whichever command
// sends; sources keyed by folder and path in a multi-root workspace; the ledger told the truth about unsaved text.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { connect, ingestionRequests, openEditor, setSettings, until, useWorld, workspaceUri } from './helpers';

/** The settings these tests change (the shared helpers reset only their own). */
const OURS = ['maxFileSizeMB', 'include'];

describe('identity (issue 23)', () => {
  const w = useWorld({ dialect: 'observed' });
  let folder = '';
  let n = 0;

  beforeEach(async () => {
    folder = `identity-${process.pid}-${++n}`;
    await connect(w, 'admin');
    // Only this test's files: the fixture's other files must not claim ids or be sent.
    await setSettings({ include: [`${folder}/**/*.md`] });
  });
  afterEach(async () => {
    await setSettings(Object.fromEntries(OURS.map((k) => [k, undefined])));
    fs.rmSync(workspaceUri(folder).fsPath, { recursive: true, force: true });
  });

  const write = (name: string, text: string | Buffer): vscode.Uri => {
    const uri = workspaceUri(`${folder}/${name}`);
    fs.mkdirSync(path.dirname(uri.fsPath), { recursive: true });
    fs.writeFileSync(uri.fsPath, text);
    return uri;
  };
  const state = (uri: vscode.Uri) => w.api.freshness.decorations.stateOf(uri);
  const held = (id: string) => JSON.stringify(w.service.document(id)?.received ?? null);
  const sentIds = (from = 0): string[] => ingestionRequests(w.service).slice(from).map((r) => (r.json as { document: { id: string } }).document.id).sort();

  /** Two folders of a multi-root workspace, `api` and `web` (both inside the fixture folder on disk). */
  const twoFolders = (): { api: vscode.WorkspaceFolder; web: vscode.WorkspaceFolder } => {
    const base = workspaceUri(folder);
    const api = { uri: vscode.Uri.joinPath(base, 'api'), name: 'api', index: 0 };
    const web = { uri: vscode.Uri.joinPath(base, 'web'), name: 'web', index: 1 };
    const folders: vscode.WorkspaceFolder[] = [api, web];
    const of = (uri: vscode.Uri) => folders.find((f) => uri.toString().startsWith(`${f.uri.toString()}/`));
    for (const [name, value] of [['workspaceFolders', folders], ['getWorkspaceFolder', of]] as const) {
      const had = Object.getOwnPropertyDescriptor(vscode.workspace, name);
      Object.defineProperty(vscode.workspace, name, { get: () => value, configurable: true });
      w.stubs.onRestore(() => (had ? Object.defineProperty(vscode.workspace, name, had) : delete (vscode.workspace as unknown as Record<string, unknown>)[name]));
    }
    return { api, web };
  };

  it('Ingest Current File refuses a file whose id another included file builds, naming both; the service keeps the first', async () => {
    const a = write('a.md', '---\nid: setup-editor\n---\n# Setup A\n\nThe text of a.\n');
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile', a);
    assert.equal(w.results()[0]?.outcome, 'created', w.messages.of('error').join('; '));
    const b = write('b.md', '---\nid: setup-editor\n---\n# Setup B\n\nThe text of b.\n');
    const before = ingestionRequests(w.service).length;
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile', b);
    await until(() => w.messages.of('error').length > 0, 'the refusal');
    assert.match(w.messages.of('error')[0] ?? '', new RegExp(`${folder}/b\\.md and ${folder}/a\\.md would both become the document “setup-editor”`));
    assert.equal(ingestionRequests(w.service).length, before, 'nothing sent');
    assert.match(held('setup-editor'), /The text of a\./);
  });

  it('Ingest Changed Files refuses a new file claiming the id of an unchanged, published file, and sends the rest', async () => {
    write('a.md', '---\nid: install-editor\n---\n# A\n\nThe text of a.\n');
    await vscode.commands.executeCommand('docIngest.ingestWorkspace');
    write('b.md', '---\nid: install-editor\n---\n# B\n\nThe text of b.\n');
    write('c.md', '# C\n\nNew.\n');
    const before = ingestionRequests(w.service).length;
    await vscode.commands.executeCommand('docIngest.ingestChangedFiles');
    assert.deepEqual(sentIds(before), [`${folder}~c.md`]);
    const b = w.api.results.results().find((r) => r.file.relativePath === `${folder}/b.md`);
    assert.equal(b?.outcome, 'failed');
    assert.match(b?.error ?? '', /b\.md and .*a\.md would both become the document “install-editor”/);
    assert.match(held('install-editor'), /The text of a\./);
  });

  it('unsaved text sent by Ingest Current File is what the ledger records: after a revert the file is changed, and Changed Files sends it', async () => {
    const a = write('a.md', '# A\n\nSaved text.\n');
    await vscode.commands.executeCommand('docIngest.ingestWorkspace');
    assert.equal(await state(a), 'unchanged');
    const editor = await openEditor(`${folder}/a.md`);
    assert.ok(await editor.edit((e) => e.insert(editor.document.positionAt(editor.document.getText().length), '\nA draft nobody saved.\n')));
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    assert.equal(w.results()[0]?.outcome, 'updated');
    assert.match(held(`${folder}~a.md`), /A draft nobody saved/);
    await vscode.commands.executeCommand('workbench.action.files.revert');
    assert.equal(editor.document.isDirty, false);
    await until(async () => (await state(a)) === 'changed', 'the reverted file to count as changed');
    const before = ingestionRequests(w.service).length;
    await vscode.commands.executeCommand('docIngest.ingestChangedFiles');
    assert.deepEqual(sentIds(before), [`${folder}~a.md`]);
    assert.doesNotMatch(held(`${folder}~a.md`), /A draft nobody saved/);
    assert.equal(await state(a), 'unchanged');
  });

  it('in a multi-root workspace, the same README.md in two folders is two sources: sending one leaves the other never ingested', async () => {
    const text = '# Readme\n\nThe same bytes in both folders.\n';
    const apiReadme = write('api/README.md', text);
    const webReadme = write('web/README.md', text);
    twoFolders();
    await setSettings({ include: ['**/*.md'] });
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile', webReadme);
    assert.equal(w.results()[0]?.documentId, 'web~readme.md', w.messages.of('error').join('; '));
    assert.equal(await state(webReadme), 'unchanged');
    assert.equal(await state(apiReadme), 'never', 'the other folder\'s file is not the one sent');
    const before = ingestionRequests(w.service).length;
    await vscode.commands.executeCommand('docIngest.ingestChangedFiles');
    assert.deepEqual(sentIds(before), ['api~readme.md']);
    assert.equal(await state(apiReadme), 'unchanged');
  });

  it('the id box of an untitled editor refuses an id a workspace file builds, naming the file', async () => {
    write('a.md', '---\nid: taken-id\n---\n# A\n');
    const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: '# Notes\n\nA draft.\n' });
    await vscode.window.showTextDocument(doc);
    const verdicts: unknown[] = [];
    w.stubs.replace(vscode.window, 'showInputBox', (async (options?: vscode.InputBoxOptions) => {
      verdicts.push(await options?.validateInput?.('taken-id'), await options?.validateInput?.('free-id'));
      return undefined; // Escape: nothing is sent
    }) as typeof vscode.window.showInputBox);
    const before = ingestionRequests(w.service).length;
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    assert.match(String(verdicts[0]), new RegExp(`${folder}/a\\.md already builds the document "taken-id"`));
    assert.equal(verdicts[1], undefined);
    assert.equal(ingestionRequests(w.service).length, before);
  });

  it('a file over docIngest.maxFileSizeMB gets no badge and is not taken by Changed Files', async () => {
    await setSettings({ maxFileSizeMB: 0.001 });
    const big = write('big.md', `# Big\n\n${'x'.repeat(4000)}\n`);
    const small = write('small.md', '# Small\n');
    assert.equal(await state(big), undefined);
    assert.equal(await state(small), 'never');
    const before = ingestionRequests(w.service).length;
    await vscode.commands.executeCommand('docIngest.ingestChangedFiles');
    assert.deepEqual(sentIds(before), [`${folder}~small.md`]);
  });
});
