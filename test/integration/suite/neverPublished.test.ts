// Issue 25, items 5 and 6, in a real VS Code: a folder's batch leaves out what .gitignore and the hidden rule
// withhold and lists a draft as not to be published in the Results view; Ingest Current File sends a file only those
// rules withhold, and one a .docingestignore line or its front matter keeps back is never silent: the status bar and a
// message say the rule, whose line a button opens (issue 34); a page over docIngest.maxDocumentChars is a diagnostic in the Problems panel.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { connect, ingestionRequests, openEditor, setSettings, stubQuickPick, until, useWorld, workspaceUri } from './helpers';

const TMP = 'never-published-tmp';

describe('Never published: ignore files, hidden folders, drafts, the server size limit', function () {
  this.timeout(60_000);
  const w = useWorld({ dialect: 'observed' });
  const folder = workspaceUri(TMP);
  const write = (relative: string, content: string) => {
    const at = path.join(folder.fsPath, relative);
    fs.mkdirSync(path.dirname(at), { recursive: true });
    fs.writeFileSync(at, content);
    return vscode.Uri.file(at);
  };
  beforeEach(async () => {
    fs.rmSync(folder.fsPath, { recursive: true, force: true });
    await connect(w, 'admin');
  });
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await setSettings({ maxDocumentChars: undefined, include: undefined });
    fs.rmSync(folder.fsPath, { recursive: true, force: true });
  });

  it('a batch over a folder: the .gitignore\'d file and the hidden folder are not taken, the draft is a row of its own', async () => {
    write('.gitignore', '# mine\nscratch.md\n');
    write('guide.md', '# Guide\n\nText.\n');
    write('scratch.md', '# Scratch\n\nMine.\n');
    write('.notes/idea.md', '# Idea\n\nHidden.\n');
    write('roadmap.md', '---\ntitle: Roadmap\ndraft: true\n---\n# Roadmap\n\nNot yet.\n');
    await vscode.commands.executeCommand('docIngest.ingestFolder', folder);

    const rows = w.api.results.results();
    assert.deepEqual(rows.map((r) => [r.file.relativePath, r.outcome, r.reason]).sort(), [[`${TMP}/guide.md`, 'created', undefined], [`${TMP}/roadmap.md`, 'skipped', 'draft']]);
    const draft = rows.find((r) => r.reason === 'draft')!;
    const item = w.api.results.getTreeItem(draft);
    assert.equal(item.description, 'not published: draft');
    assert.equal(item.tooltip, '“roadmap.md” is not published: its front matter says draft: true (line 3); remove that line to publish it.');
    assert.equal((item.iconPath as vscode.ThemeIcon).id, 'eye-closed');
    assert.equal(w.api.results.failed().length, 0, 'a draft is no failure');
    assert.deepEqual(ingestionRequests(w.service).map((r) => (JSON.parse(r.body) as { document: { id: string } }).document.id), [`${TMP}~guide.md`]);
    assert.ok(w.messages.of('info').some((m) => /^Ingested never-published-tmp: 1 created, 0 updated, 0 unchanged, 1 skipped, 0 failed\. 1 of the skipped are not to be published/.test(m)), w.messages.of('info').join(' | '));
 
    // Badges: the draft and the withheld files are neither new nor changed, as the batch skipped them.
    const badge = async (relative: string) => (await w.api.freshness.decorations.provideFileDecoration(vscode.Uri.joinPath(folder, relative)))?.badge;
    write('new.md', '# New\n\nText.\n');
    assert.equal(await badge('new.md'), 'N', 'a new page is marked');
    for (const withheld of ['roadmap.md', 'scratch.md', '.notes/idea.md']) assert.equal(await badge(withheld), undefined, withheld);
  });

  it('Ingest Current File sends a file .gitignore ignores, or one in a hidden folder from the Explorer: naming it is an explicit request (issue 34)', async () => {
    write('.gitignore', 'node_modules/\nscratch.md\n');
    write('scratch.md', '# Scratch\n\nMine.\n');
    const hidden = write('.notes/idea.md', '# Idea\n\nHidden.\n');
    await openEditor(`${TMP}/scratch.md`);
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile', hidden, [hidden]);
    assert.deepEqual(w.results().map((r) => [r.title, r.outcome]), [['Idea', 'created'], ['Scratch', 'created']]);
    assert.ok(w.service.document(`${TMP}~scratch.md`));
    assert.ok(w.service.document(`${TMP}~.notes~idea.md`));
    assert.deepEqual(w.messages.shown.filter((m) => m.level !== 'info' || /not published/.test(m.message)), [], 'no refusal');
  });

  it('a .docingestignore line or draft: true keeps a named file back: the status bar says so with the rule, and a message opens the rule at its line (issue 34)', async () => {
    const ignoreFile = write('.docingestignore', '# private\ninternal.md\n');
    write('internal.md', '# Internal\n\nMine.\n');
    const draft = write('roadmap.md', '---\ntitle: Roadmap\ndraft: true\n---\n# Roadmap\n\nNot yet.\n');
    w.messages.answer = (m) => m.options.find((o): o is string => typeof o === 'string' && o.startsWith('Open '));
    const opened = (uri: vscode.Uri, line: number) => until(() => {
      const e = vscode.window.activeTextEditor;
      return e?.document.uri.toString() === uri.toString() && e.selection.active.line === line - 1;
    }, `${uri.path} at line ${line}`);

    const editor = await openEditor(`${TMP}/internal.md`);
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    const sentence = `${TMP}/internal.md is not published: ${TMP}/.docingestignore line 2 (internal.md) ignores it; remove or change that line to publish it.`;
    assert.deepEqual(w.results().map((r) => [r.title, r.outcome, r.error]), [['internal.md', 'notPublished', sentence]], 'the status bar shows the last result: kept back, with the rule');
    const said = w.messages.shown.at(-1);
    assert.deepEqual([said?.level, said?.message, said?.options], ['info', sentence, ['Open .docingestignore at Line 2']], 'said at once, in a message');
    await opened(ignoreFile, 2);

    // A selection of it is kept back the same way, before its title is asked.
    editor.selection = new vscode.Selection(0, 0, 2, 0);
    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('docIngest.ingestSelection');
    assert.equal(w.results()[0]?.outcome, 'notPublished');
    assert.equal(w.results()[0]?.error, sentence);

    await vscode.commands.executeCommand('docIngest.ingestCurrentFile', draft, [draft]);
    const why = '“roadmap.md” is not published: its front matter says draft: true (line 3); remove that line to publish it.';
    assert.deepEqual([w.results()[0]?.outcome, w.results()[0]?.error], ['notPublished', why]);
    assert.deepEqual(w.messages.shown.at(-1)?.options, ['Open roadmap.md at Line 3']);
    await opened(draft, 3);

    assert.equal(w.messages.of('error').length, 0, 'not an error');
    assert.equal(ingestionRequests(w.service).length, 0);
  });

  it('Find Orphans offers a published page that became a draft, or that .docingestignore now names, as not to be published', async () => {
    await setSettings({ include: [`${TMP}/**/*.md`] });
    write('keep.md', '# Keep\n\nStays.\n');
    write('later.md', '# Later\n\nText.\n');
    write('old.md', '# Old\n\nText.\n');
    await vscode.commands.executeCommand('docIngest.ingestWorkspace');
    assert.ok(w.messages.of('info').some((m) => /^Ingested the workspace: 3 created.* 0 failed\./.test(m)), w.messages.shown.map((m) => m.message).join(' | '));
    write('later.md', '---\ndraft: true\n---\n# Later\n\nText.\n');
    write('.docingestignore', '# retired\nold.md\n');
    w.service.clearRequests();
    const pick = stubQuickPick(w.stubs, () => true);
    w.messages.answer = (m) => (/^Delete \d+ documents? from /.test(m.message) ? 'Delete' : undefined);
    await vscode.commands.executeCommand('docIngest.findOrphans');
    const rows = (pick.shown.at(-1) ?? []).filter((i) => i.kind !== vscode.QuickPickItemKind.Separator).map((i) => [i.description ?? i.label, i.detail]);
    assert.deepEqual(rows, [
      [`${TMP}~later.md`, `${TMP}/later.md is not to be published (draft: true (line 2))`],
      [`${TMP}~old.md`, `${TMP}/old.md is not to be published (${TMP}/.docingestignore line 2)`],
    ]);
    assert.deepEqual(w.service.requests.filter((r) => r.method === 'DELETE').length, 2);
    assert.equal(w.service.document(`${TMP}~later.md`), undefined);
    assert.ok(w.service.document(`${TMP}~keep.md`));
  });

  it('a page over docIngest.maxDocumentChars is a diagnostic in the Problems panel, and a batch does not send it', async () => {
    await setSettings({ maxDocumentChars: 100 });
    const uri = write('long.md', `# Long\n\n${'word '.repeat(40)}\n`);
    await openEditor(`${TMP}/long.md`);
    const diagnostic = await until(() => vscode.languages.getDiagnostics(uri).find((d) => d.source === 'Doc Ingest' && d.code === 'serverWouldDrop'), 'the max-chars diagnostic');
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    assert.match(diagnostic.message, /^“long\.md” has 2\d\d characters, over the server's limit of 100 \(setting docIngest\.maxDocumentChars\): the server would drop it while answering success\./);
    await vscode.commands.executeCommand('docIngest.ingestFolder', folder);
    const row = w.api.results.results().find((r) => r.file.relativePath.endsWith('long.md'));
    assert.equal(row?.outcome, 'failed');
    assert.equal(ingestionRequests(w.service).length, 0);

    await setSettings({ maxDocumentChars: undefined });
    await until(() => !vscode.languages.getDiagnostics(uri).some((d) => d.code === 'serverWouldDrop'), 'the diagnostic to go without a limit');
  });
});
