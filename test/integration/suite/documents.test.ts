// F13, what the service holds: the Documents view (its TreeDataProvider, as the tree calls it) against the local
// service, the Explorer's N badge once the view has listed, and Delete from Service with and without confirmation.
// Each test works in its own folder of the fixture workspace, deleted after it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { DocumentsNode } from '../../../src/extension/views/documentsView';
import { DOCUMENT_FILES_CONTEXT } from '../../../src/extension/views/heldDocuments';
import { connect, InputBoxes, setKey, setSettings, until, useWorld, workspaceUri, type Shown, type World } from './helpers';

/** The settings these tests change (the shared helpers reset only their own). */
const OURS = ['include'];

function label(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : item.label?.label ?? '';
}

function tooltipText(item: vscode.TreeItem): string {
  const t = item.tooltip;
  // MarkdownString.appendText escapes: read it back as the text a user sees.
  return typeof t === 'string' ? t : (t?.value ?? '').replace(/&nbsp;/g, ' ').replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, '$1');
}

/** The view's top-level nodes with their tree items, as the tree asks for them. */
async function listed(w: World): Promise<{ node: DocumentsNode; item: vscode.TreeItem }[]> {
  const nodes = await w.api.documents.getChildren();
  return Promise.all(nodes.map(async (node) => ({ node, item: await w.api.documents.getTreeItem(node) })));
}

/** Lists again and returns the rows. */
async function refreshed(w: World): Promise<{ node: DocumentsNode; item: vscode.TreeItem }[]> {
  await vscode.commands.executeCommand('docIngest.documents.refresh');
  return listed(w);
}

function row(rows: { node: DocumentsNode; item: vscode.TreeItem }[], documentId: string): { node: DocumentsNode; item: vscode.TreeItem } {
  const found = rows.find((r) => r.node.kind === 'document' && r.node.row.documentId === documentId);
  assert.ok(found, `a row for ${documentId} among ${rows.map((r) => label(r.item)).join(', ')}`);
  return found;
}

describe('F13 documents view and Delete from Service', () => {
  const w = useWorld({ dialect: 'observed' });
  let folder = '';
  let n = 0;

  beforeEach(async () => {
    folder = `documents-${process.pid}-${++n}`;
    await connect(w, 'admin');
    // Only this test's files: the fixture's other files must not claim ids.
    await setSettings({ include: [`${folder}/**/*.md`] });
  });
  afterEach(async () => {
    w.api.documents.setFilter('');
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
  const badge = async (uri: vscode.Uri) => (await w.api.freshness.decorations.provideFileDecoration(uri))?.badge;
  const listings = () => w.service.requests.filter((r) => r.method === 'GET' && r.path.includes('/connector-docs/'));
  const deletes = () => w.service.requests.filter((r) => r.method === 'DELETE');

  /** Publishes a document straight through the local service, as another client (CI) would: no ledger here knows it. */
  const publishElsewhere = async (id: string, title: string, ccPairId: number | null = null): Promise<void> => {
    const res = await fetch(`${w.service.baseUrl}/${w.service.ingestionPath}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${w.service.keys.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ document: { id, semantic_identifier: title, sections: [{ text: `The text of ${title}.`, link: `https://docs.example.com/${id}` }], metadata: {} }, cc_pair_id: ccPairId }),
    });
    assert.equal(res.status, 200, await res.text());
  };

  /** Answers the modal confirmation with `choice` (undefined: Cancel), recording what it asked. */
  const confirmWith = (choice: string | undefined): Shown[] => {
    const asked: Shown[] = [];
    w.messages.answer = (m) => {
      if (m.level !== 'warning') return undefined;
      asked.push(m);
      return choice;
    };
    return asked;
  };

  it('lists what the service holds for the pair, each document with its file: through the ledger, through the id its path builds, or not in this workspace', async () => {
    const a = write('a.md', '# Alpha\n\nSent from here.\n');
    const b = write('b.md', '# Beta\n\nPublished by CI.\n');
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile', a);
    assert.equal(w.results()[0]?.outcome, 'created', w.messages.of('error').join('; '));
    await publishElsewhere(idOf('b.md'), 'Beta from CI');
    await publishElsewhere('ci~retired-page.md', 'Retired page');
    await publishElsewhere('other-pair-page', 'In pair 2', 2);
    w.service.clearRequests();

    const rows = await refreshed(w);
    assert.deepEqual(rows.filter((r) => r.node.kind === 'document').map((r) => label(r.item)), ['Alpha', 'Beta from CI', 'Retired page'], 'pair 1 only, by title');
    assert.equal(listings().length, 1, 'one request');
    assert.match(listings()[0]!.path, /\/onyx-api\/connector-docs\/1$/, 'no pair set: the server\'s default pair');

    const alpha = row(rows, idOf('a.md')).item;
    assert.equal(alpha.description, idOf('a.md'), 'as sent: the id alone');
    assert.equal(alpha.contextValue, 'document');
    assert.equal(alpha.command?.command, 'vscode.open');
    assert.equal((alpha.command?.arguments?.[0] as vscode.Uri).toString(), a.toString(), 'a click opens the file');
    assert.match(tooltipText(alpha), new RegExp(`Id: ${idOf('a.md')}`));
    assert.match(tooltipText(alpha), new RegExp(`Source file: ${folder}/a\\.md`));

    const beta = row(rows, idOf('b.md')).item;
    assert.equal(beta.description, `${idOf('b.md')} · published elsewhere`);
    assert.equal((beta.command?.arguments?.[0] as vscode.Uri).toString(), b.toString());
    assert.match(tooltipText(beta), new RegExp(`Link: https://docs\\.example\\.com/${idOf('b.md')}`));

    const retired = row(rows, 'ci~retired-page.md').item;
    assert.equal(retired.description, 'ci~retired-page.md · not in this workspace');
    assert.equal(retired.command, undefined, 'nothing to open');
    assert.match(tooltipText(retired), /Source file: not in this workspace/);

    // A change on disk marks the row, without listing again.
    fs.writeFileSync(a.fsPath, '# Alpha\n\nChanged on disk.\n');
    await until(async () => row(await listed(w), idOf('a.md')).item.description === `${idOf('a.md')} · changed since sent`, 'the row to be marked changed');
    assert.equal(listings().length, 1, 'still one request');
    assert.deepEqual(w.messages.shown.filter((m) => m.level !== 'info'), [], 'no popups from the view');
  });

  it('shows the documents of one request a page at a time ("Load more" asks nothing), and filters them by title, id or file', async () => {
    await setSettings({ 'connectorFiles.pageSize': 50 });
    for (let i = 0; i < 120; i++) await publishElsewhere(`bulk-${String(i).padStart(3, '0')}`, `Bulk page ${i}`);
    w.service.clearRequests();
    let rows = await refreshed(w);
    assert.equal(rows.length, 51);
    const more = rows.at(-1)!.item;
    assert.equal(label(more), 'Load more (70 more)');
    await vscode.commands.executeCommand(more.command!.command, ...(more.command!.arguments ?? []));
    rows = await listed(w);
    assert.equal(rows.length, 101);
    assert.equal(listings().length, 1, 'Load more asks the server nothing');

    const boxes = new InputBoxes(w.stubs, ['BULK PAGE 11']);
    await vscode.commands.executeCommand('docIngest.documents.filter');
    assert.equal(boxes.asked.length, 1);
    assert.equal(w.context.last('docIngest.documents.filtered'), true);
    assert.deepEqual((await listed(w)).map((r) => label(r.item)), ['Bulk page 11', 'Bulk page 110', 'Bulk page 111', 'Bulk page 112', 'Bulk page 113', 'Bulk page 114', 'Bulk page 115', 'Bulk page 116', 'Bulk page 117', 'Bulk page 118', 'Bulk page 119']);
    await vscode.commands.executeCommand('docIngest.documents.clearFilter');
    assert.equal(w.context.last('docIngest.documents.filtered'), false);
  });

  it('the Explorer does not mark a file published by another client as never ingested once the view listed it', async () => {
    const c = write('c.md', '# Gamma\n\nPublished by CI.\n');
    const d = write('d.md', '# Delta\n\nNever published.\n');
    assert.equal(await badge(c), 'N');
    await publishElsewhere(idOf('c.md'), 'Gamma from CI');
    assert.equal(await badge(c), 'N', 'nothing here knows yet');

    const changes: string[] = [];
    const sub = w.api.freshness.decorations.onDidChangeFileDecorations((e) => changes.push(String(e)));
    w.stubs.onRestore(() => sub.dispose());
    await refreshed(w);
    await until(async () => (await badge(c)) === undefined, 'the N of c.md to go');
    assert.ok(changes.length > 0, 'the Explorer was told');
    assert.equal(await badge(d), 'N', 'a file the service does not hold keeps its N');
    assert.equal(await w.api.freshness.decorations.stateOf(c), 'never', 'the ledger still has no record: Ingest Changed Files still sends it');
  });

  it('Delete from Service on a row asks first, naming title, id and server, then deletes the listed id; the ledger forgets it and the row goes', async () => {
    const a = write('a.md', '# Alpha\n\nSent from here.\n');
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile', a);
    assert.equal(await w.api.freshness.decorations.stateOf(a), 'unchanged');
    // An id of another publisher, as the server stored it (spaces, %, / and unicode, normalised): deleted as listed.
    await publishElsewhere('odd id 100%/ünï~x', 'Odd one');
    const oddId = 'odd_id_100%25%2F%C3%BCn%C3%AF~x';
    assert.ok(w.service.document(oddId), 'stored under its normalised id');

    const asked = confirmWith('Delete');
    let rows = await refreshed(w);
    await vscode.commands.executeCommand('docIngest.deleteFromService', row(rows, idOf('a.md')).node);
    assert.equal(asked.length, 1);
    assert.equal(asked[0]!.message, `Delete "Alpha" (id ${idOf('a.md')}) from ${w.service.baseUrl}?`);
    assert.deepEqual(asked[0]!.options[0], { modal: true, detail: 'Search and chat will no longer find it. The file in the workspace stays as it is.' });
    assert.equal(w.service.document(idOf('a.md')), undefined, 'gone from the service');
    assert.deepEqual(deletes().map((r) => [r.path, r.status]), [[`/api/onyx-api/ingestion/${encodeURIComponent(idOf('a.md'))}`, 200]]);
    assert.equal(await w.api.freshness.decorations.stateOf(a), 'never', 'the ledger forgot it');
    assert.ok(fs.existsSync(a.fsPath), 'the file stays');
    rows = await listed(w);
    assert.ok(!rows.some((r) => r.node.kind === 'document' && r.node.row.documentId === idOf('a.md')), 'the row went without listing again');

    await vscode.commands.executeCommand('docIngest.deleteFromService', row(rows, oddId).node);
    assert.equal(asked[1]!.message, `Delete "Odd one" (id ${oddId}) from ${w.service.baseUrl}?`);
    assert.equal(w.service.document(oddId), undefined, 'the stored id round-tripped');
    assert.deepEqual(w.messages.of('error'), []);
  });

  it('Delete from Service: a gateway\'s plain-text 404 is a failure, not "already gone": the ledger keeps it and the row stays (issue 34)', async () => {
    const a = write('a.md', '# Alpha\n');
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile', a);
    confirmWith('Delete');
    const rows = await refreshed(w);
    w.service.faults.inject({ method: 'DELETE', status: 404, body: '404 page not found' });
    await vscode.commands.executeCommand('docIngest.deleteFromService', row(rows, idOf('a.md')).node);
    assert.ok(w.service.document(idOf('a.md')), 'still held');
    assert.equal(await w.api.freshness.decorations.stateOf(a), 'unchanged', 'the ledger kept it');
    assert.ok(w.messages.of('error').some((m) => /without the service's "document not found"/.test(m)), w.messages.shown.map((m) => m.message).join(' | '));
    assert.ok((await listed(w)).some((r) => r.node.kind === 'document' && r.node.row.documentId === idOf('a.md')), 'the row stays');
  });

  it('Delete from Service, cancelled, sends nothing and keeps the ledger', async () => {
    const a = write('a.md', '# Alpha\n');
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile', a);
    const asked = confirmWith(undefined);
    const rows = await refreshed(w);
    await vscode.commands.executeCommand('docIngest.deleteFromService', row(rows, idOf('a.md')).node);
    await vscode.commands.executeCommand('docIngest.deleteFromService', a);
    assert.equal(asked.length, 2, 'asked twice (row and file)');
    assert.deepEqual(deletes(), [], 'no DELETE reached the service');
    assert.ok(w.service.document(idOf('a.md')), 'still held');
    assert.equal(await w.api.freshness.decorations.stateOf(a), 'unchanged', 'the ledger kept it');
    assert.ok((await listed(w)).some((r) => r.node.kind === 'document' && r.node.row.documentId === idOf('a.md')), 'the row stays');
  });

  it('Delete from Service on an Explorer file (and the active editor\'s) deletes the document the ledger or the listing knows for it', async () => {
    const a = write('a.md', '# Alpha\n');
    const b = write('b.md', '# Beta\n');
    const none = write('none.md', '# Nobody published this\n');
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile', a);
    await until(() => (w.context.last(DOCUMENT_FILES_CONTEXT) as Record<string, true> | undefined)?.[a.fsPath], 'the Explorer to offer Delete from Service on a.md (from the ledger)');
    const asked = confirmWith('Delete');
    await vscode.commands.executeCommand('docIngest.deleteFromService', a);
    assert.equal(asked[0]?.message, `Delete "a.md" (id ${idOf('a.md')}) from ${w.service.baseUrl}?`, 'the ledger keeps no title: the file names it');
    assert.equal(w.service.document(idOf('a.md')), undefined);
    await until(() => !(w.context.last(DOCUMENT_FILES_CONTEXT) as Record<string, true>)[a.fsPath], 'a.md to leave the Explorer\'s offer');

    await publishElsewhere(idOf('b.md'), 'Beta from CI');
    await refreshed(w);
    await until(() => (w.context.last(DOCUMENT_FILES_CONTEXT) as Record<string, true> | undefined)?.[b.fsPath], 'the Explorer to offer it on b.md (from the listing)');
    assert.equal((w.context.last(DOCUMENT_FILES_CONTEXT) as Record<string, true>)[none.fsPath], undefined, 'not on a file with no document');
    await vscode.window.showTextDocument(b);
    await vscode.commands.executeCommand('docIngest.deleteFromService');
    assert.equal(asked[1]?.message, `Delete "Beta from CI" (id ${idOf('b.md')}) from ${w.service.baseUrl}?`);
    assert.equal(w.service.document(idOf('b.md')), undefined);

    await vscode.commands.executeCommand('docIngest.deleteFromService', none);
    assert.equal(asked.length, 2, 'no confirmation for a file with no document');
    assert.match(w.messages.of('info').at(-1) ?? '', /No document of .*none\.md is known on the configured server and pair/);
    assert.equal(deletes().length, 2);
  });

  it('a delete that fails says why in one sentence and changes nothing; one the server no longer holds is gone either way; a timeout is unknown and the ledger keeps the entry', async () => {
    const a = write('a.md', '# Alpha\n');
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile', a);
    w.service.addConnectorDocument({ id: 'crawled-page', title: 'Crawled page', ccPairId: 1 });
    confirmWith('Delete');
    let rows = await refreshed(w);

    await vscode.commands.executeCommand('docIngest.deleteFromService', row(rows, 'crawled-page').node);
    assert.match(w.messages.of('error').at(-1) ?? '', /^The document "crawled-page" was not created through the ingestion route, so it cannot be deleted through it \(HTTP 400\)\./);
    assert.ok(w.service.document('crawled-page'));

    // Deleted behind the view's back (by CI, say): the server no longer holds it, which is what was asked.
    const b = write('b.md', '# Beta\n');
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile', b);
    const listedWithB = await refreshed(w);
    const gone = await fetch(`${w.service.baseUrl}/${w.service.ingestionPath}/${encodeURIComponent(idOf('b.md'))}`, { method: 'DELETE', headers: { authorization: `Bearer ${w.service.keys.admin}` } });
    assert.equal(gone.status, 200);
    await vscode.commands.executeCommand('docIngest.deleteFromService', row(listedWithB, idOf('b.md')).node);
    assert.equal(w.messages.of('info').at(-1), `${w.service.baseUrl} no longer held "Beta" (${idOf('b.md')}): it is gone from the list and from the record of what was published.`);
    assert.equal(await w.api.freshness.decorations.stateOf(b), 'never', 'the ledger forgot it');
    assert.ok(!(await listed(w)).some((r) => r.node.kind === 'document' && r.node.row.documentId === idOf('b.md')), 'its row went');

    await setSettings({ requestTimeoutSeconds: 1 });
    rows = await listed(w);
    w.service.faults.inject({ method: 'DELETE', path: /\/ingestion\//, delayMs: 2500 });
    await vscode.commands.executeCommand('docIngest.deleteFromService', row(rows, idOf('a.md')).node);
    assert.match(w.messages.of('error').at(-1) ?? '', new RegExp(`did not answer the delete of "${idOf('a.md')}" in time: it may or may not have been deleted`));
    assert.equal(deletes().filter((r) => r.path.endsWith(encodeURIComponent(idOf('a.md')))).length, 1, 'never sent twice');
    assert.equal(await w.api.freshness.decorations.stateOf(a), 'unchanged', 'the ledger keeps the entry');
    assert.ok((await listed(w)).some((r) => r.node.kind === 'document' && r.node.row.documentId === idOf('a.md')), 'the row stays');
  });

  it('where the key may not list the pair, one node says so and the view shows what the ledger records as published from here', async () => {
    await setSettings({ ccPairId: 3 });
    const a = write('guide/setup.md', '# Setup\n');
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile', a);
    assert.equal(w.results()[0]?.outcome, 'created', w.messages.of('error').join('; '));
    // A group manager may not edit pair 3 (public): the real server refuses the listing with 403.
    await setKey(w, 'groupManager');
    const rows = await refreshed(w);
    assert.equal(rows.length, 2);
    assert.equal(label(rows[0]!.item), 'This key may not list the documents of pair 3: below is what the ledger records as published from here.');
    assert.equal(rows[0]!.item.contextValue, 'message');
    assert.match(tooltipText(rows[0]!.item), /HTTP 403/);
    assert.equal(label(rows[1]!.item), 'setup.md');
    assert.equal(rows[1]!.item.description, idOf('guide~setup.md'));
    assert.equal((rows[1]!.item.command?.arguments?.[0] as vscode.Uri).toString(), a.toString());
    assert.deepEqual(w.messages.shown.filter((m) => m.level !== 'info'), [], 'no popup');
  });

  it('where the server has no listing route, one node says so and the ledger stands in; another failure is an error node', async () => {
    const a = write('a.md', '# Alpha\n');
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile', a);
    const missing = w.service.faults.inject({ path: /\/connector-docs\//, status: 404, body: { detail: 'Not Found' }, times: Infinity });
    let rows = await refreshed(w);
    assert.equal(label(rows[0]!.item), 'This server does not list the documents of a pair: below is what the ledger records as published from here.');
    assert.deepEqual(rows.slice(1).map((r) => r.item.description), [idOf('a.md')]);

    missing.remove();
    w.service.faults.inject({ path: /\/connector-docs\//, status: 500, body: { detail: 'database is down' }, times: Infinity });
    rows = await refreshed(w);
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.item.contextValue, 'error', 'the error node carries the inline Refresh action');
    assert.match(label(rows[0]!.item), /500/);
    assert.deepEqual(w.messages.shown.filter((m) => m.level !== 'info'), [], 'no popup');
  });
});
