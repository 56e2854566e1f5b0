// Logging: the "Doc Ingest" log records requests and failures, and no key ever appears in it or in any message.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { allMessages, connect, FakeInputBoxes, openEditor, until, usedKeys, useWorld } from './helpers';

const root = path.resolve(__dirname, '../../../..');

/** The extension's log file of this run: <user-data-dir>/logs/<newest>/exthost*\/doc-ingest.doc-ingest/Doc Ingest.log. */
function logFile(): string | undefined {
  const logs = path.join(root, '.vscode-test/user-data/logs');
  if (!fs.existsSync(logs)) return undefined;
  const sessions = fs.readdirSync(logs).sort().reverse();
  for (const session of sessions) {
    const dir = path.join(logs, session);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const host of fs.readdirSync(dir).filter((d) => d.startsWith('exthost')).sort().reverse()) {
      const file = path.join(dir, host, 'doc-ingest.doc-ingest', 'Doc Ingest.log');
      if (fs.existsSync(file)) return file;
    }
  }
  return undefined;
}

function assertNoKey(text: string, where: string): void {
  assert.ok(usedKeys.size > 0);
  for (const key of usedKeys) assert.ok(!text.includes(key), `${where} contains the key ${key.slice(0, 6)}…`);
  assert.doesNotMatch(text, /Bearer\s+(?!\[redacted\])\S/i, `${where} contains an Authorization value`);
}

describe('Logging', () => {
  const w = useWorld({ dialect: 'observed' });

  it('logs requests and failures without the key, also when the server echoes it', async function () {
    await connect(w);
    new FakeInputBoxes(w.stubs, ['on_wrong-key-for-the-log-test', w.service.keys.admin]);
    await vscode.commands.executeCommand('docIngest.setApiKey');
    assert.equal(w.api.connection.state, 'ready');
    await openEditor('guide/faq.md');
    w.service.faults.inject({ path: `/${w.service.ingestionPath}`, status: 401, body: { detail: `Not authenticated: Bearer ${w.service.keys.admin}` } });
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    assert.equal(w.results()[0]?.outcome, 'failed');
    await vscode.commands.executeCommand('docIngest.showLog');

    const file = logFile();
    if (!file) this.skip(); // another runner (its own user-data dir): the message checks below still run at the end
    const text = await until(() => {
      const t = fs.readFileSync(file, 'utf8');
      return /POST onyx-api\/ingestion → 401/.test(t) && /failed: /.test(t) && t;
    }, `the ingestion failure in ${file}`);
    assert.match(text, /POST user\/projects\/file\/statuses → 200/);
    assert.match(text, /Bearer \[redacted\]/, 'the key the server echoed is redacted');
    assertNoKey(text, 'the log');
  });
});

// After every suite: nothing the extension showed (notifications, validation messages, recorded errors) held a key.
after(() => {
  assertNoKey(allMessages.join('\n'), 'a message');
  const file = logFile();
  if (file) assertNoKey(fs.readFileSync(file, 'utf8'), 'the log');
});
