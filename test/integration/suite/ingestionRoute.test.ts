// The ingestion route found by the extension when the user has not chosen one: the specification says
// service-api/ingestion, a real Onyx server answers onyx-api/ingestion. Each dialect with the default setting.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as vscode from 'vscode';
import { extensionLogFile, FakeInputBoxes, openEditor, setSettings, until, useWorld } from './helpers';
import type { World } from './helpers';

/** Points at the service without an ingestion path (the default) and stores the admin key. */
async function connectWithDefaultPath(w: World): Promise<void> {
  // A Documents view on screen lists once the key is set, which finds the route beside the ingestion route
  // before any ingestion does (the writer's UI test sees that): here the ingestion finds it, so the side bar shows
  // the Explorer.
  await vscode.commands.executeCommand('workbench.view.explorer');
  await setSettings({ baseUrl: w.service.baseUrl });
  assert.equal(vscode.workspace.getConfiguration('docIngest').inspect('ingestionPath')?.globalValue, undefined);
  new FakeInputBoxes(w.stubs, [w.service.keys.admin]);
  await vscode.commands.executeCommand('docIngest.setApiKey');
  assert.equal(w.api.connection.state, 'ready');
  w.service.clearRequests();
}

const ingestionPosts = (w: World) =>
  w.service.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/ingestion')).map((r) => `${r.path} ${r.status}`);

describe('ingestion route, not set by the user: Onyx server (observed dialect)', () => {
  const w = useWorld({ dialect: 'observed' });

  it('tries the specification\'s path once, then uses and remembers onyx-api/ingestion, and logs it', async () => {
    await connectWithDefaultPath(w);
    await openEditor('guide/faq.md');
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    assert.equal(w.results()[0]?.outcome, 'created', w.results()[0]?.error);
    assert.deepEqual(ingestionPosts(w), ['/api/service-api/ingestion 404', '/api/onyx-api/ingestion 200']);
    assert.deepEqual(w.messages.of('error'), [], 'the user sees no error');

    w.service.clearRequests();
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    assert.equal(w.results()[0]?.outcome, 'updated');
    assert.deepEqual(ingestionPosts(w), ['/api/onyx-api/ingestion 200'], 'remembered: the missing route is not asked again');
    assert.equal(w.service.documents().length, 1);
    assert.equal(vscode.workspace.getConfiguration('docIngest').inspect('ingestionPath')?.globalValue, undefined, 'no setting written');

    const file = extensionLogFile();
    await until(() => fs.readFileSync(file, 'utf8').includes(`${w.service.baseUrl} has no route service-api/ingestion (HTTP 404); its ingestion route is onyx-api/ingestion`), 'the log line');
  });
});

describe('ingestion route, not set by the user: specification server (spec dialect)', () => {
  const w = useWorld({ dialect: 'spec' });

  it('uses service-api/ingestion and asks nothing else', async () => {
    await connectWithDefaultPath(w);
    await openEditor('guide/faq.md');
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    assert.equal(w.results()[0]?.outcome, 'created', w.results()[0]?.error);
    assert.deepEqual(ingestionPosts(w), ['/api/service-api/ingestion 200']);
  });
});
