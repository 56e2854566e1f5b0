// F10 freshness: Explorer badges for files never ingested or changed since, "Ingest Changed Files", and ingest on
// save, against the local service. Each test works in its own folder of the fixture workspace, deleted after it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { SaveOutcome } from '../../../src/extension/freshness/ingestOnSave';
import { connect, ingestionRequests, openEditor, setSettings, until, useWorld, workspaceUri } from './helpers';

/** The settings these tests change (the shared helpers reset only their own). */
const OURS = ['ingestOnSave', 'decorations.enabled', 'include'];

describe('F10 freshness', () => {
  const w = useWorld({ dialect: 'observed' });
  let folder = '';
  let n = 0;

  beforeEach(async () => {
    folder = `fresh-${process.pid}-${++n}`;
    await connect(w, 'admin');
  });
  afterEach(async () => {
    await setSettings(Object.fromEntries(OURS.map((k) => [k, undefined])));
    fs.rmSync(workspaceUri(folder).fsPath, { recursive: true, force: true });
  });

  /** Writes a file of this test's folder on disk; returns its uri. */
  const write = (name: string, text: string): vscode.Uri => {
    const uri = workspaceUri(`${folder}/${name}`);
    fs.mkdirSync(path.dirname(uri.fsPath), { recursive: true });
    fs.writeFileSync(uri.fsPath, text);
    return uri;
  };
  const state = (uri: vscode.Uri) => w.api.freshness.decorations.stateOf(uri);
  const badge = async (uri: vscode.Uri) => (await w.api.freshness.decorations.provideFileDecoration(uri))?.badge;
  const sentIds = (from = 0): string[] =>
    ingestionRequests(w.service).slice(from).map((r) => (r.json as { document: { id: string } }).document.id).sort();
  const idOf = (name: string) => `${folder}~${name}`;

  /** Replaces the editor's text and saves it. */
  const editAndSave = async (shown: vscode.TextEditor, text: string) => {
    // Shown again: an editor another one covered is closed as a TextEditor.
    const editor = await vscode.window.showTextDocument(shown.document, { preview: false });
    const all = new vscode.Range(editor.document.positionAt(0), editor.document.positionAt(editor.document.getText().length));
    assert.ok(await editor.edit((e) => e.replace(all, text)));
    const saved = await editor.document.save();
    assert.ok(saved, `save: dirty=${editor.document.isDirty} closed=${editor.document.isClosed} disk=${JSON.stringify(fs.readFileSync(editor.document.uri.fsPath, 'utf8'))} text=${JSON.stringify(editor.document.getText())}`);
  };

  it('marks files never ingested (N), changed since (~), and nothing on unchanged ones, after a batch and after an edit and save', async () => {
    const a = write('a.md', '# A\n\nFirst.\n');
    const b = write('b.md', '# B\n\nSecond.\n');
    const other = write('data.json', '{}');
    assert.equal(await state(a), 'never');
    assert.equal(await badge(a), 'N');
    assert.equal(await state(other), undefined, 'a file outside the include globs gets no badge');

    const editor = await openEditor(`${folder}/a.md`);
    await vscode.commands.executeCommand('docIngest.ingestFolder', workspaceUri(folder));
    assert.deepEqual(sentIds(), [idOf('a.md'), idOf('b.md')]);
    assert.equal(await state(a), 'unchanged');
    assert.equal(await badge(a), undefined, 'an unchanged file has no badge');
    assert.equal(await state(b), 'unchanged');

    await editAndSave(editor, '# A\n\nFirst, edited.\n');
    assert.equal(await state(a), 'changed');
    assert.equal(await badge(a), '~');
    assert.equal(await state(b), 'unchanged');

    // Ingest Current File on the saved file records it in the ledger too.
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    assert.equal(w.results()[0]?.outcome, 'updated');
    assert.equal(await state(a), 'unchanged');

    // A change made outside the editor shows too.
    fs.writeFileSync(b.fsPath, '# B\n\nSecond, edited on disk.\n');
    await until(async () => (await state(b)) === 'changed', 'the change on disk to show');
  });

  it('a docs site\'s partial gets no badge, as a batch never sends it; once no site is there, it does', async () => {
    const config = (docs: string) => `module.exports = { url: 'https://docs.example.com', baseUrl: '/', presets: [['classic', { docs: { path: '${docs}' } }]] };\n`;
    const site = write('docusaurus.config.js', config('docs'));
    const page = write('docs/install.mdx', "import Setup from './_setup.mdx';\n\n# Install\n\n<Setup />\n");
    const partial = write('docs/_setup.mdx', 'Run `acme init` first.\n');
    assert.equal(await badge(page), 'N');
    assert.equal(await state(partial), undefined, 'a partial is never sent, so it is never new');
    // Issue 35: its folder is no docs folder of the site any more, so no site publishes it and a batch leaves it
    // out: still no badge.
    write('docusaurus.config.js', config('content'));
    await until(async () => (await state(page)) === undefined, 'the page, now in no docs folder, to lose its badge');
    assert.equal(await state(partial), undefined);
    // Without a site, it is a file like any other, which a batch sends.
    fs.rmSync(site.fsPath);
    await until(async () => (await state(partial)) === 'never', 'the partial to be an ordinary file once the site is gone');
    assert.equal(await badge(partial), 'N');
  });

  it('announces a change of the ledger to the Explorer', async () => {
    const a = write('a.md', '# A\n');
    assert.equal(await state(a), 'never');
    const announced: string[] = [];
    const sub = w.api.freshness.decorations.onDidChangeFileDecorations((e) => {
      for (const u of e === undefined ? [] : Array.isArray(e) ? e : [e]) announced.push(u.toString());
    });
    w.stubs.onRestore(() => sub.dispose());
    await vscode.commands.executeCommand('docIngest.ingestFolder', workspaceUri(folder));
    await until(() => announced.includes(a.toString()), 'the decoration of a.md to be refreshed');
  });

  it('Ingest Changed Files sends exactly the files never ingested and those changed since', async () => {
    write('a.md', '# A\n\nFirst.\n');
    write('b.md', '# B\n\nSecond.\n');
    await vscode.commands.executeCommand('docIngest.ingestWorkspace');
    const before = ingestionRequests(w.service).length;
    assert.ok(before >= 2);

    write('a.md', '# A\n\nFirst, changed.\n');
    write('c.md', '# C\n\nNew.\n');
    await vscode.commands.executeCommand('docIngest.ingestChangedFiles');
    assert.deepEqual(sentIds(before), [idOf('a.md'), idOf('c.md')]);

    // Nothing changed in the folder: nothing is sent, and the writer is told so.
    await setSettings({ include: [`${folder}/**/*.md`] });
    const after = ingestionRequests(w.service).length;
    await vscode.commands.executeCommand('docIngest.ingestChangedFiles');
    assert.equal(ingestionRequests(w.service).length, after);
    assert.ok(w.messages.of('info').includes('Every file is as last ingested.'), JSON.stringify(w.messages.shown));
  });

  it('a page with no text (empty, or front matter only) is neither new nor changed, as the batch skips it: no badge, nothing for Ingest Changed Files', async () => {
    await setSettings({ include: [`${folder}/**/*.md`] });
    write('guide.md', '# Guide\n\nText.\n');
    const empty = write('empty.md', '\n  \n');
    const soon = write('soon.md', '---\ntitle: Soon\n---\n');
    await vscode.commands.executeCommand('docIngest.ingestFolder', workspaceUri(folder));
    assert.deepEqual(sentIds(), [idOf('guide.md')]);
    assert.deepEqual(w.api.results.results().map((r) => [r.file.relativePath, r.outcome]).sort(), [[`${folder}/empty.md`, 'skipped'], [`${folder}/guide.md`, 'created'], [`${folder}/soon.md`, 'skipped']]);
    assert.equal(await badge(empty), undefined);
    assert.equal(await badge(soon), undefined);

    const sent = ingestionRequests(w.service).length;
    await vscode.commands.executeCommand('docIngest.ingestChangedFiles');
    assert.equal(ingestionRequests(w.service).length, sent);
    assert.ok(w.messages.of('info').includes('Every file is as last ingested.'), JSON.stringify(w.messages.shown));

    // Text written into it: a new page like any other.
    write('soon.md', '---\ntitle: Soon\n---\nNow here.\n');
    await until(async () => (await badge(soon)) === 'N', 'soon.md to be marked new once it has text');
  });

  it('ingest on save sends once after several quick saves, quietly', async () => {
    await setSettings({ ingestOnSave: true });
    write('a.md', '# A\n');
    const settled: SaveOutcome[] = [];
    const sub = w.api.freshness.onSave.onDidSettle((s) => settled.push(s));
    w.stubs.onRestore(() => sub.dispose());
    const editor = await openEditor(`${folder}/a.md`);
    const shown = w.messages.shown.length;
    for (const text of ['# A\n\none\n', '# A\n\ntwo\n', '# A\n\nthree\n']) await editAndSave(editor, text);

    await until(() => settled.length > 0, 'the save to be ingested', 10_000);
    assert.deepEqual(settled.map((s) => s.outcome), ['sent']);
    const requests = ingestionRequests(w.service);
    assert.equal(requests.length, 1, 'one request for three saves');
    assert.match(JSON.stringify(requests[0]?.json), /three/);
    assert.equal(await state(editor.document.uri), 'unchanged');
    assert.deepEqual(w.messages.shown.slice(shown), [], 'no notification on success');
  });

  /** Each save's outcomes, in order, as IngestOnSave settles them. */
  const watchSaves = () => {
    const settled: SaveOutcome[] = [];
    const sub = w.api.freshness.onSave.onDidSettle((s) => settled.push(s));
    w.stubs.onRestore(() => sub.dispose());
    return {
      settled,
      of: (uri: vscode.Uri) => settled.filter((s) => s.uri.toString() === uri.toString()).map((s) => s.outcome),
    };
  };
  /** The ingestion requests for one document id. */
  const requestsFor = (id: string) => ingestionRequests(w.service).filter((r) => (r.json as { document: { id: string } }).document.id === id);

  it('ingest on save: Save All on three changed files sends all three', async () => {
    await setSettings({ ingestOnSave: true });
    const names = ['a.md', 'b.md', 'c.md'];
    for (const name of names) write(name, `# ${name}\n`);
    const saves = watchSaves();
    const documents: vscode.TextDocument[] = [];
    const edit = new vscode.WorkspaceEdit();
    for (const name of names) {
      const document = (await openEditor(`${folder}/${name}`)).document;
      documents.push(document);
      edit.insert(document.uri, document.positionAt(document.getText().length), '\nChanged before Save All.\n');
    }
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.ok(documents.every((d) => d.isDirty), 'three unsaved editors');
    const shown = w.messages.shown.length;
    await vscode.commands.executeCommand('workbench.action.files.saveAll');
    assert.ok(documents.every((d) => !d.isDirty), 'Save All saved the three');

    const final = () => documents.filter((d) => saves.of(d.uri).some((o) => o !== 'queued')).length;
    await until(() => final() === 3, 'the three saves to be decided', 15_000);
    assert.deepEqual(sentIds(), names.map(idOf));
    for (const name of names) assert.match(JSON.stringify(requestsFor(idOf(name))[0]?.json), /Changed before Save All/);
    assert.deepEqual(w.messages.shown.slice(shown), [], 'quietly');
  });

  it('ingest on save: files saved during a batch are sent after it, once each with their latest bytes, and a file deleted meanwhile not at all', async () => {
    await setSettings({ ingestOnSave: true });
    write('a.md', '# A\n');
    write('d.md', '# D\n');
    write('batch/b.md', '# B\n');
    write('batch/c.md', '# C\n');
    const saves = watchSaves();
    let batchEnded: Date | undefined;
    const ends = w.api.batches.onDidEnd(() => (batchEnded ??= new Date()));
    w.stubs.onRestore(() => ends.dispose());
    const a = await openEditor(`${folder}/a.md`);
    const d = await openEditor(`${folder}/d.md`);
    w.service.setIngestLatency(4_000);

    const batch = vscode.commands.executeCommand('docIngest.ingestFolder', workspaceUri(`${folder}/batch`));
    await until(() => w.api.batches.busy, 'the batch to start');
    await editAndSave(a, '# A\n\nFirst save during the batch.\n');
    await editAndSave(d, '# D\n\nSaved, then deleted.\n');
    await until(() => saves.of(a.document.uri).includes('queued') && saves.of(d.document.uri).includes('queued'), 'both saves to wait for the batch', 10_000);
    await editAndSave(a, '# A\n\nSecond save during the batch.\n');
    fs.rmSync(d.document.uri.fsPath);
    assert.ok(w.api.batches.busy, 'the batch still runs: the saves came during it');
    assert.deepEqual(requestsFor(idOf('a.md')), [], 'nothing sent for a.md during the batch');

    await batch;
    w.service.setIngestLatency(0);
    await until(() => saves.of(a.document.uri).includes('sent') && saves.of(d.document.uri).includes('dropped'), 'the waiting saves to be sent', 15_000);
    assert.deepEqual(sentIds(), [idOf('a.md'), idOf('batch~b.md'), idOf('batch~c.md')], 'a.md once, d.md never');
    const [sentA] = requestsFor(idOf('a.md'));
    assert.match(JSON.stringify(sentA?.json), /Second save during the batch/);
    assert.ok(batchEnded && sentA && sentA.time >= batchEnded, 'a.md was sent after the batch ended');
    assert.deepEqual(saves.of(d.document.uri), ['queued', 'dropped']);
  });

  it('ingest on save without a server says so once across two saves, with no unhandled rejection, and sends again once a server is set', async () => {
    await setSettings({ ingestOnSave: true });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    w.stubs.onRestore(() => process.off('unhandledRejection', onUnhandled));
    await setSettings({ baseUrl: undefined });
    assert.equal(await w.api.connection.refresh(), 'needsServer');
    write('a.md', '# A\n');
    const saves = watchSaves();
    const editor = await openEditor(`${folder}/a.md`);

    for (const text of ['# A\n\nFirst save.\n', '# A\n\nSecond save.\n']) {
      const before = saves.settled.length;
      await editAndSave(editor, text);
      await until(() => saves.settled.length > before, 'the save to be decided', 10_000);
    }
    const errors = w.messages.of('error');
    assert.equal(errors.length, 1, `one message for two saves: ${JSON.stringify(errors)}`);
    assert.match(errors[0] ?? '', /a\.md.*No server is set/);
    assert.deepEqual(saves.of(editor.document.uri), ['notSent', 'notSent']);

    // The connection changed: saves are sent again.
    await setSettings({ baseUrl: w.service.baseUrl });
    await until(async () => w.api.connection.state === 'ready' || (await w.api.connection.refresh()) === 'ready', 'the connection to be ready');
    await editAndSave(editor, '# A\n\nThird save, with a server.\n');
    await until(() => saves.of(editor.document.uri).length === 3, 'the third save to be decided', 10_000);
    assert.deepEqual(sentIds(), [idOf('a.md')]);
    assert.equal(w.messages.of('error').length, 1);
    // Checked last: a rejection nobody handles is reported a turn after it happens.
    assert.deepEqual(unhandled.map(String), [], 'no unhandled rejection');
  });

  it('docIngest.decorations.enabled = false marks nothing', async () => {
    const a = write('a.md', '# A\n');
    assert.equal(await badge(a), 'N');
    await setSettings({ 'decorations.enabled': false });
    assert.equal(await state(a), undefined);
    assert.equal(await badge(a), undefined);
  });
});
