// Issue 38, items 1 to 3: every send and delete of this window reaches the Documents view, the Results view and the
// status bar through one event, without a manual refresh; batches show in the status bar; a server switch resets
// what the views show; the Results view names its server and pair. Each test works in its own folder.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { startService } from '../../service';
import { connect, FakeQuickPick, setSettings, until, useWorld, workspaceUri } from './helpers';

/** The settings these tests change (the shared helpers reset only their own). */
const OURS = ['include', 'changedFiles.includeNeverSent'];

describe('Views follow what this window sent (issue 38)', function () {
  this.timeout(60_000);
  const w = useWorld({ dialect: 'observed' });
  let folder = '';
  let n = 0;

  beforeEach(async () => {
    folder = `views-${process.pid}-${++n}`;
    await connect(w, 'admin');
    await setSettings({ include: [`${folder}/**/*.md`] });
  });
  afterEach(async () => {
    await setSettings(Object.fromEntries(OURS.map((k) => [k, undefined])));
    fs.rmSync(workspaceUri(folder).fsPath, { recursive: true, force: true });
  });

  const write = (name: string, text: string): vscode.Uri => {
    const uri = workspaceUri(`${folder}/${name}`);
    fs.mkdirSync(path.dirname(uri.fsPath), { recursive: true });
    fs.writeFileSync(uri.fsPath, text);
    return uri;
  };
  const idOf = (name: string) => `${folder}~${name}`;
  /** Markdown as the reader sees it: the status bar escapes every value. */
  const unescaped = (md: string) => md.replace(/\\([\\`*_{}[\]()#+\-.!|<>~:,/])/g, '$1');
  /** The ids of the Documents view's rows of this test's folder, as the tree asks for them (no refresh). */
  const documentRows = async () =>
    (await w.api.documents.getChildren()).flatMap((node) => (node.kind === 'document' && node.row.documentId.startsWith(folder) ? [node.row.documentId] : [])).sort();
  /** The Results view's rows, as the tree asks for them: "file: outcome". */
  const resultRows = () => w.api.results.getChildren().map((r) => `${r.file.source}: ${String(w.api.results.getTreeItem(r).description)}`);

  it('the Documents view, the Results view and the status bar follow a batch, a single send and a delete without a refresh (item 1)', async () => {
    write('a.md', '# Alpha\n\nA.\n');
    // The view has listed the empty pair, as a writer who opened it first sees it.
    await vscode.commands.executeCommand('docIngest.documents.refresh');
    assert.deepEqual(await documentRows(), []);

    await vscode.commands.executeCommand('docIngest.ingestFolder', workspaceUri(folder));
    await until(async () => (await documentRows()).length === 1, 'the Documents view to list the batch\'s document');
    assert.deepEqual(await documentRows(), [idOf('a.md')]);

    const b = write('b.md', '# Beta\n\nB.\n');
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile', b);
    await until(async () => (await documentRows()).length === 2, 'the Documents view to list the single send');
    assert.deepEqual(resultRows(), [`${folder}/a.md: created`, `${folder}/b.md: created`], 'the Results view has the single send too');
    assert.match(w.api.statusBar.shown.text, /Created/);

    const node = (await w.api.documents.getChildren()).find((x) => x.kind === 'document' && x.row.documentId === idOf('a.md'));
    assert.ok(node);
    w.messages.answer = (m) => (m.level === 'warning' && /^Delete /.test(m.message) ? 'Delete' : undefined);
    await vscode.commands.executeCommand('docIngest.deleteFromService', node);
    await until(async () => (await documentRows()).length === 1, 'the deleted row to go');
    assert.ok(w.messages.of('info').some((m) => m.startsWith(`Deleted "Alpha" (id ${idOf('a.md')}) from `)), 'Delete from Service says it deleted (item 8)');
    assert.deepEqual(resultRows(), [`${folder}/a.md: created, deleted from the service since`, `${folder}/b.md: created`]);
    assert.match(w.api.statusBar.shown.text, /Deleted/);
    assert.ok(unescaped(w.api.statusBar.shown.tooltip).includes(`Deleted from the service**: ${idOf('a.md')}`));
  });

  it('the status bar shows a batch\'s counts, its summary in the tooltip and a way to the Results view (item 2)', async () => {
    write('a.md', '# Alpha\n\nA.\n');
    write('b.md', '# Beta\n\n![shot](missing.png)\n');
    write('c.md', '# Gamma\n\nC.\n');
    // A single failed send first: the batch after it must replace the red "Failed".
    w.service.faults.inject({ path: `/${w.service.ingestionPath}`, status: 400, body: { detail: 'refused for this test' }, times: 1 });
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile', workspaceUri(`${folder}/a.md`));
    assert.match(w.api.statusBar.shown.text, /Failed/);

    await vscode.commands.executeCommand('docIngest.ingestFolder', workspaceUri(folder));
    const shown = w.api.statusBar.shown;
    assert.equal(shown.text, '$(error) 2 sent, 1 failed');
    assert.equal(shown.error, true);
    assert.equal(shown.command, 'docIngest.results.focus');
    assert.ok(unescaped(shown.tooltip).includes('| Created | 2 |'), shown.tooltip);
    assert.ok(unescaped(shown.tooltip).includes('| Failed | 1 |'), shown.tooltip);
    assert.match(shown.tooltip, /\(command:docIngest\.results\.focus\)/);

    // All sent: no red.
    write('b.md', '# Beta\n\nFixed.\n');
    await vscode.commands.executeCommand('docIngest.ingestFolder', workspaceUri(folder));
    assert.equal(w.api.statusBar.shown.text, '$(check) 1 sent');
    assert.equal(w.api.statusBar.shown.error, false);
  });

  it('the Results view names its server and pair and shows the results of the server in use; a server switch resets the views (items 2 and 3)', async () => {
    write('page-1.md', '# One\n\n1.\n');
    write('page-10.md', '# Ten\n\n10.\n');
    write('page-2.md', '# Two\n\n2.\n');
    await vscode.commands.executeCommand('docIngest.ingestFolder', workspaceUri(folder));
    const host = w.service.baseUrl.replace(/^https?:\/\//, '');
    assert.equal(w.api.results.view.description, `${host} · pair 1 (default)`);
    assert.deepEqual(resultRows(), [`${folder}/page-1.md: created`, `${folder}/page-2.md: created`, `${folder}/page-10.md: created`], 'natural order (item 8)');
    assert.match(w.api.statusBar.shown.text, /3 sent/);

    const other = await startService({ autoProcess: false });
    try {
      await setSettings({ baseUrl: other.baseUrl });
      await until(() => w.api.results.getChildren().length === 0, 'the Results view to show the new server\'s (no) results');
      assert.equal(w.api.results.view.description, `${other.baseUrl.replace(/^https?:\/\//, '')} · pair 1 (default)`);
      assert.equal(w.api.statusBar.shown.text, '$(cloud-upload) Doc Ingest', 'the status bar no longer shows the old server\'s result');

      await setSettings({ baseUrl: w.service.baseUrl });
      await until(() => w.api.results.getChildren().length === 3, 'the first server\'s results to come back');
    } finally {
      await other.close();
    }
  });

  it('Find Orphans\' list: Space with the cursor in the box picks the highlighted row; Enter with nothing picked says nothing was deleted (item 5)', async () => {
    write('a.md', '# Alpha\n\nA.\n');
    write('old.md', '# Old\n\nGone soon.\n');
    await vscode.commands.executeCommand('docIngest.ingestFolder', workspaceUri(folder));
    fs.rmSync(workspaceUri(`${folder}/old.md`).fsPath);
    w.messages.answer = (m) => (/^Delete 1 document from /.test(m.message) ? 'Delete' : undefined);

    // Enter with nothing picked: said, nothing deleted.
    const lists: FakeQuickPick[] = [];
    w.stubs.replace(vscode.window, 'createQuickPick', (() => new FakeQuickPick((qp) => {
      lists.push(qp);
      qp.accept();
    })) as unknown as typeof vscode.window.createQuickPick);
    await vscode.commands.executeCommand('docIngest.findOrphans');
    assert.equal(lists.length, 1);
    assert.match(lists[0]!.placeholder ?? '', /Space picks the highlighted row/);
    assert.ok(w.messages.of('info').includes('Nothing was deleted: no document was picked. Space picks the highlighted row.'), JSON.stringify(w.messages.shown));
    assert.equal(w.service.requests.filter((r) => r.method === 'DELETE').length, 0);

    // Space typed into the box picks the highlighted row and stays out of the filter.
    w.stubs.replace(vscode.window, 'createQuickPick', (() => new FakeQuickPick((qp) => {
      lists.push(qp);
      qp.type(' ');
      assert.equal(qp.value, '', 'the space is not kept in the filter');
      assert.deepEqual(qp.selectedItems.map((i) => i.description ?? i.label), [idOf('old.md')]);
      qp.accept();
    })) as unknown as typeof vscode.window.createQuickPick);
    await vscode.commands.executeCommand('docIngest.findOrphans');
    assert.equal(lists.length, 2);
    assert.ok(w.messages.of('info').some((m) => /^Orphans deleted from .*: 1\.$/.test(m)), JSON.stringify(w.messages.shown));
    assert.equal(w.service.document(idOf('old.md')), undefined);
  });

  it('Ingest Changed Files counts changed and never-sent files apart; a setting leaves never-sent files out (item 6)', async () => {
    write('a.md', '# Alpha\n\nA.\n');
    await vscode.commands.executeCommand('docIngest.ingestFolder', workspaceUri(folder));
    write('a.md', '# Alpha\n\nA, changed.\n');
    write('new.md', '# New\n\nNever sent.\n');
    await vscode.commands.executeCommand('docIngest.ingestChangedFiles');
    assert.ok(w.messages.of('info').some((m) => m.startsWith('Ingested changed files (1 changed, 1 never sent): 1 created, 1 updated,')), JSON.stringify(w.messages.shown));

    await setSettings({ 'changedFiles.includeNeverSent': false });
    write('a.md', '# Alpha\n\nA, changed again.\n');
    write('later.md', '# Later\n\nNever sent either.\n');
    await vscode.commands.executeCommand('docIngest.ingestChangedFiles');
    assert.ok(w.messages.of('info').some((m) => m.startsWith('Ingested changed files (1 changed; 1 never sent, left out): 0 created, 1 updated,')), JSON.stringify(w.messages.shown));
    assert.equal(w.service.document(idOf('later.md')), undefined, 'the never-sent file stayed');

    await vscode.commands.executeCommand('docIngest.ingestChangedFiles');
    assert.ok(w.messages.of('info').includes('No file changed since it was sent; 1 never sent are left out (docIngest.changedFiles.includeNeverSent).'), JSON.stringify(w.messages.shown));
  });

  it('the small things: the preview and the site settings share one tab group beside the editor; files in no site are a list (item 8)', async () => {
    const a = write('a.md', '# Alpha\n\nA.\n');
    const b = write('b.md', '# Beta\n\nB.\n');
    await vscode.window.showTextDocument(a, { viewColumn: vscode.ViewColumn.One });
    // Show Site Settings takes the focus beside; a preview asked for from there used to open a third column.
    await vscode.commands.executeCommand('docIngest.showSiteSettings', a);
    await vscode.commands.executeCommand('docIngest.previewPayload', a);
    await vscode.commands.executeCommand('docIngest.previewPayload', b);
    await vscode.commands.executeCommand('docIngest.showSiteSettings', b);
    assert.equal(vscode.window.tabGroups.all.length, 2, 'the editor and one group beside it');
    const settings = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'doc-ingest-site');
    assert.ok(settings);
    assert.ok(settings.getText().includes(`Files in no site (2):\n  ${folder}/a.md\n  ${folder}/b.md`), settings.getText());
  });
});
