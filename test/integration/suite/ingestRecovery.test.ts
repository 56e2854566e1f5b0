// What a writer meets after a first push goes wrong or sideways (issue 12, items 6, 10, 13, 14, 20):
// Ingest Again after switching servers, an untrusted workspace, a focused
// Markdown preview, a pair from front matter, a picture ingested as text.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import * as vscode from 'vscode';
import { startService } from '../../service';
import { connect, FakeInputBoxes, ingestionRequests, openEditor, setSettings, until, useWorld, workspaceUri } from './helpers';

describe('Ingestion recovery and edges', () => {
  const w = useWorld({ dialect: 'observed' });
  beforeEach(() => connect(w, 'admin'));

  it('Ingest Again sends to the server the result went to, and a stale failure button sends nothing twice', async () => {
    const first = w.service;
    await openEditor('guide/faq.md');
    first.faults.inject({ path: `/${first.ingestionPath}`, status: 500, body: { detail: 'database is down' } });
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    const failed = w.results()[0];
    assert.equal(failed?.outcome, 'failed');
    assert.equal(failed?.server, first.baseUrl);

    const other = await startService({ dialect: 'observed', autoProcess: false });
    w.stubs.onRestore(() => void other.close());
    await setSettings({ baseUrl: other.baseUrl });
    new FakeInputBoxes(w.stubs, [other.keys.admin]);
    await vscode.commands.executeCommand('docIngest.setApiKey');
    assert.equal(await w.api.connection.refresh(), 'ready');

    w.messages.answer = (m) => (m.options.includes(`Send to ${first.baseUrl}`) ? `Send to ${first.baseUrl}` : undefined);
    await vscode.commands.executeCommand('docIngest.ingestAgain', failed);
    const asked = w.messages.shown.find((m) => m.options.includes(`Send to ${other.baseUrl}`));
    assert.ok(asked, 'asked where to send, naming both servers');
    assert.ok(first.document('guide~faq.md'), 'sent to the server of the result');
    assert.equal(other.documents().length, 0, 'not to the server set now');
    assert.equal(w.results()[0]?.server, first.baseUrl);
    assert.equal(w.results()[0]?.outcome, 'created');

    const sent = ingestionRequests(first).length;
    await vscode.commands.executeCommand('docIngest.ingestAgain', failed);
    assert.equal(ingestionRequests(first).length, sent, 'the failure was already retried: nothing is sent again');
    assert.ok(w.messages.of('info').some((m) => /was ingested again/.test(m)));
  });

  it('in an untrusted workspace git is not asked: the date is the file\'s', async () => {
    const file = workspaceUri('guide/faq.md').fsPath;
    const committed = execFileSync('git', ['log', '-1', '--format=%ct', '--', file], { cwd: workspaceUri('.').fsPath, encoding: 'utf8' }).trim();
    const trusted = Object.getOwnPropertyDescriptor(vscode.workspace, 'isTrusted');
    Object.defineProperty(vscode.workspace, 'isTrusted', { get: () => false, configurable: true });
    w.stubs.onRestore(() => (trusted ? Object.defineProperty(vscode.workspace, 'isTrusted', trusted) : delete (vscode.workspace as { isTrusted?: boolean }).isTrusted));
    assert.equal(vscode.workspace.isTrusted, false);

    await vscode.commands.executeCommand('docIngest.ingestCurrentFile', workspaceUri('guide/faq.md'));
    const sent = ingestionRequests(w.service)[0]?.json as { document: { doc_updated_at: string } };
    assert.equal(Date.parse(sent.document.doc_updated_at), fs.statSync(file).mtime.getTime(), 'the file\'s modification time');
    if (committed) assert.notEqual(Date.parse(sent.document.doc_updated_at), Number(committed) * 1000, 'not the commit time git would give');
  });

  it('with a Markdown preview focused, Ingest Current File ingests the previewed file', async () => {
    await openEditor('guide/faq.md');
    await vscode.commands.executeCommand('markdown.showPreview');
    await until(() => !vscode.window.activeTextEditor && vscode.window.tabGroups.activeTabGroup.activeTab?.input instanceof vscode.TabInputWebview, 'the preview to be focused');
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    assert.ok(!w.messages.of('info').some((m) => /Open a file/.test(m)), w.messages.of('info').join('; '));
    assert.ok(w.service.document('guide~faq.md'), JSON.stringify(w.service.documents().map((d) => d.id)));
  });

  it('with the file reopened as a Markdown preview in place (a custom editor), Ingest Current File ingests it', async () => {
    await vscode.commands.executeCommand('vscode.openWith', workspaceUri('guide/getting-started.md'), 'vscode.markdown.preview.editor');
    await until(() => vscode.window.tabGroups.activeTabGroup.activeTab?.input instanceof vscode.TabInputCustom, 'the custom editor to be active');
    assert.equal(vscode.window.activeTextEditor, undefined);
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    assert.ok(!w.messages.of('info').some((m) => /Open a file/.test(m)), w.messages.of('info').join('; '));
    assert.ok(w.service.document('guide~getting-started.md'), JSON.stringify(w.service.documents().map((d) => d.id)));
  });

  it('a pair from front matter that the server does not know is named as coming from the front matter', async () => {
    const editor = await openEditor('guide/faq.md');
    await editor.edit((e) => e.insert(new vscode.Position(0, 0), '---\ncc_pair_id: 999\n---\n'));
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    const [error] = w.messages.of('error');
    assert.ok(error);
    assert.match(error, /cc_pair_id: 999 in the front matter of guide\/faq\.md/);
    assert.doesNotMatch(error, /setting docIngest\.ccPairId/);
    assert.match(w.results()[0]?.error ?? '', /front matter/);
  });

  it('a picture ingested as text is refused with a button that uploads it as a user file', async () => {
    w.messages.answer = (m) => (m.level === 'error' ? 'Upload File...' : undefined);
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile', workspaceUri('samples/pixel.png'));
    assert.equal(ingestionRequests(w.service).length, 0);
    const error = w.messages.shown.find((m) => m.level === 'error');
    assert.ok(error?.options.includes('Upload File...'), JSON.stringify(error));
    await until(() => w.service.userFiles().some((f) => f.name === 'pixel.png'), 'the upload');
  });
});
