// Trust in the editor (issue 23, item 8): links in a workspace folder lead nowhere outside it, whatever
// search.followSymlinks says; and files.exclude does not change which files a batch takes (the command line's).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { connect, ingestionRequests, useWorld, workspaceUri } from './helpers';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('Nothing outside the workspace folder is read (issue 23)', function () {
  this.timeout(60_000);
  const w = useWorld({ dialect: 'observed' });
  const folder = workspaceUri('links-tmp');
  let outside: string;
  const write = (at: string, content: string | Buffer) => {
    fs.mkdirSync(path.dirname(at), { recursive: true });
    fs.writeFileSync(at, content);
  };
  const inFolder = (relative: string) => path.join(folder.fsPath, relative);
  const userSetting = (section: string, key: string, value: unknown) => vscode.workspace.getConfiguration(section).update(key, value, vscode.ConfigurationTarget.Global);
  const uploads = () => w.service.requests.filter((r) => r.path.includes(w.service.uploadPath));

  beforeEach(async () => {
    fs.rmSync(folder.fsPath, { recursive: true, force: true });
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-ingest-outside-'));
    for (let i = 0; i < 3; i++) write(path.join(outside, `private-${i}.md`), `# Private ${i}\n\nNot ours.\n`);
    write(path.join(outside, 'secret.png'), PNG);
    await connect(w, 'admin');
  });
  afterEach(async () => {
    fs.rmSync(folder.fsPath, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
    await userSetting('search', 'followSymlinks', undefined);
    await userSetting('files', 'exclude', undefined);
  });

  it('Ingest Folder follows no linked folder (a sibling, a loop), even with search.followSymlinks on', async () => {
    write(inFolder('guide.md'), '# Guide\n\nText.\n');
    fs.symlinkSync(outside, inFolder('shared'), 'dir');
    fs.symlinkSync('..', inFolder('loop'), 'dir');
    await userSetting('search', 'followSymlinks', true);

    await vscode.commands.executeCommand('docIngest.ingestFolder', folder);

    assert.deepEqual(w.api.results.results().map((r) => r.file.relativePath), ['links-tmp/guide.md']);
    assert.deepEqual(w.service.documents().map((d) => d.id), ['links-tmp~guide.md'], 'nothing of the sibling, nothing twice');
  });

  it('files.exclude does not change what Ingest Folder takes: the files the command line takes for the same globs', async () => {
    write(inFolder('guide.md'), '# Guide\n\nText.\n');
    write(inFolder('hidden/kept.md'), '# Kept\n\nText.\n');
    write(inFolder('node_modules/dep/readme.md'), '# Not ours\n');
    await userSetting('files', 'exclude', { '**/hidden': true });

    await vscode.commands.executeCommand('docIngest.ingestFolder', folder);

    assert.deepEqual(w.api.results.results().map((r) => r.file.relativePath).sort(), ['links-tmp/guide.md', 'links-tmp/hidden/kept.md'], 'docIngest.exclude still leaves node_modules out');
  });

  it('a linked image that leads outside the folder is refused with its path and line, and never uploaded', async () => {
    write(inFolder('pictured.md'), '# Pictured\n\nText.\n\n![Secret](img/secret.png)\n');
    fs.mkdirSync(inFolder('img'), { recursive: true });
    fs.symlinkSync(path.join(outside, 'secret.png'), inFolder('img/secret.png'));
    w.messages.answer = () => undefined;

    await vscode.commands.executeCommand('docIngest.ingestFolder', folder);
    const row = w.api.results.results().find((r) => r.file.relativePath === 'links-tmp/pictured.md');
    assert.equal(row?.outcome, 'failed');
    assert.equal(row?.line, 5);
    assert.match(row?.error ?? '', /the image links-tmp\/img\/secret\.png \(line 5\) leads outside the workspace \(a symbolic link\)/);

    await vscode.commands.executeCommand('docIngest.ingestCurrentFile', vscode.Uri.file(inFolder('pictured.md')));
    assert.ok(w.messages.shown.some((m) => /links-tmp\/img\/secret\.png \(line 5\) leads outside the workspace/.test(m.message)), w.messages.shown.map((m) => m.message).join(' | '));

    assert.equal(uploads().length, 0, 'nothing uploaded');
    assert.equal(ingestionRequests(w.service).length, 0, 'nothing sent');
  });
});
