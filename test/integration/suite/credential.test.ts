// F7: "Update Credential...": a JSON editor whose save PATCHes the credential; masked values are refused.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { connect, InputBoxes, stubQuickPick, until, useWorld, type World } from './helpers';

const SCHEME = 'doc-ingest-credential';

function credentialEditor(): vscode.TextDocument {
  const doc = vscode.window.activeTextEditor?.document;
  assert.ok(doc && doc.uri.scheme === SCHEME, `the credential editor is active (active: ${doc?.uri.toString()})`);
  return doc;
}

async function replaceText(doc: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
  assert.ok(await vscode.workspace.applyEdit(edit));
}

/**
 * Saves and expects the save to be refused in our words: VS Code's own save error would offer "Save As...",
 * which writes the secrets to a file on disk, so the save itself must not fail.
 */
async function assertRefusedInOurWords(doc: vscode.TextDocument, sentence: RegExp): Promise<void> {
  const w = current!;
  const before = w.messages.of('error').length;
  assert.equal(await doc.save(), true, 'VS Code sees no failed save (no "Unable to write file", no Save As...)');
  const errors = await until(() => w.messages.of('error').length > before && w.messages.of('error').slice(before), 'our error message');
  assert.equal(errors.length, 1);
  assert.match(errors[0]!, sentence);
  assert.doesNotMatch(errors[0]!, /Unable to write|FileSystemError|doc-ingest-credential:/);
}

let current: World | undefined;

function patches(w: World): number {
  return w.service.requests.filter((r) => r.method === 'PATCH').length;
}

describe('F7 update credential (observed server)', () => {
  const w = useWorld({ dialect: 'observed' });
  beforeEach(() => ((current = w), connect(w, 'basic'))); // user A, owner of credential 1

  async function openCredential1(): Promise<vscode.TextDocument> {
    const picks = stubQuickPick(w.stubs, (item) => item.description?.startsWith('#1 ') ?? false);
    await vscode.commands.executeCommand('docIngest.updateCredential');
    assert.ok(picks.shown[0]?.some((i) => i.label === 'Docs portal token'), 'the credentials are listed by name');
    const doc = credentialEditor();
    assert.equal(doc.uri.path, '/credential-1.doc-ingest-credential.json');
    assert.equal(doc.languageId, 'json');
    return doc;
  }

  it('saving the edited JSON updates the credential on the server', async () => {
    const doc = await openCredential1();
    const body = JSON.parse(doc.getText()) as { credential_json: Record<string, unknown>; source: string; admin_public: boolean };
    assert.equal(body.source, 'file');
    assert.equal(body.admin_public, false);
    assert.notEqual(body.credential_json.api_token, 'sk_live_51HqR8xT2vLk9PzQa4Yc', 'the editor shows what the server shows (masked)');

    const fresh = { api_token: 'sk_live_replacement_0123456789', username: 'alice@example.com' };
    await replaceText(doc, JSON.stringify({ ...body, credential_json: fresh }, null, 2));
    assert.equal(await doc.save(), true);
    assert.deepEqual(w.service.credential(1)?.credentialJson, fresh);
    assert.equal(doc.isDirty, false);
    await until(() => w.messages.of('info').some((m) => m === 'Credential 1 updated.'), 'the confirmation');
  });

  it('a masked value is refused in our words: nothing is sent and the server keeps the credential', async () => {
    const before = w.service.credential(1)?.credentialJson;
    const doc = await openCredential1();
    const body = JSON.parse(doc.getText()) as { credential_json: Record<string, unknown> };
    // Change something else and leave the masked secrets as shown.
    await replaceText(doc, JSON.stringify({ ...body, credential_json: { ...body.credential_json, pin: '0000' } }, null, 2));
    const typed = doc.getText();
    await assertRefusedInOurWords(doc, /^Credential 1 was not updated: .*credential_json\.api_token.*masked/);
    assert.equal(doc.getText(), typed, 'nothing the user typed is lost');
    assert.ok(!w.messages.shown.find((m) => m.level === 'error')!.options.includes('Try Again'), 'the same text would be refused again');
    assert.equal(patches(w), 0, 'nothing was sent');
    assert.deepEqual(w.service.credential(1)?.credentialJson, before);
  });

  it('invalid JSON is not sent', async () => {
    const doc = await openCredential1();
    await replaceText(doc, '{ "credential_json": ');
    await assertRefusedInOurWords(doc, /^Credential 1 was not updated: the text is not valid JSON/);
    assert.equal(doc.getText(), '{ "credential_json": ');
    assert.equal(patches(w), 0);
  });

  it('a failed request: our one sentence, the text stays, and Try Again sends it', async () => {
    const doc = await openCredential1();
    const body = JSON.parse(doc.getText()) as Record<string, unknown>;
    const fresh = { api_token: 'sk_live_after_outage_0123456789' };
    await replaceText(doc, JSON.stringify({ ...body, credential_json: fresh }, null, 2));
    w.service.faults.inject({ method: 'PATCH', status: 503, body: { detail: 'maintenance' } });
    w.messages.answer = (m) => (m.level === 'error' && m.options.includes('Try Again') ? 'Try Again' : undefined);
    await assertRefusedInOurWords(doc, /^Credential 1 was not updated: The server failed \(HTTP 503\)/);
    assert.ok(doc.getText().includes('sk_live_after_outage_0123456789'), 'the typed text stays in the editor');
    await until(() => patches(w) === 2, 'Try Again to send the text again');
    await until(() => w.messages.of('info').includes('Credential 1 updated.'), 'the confirmation');
    assert.deepEqual(w.service.credential(1)?.credentialJson, fresh);
  });

  it('Show Result opens the answer read-only: not dirty, not untitled, nothing to save', async () => {
    const doc = await openCredential1();
    w.messages.answer = (m) => (m.options.includes('Show Result') ? 'Show Result' : undefined);
    const body = JSON.parse(doc.getText()) as Record<string, unknown>;
    await replaceText(doc, JSON.stringify({ ...body, credential_json: { api_token: 'sk_live_result_0123456789' } }, null, 2));
    assert.equal(await doc.save(), true);
    const result = await until(() => {
      const d = vscode.window.activeTextEditor?.document;
      return d && d.uri.scheme !== SCHEME ? d : undefined;
    }, 'the result editor');
    assert.equal(result.isUntitled, false);
    assert.equal(result.isDirty, false);
    assert.equal(result.uri.scheme, 'doc-ingest-credential-result');
    assert.equal(result.languageId, 'json');
    assert.equal((JSON.parse(result.getText()) as { id: number }).id, 1);
    assert.equal(vscode.workspace.fs.isWritableFileSystem(result.uri.scheme), undefined, 'no file system: a read-only content provider');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    assert.ok(!vscode.window.visibleTextEditors.some((e) => e.document === result), 'closed without asking to save');
  });
});

describe('F7 update credential: ownership and fields the server ignores (observed server)', () => {
  const w = useWorld({ dialect: 'observed' });

  async function open(id: number): Promise<vscode.TextDocument> {
    stubQuickPick(w.stubs, (item) => item.description?.startsWith(`#${id} `) ?? false);
    await vscode.commands.executeCommand('docIngest.updateCredential');
    return credentialEditor();
  }

  async function edit(doc: vscode.TextDocument, change: Record<string, unknown>): Promise<void> {
    const body = JSON.parse(doc.getText()) as Record<string, unknown>;
    await replaceText(doc, JSON.stringify({ ...body, ...change }, null, 2));
  }

  const modals = (w: World) => w.messages.shown.filter((m) => m.level === 'warning' && (m.options[0] as vscode.MessageOptions | undefined)?.modal);

  it('saving another user\'s credential asks first (No sends nothing); once confirmed, it is not asked again', async () => {
    await connect(w, 'admin');
    const alice = w.service.credential(1)!.userId;
    const doc = await open(1);
    await edit(doc, { credential_json: { api_token: 'sk_live_taken_over_0123456789' } });
    w.messages.answer = () => undefined; // the modal's Cancel
    await doc.save();
    assert.equal(modals(w).length, 1);
    assert.match(modals(w)[0]!.message, /Credential 1 .*will become yours/);
    assert.equal(patches(w), 0, 'not sent without a yes');
    assert.equal(w.service.credential(1)!.userId, alice);
    assert.ok(doc.getText().includes('sk_live_taken_over_0123456789'), 'the text stays');

    w.messages.answer = (m) => (m.options.includes('Save and Take Over') ? 'Save and Take Over' : undefined);
    // Ctrl+S on the unchanged text: VS Code writes an explicitly saved file even when it is not dirty.
    assert.equal(vscode.window.activeTextEditor?.document, doc);
    await vscode.commands.executeCommand('workbench.action.files.save');
    assert.equal(modals(w).length, 2);
    assert.equal(patches(w), 1);
    assert.equal(w.service.credential(1)!.userId, w.service.users.admin.id);
    await until(() => w.messages.shown.some((m) => /^Credential 1 updated\. It is now yours/.test(m.message)), 'the confirmation naming the new owner');

    await edit(doc, { credential_json: { api_token: 'sk_live_taken_over_0123456789', user: 'admin2' } });
    await doc.save();
    assert.equal(patches(w), 2);
    assert.equal(modals(w).length, 2, 'not asked again once confirmed in this editor');
  });

  it('without GET /me the warning says the credential may become the user\'s', async () => {
    await connect(w, 'basic');
    w.service.faults.inject({ method: 'GET', path: '/api/me', status: 404, body: { detail: 'Not Found' }, times: Infinity });
    const doc = await open(1);
    await edit(doc, { credential_json: { api_token: 'sk_live_unknown_me_0123456789' } });
    w.messages.answer = () => undefined;
    await doc.save();
    assert.equal(modals(w).length, 1);
    assert.match(modals(w)[0]!.message, /^Credential 1 may become yours when you save it, if it is not already/);
    assert.equal(patches(w), 0);
  });

  it('the owner is not asked; a rename the server ignores is named after the save', async () => {
    await connect(w, 'basic');
    const doc = await open(1);
    await edit(doc, { name: 'Renamed portal token', credential_json: { api_token: 'sk_live_own_0123456789' } });
    await doc.save();
    assert.equal(modals(w).length, 0, 'no warning for one\'s own credential');
    assert.equal(patches(w), 1);
    assert.deepEqual(w.service.credential(1)?.credentialJson, { api_token: 'sk_live_own_0123456789' });
    assert.equal(w.service.credential(1)?.name, 'Docs portal token');
    const said = await until(() => w.messages.shown.find((m) => m.message.startsWith('Credential 1 updated')), 'the confirmation');
    assert.match(said.message, /did not apply name\b/);
    assert.doesNotMatch(said.message, /groups|user_email|admin_public/, 'only real differences');
  });
});

describe('F7 update credential (specification server)', () => {
  const w = useWorld({ dialect: 'spec' });
  beforeEach(() => connect(w, 'basic'));

  it('without a credential listing it asks for the id, then saves', async () => {
    const ids = new InputBoxes(w.stubs, ['1']);
    await vscode.commands.executeCommand('docIngest.updateCredential');
    assert.equal(ids.asked.length, 1);
    const doc = credentialEditor();
    const body = JSON.parse(doc.getText()) as Record<string, unknown>;
    assert.deepEqual(body.credential_json, {}, 'nothing to start from');
    await replaceText(doc, JSON.stringify({ ...body, credential_json: { token: 'abc123' }, name: 'Renamed' }, null, 2));
    assert.equal(await doc.save(), true);
    assert.deepEqual(w.service.credential(1)?.credentialJson, { token: 'abc123' });
    assert.equal(w.service.credential(1)?.name, 'Renamed');
  });
});
