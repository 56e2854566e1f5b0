// F5: the connector files view (its TreeDataProvider, as the tree calls it), in both dialects.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { ConnectorFilesNode } from '../../../src/extension/views/connectorFilesView';
import { startService } from '../../service';
import { connect, EXTENSION_ID, FakeInputBoxes, InputBoxes, setSettings, until, useWorld, type World } from './helpers';

/** The manifest's English strings (package.json's %keys%). */
const nls = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../package.nls.json'), 'utf8')) as Record<string, string>;

function label(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : item.label?.label ?? '';
}

async function roots(w: World): Promise<ConnectorFilesNode[]> {
  return w.api.connectorFiles.getChildren();
}

async function connector(w: World, name: string): Promise<ConnectorFilesNode> {
  const all = await roots(w);
  const node = all.find((n) => label(w.api.connectorFiles.getTreeItem(n)) === name);
  assert.ok(node, `connector "${name}" among ${all.map((n) => label(w.api.connectorFiles.getTreeItem(n))).join(', ')}`);
  return node;
}

async function children(w: World, node: ConnectorFilesNode): Promise<vscode.TreeItem[]> {
  return (await w.api.connectorFiles.getChildren(node)).map((n) => w.api.connectorFiles.getTreeItem(n));
}

function tooltipText(item: vscode.TreeItem): string {
  const t = item.tooltip;
  // MarkdownString.appendText escapes: read it back as the text a user sees.
  return typeof t === 'string' ? t : (t?.value ?? '').replace(/&nbsp;/g, ' ').replace(/\\([\\`*_{}[\]()#+\-.!|<>])/g, '$1');
}

/** Counts the view's onDidChangeTreeData events from now on (until the test's stubs are restored). */
function treeChanges(w: World): { count: number } {
  const seen = { count: 0 };
  const sub = w.api.connectorFiles.onDidChangeTreeData(() => seen.count++);
  w.stubs.onRestore(() => sub.dispose());
  return seen;
}

describe('F5 connector files view (observed server)', () => {
  const w = useWorld({ dialect: 'observed' });

  it('lists the file connectors by name, each with its files, sizes and dates', async () => {
    await connect(w, 'admin');
    const items = (await roots(w)).map((n) => w.api.connectorFiles.getTreeItem(n));
    assert.deepEqual(items.map(label), ['Product docs', 'Handbook'], 'file connectors only (not the web one)');
    assert.deepEqual(items.map((i) => i.description), ['connector 2 · pair 2', 'connector 3 · pair 3']);
    assert.ok(items.every((i) => i.collapsibleState === vscode.TreeItemCollapsibleState.Collapsed));

    const files = await children(w, await connector(w, 'Product docs'));
    assert.deepEqual(files.map(label), ['getting-started.md', 'api-reference.md', 'legacy-notes.txt']);
    assert.match(String(files[0]!.description), /^2\.0 KB · /);
    assert.match(String(files[1]!.description), /^10 KB · /);
    assert.equal(files[2]!.description, 'size unknown · date unknown');
    assert.equal(files[0]!.contextValue, 'connectorFile');
    const stored = w.service.connectorFiles(2)[0]!;
    assert.match(tooltipText(files[0]!), new RegExp(`File id: ${stored.fileId}`));
    assert.match(tooltipText(files[0]!), /2048 bytes/);
    assert.deepEqual(w.messages.shown.filter((m) => m.level !== 'info'), [], 'no popups from the view');
  });

  it('shows a page of docIngest.connectorFiles.pageSize files and a "Load more" node', async () => {
    await setSettings({ 'connectorFiles.pageSize': 10 });
    w.service.addConnectorFiles(3, 15);
    await connect(w, 'admin');
    const handbook = await connector(w, 'Handbook');
    const page = await w.api.connectorFiles.getChildren(handbook);
    assert.equal(page.length, 11);
    const more = page.at(-1)!;
    const moreItem = w.api.connectorFiles.getTreeItem(more);
    assert.equal(label(moreItem), 'Load more (7 more)');
    assert.equal(moreItem.command?.command, 'docIngest.connectorFiles.loadMore');

    await vscode.commands.executeCommand(moreItem.command.command, ...(moreItem.command.arguments ?? []));
    const all = await children(w, handbook);
    assert.equal(all.length, 17);
    assert.ok(all.every((i) => i.contextValue === 'connectorFile'), 'no "Load more" once all are shown');
    assert.deepEqual(all.slice(0, 2).map(label), ['employee-handbook.pdf', 'onboarding-checklist.md']);
  });

  it('filters files by name, and the filter can be cleared', async () => {
    w.service.addConnectorFiles(3, 15);
    await connect(w, 'admin');
    const answers = new InputBoxes(w.stubs, ['DOCUMENT-0001', 'no-such-file']);
    await vscode.commands.executeCommand('docIngest.connectorFiles.filter');
    assert.equal(w.api.connectorFiles.filter, 'DOCUMENT-0001');
    assert.equal(w.context.last('docIngest.connectorFiles.filtered'), true);
    assert.equal(w.api.connectorFiles.view.description, 'filter: DOCUMENT-0001');
    const handbook = await children(w, await connector(w, 'Handbook'));
    // The 15 added files are document-00003.md … document-00017.md; the filter ignores case.
    assert.deepEqual(handbook.map(label), [10, 11, 12, 13, 14, 15, 16, 17].map((n) => `document-000${n}.md`));
    const productDocs = await children(w, await connector(w, 'Product docs'));
    assert.deepEqual(productDocs.map(label), ['No files match "DOCUMENT-0001".']);
    assert.equal(productDocs[0]!.contextValue, 'message');

    await vscode.commands.executeCommand('docIngest.connectorFiles.filter');
    assert.equal(answers.asked[1]!.value, 'DOCUMENT-0001', 'the box starts with the current filter');
    assert.deepEqual((await children(w, await connector(w, 'Handbook'))).map(label), ['No files match "no-such-file".']);

    await vscode.commands.executeCommand('docIngest.connectorFiles.clearFilter');
    assert.equal(w.api.connectorFiles.filter, '');
    assert.equal(w.context.last('docIngest.connectorFiles.filtered'), false);
    assert.equal((await children(w, await connector(w, 'Handbook'))).length, 17);
  });

  it('Copy File ID puts the file id on the clipboard', async () => {
    await connect(w, 'admin');
    const product = await connector(w, 'Product docs');
    const [first] = await w.api.connectorFiles.getChildren(product);
    assert.ok(first);
    await vscode.env.clipboard.writeText('');
    await vscode.commands.executeCommand('docIngest.copyFileId', first);
    assert.equal(await vscode.env.clipboard.readText(), w.service.connectorFiles(2)[0]!.fileId);
  });

  it('Refresh shows files added on the server since', async () => {
    await connect(w, 'admin');
    assert.equal((await children(w, await connector(w, 'Product docs'))).length, 3);
    w.service.addConnectorFiles(2, [{ fileName: 'new-page.md', size: 100 }]);
    assert.equal((await children(w, await connector(w, 'Product docs'))).length, 3, 'cached until refreshed');
    await vscode.commands.executeCommand('docIngest.connectorFiles.refresh');
    const files = await children(w, await connector(w, 'Product docs'));
    assert.equal(label(files.at(-1)!), 'new-page.md');
    assert.match(String(files.at(-1)!.description), /^100 B · /);
  });

  it('a failing listing becomes an error node, not a popup, and Refresh recovers', async () => {
    await connect(w, 'admin');
    const before = w.messages.shown.length;
    // Permanent faults: the workbench's own tree may ask too when the view is visible.
    const listing = w.service.faults.inject({ path: '/manage/admin/connector/status', status: 500, body: { detail: 'database is down' }, times: Infinity });
    const nodes = await roots(w);
    assert.equal(nodes.length, 1);
    const item = w.api.connectorFiles.getTreeItem(nodes[0]!);
    assert.equal(item.contextValue, 'error', 'the error node carries the inline Refresh action');
    assert.match(label(item), /500/);
    assert.match(tooltipText(item), /database is down/);

    listing.remove();
    const files = w.service.faults.inject({ path: '/manage/admin/connector/2/files', status: 500, body: { detail: 'disk on fire' }, times: Infinity });
    w.api.connectorFiles.refresh(); // drop files the workbench's tree may have loaded meanwhile
    const fileError = await children(w, await connector(w, 'Product docs'));
    assert.equal(fileError.length, 1);
    assert.equal(fileError[0]!.contextValue, 'error');
    assert.match(tooltipText(fileError[0]!), /disk on fire/);
    assert.equal(w.messages.shown.length, before, 'no popups from background work');

    files.remove();
    await vscode.commands.executeCommand('docIngest.connectorFiles.refresh');
    assert.equal((await children(w, await connector(w, 'Product docs'))).length, 3);
  });

  it('a key that may not list connectors falls back to docIngest.connectorIds', async () => {
    await setSettings({ connectorIds: [3] });
    await connect(w, 'basic');
    const items = (await roots(w)).map((n) => w.api.connectorFiles.getTreeItem(n));
    assert.deepEqual(items.map(label), ['Connector 3']);
    // The files route needs a connector manager: its refusal shows under the connector.
    const files = await children(w, await connector(w, 'Connector 3'));
    assert.equal(files.length, 1);
    assert.equal(files[0]!.contextValue, 'error');
    assert.deepEqual(w.messages.of('error'), []);
  });

  it('with a key that may not list connectors and no connectorIds, the reason shows as a node', async () => {
    await connect(w, 'basic');
    const items = (await roots(w)).map((n) => w.api.connectorFiles.getTreeItem(n));
    assert.equal(items.length, 1);
    assert.equal(items[0]!.contextValue, 'error');
    assert.match(`${label(items[0]!)} ${items[0]!.description}`, /docIngest\.connectorIds/);
  });

  it('switching to another server whose key is stored shows that server\'s files', async () => {
    await connect(w, 'admin');
    const other = await startService({ dialect: 'observed', autoProcess: false });
    w.stubs.onRestore(() => void other.close()); // after the hooks have cleared its key
    other.addConnectorFiles(2, [{ fileName: 'only-on-the-other-server.md' }]);
    await setSettings({ baseUrl: other.baseUrl });
    assert.equal(await w.api.connection.refresh(), 'needsKey');
    new FakeInputBoxes(w.stubs, [other.keys.admin]);
    await vscode.commands.executeCommand('docIngest.setApiKey');
    assert.equal(await w.api.connection.refresh(), 'ready');
    assert.equal((await children(w, await connector(w, 'Product docs'))).length, 4);

    const changed = treeChanges(w);
    await setSettings({ baseUrl: w.service.baseUrl });
    assert.equal(await w.api.connection.refresh(), 'ready');
    await until(() => changed.count > 0, 'the tree to be told to refresh');
    const files = await children(w, await connector(w, 'Product docs'));
    assert.deepEqual(files.map(label), ['getting-started.md', 'api-reference.md', 'legacy-notes.txt'], 'not the other server\'s files');
  });

  it('changing docIngest.connectorIds or the page size refreshes the tree', async () => {
    await setSettings({ connectorIds: [] });
    await connect(w, 'basic');
    const changed = treeChanges(w);
    await setSettings({ connectorIds: [2] });
    await until(() => changed.count > 0, 'the tree to be told to refresh after connectorIds changed');
    assert.deepEqual((await roots(w)).map((n) => label(w.api.connectorFiles.getTreeItem(n))), ['Connector 2']);
    const before = changed.count;
    await setSettings({ 'connectorFiles.pageSize': 10 });
    await until(() => changed.count > before, 'the tree to be told to refresh after the page size changed');
  });

  it('a filter expands the connectors with matching files, and leaves the others collapsed', async () => {
    w.service.addConnectorFiles(3, 15);
    await connect(w, 'admin');
    const state = async () =>
      Object.fromEntries((await roots(w)).map((n) => w.api.connectorFiles.getTreeItem(n)).map((i) => [label(i), i.collapsibleState]));
    const { Collapsed, Expanded } = vscode.TreeItemCollapsibleState;
    assert.deepEqual(await state(), { 'Product docs': Collapsed, Handbook: Collapsed });
    const idBefore = w.api.connectorFiles.getTreeItem(await connector(w, 'Handbook')).id;

    new InputBoxes(w.stubs, ['DOCUMENT-0001', 'getting']);
    await vscode.commands.executeCommand('docIngest.connectorFiles.filter');
    assert.deepEqual(await state(), { 'Product docs': Collapsed, Handbook: Expanded }, 'the match in Handbook is shown');
    // The workbench keeps an item's expansion by id: a new id per filter makes it apply the new state.
    assert.notEqual(w.api.connectorFiles.getTreeItem(await connector(w, 'Handbook')).id, idBefore);

    await vscode.commands.executeCommand('docIngest.connectorFiles.filter');
    assert.deepEqual(await state(), { 'Product docs': Expanded, Handbook: Collapsed });

    await vscode.commands.executeCommand('docIngest.connectorFiles.clearFilter');
    assert.deepEqual(await state(), { 'Product docs': Collapsed, Handbook: Collapsed });
  });

  it('a file name with ~~ reads as itself in the tooltip (Markdown escaped)', async () => {
    w.service.addConnectorFiles(2, [{ fileName: 'guide~~setup~~notes.md', size: 10 }]);
    await connect(w, 'admin');
    const files = await children(w, await connector(w, 'Product docs'));
    const item = files.find((f) => label(f) === 'guide~~setup~~notes.md');
    assert.ok(item);
    const markdown = (item.tooltip as vscode.MarkdownString).value;
    assert.ok(markdown.includes('guide'), markdown);
    assert.doesNotMatch(markdown, /(^|[^\\])~/, 'every ~ is escaped, so nothing renders struck through');
  });

  it('an unreachable server leaves the tree empty, so the welcome with Retry, Show Log and Set Server URL shows', async () => {
    await connect(w, 'admin');
    const drop = w.service.faults.inject({ path: /./, drop: true, times: Infinity });
    assert.equal(await w.api.connection.refresh(), 'unreachable');
    assert.deepEqual(await roots(w), [], 'no truncated error row');

    const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as {
      contributes: { viewsWelcome: { view: string; contents: string; when: string }[] };
    };
    const welcome = manifest.contributes.viewsWelcome.find((v) => v.view === 'docIngest.connectorFiles' && /docIngest\.state == unreachable/.test(v.when));
    assert.ok(welcome, 'a welcome for the unreachable state');
    const contents = /^%.*%$/.test(welcome.contents) ? nls[welcome.contents.slice(1, -1)] ?? '' : welcome.contents;
    for (const command of ['docIngest.connectorFiles.refresh', 'docIngest.showLog', 'docIngest.setServerUrl']) {
      assert.ok(contents.includes(`(command:${command})`), `the welcome offers ${command}: ${contents}`);
    }

    drop.remove();
    await vscode.commands.executeCommand('docIngest.connectorFiles.refresh'); // the welcome's Retry
    assert.equal(w.api.connection.state, 'ready');
    assert.deepEqual((await roots(w)).map((n) => label(w.api.connectorFiles.getTreeItem(n))), ['Product docs', 'Handbook']);
  });

  it('shows nothing without a key, so the welcome view shows', async () => {
    await connect(w);
    assert.deepEqual(await roots(w), []);
  });
});

describe('F5 connector files view (specification server)', () => {
  const w = useWorld({ dialect: 'spec' });

  it('without a connector listing it uses docIngest.connectorIds', async () => {
    await setSettings({ connectorIds: [2, 3] });
    await connect(w, 'admin');
    const items = (await roots(w)).map((n) => w.api.connectorFiles.getTreeItem(n));
    assert.deepEqual(items.map(label), ['Connector 2', 'Connector 3']);
    assert.deepEqual(items.map((i) => i.description), ['connector 2', 'connector 3']);
    const files = await children(w, await connector(w, 'Connector 2'));
    assert.deepEqual(files.map(label), ['getting-started.md', 'api-reference.md', 'legacy-notes.txt']);
  });

  it('without connectorIds it says to set them, as a node', async () => {
    await connect(w, 'admin');
    const items = (await roots(w)).map((n) => w.api.connectorFiles.getTreeItem(n));
    assert.equal(items.length, 1);
    assert.match(`${label(items[0]!)} ${items[0]!.description}`, /docIngest\.connectorIds/);
    assert.deepEqual(w.messages.of('error'), []);
  });
});
