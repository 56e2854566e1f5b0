// Logging: the "Doc Ingest" log records requests and failures, and no key ever appears in it or in any message.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as vscode from 'vscode';
import { allMessages, connect, extensionLogFile, FakeInputBoxes, openEditor, until, usedKeys, useWorld } from './helpers';

function assertNoKey(text: string, where: string): void {
  assert.ok(usedKeys.size > 0);
  for (const key of usedKeys) assert.ok(!text.includes(key), `${where} contains the key ${key.slice(0, 6)}…`);
  assert.doesNotMatch(text, /Bearer\s+(?!\[redacted\])\S/i, `${where} contains an Authorization value`);
}

describe('Logging', () => {
  const w = useWorld({ dialect: 'observed' });

  it('logs requests and failures without the key, also when the server echoes it', async () => {
    await connect(w);
    new FakeInputBoxes(w.stubs, ['on_wrong-key-for-the-log-test', w.service.keys.admin]);
    await vscode.commands.executeCommand('docIngest.setApiKey');
    assert.equal(w.api.connection.state, 'ready');
    await openEditor('guide/faq.md');
    w.service.faults.inject({ path: `/${w.service.ingestionPath}`, status: 401, body: { detail: `Not authenticated: Bearer ${w.service.keys.admin}` } });
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    assert.equal(w.results()[0]?.outcome, 'failed');
    await vscode.commands.executeCommand('docIngest.showLog');

    const file = extensionLogFile();
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
  assertNoKey(fs.readFileSync(extensionLogFile(), 'utf8'), 'the log');
});
