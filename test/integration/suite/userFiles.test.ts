// F6: the user files view: upload, track, statuses from the service, the FAILED notification, stop tracking.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startService } from '../../service';
import { connect, FakeInputBoxes, InputBoxes, setKey, setSettings, stubQuickPick, until, useWorld, workspaceUri, type World } from './helpers';

function tracked(w: World, id: string) {
  return w.api.userFiles.poller.snapshot().find((f) => f.id === id);
}

/** Tracks each id through the real "Track File ID..." command, then asks the service about all of them. */
async function trackAll(w: World, ...ids: string[]): Promise<void> {
  new InputBoxes(w.stubs, [...ids]); // the stub consumes its list
  for (const _ of ids) await vscode.commands.executeCommand('docIngest.userFiles.track');
  await w.api.userFiles.poller.refresh();
}

function failedWarnings(w: World): string[] {
  return w.messages.of('warning').filter((m) => /failed to process/.test(m));
}

describe('F6 user files view', () => {
  const w = useWorld({ dialect: 'observed', autoProcess: false });
  beforeEach(() => connect(w, 'admin'));

  it('Track File ID follows a file from PROCESSING to COMPLETED and persists the list', async () => {
    const file = w.service.addUserFile('admin', { name: 'notes.txt', status: 'PROCESSING' });
    const input = new InputBoxes(w.stubs, [file.id.toUpperCase()]); // any case: the server's form is used
    await vscode.commands.executeCommand('docIngest.userFiles.track');
    assert.equal(input.asked.length, 1);
    await w.api.userFiles.poller.refresh();
    assert.equal(tracked(w, file.id)?.display, 'PROCESSING');
    assert.equal(tracked(w, file.id)?.name, 'notes.txt');
    const item = w.api.userFiles.getTreeItem(tracked(w, file.id)!);
    assert.equal(item.label, 'notes.txt');
    assert.equal(item.description, 'processing');
    assert.equal(item.contextValue, 'userFile.PROCESSING');

    w.service.completeUserFile(file.id);
    await w.api.userFiles.poller.refresh();
    assert.equal(tracked(w, file.id)?.display, 'COMPLETED');
    assert.equal(w.api.userFiles.getTreeItem(tracked(w, file.id)!).description, 'completed');
    assert.deepEqual(w.api.userFiles.poller.serialize(), { version: 1, files: [{ id: file.id, name: 'notes.txt', status: 'COMPLETED' }] });
    assert.deepEqual(w.api.userFiles.getChildren().map((f) => f.id), [file.id]);
  });

  it('the track box refuses what is not a file id', async () => {
    let problem: unknown;
    w.stubs.replace(vscode.window, 'showInputBox', (async (o?: vscode.InputBoxOptions) => {
      problem = await o?.validateInput?.('not-a-uuid');
      return undefined;
    }) as typeof vscode.window.showInputBox);
    await vscode.commands.executeCommand('docIngest.userFiles.track');
    assert.match(String(problem), /UUID/);
    assert.deepEqual(w.api.userFiles.poller.snapshot(), []);
  });

  it('Upload File sends a workspace file and tracks it until it is processed', async () => {
    await vscode.commands.executeCommand('docIngest.userFiles.upload', workspaceUri('samples/pixel.png'));
    const uploaded = w.service.userFiles().filter((f) => f.name === 'pixel.png');
    assert.equal(uploaded.length, 1, 'one upload');
    const file = uploaded[0]!;
    assert.equal(file.contentType, 'image/png');
    assert.equal(file.size, 70);
    assert.equal(file.status, 'PROCESSING');
    assert.equal(tracked(w, file.id)?.display, 'PROCESSING', 'tracked with the upload response');
    assert.equal(tracked(w, file.id)?.record?.file_id, file.fileId, 'the file-store id for image sections');

    w.service.completeUserFile(file.id);
    await w.api.userFiles.poller.refresh();
    assert.equal(tracked(w, file.id)?.display, 'COMPLETED');
    assert.deepEqual(w.messages.of('error'), []);

    await vscode.commands.executeCommand('docIngest.copyFileId', tracked(w, file.id));
    assert.equal(await vscode.env.clipboard.readText(), file.fileId, 'Copy File ID gives the id image sections take');
  });

  it('Upload File from the Explorer uploads every selected file', async () => {
    const png = workspaceUri('samples/pixel.png');
    const faq = workspaceUri('guide/faq.md');
    await vscode.commands.executeCommand('docIngest.userFiles.upload', faq, [png, faq]);
    assert.deepEqual(w.service.userFiles().map((f) => f.name).sort(), ['faq.md', 'pixel.png']);
    assert.deepEqual(w.api.userFiles.poller.snapshot().map((f) => f.name).sort(), ['faq.md', 'pixel.png']);
  });

  it('one warning when a file turns FAILED, not one per poll', async () => {
    const file = w.service.addUserFile('admin', { name: 'broken.pdf', status: 'PROCESSING' });
    new InputBoxes(w.stubs, [file.id]);
    await vscode.commands.executeCommand('docIngest.userFiles.track');
    await w.api.userFiles.poller.refresh();
    assert.equal(tracked(w, file.id)?.display, 'PROCESSING');
    assert.deepEqual(failedWarnings(w), []);

    w.service.failUserFile(file.id);
    await w.api.userFiles.poller.refresh();
    assert.equal(tracked(w, file.id)?.display, 'FAILED');
    await until(() => failedWarnings(w).length > 0, 'the FAILED notification');
    await w.api.userFiles.poller.refresh();
    await w.api.userFiles.poller.refresh();
    assert.deepEqual(failedWarnings(w), ['The server failed to process "broken.pdf".']);
    assert.equal(w.api.userFiles.getTreeItem(tracked(w, file.id)!).contextValue, 'userFile.FAILED');
  });

  it('an id the server does not return becomes "not found"', async () => {
    const id = '0f8e5b4c-1d2a-4b3c-9e8f-7a6b5c4d3e2f';
    new InputBoxes(w.stubs, [id]);
    await vscode.commands.executeCommand('docIngest.userFiles.track');
    await until(async () => {
      await w.api.userFiles.poller.refresh();
      return tracked(w, id)?.display === 'not-found';
    }, 'three answers without the id');
    assert.equal(w.api.userFiles.getTreeItem(tracked(w, id)!).description, 'not found');
  });

  it('Stop Tracking from a row, and from the palette with a pick', async () => {
    const a = w.service.addUserFile('admin', { name: 'a.txt', status: 'COMPLETED' });
    const b = w.service.addUserFile('admin', { name: 'b.txt', status: 'COMPLETED' });
    await trackAll(w, a.id, b.id);
    assert.deepEqual(w.api.userFiles.poller.snapshot().map((f) => f.name), ['a.txt', 'b.txt']);

    await vscode.commands.executeCommand('docIngest.userFiles.stopTracking', tracked(w, a.id));
    assert.deepEqual(w.api.userFiles.poller.snapshot().map((f) => f.name), ['b.txt']);
    assert.deepEqual(w.api.userFiles.poller.serialize().files.map((f) => f.id), [b.id], 'the persisted list follows');

    const picks = stubQuickPick(w.stubs, (item) => item.label === 'b.txt');
    await vscode.commands.executeCommand('docIngest.userFiles.stopTracking');
    assert.deepEqual(picks.shown[0]?.map((i) => i.label), ['b.txt']);
    assert.deepEqual(w.api.userFiles.poller.snapshot(), []);
    assert.deepEqual(w.api.userFiles.poller.serialize(), { version: 1, files: [] });
  });

  it('a rejected key stops the status updates with a message in the view and asks for a key', async () => {
    const file = w.service.addUserFile('admin', { name: 'c.txt', status: 'PROCESSING' });
    new InputBoxes(w.stubs, [file.id]);
    await vscode.commands.executeCommand('docIngest.userFiles.track');
    w.service.faults.inject({ path: '/user/projects/file/statuses', status: 401, body: { detail: 'Not authenticated' }, times: Infinity });
    await w.api.userFiles.poller.refresh();
    assert.ok(w.api.userFiles.poller.state().stoppedBy, 'polling stopped');
    assert.match(w.api.userFiles.view.message ?? '', /Status updates stopped/);
    assert.equal(w.api.connection.state, 'needsKey');
    assert.deepEqual(w.api.userFiles.getChildren(), [], 'the welcome view with "Set API Key" shows instead');
  });

  it('a failed upload is reported once, with nothing tracked', async () => {
    w.service.faults.inject({ method: 'POST', path: /upload/, status: 500, body: { detail: 'storage full' } });
    await vscode.commands.executeCommand('docIngest.userFiles.upload', workspaceUri('guide/faq.md'));
    const errors = w.messages.of('error');
    assert.equal(errors.length, 1);
    assert.match(errors[0]!, /Upload failed\..*storage full/);
    assert.deepEqual(w.api.userFiles.poller.snapshot(), []);
    assert.equal(w.service.userFiles().filter((f) => f.name === 'faq.md').length, 0);
  });

  it('a poll interval above 60 s is taken by the running poller, without a reload', async () => {
    await setSettings({ 'userFiles.pollIntervalSeconds': 120 });
    await until(() => w.api.userFiles.poller.state().intervalMs === 120_000, 'the poller to take 120 s');
    await setSettings({ 'userFiles.pollIntervalSeconds': undefined });
    await until(() => w.api.userFiles.poller.state().intervalMs === 2_000, 'the default again');
  });

  it('the list belongs to the server and key it was made with', async () => {
    await vscode.commands.executeCommand('docIngest.userFiles.upload', workspaceUri('samples/pixel.png'));
    const file = w.service.userFiles().find((f) => f.name === 'pixel.png')!;
    assert.ok(tracked(w, file.id), 'tracked on server A');

    const other = await startService({ dialect: 'observed', autoProcess: false });
    w.stubs.onRestore(() => void other.close());
    await setSettings({ baseUrl: other.baseUrl, ingestionPath: other.ingestionPath });
    const boxes = new FakeInputBoxes(w.stubs, [other.keys.admin]);
    await vscode.commands.executeCommand('docIngest.setApiKey');
    assert.deepEqual(boxes.messages, []);
    await until(() => w.api.userFiles.poller.snapshot().length === 0, 'server B to show its own (empty) list');
    assert.deepEqual(w.api.userFiles.getChildren(), []);
    assert.ok(!other.requests.some((r) => r.body.includes(file.id)), 'B is never asked about A\'s file');

    await setSettings({ baseUrl: w.service.baseUrl, ingestionPath: w.service.ingestionPath });
    await until(() => tracked(w, file.id), 'server A\'s list again');
    assert.deepEqual(w.api.userFiles.getChildren().map((f) => f.id), [file.id]);

    await setKey(w, 'basic'); // the same server, another user's key
    await until(() => w.api.userFiles.poller.snapshot().length === 0, 'the other key\'s own (empty) list');
    await setKey(w, 'admin');
    await until(() => tracked(w, file.id), 'the first key\'s list again');
  });

  it('Copy User File ID gives what Track File ID takes; the image-section id is copied by its own command', async () => {
    await vscode.commands.executeCommand('docIngest.userFiles.upload', workspaceUri('samples/pixel.png'));
    const file = w.service.userFiles().find((f) => f.name === 'pixel.png')!;
    const row = tracked(w, file.id)!;
    await vscode.commands.executeCommand('docIngest.userFiles.copyUserFileId', row);
    assert.equal(await vscode.env.clipboard.readText(), file.id);
    await vscode.commands.executeCommand('docIngest.userFiles.copyImageFileId', row);
    assert.equal(await vscode.env.clipboard.readText(), file.fileId);

    // Pasting the image-section id of a tracked row tracks that row, not a second "not found" one.
    new InputBoxes(w.stubs, [file.fileId]);
    await vscode.commands.executeCommand('docIngest.userFiles.track');
    assert.deepEqual(w.api.userFiles.poller.snapshot().map((f) => f.id), [file.id]);
    assert.ok(w.messages.of('info').some((m) => m.includes(file.id)), w.messages.of('info').join('\n'));
  });

  it('"Show" on the FAILED notification reveals and selects the failed row', async () => {
    const ok = w.service.addUserFile('admin', { name: 'fine.txt', status: 'COMPLETED' });
    const file = w.service.addUserFile('admin', { name: 'broken.pdf', status: 'PROCESSING' });
    await trackAll(w, ok.id, file.id);
    w.messages.answer = (m) => (/failed to process/.test(m.message) ? 'Show' : undefined);
    w.service.failUserFile(file.id);
    await w.api.userFiles.poller.refresh();
    await until(() => w.api.userFiles.view.selection.map((f) => f.id).join() === file.id, 'the failed row to be selected');
    assert.equal(w.api.userFiles.view.visible, true);
  });
});
