// Ingest Folder..., Ingest Workspace, the Results view and Retry Failed (F9), with local images (F8).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { connect, ingestionRequests, setSettings, until, useWorld, workspaceUri } from './helpers';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('Batch: Ingest Folder, results, Retry Failed', function () {
  this.timeout(60_000);
  const w = useWorld({ dialect: 'observed' });
  const folder = workspaceUri('batch-tmp');
  const write = (relative: string, content: string | Buffer) => {
    const at = path.join(folder.fsPath, relative);
    fs.mkdirSync(path.dirname(at), { recursive: true });
    fs.writeFileSync(at, content);
  };
  beforeEach(async () => {
    fs.rmSync(folder.fsPath, { recursive: true, force: true });
    await connect(w, 'admin');
  });
  afterEach(() => fs.rmSync(folder.fsPath, { recursive: true, force: true }));

  it('Ingest Folder sends each matching file once, images as image sections, and lists every file in Results', async () => {
    write('intro.md', '# Intro\n\nWelcome.\n\n![Diagram](img/diagram.png)\n');
    write('setup.md', '# Setup\n\nInstall it.\n');
    write('notes.txt', 'Plain notes.\n');
    write('img/diagram.png', PNG);
    write('node_modules/dep/readme.md', '# Not ours\n');
    write('empty.md', '   \n');
    await vscode.commands.executeCommand('docIngest.ingestFolder', folder);

    const rows = w.api.results.results();
    assert.deepEqual(rows.map((r) => r.file.relativePath).sort(), ['batch-tmp/empty.md', 'batch-tmp/intro.md', 'batch-tmp/notes.txt', 'batch-tmp/setup.md']);
    assert.equal(rows.find((r) => r.file.relativePath.endsWith('empty.md'))?.outcome, 'skipped');
    assert.equal(ingestionRequests(w.service).length, 3);
    const intro = w.service.document('batch-tmp~intro.md');
    const sections = (intro?.received as { sections: { type?: string; image_file_id?: string; text?: string }[] }).sections;
    const image = sections.find((s) => s.type === 'image');
    assert.equal(image?.text, 'Diagram');
    assert.ok(w.service.userFiles().some((f) => (f.fileId ?? f.id) === image?.image_file_id), 'the image was uploaded first');
    assert.ok(w.api.userFiles.poller.snapshot().some((f) => f.name === 'diagram.png'), 'the uploaded image is in User Files');
    const summary = w.messages.of('info').find((m) => /^Ingested batch-tmp: 3 created, 0 updated, 0 unchanged, 1 skipped, 0 failed\.$/.test(m));
    assert.ok(summary, w.messages.of('info').join(' | '));

    // A second run: the ledger knows every file, nothing is sent.
    w.service.clearRequests();
    await vscode.commands.executeCommand('docIngest.ingestFolder', folder);
    assert.equal(ingestionRequests(w.service).length, 0);
    assert.ok(w.messages.of('info').some((m) => /3 unchanged/.test(m)));
  });

  it('a failed file is listed with its sentence; Retry Failed sends only that file', async () => {
    write('a.md', '# A\n\nText A.\n');
    write('b.md', '# B\n\nText B.\n');
    w.service.faults.inject({ path: `/${w.service.ingestionPath}`, status: 500, body: { detail: 'database is down' } });
    w.messages.answer = () => undefined;
    await vscode.commands.executeCommand('docIngest.ingestFolder', folder);
    const failed = w.api.results.failed();
    assert.equal(failed.length, 1);
    assert.match(failed[0]?.error ?? '', /database is down/);
    assert.ok(w.messages.of('warning').some((m) => /1 failed/.test(m)));
    const item = w.api.results.getTreeItem(failed[0]!);
    assert.match(String(item.tooltip), /database is down/);
    assert.equal(item.command?.command, 'vscode.open');

    w.service.clearRequests();
    await vscode.commands.executeCommand('docIngest.retryFailed');
    assert.equal(ingestionRequests(w.service).length, 1);
    assert.equal(w.api.results.failed().length, 0);
  });

  it('a folder without matching files says so and sends nothing', async () => {
    write('logo.png', PNG);
    await vscode.commands.executeCommand('docIngest.ingestFolder', folder);
    assert.ok(w.messages.of('info').some((m) => /No files to ingest in batch-tmp/.test(m)));
    assert.equal(ingestionRequests(w.service).length, 0);
  });

  it('a key that stops working stops the batch with one message', async () => {
    for (let i = 0; i < 12; i++) write(`doc-${i}.md`, `# Doc ${i}\n\nText.\n`);
    w.service.faults.inject({ path: `/${w.service.ingestionPath}`, status: 401, times: Infinity, body: { detail: 'Invalid API key' } });
    await vscode.commands.executeCommand('docIngest.ingestFolder', folder);
    const errors = w.messages.of('error');
    assert.equal(errors.length, 1, errors.join(' | '));
    assert.match(errors[0] ?? '', /The batch stopped/);
    // Only the requests already in flight when the first refusal came back: at most one per worker.
    const concurrency = vscode.workspace.getConfiguration('docIngest').get<number>('concurrency') ?? 0;
    assert.ok(concurrency > 0 && ingestionRequests(w.service).length <= concurrency, `${ingestionRequests(w.service).length} requests, concurrency ${concurrency}`);
  });

  it('a server that does not answer stops the batch with one message: how long it waited, and the timeout setting to open', async () => {
    for (let i = 0; i < 12; i++) write(`doc-${i}.md`, `# Doc ${i}\n\nText.\n`);
    await setSettings({ ingestTimeoutSeconds: 1 });
    w.service.faults.inject({ path: `/${w.service.ingestionPath}`, delayMs: 600_000, times: Infinity });
    await vscode.commands.executeCommand('docIngest.ingestFolder', folder);
    const errors = w.messages.shown.filter((m) => m.level === 'error');
    assert.equal(errors.length, 1, errors.map((m) => m.message).join(' | '));
    assert.match(errors[0]?.message ?? '', /^The batch stopped \(0 sent, \d+ failed, \d+ not sent\): The server is not answering: \d+ requests in a row got no answer within 1 s each; .*docIngest\.ingestTimeoutSeconds/);
    assert.ok(errors[0]?.options.includes('Open Settings'), 'the setting it names is one click away');
    const failed = w.api.results.failed().filter((r) => r.outcome === 'failed');
    assert.ok(failed.length > 0 && failed.every((r) => /may still apply it/.test(r.error ?? '')), 'a request that got no answer says the server may still apply it');
  });

  it('unsaved changes: the writer saves and sends them, sends the saved version, or cancels', async () => {
    write('draft.md', '# Draft\n\nSaved text.\n');
    write('other.md', '# Other\n\nText.\n');
    const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder, 'draft.md'));
    const editor = await vscode.window.showTextDocument(document);
    const type = async (text: string) => assert.ok(await editor.edit((e) => e.insert(new vscode.Position(2, 0), text)), 'typed');
    const sentText = () => JSON.stringify(w.service.document('batch-tmp~draft.md')?.received ?? null);
    try {
      await type('Typed first. ');
      w.messages.answer = () => undefined; // Cancel (Escape on the modal)
      await vscode.commands.executeCommand('docIngest.ingestFolder', folder);
      // On failure, say what was shown instead and whether the text is still unsaved (files.autoSave saves it).
      const seen = () => `${JSON.stringify(w.messages.shown.map((m) => [m.level, m.message]))}; state ${w.api.connection.state}; dirty ${document.isDirty}`;
      assert.match(w.messages.of('warning').at(-1) ?? '', /batch-tmp\/draft\.md has unsaved changes/, seen());
      assert.equal(ingestionRequests(w.service).length, 0, 'cancelled: nothing sent');

      w.messages.answer = (m) => (/unsaved changes/.test(m.message) ? 'Save and Ingest' : undefined);
      await vscode.commands.executeCommand('docIngest.ingestFolder', folder);
      assert.equal(document.isDirty, false, 'saved');
      assert.match(sentText(), /Typed first/);
      assert.equal(ingestionRequests(w.service).length, 2);

      await type('Typed later. ');
      w.service.clearRequests();
      w.messages.answer = (m) => (/unsaved changes/.test(m.message) ? 'Ingest as Saved' : undefined);
      await vscode.commands.executeCommand('docIngest.ingestFolder', folder);
      assert.equal(document.isDirty, true, 'left unsaved');
      assert.doesNotMatch(sentText(), /Typed later/);
      assert.equal(ingestionRequests(w.service).length, 0, 'the saved version is as last ingested');
      assert.ok(w.messages.of('info').some((m) => /2 unchanged/.test(m)), w.messages.of('info').join(' | '));
    } finally {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  it('a file sent by Ingest Current File, images included, is unchanged for the next batch', async () => {
    write('pictured.md', '# Pictured\n\n![Diagram](img/diagram.png)\n');
    write('img/diagram.png', PNG);
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile', vscode.Uri.joinPath(folder, 'pictured.md'));
    assert.equal(ingestionRequests(w.service).length, 1);
    w.service.clearRequests();
    await vscode.commands.executeCommand('docIngest.ingestFolder', folder);
    assert.equal(ingestionRequests(w.service).length, 0, 'not sent again');
    assert.equal(w.api.results.results().find((r) => r.file.relativePath.endsWith('pictured.md'))?.outcome, 'unchanged');
  });

  it('Cancel stops new requests: the summary counts sent and not sent as the service saw them, and Send the Rest sends the rest', async () => {
    for (let i = 0; i < 20; i++) write(`page-${i}.md`, `# Page ${i}\n\nText ${i}.\n`);
    const held = () => w.service.documents().filter((d) => d.id.startsWith('batch-tmp~page-')).length;
    w.service.setIngestLatency(300);
    try {
      const run = vscode.commands.executeCommand('docIngest.ingestFolder', folder);
      await until(() => held() >= 2, 'a few files to be held');
      await vscode.commands.executeCommand('docIngest.cancelIngestion');
      await run;
    } finally {
      w.service.setIngestLatency(0);
    }
    const summary = w.messages.of('info').find((m) => m.startsWith('Cancelled batch-tmp:'));
    const m = /: (\d+) sent \((\d+) created, 0 updated\), (\d+) not sent, 0 unchanged, 0 failed\.(?: (1) was under way: the server may still apply it\.| (\d+) were under way: the server may still apply them\.)?/.exec(summary ?? '');
    assert.ok(m, w.messages.of('info').join(' | '));
    assert.doesNotMatch(summary ?? '', / 0 were under way/, 'never "0 were under way" (issue 38)');
    const [sent, created, notSent] = m.slice(1, 4).map(Number) as [number, number, number];
    const underWay = Number(m[4] ?? m[5] ?? 0);
    assert.equal(sent + notSent + underWay, 20);
    assert.ok(notSent > 0, 'cancelled before the end');
    assert.equal(sent, created);
    const rows = w.api.results.results();
    assert.equal(rows.filter((r) => r.outcome === 'notSent').length, notSent);
    assert.equal(rows.filter((r) => r.outcome === 'created').length, created);
    // What the service holds: every file counted as sent, none counted as not sent; those under way may be either.
    await new Promise((r) => setTimeout(r, 400)); // the requests under way finish at the service
    assert.ok(held() >= sent && held() <= sent + underWay, `${held()} held, ${sent} sent, ${underWay} under way`);
    for (const r of rows.filter((x) => x.outcome === 'notSent')) {
      assert.equal(w.service.document(`batch-tmp~${path.basename(r.file.relativePath)}`), undefined, `${r.file.relativePath} was not sent`);
    }

    await vscode.commands.executeCommand('docIngest.retryFailed');
    assert.equal(held(), 20);
  });

  it('a wrong ingestion path stops the batch; once the setting is emptied, the next batch finds the route', async () => {
    write('a.md', '# A\n\nText A.\n');
    write('b.md', '# B\n\nText B.\n');
    const wrong = w.service.ingestionPath === 'onyx-api/ingestion' ? 'service-api/ingestion' : 'onyx-api/ingestion';
    await setSettings({ ingestionPath: wrong });
    await vscode.commands.executeCommand('docIngest.ingestFolder', folder);
    assert.match(w.messages.of('error').at(-1) ?? '', /The batch stopped .*no route POST/);
    await setSettings({ ingestionPath: undefined });
    await vscode.commands.executeCommand('docIngest.ingestFolder', folder);
    assert.ok(w.messages.of('info').some((m) => /^Ingested batch-tmp: 2 created/.test(m)), w.messages.shown.map((m) => m.message).join(' | '));
  });

  it('Ingest Workspace takes the include-matched files of the whole workspace, not only one folder, and leaves excluded ones', async () => {
    write('a.md', '# A\n\nText A.\n');
    write('node_modules/dep/readme.md', '# Not ours\n');
    write('build/out.md', '# Built\n');
    await vscode.commands.executeCommand('docIngest.ingestWorkspace');
    const paths = w.api.results.results().map((r) => r.file.relativePath);
    for (const expected of ['README.md', 'guide/faq.md', 'guide/getting-started.md', 'samples/crlf.md', 'batch-tmp/a.md']) {
      assert.ok(paths.includes(expected), `${expected} in ${paths.join(', ')}`);
    }
    assert.deepEqual(paths.filter((p) => /node_modules|build\/|\.png$/.test(p)), [], 'excluded and non-matching files are left out');
    const summary = w.messages.of('info').find((m) => m.startsWith('Ingested the workspace:'));
    assert.ok(summary, w.messages.shown.map((m) => m.message).join(' | '));
    const c = /(\d+) created, (\d+) updated/.exec(summary) ?? [];
    assert.equal(Number(c[1]) + Number(c[2]), ingestionRequests(w.service).length, 'the summary counts what was sent');
  });
});
