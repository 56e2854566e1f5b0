// Ids of documents that no workspace path names (untitled editors, files outside every folder) and of
// selections without a heading: nothing may overwrite another document by accident (issue 12, items 1-3).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { closeAllEditors, connect, ingestionRequests, InputBoxes, openEditor, until, useWorld, workspaceUri } from './helpers';

describe('Document ids without a workspace path', () => {
  const w = useWorld({ dialect: 'observed' });
  beforeEach(() => connect(w, 'admin'));

  async function untitled(content: string): Promise<vscode.TextEditor> {
    const doc = await vscode.workspace.openTextDocument({ content });
    assert.equal(doc.uri.scheme, 'untitled');
    return vscode.window.showTextDocument(doc);
  }

  it('an untitled editor gets an id chosen once, proposed from its heading; a new editor never reuses it', async () => {
    await untitled('# Alice draft\n\nAlice writes.\n');
    const first = new InputBoxes(w.stubs, ['alice-draft']);
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    assert.equal(first.asked.length, 1, 'the id is asked before the first send');
    assert.equal(first.asked[0]!.value, 'alice-draft', 'proposed from the first heading');
    assert.match(first.asked[0]!.prompt ?? '', /not saved to a file/);
    const alice = w.service.document('alice-draft');
    assert.ok(alice, JSON.stringify(w.service.documents().map((d) => d.id)));
    assert.equal(alice.title, 'Alice draft', 'titled by its heading, not "Untitled-1"');

    // The same editor again: the id is kept, nothing is asked.
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    assert.equal(w.results()[0]?.outcome, 'updated');
    assert.equal(w.results()[0]?.documentId, 'alice-draft');

    // Closed unsaved; a new editor (VS Code may give it the same name) with another memo.
    await closeAllEditors();
    await untitled('Bob\'s memo, no heading.\n');
    const second = new InputBoxes(w.stubs, ['bobs-memo']);
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    assert.equal(second.asked.length, 1, 'a new editor is asked again');
    assert.equal(second.asked[0]!.value, 'bob-s-memo-no-heading', 'proposed from the first line');
    const validate = second.asked[0]!.validateInput!;
    const reused = await validate('alice-draft');
    assert.equal(typeof reused === 'object' && reused?.severity, vscode.InputBoxValidationSeverity.Warning, 'reusing an id sent from another editor is warned about');
    assert.match(typeof reused === 'object' ? reused?.message ?? '' : '', /Enter replaces that document/);
    assert.ok(await validate('not an id'), 'an id with spaces is refused');
    assert.deepEqual(w.service.documents().map((d) => d.id).sort(), ['alice-draft', 'bobs-memo']);
    assert.match(w.service.document('alice-draft')?.sections.map((s) => s.text).join('') ?? '', /Alice writes/, 'the first draft is still there');
  });

  it('Escape on the id box sends nothing', async () => {
    await untitled('# Scratch\n\nText.\n');
    new InputBoxes(w.stubs, [undefined]);
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    assert.equal(ingestionRequests(w.service).length, 0);
    assert.equal(w.results()[0], undefined);
  });

  it('front matter id: pins an untitled editor\'s id without asking', async () => {
    await untitled('---\nid: pinned-draft\n---\n# Pinned\n\nText.\n');
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    assert.ok(w.service.document('pinned-draft'));
  });

  it('two README.md files outside the workspace never share an id; each keeps the id chosen for it', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-ingest-outside-'));
    const files = ['alpha', 'beta'].map((dir) => {
      fs.mkdirSync(path.join(root, dir));
      const file = path.join(root, dir, 'README.md');
      fs.writeFileSync(file, `# ${dir} readme\n\nAbout ${dir}.\n`);
      return file;
    });
    try {
      const boxes = new InputBoxes(w.stubs, ['alpha~readme.md', 'beta~readme.md']);
      for (const file of files) {
        await vscode.window.showTextDocument(vscode.Uri.file(file));
        await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
      }
      assert.deepEqual(boxes.asked.map((o) => o.value), ['alpha~readme.md', 'beta~readme.md'], 'proposed from folder and name');
      assert.match(boxes.asked[0]!.prompt ?? '', /outside the workspace folders/);
      assert.deepEqual(w.service.documents().map((d) => d.id).sort(), ['alpha~readme.md', 'beta~readme.md']);

      // Again, from the Explorer-style call with the file's URI: remembered, not asked.
      await vscode.commands.executeCommand('docIngest.ingestCurrentFile', vscode.Uri.file(files[0]!));
      assert.equal(w.results()[0]?.outcome, 'updated');
      assert.equal(w.results()[0]?.documentId, 'alpha~readme.md');
    } finally {
      await closeAllEditors();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('in a multi-root workspace the folder\'s name goes in front of the id; a single folder keeps today\'s ids', async () => {
    const faq = workspaceUri('guide/faq.md');
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile', faq);
    assert.ok(w.service.document('guide~faq.md'), 'single folder: the folder-relative path alone');

    // A second folder, as a multi-root workspace has: VS Code would restart the extension host to add one, so
    // the workspace's folder list is what changes here.
    const real = vscode.workspace.workspaceFolders![0]!;
    const folders: vscode.WorkspaceFolder[] = [{ uri: vscode.Uri.file(os.tmpdir()), name: 'api', index: 0 }, { uri: real.uri, name: 'Web Docs', index: 1 }];
    for (const name of ['workspaceFolders', 'getWorkspaceFolder'] as const) {
      const had = Object.getOwnPropertyDescriptor(vscode.workspace, name);
      const value = name === 'workspaceFolders' ? folders : (uri: vscode.Uri) => (uri.toString().startsWith(real.uri.toString()) ? folders[1] : undefined);
      Object.defineProperty(vscode.workspace, name, { get: () => value, configurable: true });
      w.stubs.onRestore(() => (had ? Object.defineProperty(vscode.workspace, name, had) : delete (vscode.workspace as unknown as Record<string, unknown>)[name]));
    }
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile', faq);
    assert.equal(w.results()[0]?.documentId, 'web-docs~guide~faq.md', w.messages.of('error').join('; '));
    assert.ok(w.service.document('web-docs~guide~faq.md'));
  });

  it('a selection without a heading above is named by its confirmed title: edited and sent again, it updates the same document', async () => {
    const editor = await openEditor('README.md');
    const select = () => {
      const text = editor.document.getText();
      const start = text.indexOf('A small documentation tree');
      const end = text.indexOf('workspace folder.') + 'workspace folder.'.length;
      editor.selection = new vscode.Selection(editor.document.positionAt(start), editor.document.positionAt(end));
    };
    // The fixture's only heading is its level-1 title; text above any heading is what this is about, so
    // select the text of an edited copy with the heading removed.
    await editor.edit((e) => e.delete(new vscode.Range(0, 0, 1, 0)));
    select();
    const boxes = new InputBoxes(w.stubs, ['Fixture notes']);
    await vscode.commands.executeCommand('docIngest.ingestSelection');
    assert.match(boxes.asked[0]!.prompt ?? '', /title names the document/);
    assert.doesNotMatch(boxes.asked[0]!.prompt ?? '', /Enter to send/, 'VS Code says how to confirm; the prompt does not repeat it');
    assert.equal(w.service.documents().length, 1);
    assert.equal(w.service.documents()[0]!.id, 'readme.md~fixture-notes');

    await editor.edit((e) => e.insert(editor.document.positionAt(editor.document.getText().indexOf('workspace folder.')), 'single '));
    select();
    new InputBoxes(w.stubs, ['Fixture notes']);
    await vscode.commands.executeCommand('docIngest.ingestSelection');
    await until(() => w.results()[0]?.outcome === 'updated', 'the edited selection to update');
    assert.equal(w.service.documents().length, 1, 'no second, stale document');
    assert.match(w.service.documents()[0]!.sections.map((s) => s.text).join(''), /single workspace folder/);
  });
});
