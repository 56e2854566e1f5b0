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

function patches(w: World): number {
  return w.service.requests.filter((r) => r.method === 'PATCH').length;
}

describe('F7 update credential (observed server)', () => {
  const w = useWorld({ dialect: 'observed' });
  beforeEach(() => connect(w, 'basic')); // user A, owner of credential 1

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

  it('a masked value is refused: the save fails and the server keeps the credential', async () => {
    const before = w.service.credential(1)?.credentialJson;
    const doc = await openCredential1();
    const body = JSON.parse(doc.getText()) as { credential_json: Record<string, unknown> };
    // Change something else and leave the masked secrets as shown.
    await replaceText(doc, JSON.stringify({ ...body, credential_json: { ...body.credential_json, pin: '0000' } }, null, 2));
    const saved = await Promise.resolve(doc.save()).then((ok) => ok, () => false);
    assert.equal(saved, false, 'the save failed');
    assert.equal(doc.isDirty, true, 'nothing the user typed is lost');
    assert.equal(patches(w), 0, 'nothing was sent');
    assert.deepEqual(w.service.credential(1)?.credentialJson, before);
  });

  it('invalid JSON is not sent', async () => {
    const doc = await openCredential1();
    await replaceText(doc, '{ "credential_json": ');
    const saved = await Promise.resolve(doc.save()).then((ok) => ok, () => false);
    assert.equal(saved, false);
    assert.equal(patches(w), 0);
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
