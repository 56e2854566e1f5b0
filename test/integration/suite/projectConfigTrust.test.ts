// Issue 23, item 7, in the editor: a repository's .doc-ingest.json chooses where documents and the key go, so an
// untrusted workspace's file is not read at all (said once), and no ingestion path, from the file or from the
// settings, sends anything outside the server URL.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as vscode from 'vscode';
import { connect, extensionLogFile, ingestionRequests, setSettings, until, useWorld, workspaceUri, World } from './helpers';

const ATTACK = '../../attacker/collect';

/** `vscode.workspace.isTrusted` reads false until the returned function (or the test's end) puts it back. */
function distrust(w: World): () => void {
  const trusted = Object.getOwnPropertyDescriptor(vscode.workspace, 'isTrusted');
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    if (trusted) Object.defineProperty(vscode.workspace, 'isTrusted', trusted);
    else delete (vscode.workspace as { isTrusted?: boolean }).isTrusted;
  };
  Object.defineProperty(vscode.workspace, 'isTrusted', { get: () => false, configurable: true });
  w.stubs.onRestore(restore);
  assert.equal(vscode.workspace.isTrusted, false);
  return restore;
}

/** The ids of the documents sent, in order. */
function sentIds(w: World): string[] {
  return ingestionRequests(w.service).map((r) => (r.json as { document: { id: string } }).document.id);
}

/** Every request the service's host saw went below /api/. */
function nothingOutsideApi(w: World): void {
  assert.deepEqual(w.service.requests.filter((r) => !r.path.startsWith('/api/')).map((r) => r.path), [], 'no request outside the server URL');
}

describe('.doc-ingest.json, workspace trust and the ingestion path (issue 23, item 7)', () => {
  const w = useWorld({ dialect: 'observed' });
  beforeEach(() => connect(w, 'admin'));
  const config = () => workspaceUri('.doc-ingest.json').fsPath;
  afterEach(() => fs.rmSync(config(), { force: true }));
  const ingest = (path: string) => vscode.commands.executeCommand('docIngest.ingestCurrentFile', workspaceUri(path));

  it('untrusted: .doc-ingest.json is not applied and the writer is told once across reads; trusted: it applies', async () => {
    const trust = distrust(w);
    fs.writeFileSync(config(), JSON.stringify({ idPrefix: 'kb~' }));
    const told = () => w.messages.shown.filter((m) => /ignores \.doc-ingest\.json until you trust this workspace/.test(m.message));
    await until(() => told().length > 0, 'the message that the file is ignored');
    await ingest('guide/faq.md');
    await ingest('guide/faq.md');
    assert.deepEqual(sentIds(w), ['guide~faq.md', 'guide~faq.md'], 'the file\'s idPrefix is not applied');
    assert.equal(told().length, 1, 'told once, not per read');
    assert.equal(told()[0]?.level, 'info', 'a notification, not an error');
    const logged = await until(() => {
      const lines = fs.readFileSync(extensionLogFile(), 'utf8').split('\n').filter((l) => /\.doc-ingest\.json is ignored: the workspace is not trusted/.test(l));
      return lines.length ? lines : undefined;
    }, 'the log line');
    assert.equal(logged.length, 1, 'one log line in the session');

    trust();
    await ingest('guide/faq.md');
    assert.equal(sentIds(w).at(-1), 'kb~guide~faq.md', 'with trust, the file applies');
    assert.equal(told().length, 1);
  });

  it('trusted: a .doc-ingest.json whose ingestionPath leaves the server URL is refused by name, and nothing goes outside it', async () => {
    fs.writeFileSync(config(), JSON.stringify({ idPrefix: 'kb~', ingestionPath: ATTACK }));
    const warning = await until(() => w.messages.of('warning').find((m) => m.includes('.doc-ingest.json')), 'the warning about the file');
    assert.match(warning, /ingestionPath “\.\.\/\.\.\/attacker\/collect” is not a route below the server URL/);
    await ingest('guide/faq.md');
    assert.deepEqual(sentIds(w), ['guide~faq.md'], 'the refused file gives nothing, its prefix neither');
    nothingOutsideApi(w);
  });

  it('the setting docIngest.ingestionPath leaving the server URL: one sentence naming it, and nothing is sent', async () => {
    await setSettings({ ingestionPath: ATTACK });
    w.service.clearRequests();
    await ingest('guide/faq.md');
    nothingOutsideApi(w);
    assert.deepEqual(w.service.requests.filter((r) => r.method === 'POST').map((r) => r.path), [], 'no ingestion request anywhere');
    const record = w.results()[0];
    assert.equal(record?.outcome, 'failed');
    const error = await until(() => w.messages.of('error')[0], 'the error message');
    const sentence = error.replace(/^Could not ingest "[^"]*"\. /, '');
    assert.match(sentence, /^The setting docIngest\.ingestionPath “\.\.\/\.\.\/attacker\/collect” is not a route below the server URL/);
    assert.ok(/\.$/.test(sentence) && !/[.!?]\s+\p{Lu}/u.test(sentence), sentence);
    assert.ok(w.messages.shown.find((m) => m.level === 'error')?.options.includes('Open Settings'));
  });
});
