// F1: server URL, API key and the docIngest.state context key, driven through the real commands.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import net from 'node:net';
import { startService } from '../../service';
import type { KeyStore } from '../../../src/extension/services/keyStore';
import { connect, ENTER, FakeInputBoxes, ingestionRequests, openEditor, setKey, setSettings, until, useWorld } from './helpers';

const statusChecks = (w: { service: { requests: readonly { path: string }[] } }) =>
  w.service.requests.filter((r) => r.path === '/api/user/projects/file/statuses');

/** A user-file id nobody has: a status request for it is a cheap request that always goes out. */
const SOME_ID = '0f8e5b4c-1d2a-4b3c-9e8f-7a6b5c4d3e2f';

describe('F1 server and key', () => {
  const w = useWorld({ dialect: 'observed' });

  async function clientError(): Promise<{ state?: string; message: string }> {
    const e = await w.api.connection.client().then(
      () => assert.fail('connection.client() should have refused'),
      (err: unknown) => err as { state?: string; message: string },
    );
    return e;
  }

  it('goes needsServer → needsKey → ready and sets the context key at each step', async () => {
    assert.equal(w.api.connection.state, 'needsServer');
    assert.equal(w.context.last('docIngest.state'), 'needsServer');
    assert.equal((await clientError()).state, 'needsServer');
    assert.deepEqual(await w.api.connectorFiles.getChildren(), [], 'an empty tree lets the welcome view show');

    await connect(w);
    assert.equal(w.api.connection.state, 'needsKey');
    assert.equal(w.context.last('docIngest.state'), 'needsKey');
    assert.equal((await clientError()).state, 'needsKey');
    assert.deepEqual(await w.api.connectorFiles.getChildren(), []);

    w.service.clearRequests();
    await setKey(w, 'admin');
    assert.equal(w.api.connection.state, 'ready');
    assert.equal(w.context.last('docIngest.state'), 'ready');
    await w.api.connection.client(); // the key is in SecretStorage
    const checks = w.service.requests.filter((r) => r.path === '/api/user/projects/file/statuses');
    assert.ok(checks.length >= 1, 'the key was checked with one authenticated call');
    assert.ok(checks.every((r) => r.headers.authorization === `Bearer ${w.service.keys.admin}`));
    assert.ok(w.messages.of('info').some((m) => m.includes('API key stored')), w.messages.of('info').join('\n'));
    assert.ok((await w.api.connectorFiles.getChildren()).length > 0, 'the views fill once ready');
  });

  it('a wrong key is not stored: the box stays open with the reason, and a good key is then accepted', async () => {
    await connect(w);
    const boxes = new FakeInputBoxes(w.stubs, ['on_not-a-real-key', '   ', w.service.keys.basic]);
    await vscode.commands.executeCommand('docIngest.setApiKey');
    assert.equal(boxes.boxes.length, 1, 'one input box');
    assert.equal(boxes.boxes[0]!.password, true, 'a password box');
    assert.equal(boxes.messages.length, 2);
    assert.match(boxes.messages[0]!, /did not accept this key/);
    assert.match(boxes.messages[1]!, /Enter the API key/);
    assert.equal(w.api.connection.state, 'ready');
    await w.api.connection.client();
  });

  it('a wrong key alone leaves no key stored and the state needsKey', async () => {
    await connect(w);
    const boxes = new FakeInputBoxes(w.stubs, ['on_not-a-real-key']);
    await vscode.commands.executeCommand('docIngest.setApiKey');
    assert.equal(boxes.messages.length, 1);
    assert.match(boxes.messages[0]!, /did not accept this key/);
    assert.equal(boxes.boxes[0]!.disposed, true, 'Escape closes the box');
    assert.equal(await w.api.connection.refresh(), 'needsKey');
    assert.equal((await clientError()).state, 'needsKey');
    assert.ok(!w.messages.of('info').some((m) => m.includes('API key stored')));
  });

  it('Escape while the key is being checked stores nothing', async () => {
    await connect(w);
    const slow = w.service.faults.inject({ path: '/user/projects/file/statuses', delayMs: 300 });
    const boxes = new FakeInputBoxes(w.stubs, [{ value: w.service.keys.admin, escapeWhileBusy: true }]);
    await vscode.commands.executeCommand('docIngest.setApiKey');
    assert.equal(boxes.boxes[0]!.disposed, true);
    await until(() => slow.hits === 1 && w.service.requests.every((r) => r.status !== null), 'the check to finish on the server');
    assert.equal(await w.api.connection.refresh(), 'needsKey', 'the key the user backed out of is not stored');
    assert.equal((await clientError()).state, 'needsKey');
    assert.ok(!w.messages.of('info').some((m) => m.includes('API key stored')));
  });

  it('a valid key without permissions is refused with its own reason', async () => {
    await connect(w);
    const boxes = new FakeInputBoxes(w.stubs, [w.service.keys.limited]);
    await vscode.commands.executeCommand('docIngest.setApiKey');
    assert.equal(boxes.messages.length, 1);
    assert.match(boxes.messages[0]!, /no permissions/);
    assert.equal((await clientError()).state, 'needsKey');
  });

  it('Set API Key refuses a key with a line break, a control character or a character outside ASCII before sending, never showing it (issue 34)', async () => {
    await connect(w);
    w.service.clearRequests();
    const boxes = new FakeInputBoxes(w.stubs, ['on_SECRET\nPART', 'on_SECRET\x01PART', 'on_SECRET\u200bPART', w.service.keys.admin]);
    await vscode.commands.executeCommand('docIngest.setApiKey');
    assert.equal(boxes.messages.length, 3, boxes.messages.join('\n'));
    assert.match(boxes.messages[0]!, /^The key has a line break in it/);
    assert.match(boxes.messages[1]!, /^The key has a control character in it/);
    assert.match(boxes.messages[2]!, /^The key has a character outside ASCII in it/);
    for (const m of boxes.messages) assert.ok(!m!.includes('SECRET') && !m!.includes('PART'), m);
    assert.ok(w.service.requests.every((r) => r.headers.authorization === `Bearer ${w.service.keys.admin}`), 'only the good key was sent');
    assert.equal(w.api.connection.state, 'ready');
  });

  it('Clear API Key forgets the key and goes back to needsKey', async () => {
    await connect(w, 'admin');
    await vscode.commands.executeCommand('docIngest.clearApiKey');
    assert.equal(w.api.connection.state, 'needsKey');
    assert.equal(w.context.last('docIngest.state'), 'needsKey');
    assert.equal((await clientError()).state, 'needsKey');
    assert.ok(w.messages.of('info').some((m) => m.includes('cleared')));
  });

  it('a later 401 moves the state to needsKey', async () => {
    await connect(w, 'admin');
    await openEditor('guide/faq.md');
    w.service.faults.inject({ path: `/${w.service.ingestionPath}`, status: 401, body: { detail: 'Not authenticated' } });
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    assert.equal(w.results()[0]?.outcome, 'failed');
    assert.equal(w.results()[0]?.errorKind, 'auth');
    assert.equal(w.api.connection.state, 'needsKey');
    assert.equal(w.context.last('docIngest.state'), 'needsKey');
    const errors = w.messages.of('error');
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.match(errors[0]!, /did not accept the API key/);
    assert.ok(w.messages.shown.find((m) => m.level === 'error')!.options.includes('Set API Key'), 'the message offers the fix');
  });

  it("the real server's 403 'not authenticated' also moves the state to needsKey", async () => {
    await connect(w, 'admin');
    const shown = w.messages.shown.length;
    const fault = w.service.faults.inject({ path: '/user/projects/file/statuses', status: 403, body: { detail: 'Access denied. User is not authenticated.' }, times: Infinity });
    assert.equal(await w.api.connection.refresh(), 'needsKey');
    assert.equal(w.context.last('docIngest.state'), 'needsKey');
    assert.equal(w.messages.shown.length, shown, 'a background check shows no popup');
    // The key itself was not thrown away: a check that passes again brings the state back.
    fault.remove();
    assert.equal(await w.api.connection.refresh(), 'ready');
  });

  it('a server error on the check makes the state unreachable, not needsKey', async () => {
    await connect(w, 'admin');
    w.service.faults.inject({ path: '/user/projects/file/statuses', status: 500, body: { detail: 'boom' }, times: Infinity });
    assert.equal(await w.api.connection.refresh(), 'unreachable');
    assert.equal(w.context.last('docIngest.state'), 'unreachable');
  });

  it('plain http to another machine: the key is sent only after the warning is accepted', async () => {
    // 0.0.0.0 reaches this machine's 127.0.0.1 listener but is not a loopback name, so it counts as remote.
    const url = `http://0.0.0.0:${w.service.port}/api`;
    await setSettings({ baseUrl: url, ingestionPath: w.service.ingestionPath });
    assert.equal(await w.api.connection.refresh(), 'needsKey');
    w.service.clearRequests();

    // Declined: no input box, nothing sent.
    const declined = new FakeInputBoxes(w.stubs, [w.service.keys.admin]);
    await vscode.commands.executeCommand('docIngest.setApiKey');
    const warnings = w.messages.shown.filter((m) => m.level === 'warning');
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!.message, /plain http/);
    assert.equal((warnings[0]!.options[0] as vscode.MessageOptions).modal, true);
    assert.equal(declined.boxes.length, 0, 'no key was asked for');
    assert.equal(w.service.requests.length, 0, 'nothing reached the server');
    assert.equal(w.api.connection.state, 'needsKey');

    // Accepted: the key is asked for, checked and stored.
    w.messages.answer = (m) => (m.level === 'warning' ? 'Send over HTTP' : undefined);
    const accepted = new FakeInputBoxes(w.stubs, [w.service.keys.admin]);
    await vscode.commands.executeCommand('docIngest.setApiKey');
    assert.equal(accepted.boxes.length, 1);
    assert.deepEqual(accepted.messages, []);
    assert.equal(await w.api.connection.refresh(), 'ready');
    assert.ok(w.service.requests.some((r) => r.headers.authorization === `Bearer ${w.service.keys.admin}`));

    // Asked once per server.
    const again = new FakeInputBoxes(w.stubs, [w.service.keys.admin]);
    await vscode.commands.executeCommand('docIngest.setApiKey');
    assert.equal(w.messages.shown.filter((m) => m.level === 'warning').length, 2, 'no new warning');
    assert.equal(again.boxes.length, 1);
  });

  it('Set Server URL validates and stores the address normalised, in the user settings', async () => {
    const boxes = new FakeInputBoxes(w.stubs, ['ftp://example.com', `  HTTP://127.0.0.1:${w.service.port}/api/  `]);
    await vscode.commands.executeCommand('docIngest.setServerUrl');
    assert.equal(boxes.messages.length, 1);
    assert.match(boxes.messages[0]!, /http:\/\/ or https:\/\//);
    const inspected = vscode.workspace.getConfiguration('docIngest').inspect<string>('baseUrl');
    assert.equal(inspected?.globalValue, w.service.baseUrl);
    assert.equal(inspected?.workspaceValue, undefined);
    assert.equal(await w.api.connection.refresh(), 'needsKey');
  });

  it('Set Server URL refuses an address with a user name or password, without repeating it (issue 34)', async () => {
    const host = new URL(w.service.baseUrl).host;
    const boxes = new FakeInputBoxes(w.stubs, [`http://bob:hunter2@${host}/api`, `http://bob:hunt/er2@${host}/api`]);
    await vscode.commands.executeCommand('docIngest.setServerUrl');
    assert.equal(boxes.messages.length, 2, boxes.messages.join('\n'));
    for (const m of boxes.messages) {
      assert.match(m ?? '', /^The address has a user name or password in it: remove it\. The API key is set with "Doc Ingest: Set API Key"/);
      assert.ok(!m!.includes('bob') && !m!.includes('hunt'), m);
    }
    assert.equal(vscode.workspace.getConfiguration('docIngest').inspect<string>('baseUrl')?.globalValue, undefined, 'nothing saved');
    assert.equal(w.service.requests.length, 0, 'nothing asked');
  });

  it('a hand-written docIngest.baseUrl with a user name or password is no server: nothing is sent to it (issue 34)', async () => {
    await setSettings({ baseUrl: `http://bob:hunter2@${new URL(w.service.baseUrl).host}/api`, ingestionPath: w.service.ingestionPath });
    assert.equal(await w.api.connection.refresh(), 'needsServer');
    assert.equal(w.api.connection.baseUrl, undefined);
    assert.equal(w.service.requests.length, 0);
  });

  it('Set Server URL checks the address without the key and offers the API address for one without /api', async () => {
    const origin = w.service.baseUrl.replace(/\/api$/, '');
    const boxes = new FakeInputBoxes(w.stubs, [origin, ENTER]);
    await vscode.commands.executeCommand('docIngest.setServerUrl');
    assert.equal(boxes.messages.length, 1);
    assert.equal(boxes.messages[0], `${origin} is not the service's API (it answers with a web page or an unknown route). ${w.service.baseUrl} is: press Enter to use it.`);
    assert.equal(w.api.connection.baseUrl, w.service.baseUrl, 'Enter took the address offered');
    assert.ok(w.service.requests.length >= 2, 'the typed address and the one offered were asked');
    assert.ok(w.service.requests.every((r) => r.headers.authorization === undefined), 'no key travels to an unchecked address');
  });

  it('Set Server URL cuts a pasted route back to the API address', async () => {
    const boxes = new FakeInputBoxes(w.stubs, [`${w.service.baseUrl}/onyx-api/ingestion`, ENTER]);
    await vscode.commands.executeCommand('docIngest.setServerUrl');
    assert.match(boxes.messages[0] ?? '', /onyx-api\/ingestion is not the service's API/);
    assert.equal(w.api.connection.baseUrl, w.service.baseUrl);
  });

  it('Set Server URL saves an address it cannot reach only on a second Enter', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (probe.address() as net.AddressInfo).port;
        probe.close(() => resolve(p));
      });
    });
    const unreachable = `http://127.0.0.1:${port}/api`;
    const first = new FakeInputBoxes(w.stubs, [unreachable]); // then Escape: nothing saved
    await vscode.commands.executeCommand('docIngest.setServerUrl');
    assert.match(first.messages[0] ?? '', new RegExp(`^${unreachable.replace(/[.]/g, '\\.')} could not be checked: The server http://127\\.0\\.0\\.1:${port} refused the connection( \\([A-Z_]+\\))?\\..*Press Enter again to save it anyway\\.$`));
    assert.equal(w.api.connection.baseUrl, undefined);

    const second = new FakeInputBoxes(w.stubs, [unreachable, ENTER]);
    await vscode.commands.executeCommand('docIngest.setServerUrl');
    assert.equal(second.messages.length, 1);
    assert.equal(w.api.connection.baseUrl, unreachable);
    assert.equal(await w.api.connection.refresh(), 'needsKey');
  });

  it('Set API Key with no server asks for the server first', async () => {
    const boxes = new FakeInputBoxes(w.stubs, [w.service.baseUrl, w.service.keys.admin]);
    await vscode.commands.executeCommand('docIngest.setApiKey');
    assert.deepEqual(boxes.messages, []);
    assert.equal(boxes.boxes.length, 2, 'the address box, then the key box');
    assert.equal(boxes.boxes[1]!.password, true);
    assert.equal(w.api.connection.baseUrl, w.service.baseUrl);
    assert.equal(await w.api.connection.refresh(), 'ready');
  });

  it('Set API Key checks the key with the server once, and the state follows without another check', async () => {
    await connect(w);
    w.service.clearRequests();
    const boxes = new FakeInputBoxes(w.stubs, [w.service.keys.admin]);
    await vscode.commands.executeCommand('docIngest.setApiKey');
    assert.deepEqual(boxes.messages, []);
    assert.equal(w.api.connection.state, 'ready', 'ready when the command returns');
    assert.equal(w.context.last('docIngest.state'), 'ready');
    // SecretStorage reports the stored key a moment later; give that time to (not) cause another check.
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal(statusChecks(w).length, 1, `requests: ${w.service.requests.map((r) => r.path).join(', ')}`);
    assert.equal(w.service.requests.length, 1);
    assert.equal(w.api.connection.state, 'ready');
    await w.api.connection.client(); // stored
  });

  it('a settings change during a key check is not lost', async () => {
    await connect(w, 'admin');
    const slow = w.service.faults.inject({ path: '/user/projects/file/statuses', delayMs: 500 });
    const inFlight = w.api.connection.refresh();
    await until(() => slow.hits === 1, 'the check to reach the server');
    await setSettings({ baseUrl: undefined });
    assert.equal(await inFlight, 'ready', 'the check under way was for the old server');
    await until(() => w.api.connection.state === 'needsServer', 'the state to follow the new settings', 3000);
    assert.equal(w.context.last('docIngest.state'), 'needsServer');
  });

  it('a key stored for one server is not sent to another', async () => {
    await connect(w, 'admin');
    const other = `http://127.0.0.1:${w.service.port}/api/`; // same server, other spelling: normalised to the same
    await setSettings({ baseUrl: other });
    assert.equal(await w.api.connection.refresh(), 'ready', 'a trailing slash does not lose the key');
    await setSettings({ baseUrl: `http://localhost:${w.service.port}/api` });
    assert.equal(await w.api.connection.refresh(), 'needsKey', 'another host name is another server');
    w.service.clearRequests();
    await openEditor('guide/faq.md');
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    assert.equal(ingestionRequests(w.service).length, 0, 'nothing sent without a key for this server');
    assert.ok(w.messages.of('error').some((m) => /No API key/.test(m)));
  });

  describe('one client per server and key', () => {
    /** Counts the connection's SecretStorage reads (its KeyStore is private: reached here only to count). */
    function countKeyReads(): { count: number } {
      const keys = (w.api.connection as unknown as { keys: KeyStore }).keys;
      const reads = { count: 0 };
      const get = keys.get.bind(keys);
      w.stubs.replace(keys, 'get', (baseUrl: string) => {
        reads.count++;
        return get(baseUrl);
      });
      return reads;
    }

    it('polls reuse one client: no SecretStorage read and no key check per call', async () => {
      await connect(w, 'admin');
      const first = await w.api.connection.client();
      const reads = countKeyReads();
      w.service.clearRequests();
      for (let i = 0; i < 5; i++) assert.equal(await w.api.connection.client(), first, 'the same client');
      assert.equal(reads.count, 0, 'the key is held in memory');
      assert.equal(w.service.requests.length, 0);
    });

    it('a change of docIngest.ccPairId checks nothing over the network and keeps the client', async () => {
      await connect(w, 'admin');
      const first = await w.api.connection.client();
      w.service.clearRequests();
      await setSettings({ ccPairId: 5 });
      await new Promise((r) => setTimeout(r, 500)); // time for a check that must not come
      assert.deepEqual(statusChecks(w), [], 'no key check');
      assert.equal(await w.api.connection.client(), first);
      assert.equal(w.api.connection.state, 'ready');
    });

    it('a timeout change rebuilds the client without a request; a server change checks the key', async () => {
      await connect(w, 'admin');
      const first = await w.api.connection.client();
      w.service.clearRequests();
      await setSettings({ requestTimeoutSeconds: 12 });
      const rebuilt = await until(async () => {
        const c = await w.api.connection.client();
        return c !== first && c;
      }, 'a new client with the new timeout');
      await new Promise((r) => setTimeout(r, 300));
      assert.deepEqual(w.service.requests.map((r) => `${r.method} ${r.path}`), [], 'rebuilt without asking the server');
      await setSettings({ baseUrl: `http://localhost:${w.service.port}/api` });
      await until(() => w.api.connection.state === 'needsKey', 'the other server (no key) to be checked');
      await setSettings({ baseUrl: w.service.baseUrl });
      await until(() => w.api.connection.state === 'ready', 'back to the first server');
      assert.ok(statusChecks(w).length >= 1, 'the server change checked the key');
      assert.equal(await w.api.connection.client(), rebuilt, 'back on the first server with the same key: its client again');
    });

    it('a new key replaces the client, and Clear API Key forgets it', async () => {
      await connect(w, 'admin');
      const first = await w.api.connection.client();
      await setKey(w, 'basic');
      const second = await w.api.connection.client();
      assert.notEqual(second, first);
      w.service.clearRequests();
      await second.getUserFileStatuses([SOME_ID]);
      assert.equal(w.service.requests[0]?.headers.authorization, `Bearer ${w.service.keys.basic}`);
      await vscode.commands.executeCommand('docIngest.clearApiKey');
      assert.equal((await clientError()).state, 'needsKey');
    });

    it('client(baseUrl) gives a client of another server with that server\'s key', async () => {
      const other = await startService({ dialect: 'observed', autoProcess: false });
      w.stubs.onRestore(() => void other.close());
      await connect(w, 'admin');
      const notStored = await w.api.connection.client(other.baseUrl).then(
        () => assert.fail('no key is stored for the other server'),
        (e: unknown) => e as { state?: string },
      );
      assert.equal(notStored.state, 'needsKey');
      const first = w.service.baseUrl;
      await setSettings({ baseUrl: other.baseUrl, ingestionPath: other.ingestionPath });
      await until(() => w.api.connection.state === 'needsKey', 'the other server to need its key');
      const boxes = new FakeInputBoxes(w.stubs, [other.keys.basic]);
      await vscode.commands.executeCommand('docIngest.setApiKey');
      assert.deepEqual(boxes.messages, []);

      w.service.clearRequests();
      const back = await w.api.connection.client(first);
      await back.getUserFileStatuses([SOME_ID]);
      assert.equal(w.service.requests.length, 1, 'the request went to the first server');
      assert.equal(w.service.requests[0]?.headers.authorization, `Bearer ${w.service.keys.admin}`, 'with its own key');
      other.clearRequests();
      await (await w.api.connection.client()).getUserFileStatuses([SOME_ID]);
      assert.equal(other.requests[0]?.headers.authorization, `Bearer ${other.keys.basic}`, 'the default is the configured server');
    });
  });
});

describe('errors that name a setting', () => {
  const w = useWorld({ dialect: 'observed' });

  /** Records the workbench commands run from now on, without running the settings editor. */
  function recordOpenSettings(): unknown[][] {
    const calls: unknown[][] = [];
    const original = vscode.commands.executeCommand;
    w.stubs.replace(vscode.commands, 'executeCommand', (<T>(command: string, ...rest: unknown[]) => {
      if (command === 'workbench.action.openSettings') {
        calls.push(rest);
        return Promise.resolve(undefined as T);
      }
      return original.call(vscode.commands, command, ...rest) as Thenable<T>;
    }) as typeof vscode.commands.executeCommand);
    return calls;
  }

  it('"Open Settings" on a wrong ingestion path opens that one setting', async () => {
    await connect(w, 'admin');
    await setSettings({ ingestionPath: 'service-api/ingestion' }); // the specification's path; this server has Onyx's
    await openEditor('guide/faq.md');
    const opened = recordOpenSettings();
    w.messages.answer = (m) => (m.level === 'error' && m.options.includes('Open Settings') ? 'Open Settings' : undefined);
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    await until(() => opened.length > 0, 'the settings to be opened');
    assert.deepEqual(opened, [['@id:docIngest.ingestionPath']]);
  });
});
