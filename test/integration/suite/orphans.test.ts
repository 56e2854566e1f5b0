// Issue 24, item 4: "Doc Ingest: Find Orphans" lists what this workspace published and no file builds any more,
// deletes only what the writer picked and confirmed, makes the ledger forget only what the server confirmed gone,
// never looks during a run or after one that could not read a file's id (issue 38), and never offers a document the workspace did not publish.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { jsonFileLedgerStorage, Ledger, ledgerScope } from '../../../src/core/ledger';
import { connect, setSettings, stubQuickPick, until, useWorld, workspaceUri } from './helpers';
import type { World } from './helpers';

/** The settings these tests change (the shared helpers reset only their own). */
const OURS = ['include', 'idPrefix'];
const CLI = path.resolve(__dirname, '../../../../dist/cli.js');

describe('Find Orphans (issue 24)', function () {
  this.timeout(60_000);
  const w = useWorld({ dialect: 'observed' });
  let folder = '';
  let n = 0;

  beforeEach(async () => {
    folder = `orphans-${process.pid}-${++n}`;
    await connect(w, 'admin');
    // Only this test's files: the fixture's other files must not claim ids or be sent.
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
  const remove = (name: string) => fs.rmSync(workspaceUri(`${folder}/${name}`).fsPath);
  const deletes = (world: World) => world.service.requests.filter((r) => r.method === 'DELETE');
  const pairListings = (world: World) => world.service.requests.filter((r) => r.method === 'GET' && r.path.includes('/connector-docs/'));
  const state = (uri: vscode.Uri) => w.api.freshness.decorations.stateOf(uri);
  const confirmDelete = () => {
    w.messages.answer = (m) => (/^Delete \d+ documents? from /.test(m.message) ? 'Delete' : undefined);
  };
  const confirmations = () => w.messages.shown.filter((m) => /^Delete \d+ documents? from /.test(m.message));
  /** The orphans' rows of the last list shown, as [label, description, detail]. */
  const rows = (shown: vscode.QuickPickItem[][]) =>
    (shown.at(-1) ?? []).filter((i) => i.kind !== vscode.QuickPickItemKind.Separator).map((i) => [i.label, i.description, i.detail]);

  /** The ids of the Documents view's rows, as the tree asks for them. */
  const documentRows = async () =>
    (await w.api.documents.getChildren()).flatMap((n) => (n.kind === 'document' && n.row.documentId.startsWith(folder) ? [n.row.documentId] : []));

  async function publish(): Promise<void> {
    await vscode.commands.executeCommand('docIngest.ingestWorkspace');
    assert.ok(w.messages.of('info').some((m) => /^Ingested the workspace: .* 0 failed\.$/.test(m)), w.messages.shown.map((m) => m.message).join(' | '));
  }

  it('lists a published file deleted on disk with its reason; confirmed, its document leaves the service and the ledger', async () => {
    write('keep.md', '# Keep\n\nStays.\n');
    const gone = write('guide/old.md', '# Old Page\n\nWill be deleted.\n');
    await publish();
    const id = `${folder}~guide~old.md`;
    assert.ok(w.service.document(id), 'published');
    remove('guide/old.md');
    await vscode.commands.executeCommand('docIngest.documents.refresh');
    assert.ok((await documentRows()).includes(id), 'the Documents view lists it');
    w.service.clearRequests();
    const pick = stubQuickPick(w.stubs, () => true);
    confirmDelete();

    await vscode.commands.executeCommand('docIngest.findOrphans');

    assert.deepEqual(rows(pick.shown), [['Old Page', id, `${folder}/guide/old.md is gone`]]);
    assert.equal(confirmations().length, 1);
    assert.equal((confirmations()[0]?.options[0] as vscode.MessageOptions).modal, true, 'a modal confirmation');
    assert.match(confirmations()[0]?.message ?? '', new RegExp(`^Delete 1 document from ${w.service.baseUrl.replace(/[.]/g, '\\.')}\\?$`));
    assert.deepEqual(deletes(w).map((r) => r.path), [`/api/onyx-api/ingestion/${encodeURIComponent(id)}`]);
    assert.equal(pairListings(w).length, 1, 'the pair is listed once');
    assert.deepEqual(await documentRows(), [`${folder}~keep.md`], 'its row left the Documents view, which did not list again');
    assert.equal(pairListings(w).length, 1);
    assert.equal(w.service.document(id), undefined, 'gone from the service');
    assert.ok(w.service.document(`${folder}~keep.md`), 'the other document stays');
    const summary = w.messages.of('info').find((m) => /^Orphans deleted from .*: 1\.$/.test(m));
    assert.ok(summary, w.messages.shown.map((m) => m.message).join(' | '));
    // The ledger forgot it: the same file back counts as never ingested (not as unchanged).
    fs.mkdirSync(path.dirname(gone.fsPath), { recursive: true });
    fs.writeFileSync(gone.fsPath, '# Old Page\n\nWill be deleted.\n');
    assert.equal(await state(gone), 'never');
  });

  it('Cancel at the confirmation sends no DELETE: the document and the ledger entry stay', async () => {
    const gone = write('old.md', '# Old\n\nText.\n');
    await publish();
    remove('old.md');
    w.service.clearRequests();
    const pick = stubQuickPick(w.stubs, () => true);
    w.messages.answer = () => undefined; // Cancel

    await vscode.commands.executeCommand('docIngest.findOrphans');

    assert.equal(rows(pick.shown).length, 1);
    assert.equal(confirmations().length, 1, 'asked');
    assert.deepEqual(deletes(w), [], 'no DELETE reached the service');
    assert.ok(w.service.document(`${folder}~old.md`));
    fs.writeFileSync(gone.fsPath, '# Old\n\nText.\n');
    assert.equal(await state(gone), 'unchanged', 'the ledger still records it');
  });

  it('a delete that times out is reported as unknown and the ledger keeps the entry; once the pair no longer holds it, the ledger forgets it quietly', async () => {
    const gone = write('old.md', '# Old\n\nText.\n');
    await publish();
    remove('old.md');
    const id = `${folder}~old.md`;
    await setSettings({ requestTimeoutSeconds: 1 });
    // The server applies the delete, but answers after the client gave up: the outcome is unknown to the editor.
    w.service.faults.inject({ method: 'DELETE', delayMs: 2500 });
    stubQuickPick(w.stubs, () => true);
    confirmDelete();

    await vscode.commands.executeCommand('docIngest.findOrphans');

    const summary = w.messages.shown.at(-1);
    assert.equal(summary?.level, 'warning');
    assert.match(summary?.message ?? '', new RegExp(`: 0\\. Failed: 1; the first: The server did not answer the delete of "${id}" in time: it may or may not have been deleted\\.$`));
    assert.deepEqual(summary?.options, ['Show Log']);
    fs.writeFileSync(gone.fsPath, '# Old\n\nText.\n');
    assert.equal(await state(gone), 'unchanged', 'unknown is not done: the ledger keeps the entry');

    await until(() => !w.service.document(id), 'the late delete to apply');
    fs.rmSync(gone.fsPath);
    const shownBefore = w.messages.shown.length;
    await vscode.commands.executeCommand('docIngest.findOrphans');
    assert.match(w.messages.shown.slice(shownBefore).map((m) => m.message).join(' | '), /^No orphans at /);
    fs.writeFileSync(gone.fsPath, '# Old\n\nText.\n');
    assert.equal(await state(gone), 'never', 'the pair no longer holds it: forgotten');
  });

  it('in an untrusted workspace only what this editor published counts: a repository\'s .doc-ingest/ledger.json and the id prefix offer nothing', async () => {
    write('a.md', '# A\n\nA.\n');
    await publish();
    // A repository that names another team's documents as its own, and their prefix as its id prefix.
    await ingestElsewhere(w, 'other-team~page.md', 'Other Team');
    await ingestElsewhere(w, 'team~left-behind.md', 'Left Behind');
    const ledgerFile = workspaceUri('.doc-ingest/ledger.json').fsPath;
    const planted = await Ledger.open(jsonFileLedgerStorage(ledgerFile));
    planted.record(ledgerScope(w.service.baseUrl, undefined), { documentId: 'other-team~page.md', sourcePath: `${folder}/never-here.md`, sourceHash: '0'.repeat(64), payloadHash: '0'.repeat(64) });
    await planted.close();
    w.stubs.onRestore(() => fs.rmSync(path.dirname(ledgerFile), { recursive: true, force: true }));
    await setSettings({ idPrefix: 'team' });
    const pick = stubQuickPick(w.stubs, () => false);

    // Trusted: the repository's ledger and the prefix are the workspace's word (nothing is picked here).
    await vscode.commands.executeCommand('docIngest.findOrphans');
    const aNow = ['A', `${folder}~a.md`, `${folder}/a.md now builds “team~${folder}~a.md”`];
    assert.deepEqual(rows(pick.shown), [aNow, ['Other Team', 'other-team~page.md', `${folder}/never-here.md is gone`], ['Left Behind', 'team~left-behind.md', 'no file builds it (id prefix team~)']]);

    // Untrusted: only this editor's own record counts, and the list says what was not read.
    distrust(w);
    await vscode.commands.executeCommand('docIngest.findOrphans');
    assert.deepEqual(rows(pick.shown), [aNow]);
    const notes = (pick.shown.at(-1) ?? []).filter((i) => i.kind === vscode.QuickPickItemKind.Separator).map((i) => i.label);
    assert.deepEqual(notes, ['The command line\'s ledger .doc-ingest/ledger.json is not read in an untrusted workspace.']);
    assert.deepEqual(deletes(w), []);
  });

  it('after a finished batch with a failed send it looks (the failed page keeps its document); it refuses while a batch runs and after a batch that could not read a file\'s id, saying what to do (issue 38, item 4)', async () => {
    write('a.md', '# A\n\nA.\n');
    write('old.md', '# Old\n\nText.\n');
    await publish();
    remove('old.md');
    write('a.md', '# A\n\nA, changed.\n');
    w.service.faults.inject({ path: `/${w.service.ingestionPath}`, status: 400, body: { detail: 'refused for this test' } });
    await vscode.commands.executeCommand('docIngest.ingestChangedFiles');
    assert.ok(w.messages.of('warning').some((m) => /1 failed/.test(m)), 'the batch failed');
    w.service.faults.clear();
    const pick = stubQuickPick(w.stubs, () => false);

    // A failed send is no reason to refuse: a.md's id was read, so only old.md is an orphan.
    await vscode.commands.executeCommand('docIngest.findOrphans');
    assert.deepEqual(rows(pick.shown).map((r) => r[1] ?? r[0]), [`${folder}~old.md`]);

    // A file whose id cannot be read: the run does not know what the workspace builds.
    write('broken.md', '---\nid: [unclosed\n---\n# Broken\n');
    await vscode.commands.executeCommand('docIngest.ingestChangedFiles');
    w.service.clearRequests();
    const shownBefore = pick.shown.length;
    await vscode.commands.executeCommand('docIngest.findOrphans');
    const refusal = w.messages.of('warning').at(-1) ?? '';
    assert.match(refusal, new RegExp(`^Find Orphans cannot tell which documents are orphans: the last batch \\(changed files \\(1 changed, 1 never sent\\)\\) did not read the document id of 1 file \\(${folder}/broken\\.md\\), so it does not know what the workspace builds\\. Fix those files \\(see the Results view\\), or run the batch to the end, then run Find Orphans again\\.$`));
    assert.equal(pick.shown.length, shownBefore, 'nothing listed');
    assert.deepEqual(w.service.requests, [], 'nothing asked or sent');

    // While a batch runs.
    remove('broken.md');
    write('a.md', '# A\n\nA, changed again.\n');
    w.service.faults.inject({ path: `/${w.service.ingestionPath}`, delayMs: 600_000, times: Infinity });
    const running = vscode.commands.executeCommand('docIngest.ingestChangedFiles');
    await until(() => w.api.batches.busy && w.service.ingestionStats.inFlight > 0, 'the batch to send');
    await vscode.commands.executeCommand('docIngest.findOrphans');
    assert.match(w.messages.of('warning').at(-1) ?? '', /^Find Orphans waits while a batch runs: until every file is read, it cannot tell which documents are orphans\./);
    w.api.batches.cancel();
    await running;
    assert.equal(pick.shown.length, shownBefore, 'nothing listed');
    assert.deepEqual(deletes(w), []);

    // Cancelled after every file was read: it looks again.
    w.service.faults.clear();
    await vscode.commands.executeCommand('docIngest.findOrphans');
    assert.deepEqual(rows(pick.shown).map((r) => r[1] ?? r[0]), [`${folder}~old.md`]);
  });

  it('in a multi-root workspace reads a second folder and the command line\'s .doc-ingest/ledger.json, without writing it', async () => {
    write('web/page.md', '# Page\n\nWeb.\n');
    write('web/gone.md', '# Web Gone\n\nWeb, deleted later.\n');
    write('api/kept.md', '# Kept\n\nPublished by the command line, still there.\n');
    write('api/old.md', '# Api Old\n\nPublished by the command line, deleted later.\n');
    // The command line publishes the api folder from its own root, as CI would: ids without the folder's label.
    const cli = await runCli(['ingest', '--concurrency', '1'], workspaceUri(`${folder}/api`).fsPath, w);
    assert.equal(cli.code, 0, cli.stderr);
    const cliLedger = workspaceUri(`${folder}/api/.doc-ingest/ledger.json`).fsPath;
    assert.ok(fs.existsSync(cliLedger), 'the command line wrote its ledger');
    assert.ok(w.service.document('old.md') && w.service.document('kept.md'), 'published by the command line');
    // From here on workspaceUri() would resolve under the first of the two folders: paths are taken before.
    const [webGone, apiOld] = [workspaceUri(`${folder}/web/gone.md`), workspaceUri(`${folder}/api/old.md`)];
    twoFolders(w, folder);
    await setSettings({ include: ['**/*.md'] });
    // The editor publishes both folders, under its own ids (with the folder's label).
    await vscode.commands.executeCommand('docIngest.ingestWorkspace');
    assert.ok(w.service.document('web~gone.md') && w.service.document('api~old.md'), w.messages.shown.map((m) => m.message).join(' | '));
    fs.rmSync(webGone.fsPath);
    fs.rmSync(apiOld.fsPath);
    const before = fs.readFileSync(cliLedger);
    w.service.clearRequests();
    const pick = stubQuickPick(w.stubs, () => true);
    confirmDelete();

    await vscode.commands.executeCommand('docIngest.findOrphans');

    assert.deepEqual(rows(pick.shown), [
      ['Api Old', 'api~old.md', 'api/old.md is gone'],
      ['Api Old', 'old.md', 'api/old.md is gone'],
      ['Web Gone', 'web~gone.md', 'web/gone.md is gone'],
    ], 'api/kept.md builds api~kept.md in the editor, but the command line\'s kept.md is no evidence of a rename');
    assert.deepEqual(deletes(w).map((r) => r.path).sort(), ['/api/onyx-api/ingestion/api~old.md', '/api/onyx-api/ingestion/old.md', '/api/onyx-api/ingestion/web~gone.md']);
    for (const id of ['api~old.md', 'old.md', 'web~gone.md']) assert.equal(w.service.document(id), undefined, id);
    for (const id of ['kept.md', 'api~kept.md', 'web~page.md']) assert.ok(w.service.document(id), id);
    assert.deepEqual(fs.readFileSync(cliLedger), before, 'the command line\'s ledger is only read');
  });

  it('a document of the pair this workspace never published is never listed without a prefix; with the workspace\'s own prefix, one under it is', async () => {
    write('a.md', '# A\n\nA.\n');
    await publish();
    // Another team's pages in the same pair, one named as a path of this folder would be.
    await ingestElsewhere(w, `${folder}~stranger.md`, 'Stranger');
    await ingestElsewhere(w, 'team~left-behind.md', 'Left Behind');
    w.service.clearRequests();
    const pick = stubQuickPick(w.stubs, () => true);
    confirmDelete();

    await vscode.commands.executeCommand('docIngest.findOrphans');
    assert.deepEqual(pick.shown, [], 'no list');
    assert.ok(w.messages.of('info').some((m) => /^No orphans at .*: every document this workspace published is still built by one of its files\.$/.test(m)));
    assert.deepEqual(deletes(w), []);

    // With idPrefix "team" the workspace's ids start with "team~": the pair's document under it that no file builds
    // is a candidate (and the old, unprefixed id of a.md now has another id); the stranger is still not.
    await setSettings({ idPrefix: 'team' });
    w.messages.answer = () => undefined;
    await vscode.commands.executeCommand('docIngest.findOrphans');
    assert.deepEqual(rows(pick.shown), [
      ['A', `${folder}~a.md`, `${folder}/a.md now builds “team~${folder}~a.md”`],
      ['Left Behind', 'team~left-behind.md', 'no file builds it (id prefix team~)'],
    ]);
    assert.deepEqual(deletes(w), [], 'cancelled: nothing sent');
  });

  describe('only what is ours (issue 34)', () => {
    it('a glued id prefix offers a document under a folder of the workspace, never another team\'s id that starts with the same letters', async () => {
      await setSettings({ idPrefix: 'team-' });
      write('a.md', '# A\n\nA.\n');
      await publish();
      assert.ok(w.service.document(`team-${folder}~a.md`));
      await ingestElsewhere(w, 'team-legacy~faq.md', 'Legacy FAQ');
      await ingestElsewhere(w, 'teamwork~notes.md', 'Teamwork');
      await ingestElsewhere(w, `team-${folder}~old.md`, 'Old');
      const pick = stubQuickPick(w.stubs, () => false);
      await vscode.commands.executeCommand('docIngest.findOrphans');
      assert.deepEqual(rows(pick.shown), [['Old', `team-${folder}~old.md`, 'no file builds it (id prefix team-)']]);
    });

    it('a file left out by the include globs, or stored under a decomposed (NFD) name, is never offered: it still builds its id', async () => {
      await setSettings({ idPrefix: 'team' });
      write('a.md', '# A\n\nA.\n');
      write('left-out.md', '# Left out\n\nL.\n');
      write('cafe\u0301.md', '# Café\n\nC.\n');
      await publish();
      const ids = w.service.documents().map((d) => d.id).filter((id) => id.startsWith(`team~${folder}~`)).sort();
      assert.equal(ids.length, 3, ids.join(' '));
      // A lost ledger elsewhere: the same pages also sent by another tool under the ids their paths build.
      await ingestElsewhere(w, `team~${folder}~left-out.md`, 'Left out');
      await setSettings({ include: [`${folder}/a.md`] });
      w.service.clearRequests();
      const pick = stubQuickPick(w.stubs, () => true);
      confirmDelete();
      await vscode.commands.executeCommand('docIngest.findOrphans');
      assert.deepEqual(pick.shown, [], 'nothing to offer');
      assert.deepEqual(deletes(w), []);
      for (const id of ids) assert.ok(w.service.document(id), id);
    });

    it('the command line\'s ledger from CI with another id prefix offers nothing while its files are there', async () => {
      write('a.md', '# A\n\nA.\n');
      write('b.md', '# B\n\nB.\n');
      const root = workspaceUri('').fsPath;
      const cliLedger = path.join(root, '.doc-ingest', 'ledger.json');
      const cli = await runCli(['ingest', '--include', `${folder}/**/*.md`], root, w, { DOC_INGEST_ID_PREFIX: 'ci' });
      try {
        assert.equal(cli.code, 0, cli.stderr);
        assert.ok(w.service.document(`ci~${folder}~a.md`), 'published by the command line');
        await publish();
        const pick = stubQuickPick(w.stubs, () => true);
        confirmDelete();
        await vscode.commands.executeCommand('docIngest.findOrphans');
        assert.deepEqual(pick.shown, [], 'the editor building other ids is no evidence of a rename');
        assert.deepEqual(deletes(w), []);
        remove('b.md');
        await vscode.commands.executeCommand('docIngest.findOrphans');
        assert.deepEqual(rows(pick.shown).map((r) => r[1]).sort(), [`ci~${folder}~b.md`, `${folder}~b.md`], 'a file that is gone still counts');
      } finally {
        fs.rmSync(path.dirname(cliLedger), { recursive: true, force: true });
      }
    });

    it('a gateway\'s 404 on a delete is a failure, not "already gone": the ledger keeps the entry', async () => {
      const gone = write('old.md', '# Old\n\nText.\n');
      await publish();
      remove('old.md');
      w.service.faults.inject({ method: 'DELETE', status: 404, body: '404 page not found' });
      stubQuickPick(w.stubs, () => true);
      confirmDelete();
      await vscode.commands.executeCommand('docIngest.findOrphans');
      assert.ok(w.service.document(`${folder}~old.md`), 'still held');
      assert.ok(w.messages.shown.some((m) => /without the service's "document not found"/.test(m.message)), w.messages.shown.map((m) => m.message).join(' | '));
      fs.writeFileSync(gone.fsPath, '# Old\n\nText.\n');
      assert.equal(await state(gone), 'unchanged', 'the ledger still records it');
    });
  });
});

/** `workspaceFolders` and `getWorkspaceFolder` as in a workspace of two folders, `api` and `web`, inside `folder`. */
function twoFolders(w: World, folder: string): void {
  const base = workspaceUri(folder);
  const folders: vscode.WorkspaceFolder[] = [
    { uri: vscode.Uri.joinPath(base, 'api'), name: 'api', index: 0 },
    { uri: vscode.Uri.joinPath(base, 'web'), name: 'web', index: 1 },
  ];
  const of = (uri: vscode.Uri) => folders.find((f) => uri.toString() === f.uri.toString() || uri.toString().startsWith(`${f.uri.toString()}/`));
  for (const [name, value] of [['workspaceFolders', folders], ['getWorkspaceFolder', of]] as const) {
    const had = Object.getOwnPropertyDescriptor(vscode.workspace, name);
    Object.defineProperty(vscode.workspace, name, { get: () => value, configurable: true });
    w.stubs.onRestore(() => (had ? Object.defineProperty(vscode.workspace, name, had) : delete (vscode.workspace as unknown as Record<string, unknown>)[name]));
  }
}

/** `vscode.workspace.isTrusted` reads false until the test's end. */
function distrust(w: World): void {
  const trusted = Object.getOwnPropertyDescriptor(vscode.workspace, 'isTrusted');
  Object.defineProperty(vscode.workspace, 'isTrusted', { get: () => false, configurable: true });
  w.stubs.onRestore(() => (trusted ? Object.defineProperty(vscode.workspace, 'isTrusted', trusted) : delete (vscode.workspace as { isTrusted?: boolean }).isTrusted));
  assert.equal(vscode.workspace.isTrusted, false);
}

/** A document pushed into the default pair by someone else, through the ingestion route. */
async function ingestElsewhere(w: World, id: string, title: string): Promise<void> {
  const response = await fetch(`${w.service.baseUrl}/${w.service.ingestionPath}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${w.service.keys.admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ document: { id, semantic_identifier: title, sections: [{ text: `${title}.` }], metadata: {}, source: 'file' } }),
  });
  assert.equal(response.status, 200, await response.text());
}

/** The built command line (`dist/cli.js`) as a child process in `root`, with the service's admin key. */
function runCli(args: string[], root: string, w: World, extra: Record<string, string> = {}): Promise<{ code: number | null; stderr: string }> {
  const env = {
    ...extra,
    PATH: process.env.PATH ?? '',
    HOME: root,
    // The extension host's executable is Node in code-server and Electron on the desktop: run as Node either way.
    ELECTRON_RUN_AS_NODE: '1',
    DOC_INGEST_BASE_URL: w.service.baseUrl,
    DOC_INGEST_API_KEY: w.service.keys.admin,
    DOC_INGEST_ROOT: root,
    DOC_INGEST_INGESTION_PATH: w.service.ingestionPath,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stderr }));
  });
}
