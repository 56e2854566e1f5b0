// F17, is it findable? (issue 36) in a real VS Code against the local service: a page with three questions, one of
// them outranked by another file of the workspace. The Findability view's rows, the CodeLens on each question, the
// Problems panel's warning naming the outranking file, and the check after Ingest Current File, which waits while
// the server indexes the page. Each test works in its own folder of the fixture workspace, deleted after it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { FindabilityNode } from '../../../src/extension/findability/findabilityView';
import { connect, setSettings, until, useWorld, workspaceUri, type World } from './helpers';

/** The settings these tests change (the shared helpers reset only their own). */
const OURS = ['include', 'linkTemplate', 'findability.top', 'findability.afterIngest'];


/** The page with three questions, and another page all about the tarball that outranks it for the second. */
const FIXTURE = path.resolve(__dirname, '../../../../test/fixtures/findability');
const PAGE = fs.readFileSync(path.join(FIXTURE, 'install.md'), 'utf8');
const OLD = fs.readFileSync(path.join(FIXTURE, 'old-install.md'), 'utf8');

function label(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : item.label?.label ?? '';
}

async function rows(w: World, node?: FindabilityNode): Promise<{ node: FindabilityNode; item: vscode.TreeItem }[]> {
  const nodes = w.api.findability.view.getChildren(node);
  return Promise.all(nodes.map(async (n) => ({ node: n, item: await w.api.findability.view.getTreeItem(n) })));
}

describe('F17 is it findable? in the editor', () => {
  const w = useWorld({ dialect: 'observed' });
  let folder = '';
  let n = 0;

  beforeEach(async () => {
    folder = `findability-${process.pid}-${++n}`;
    await connect(w, 'admin');
    // Only this test's files claim ids; the top 1, so that a page ranked second is "not found".
    await setSettings({ include: [`${folder}/**/*.md`], linkTemplate: 'https://docs.example.com/{path}#{anchor}', 'findability.top': 1 });
  });
  afterEach(async () => {
    await setSettings(Object.fromEntries(OURS.map((k) => [k, undefined])));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(workspaceUri(folder).fsPath, { recursive: true, force: true });
  });

  const write = (name: string, text: string): vscode.Uri => {
    const uri = workspaceUri(`${folder}/${name}`);
    fs.mkdirSync(path.dirname(uri.fsPath), { recursive: true });
    fs.writeFileSync(uri.fsPath, text);
    return uri;
  };
  const searches = () => w.service.requests.filter((r) => r.method === 'POST' && r.path.endsWith('search/send-search-message')).length;
  const ingest = async (uri: vscode.Uri) => {
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile', uri);
    assert.ok(['created', 'updated'].includes(w.results()[0]?.outcome ?? ''), JSON.stringify(w.results()[0]));
  };

  it('Check Findability: the view ranks each question, CodeLenses show the ranks, the Problems panel names the outranking file', async () => {
    const page = write('install.md', PAGE);
    await ingest(write('old-install.md', OLD));
    await ingest(page);
    await vscode.window.showTextDocument(page);

    await vscode.commands.executeCommand('docIngest.checkFindability');

    // The view: one page checked, so its questions at the top, each with its rank; below each, the top documents.
    const questions = await rows(w);
    assert.deepEqual(questions.map((r) => [label(r.item), r.item.description]), [
      ['Which packages does the widget need?', '#1 of 1, section #1'],
      ['How do I unpack the widget tarball?', 'not in the top 1'],
      ['How do I configure the widget proxy?', '#1 of 1'],
    ]);
    const [above] = await rows(w, questions[1]!.node);
    assert.equal(label(above!.item), '1. Old tarball notes');
    assert.equal(above!.item.description, `${folder}/old-install.md`);
    assert.equal(above!.item.command?.command, 'docIngest.findability.openHit');
    const [own] = await rows(w, questions[0]!.node);
    assert.equal(own!.item.description, 'this page');

    // A hit of this workspace opens its file at the section the hit's link names.
    await vscode.commands.executeCommand('docIngest.findability.openHit', own!.node);
    const editor = await until(() => vscode.window.activeTextEditor?.document.uri.toString() === page.toString() && vscode.window.activeTextEditor, 'the page to open');
    assert.equal(editor.selection.active.line, PAGE.split('\n').indexOf('## Requirements'));

    // A CodeLens on each question of the front matter.
    const lenses = await until(async () => {
      const l = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', page);
      return l.length === 3 && l;
    }, 'three CodeLenses');
    assert.deepEqual(lenses.map((l) => [l.range.start.line, l.command?.title]), [
      [3, '$(pass) #1 of 1, section #1'],
      [4, '$(warning) not in the top 1'],
      [5, '$(pass) #1 of 1'],
    ]);

    // One warning, at the question that misses, naming the workspace file that outranks the page.
    const warnings = await until(() => {
      const d = vscode.languages.getDiagnostics(page).filter((x) => x.source === 'Doc Ingest' && x.code === 'notFindable');
      return d.length > 0 && d;
    }, 'the findability warning');
    assert.equal(warnings.length, 1);
    assert.equal(warnings[0]!.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(warnings[0]!.range.start.line, 4);
    assert.match(warnings[0]!.message, new RegExp(`How do I unpack the widget tarball\\?.*top 1; outranked by ${folder}/old-install\\.md`));
    assert.equal(warnings[0]!.relatedInformation?.[0]?.location.uri.toString(), workspaceUri(`${folder}/old-install.md`).toString());
    assert.equal(searches(), 3, 'one search per question');
  });

  it('a Documents view row: its file\'s questions are asked', async () => {
    const page = write('install.md', PAGE);
    await ingest(page);
    await vscode.commands.executeCommand('docIngest.documents.refresh');
    const nodes = await w.api.documents.getChildren();
    const row = nodes.find((d) => d.kind === 'document' && d.row.documentId === `${folder}~install.md`);
    assert.ok(row, 'the page is listed');
    await vscode.commands.executeCommand('docIngest.checkFindability', row, [row]);
    assert.equal(w.api.findability.results.of(page)?.answers.length, 3);
  });

  it('after Ingest Current File (docIngest.findability.afterIngest): waits while the server indexes the page, then checks it', async () => {
    const page = write('install.md', PAGE);
    await ingest(write('old-install.md', OLD));
    await setSettings({ 'findability.afterIngest': true });
    // The real server indexes a page about a second after its POST returned.
    w.service.setSearch({ searchableAfterMs: 800 });
    w.service.clearRequests();
    await ingest(page);
    await w.api.findability.afterIngest.settled();
    w.service.setSearch({ searchableAfterMs: 0 });

    const result = w.api.findability.results.of(page);
    assert.ok(result, 'the page was checked after it was sent');
    assert.deepEqual(result.answers.map((a) => a.found), [true, false, true], 'checked once the server had indexed it');
    assert.ok(searches() > 3, `asked again while the page was not yet searchable (${searches()} searches)`);
    assert.deepEqual(w.messages.of('warning'), [`1 of 3 questions do not find ${folder}/install.md in the top 1.`]);
    await until(() => vscode.languages.getDiagnostics(page).filter((x) => x.code === 'notFindable').length === 1, 'the warning after ingest');
  });

  it('off by default: Ingest Current File asks no question', async () => {
    const page = write('install.md', PAGE);
    w.service.clearRequests();
    await ingest(page);
    await w.api.findability.afterIngest.settled();
    assert.equal(searches(), 0);
  });
});
