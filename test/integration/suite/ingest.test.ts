// F2 (ingest current file), F3 (ingest selection) and F4 (status bar results, cancel), against the local service.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as vscode from 'vscode';
import { connect, ingestionRequests, InputBoxes, openEditor, setSettings, until, useWorld, workspaceUri } from './helpers';

interface SentRequest {
  document: { id: string; title?: string; semantic_identifier: string; sections: { text: string; heading?: string }[]; metadata?: Record<string, unknown>; doc_updated_at?: string };
  cc_pair_id?: number | null;
}

describe('F2 ingest current file', () => {
  const w = useWorld({ dialect: 'observed' });
  beforeEach(() => connect(w, 'admin'));

  const sent = (): SentRequest[] => ingestionRequests(w.service).map((r) => r.json as SentRequest);

  it('sends the editor text, unsaved changes included, as one document per file with a section per heading', async () => {
    const path = 'guide/getting-started.md';
    const onDisk = fs.readFileSync(workspaceUri(path).fsPath, 'utf8');
    const editor = await openEditor(path);
    const end = editor.document.positionAt(editor.document.getText().length);
    assert.ok(await editor.edit((e) => e.insert(end, '\nAn unsaved sentence.\n')));
    assert.equal(editor.document.isDirty, true);

    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');

    const docs = w.service.documents();
    assert.equal(docs.length, 1, 'exactly one document');
    const doc = docs[0]!;
    assert.equal(doc.id, 'guide~getting-started.md', 'id derived from the workspace-relative path');
    assert.equal(doc.semanticIdentifier, 'Getting started');
    assert.equal(doc.title, 'Getting started');
    assert.deepEqual(doc.sections.map((s) => s.heading), ['Getting started', 'Install', 'Push your first page', 'Troubleshooting']);
    assert.match(doc.sections[1]!.text ?? '', /```bash\n\.\/install\.sh/, 'the code block stays in its section');
    assert.match(doc.sections.at(-1)!.text ?? '', /An unsaved sentence\./, 'the unsaved text was sent');
    // Provenance (issue 25 item 4): the path; the repository when the checkout has a remote; no commit (unsaved text).
    const { repository: _repository, ...metadata } = doc.metadata ?? {};
    assert.deepEqual(metadata, { description: 'Install the tool and push your first page.', tags: ['guide', 'setup'], source_path: 'guide/getting-started.md' });
    assert.equal(doc.source, 'file');
    assert.equal(doc.ccPairId, 1, 'without a pair setting the server default pair is used');

    const [request] = sent();
    assert.ok(request);
    assert.equal(request.cc_pair_id ?? undefined, undefined, 'no cc_pair_id sent');
    assert.match(request.document.doc_updated_at ?? '', /(Z|[+-]\d\d:\d\d)$/, 'doc_updated_at carries an offset');
    assert.equal(fs.readFileSync(workspaceUri(path).fsPath, 'utf8'), onDisk, 'the file on disk is untouched');
    assert.equal(editor.document.isDirty, true, 'the editor is still unsaved');

    const record = w.results()[0];
    assert.equal(record?.outcome, 'created');
    assert.equal(record?.documentId, 'guide~getting-started.md');
    assert.equal(record?.title, 'Getting started');
    assert.equal(record?.server, w.service.baseUrl);
    assert.ok(record?.finishedAt);
    assert.deepEqual(w.messages.of('error'), []);
  });

  it('a second run updates the same document', async () => {
    await openEditor('guide/getting-started.md');
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    assert.equal(w.results()[0]?.outcome, 'created');
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    assert.equal(w.results()[0]?.outcome, 'updated');
    const docs = w.service.documents();
    assert.equal(docs.length, 1);
    assert.equal(docs[0]!.upserts, 2);
    const [first, second] = sent();
    assert.equal(first?.document.id, second?.document.id, 'the same id both times');
  });

  it('a document the server already held, which this editor never sent, is named so; sent again from here, it is not', async () => {
    w.service.addConnectorDocument({ id: 'guide~faq.md', title: 'Sent by a pipeline', ccPairId: 1 });
    await openEditor('guide/faq.md');
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    assert.equal(w.results()[0]?.outcome, 'updated');
    assert.equal(w.results()[0]?.alreadyHeld, true, 'issue 25 item 6: already held, sent from elsewhere?');
    const picks = new FakeQuickPicks(w);
    await vscode.commands.executeCommand('docIngest.showDetails');
    assert.match(picks.last().items[0]?.description ?? '', /^updated; already held: sent from elsewhere\?$/);
    // Issue 36, item 1: the server's version (GET version) names the server in the title once it answers.
    await until(() => picks.last().title === 'Doc Ingest: Last Results (server v4.6.1)', `the version in the title, not "${picks.last().title}"`);

    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    assert.equal(w.results()[0]?.outcome, 'updated');
    assert.equal(w.results()[0]?.alreadyHeld, undefined, 'sent from this editor since');
  });

  it('sends the pair of docIngest.ccPairId', async () => {
    await setSettings({ ccPairId: 2 });
    await openEditor('guide/faq.md');
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    assert.equal(sent()[0]?.cc_pair_id, 2);
    const doc = w.service.document('guide~faq.md');
    assert.ok(doc, JSON.stringify(w.service.documents().map((d) => d.id)));
    assert.equal(doc.ccPairId, 2);
    assert.equal(w.results()[0]?.ccPairId, 2);
    assert.equal(w.results()[0]?.outcome, 'created');
  });

  it('a wrong ingestion path set by the user fails with a message naming docIngest.ingestionPath, and stays', async () => {
    await setSettings({ ingestionPath: 'service-api/ingestion' }); // the specification's path; this server has Onyx's
    await openEditor('guide/faq.md');
    w.service.clearRequests();
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    assert.deepEqual(w.service.requests.filter((r) => r.method === 'POST' && r.path.includes('ingestion')).map((r) => r.path),
      ['/api/service-api/ingestion'], 'a path the user set is never second-guessed');
    assert.equal(vscode.workspace.getConfiguration('docIngest').get('ingestionPath'), 'service-api/ingestion');
    const record = w.results()[0];
    assert.equal(record?.outcome, 'failed');
    assert.equal(record?.errorKind, 'not-found');
    assert.match(record?.error ?? '', /docIngest\.ingestionPath/);
    assert.equal(w.service.documents().length, 0);
    await until(() => w.messages.of('error').length > 0, 'the error message');
    const shown = w.messages.shown.find((m) => m.level === 'error')!;
    assert.match(shown.message, /docIngest\.ingestionPath/);
    assert.ok(shown.options.includes('Open Settings'));
    assert.ok(shown.options.includes('Ingest Again'));
    assert.equal(w.api.connection.state, 'ready', 'a missing route is no reason to ask for a new key');
  });

  it('an empty file is refused and nothing is sent', async () => {
    await openEditor('samples/empty.md');
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    assert.equal(ingestionRequests(w.service).length, 0);
    assert.equal(w.results()[0], undefined, 'no result recorded');
    const errors = w.messages.of('error');
    assert.equal(errors.length, 1);
    assert.match(errors[0]!, /empty/);
  });

  it('a binary file chosen in the Explorer is refused and nothing is sent', async () => {
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile', workspaceUri('samples/pixel.png'));
    assert.equal(ingestionRequests(w.service).length, 0);
    const errors = w.messages.of('error');
    assert.equal(errors.length, 1);
    assert.match(errors[0]!, /Not ingested/);
  });

  it('files chosen in the Explorer are read from disk, each as its own document', async () => {
    const faq = workspaceUri('guide/faq.md');
    const crlf = workspaceUri('samples/crlf.md');
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile', faq, [faq, crlf]);
    assert.deepEqual(w.service.documents().map((d) => d.id).sort(), ['guide~faq.md', 'samples~crlf.md']);
    assert.deepEqual(w.results().map((r) => r.outcome), ['created', 'created']);
  });

  it('a file with CRLF line endings is sent with LF only, front matter and headings read', async () => {
    assert.ok(fs.readFileSync(workspaceUri('samples/crlf.md').fsPath, 'utf8').includes('\r\n'), 'the fixture has CRLF');
    const editor = await openEditor('samples/crlf.md');
    assert.equal(editor.document.eol, vscode.EndOfLine.CRLF);
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    const doc = w.service.document('samples~crlf.md');
    assert.ok(doc);
    assert.equal(doc.title, 'Line endings');
    const { repository: _repository, commit: _commit, ...metadata } = doc.metadata ?? {};
    assert.deepEqual(metadata, { team: 'docs', source_path: 'samples/crlf.md' });
    assert.deepEqual(doc.sections.map((s) => s.heading), ['Line endings', 'First part', 'Second part']);
    assert.ok(doc.sections.every((s) => !s.text?.includes('\r')), 'no carriage returns in the sections');
  });

  it('with no editor open it says what to do', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    assert.equal(ingestionRequests(w.service).length, 0);
    assert.ok(w.messages.of('info').some((m) => /Open a file to ingest/.test(m)));
  });
});

describe('F3 ingest selection', () => {
  const w = useWorld({ dialect: 'observed' });
  beforeEach(() => connect(w, 'admin'));

  async function select(path: string, from: string, to: string): Promise<vscode.TextEditor> {
    const editor = await openEditor(path);
    const text = editor.document.getText();
    const start = text.indexOf(from);
    const end = text.indexOf(to, start) + to.length;
    assert.ok(start >= 0 && end > start, `"${from}" … "${to}" is in ${path}`);
    editor.selection = new vscode.Selection(editor.document.positionAt(start), editor.document.positionAt(end));
    return editor;
  }

  it('sends the selection as its own document with the edited title and a stable id', async () => {
    await select('guide/getting-started.md', 'Run the installer:', '```\n');
    const titles = new InputBoxes(w.stubs, ['Installing the tool']);
    await vscode.commands.executeCommand('docIngest.ingestSelection');
    assert.equal(titles.asked.length, 1);
    assert.equal(titles.asked[0]!.value, 'Install', 'the nearest heading is offered as the title');

    const docs = w.service.documents();
    assert.equal(docs.length, 1);
    const doc = docs[0]!;
    assert.equal(doc.id, 'guide~getting-started.md~install', 'file id + heading path');
    assert.equal(doc.semanticIdentifier, 'Installing the tool');
    assert.equal(doc.title, 'Installing the tool');
    const text = doc.sections.map((s) => s.text).join('\n');
    assert.match(text, /Run the installer:/);
    assert.match(text, /install\.sh/);
    assert.doesNotMatch(text, /Push your first page|This page is a fixture/, 'only the selection');
    assert.equal(w.results()[0]?.outcome, 'created');
    assert.equal(w.results()[0]?.title, 'Installing the tool');

    // The same place again, with another title: the same document is updated.
    new InputBoxes(w.stubs, ['Install it']);
    await vscode.commands.executeCommand('docIngest.ingestSelection');
    assert.equal(w.service.documents().length, 1);
    assert.equal(w.service.document('guide~getting-started.md~install')?.semanticIdentifier, 'Install it');
    assert.equal(w.results()[0]?.outcome, 'updated');
  });

  it('a nested heading gives the heading path in the id', async () => {
    await select('guide/getting-started.md', 'If the service', 'settings.');
    new InputBoxes(w.stubs, ['Troubleshooting']);
    await vscode.commands.executeCommand('docIngest.ingestSelection');
    assert.deepEqual(w.service.documents().map((d) => d.id), ['guide~getting-started.md~push-your-first-page~troubleshooting']);
  });

  it('in a CRLF file the selected text is what is sent', async () => {
    await select('samples/crlf.md', 'Text of the second', 'part.');
    new InputBoxes(w.stubs, ['Second']);
    await vscode.commands.executeCommand('docIngest.ingestSelection');
    const [doc] = w.service.documents();
    assert.equal(doc?.id, 'samples~crlf.md~second-part');
    // Selected below its heading: the text starts with the heading path (issue 25 item 4).
    assert.equal(doc?.sections.map((s) => s.text).join(''), 'Line endings › Second part\n\nText of the second part.');
  });

  it('Escape on the title sends nothing', async () => {
    await select('guide/faq.md', 'Markdown', 'workspace.');
    new InputBoxes(w.stubs, [undefined]);
    await vscode.commands.executeCommand('docIngest.ingestSelection');
    assert.equal(ingestionRequests(w.service).length, 0);
    assert.equal(w.results()[0], undefined);
    assert.deepEqual(w.messages.of('error'), []);
  });

  it('without a selection it says to select first', async () => {
    const editor = await openEditor('guide/faq.md');
    editor.selection = new vscode.Selection(0, 0, 0, 0); // VS Code may restore an earlier test's selection
    await vscode.commands.executeCommand('docIngest.ingestSelection');
    assert.equal(ingestionRequests(w.service).length, 0);
    assert.ok(w.messages.of('info').some((m) => /Select the text/.test(m)));
  });
});

describe('F4 status bar results and cancel', () => {
  const w = useWorld({ dialect: 'observed' });
  beforeEach(() => connect(w, 'admin'));

  it('a result goes running → created, with the ingesting context key on, then off', async () => {
    await openEditor('guide/faq.md');
    const delay = w.service.faults.inject({ path: `/${w.service.ingestionPath}`, delayMs: 400 });
    const run = vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    const running = await until(() => w.results()[0]?.outcome === 'running' && w.results()[0], 'a running record');
    assert.equal(running.finishedAt, undefined);
    assert.equal(w.context.last('docIngest.ingesting'), true);
    await run;
    assert.equal(delay.hits, 1);
    assert.equal(running.outcome, 'created', 'the same record finishes');
    assert.ok(running.finishedAt);
    assert.equal(w.context.last('docIngest.ingesting'), false);
  });

  it('Cancel Ingestion during a slow request: cancelled, no error popup, and a warning that the server may still apply it', async () => {
    await openEditor('guide/faq.md');
    w.service.faults.inject({ path: `/${w.service.ingestionPath}`, delayMs: 1500 });
    const run = vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    await until(() => ingestionRequests(w.service).length === 1 && w.results()[0]?.outcome === 'running', 'the request to be under way');
    await vscode.commands.executeCommand('docIngest.cancelIngestion');
    await run;
    const record = w.results()[0];
    assert.equal(record?.outcome, 'cancelled');
    assert.equal(record?.error, undefined);
    assert.deepEqual(w.messages.of('error'), []);
    assert.equal(w.context.last('docIngest.ingesting'), false);
    assert.equal(w.service.documents().length, 0, 'nothing applied yet when the cancel returns');
    // The request had left: the server applies it anyway, so "Cancelled" alone would be a false promise.
    assert.equal(record?.mayHaveApplied, true);
    const warning = await until(() => w.messages.shown.find((m) => m.level === 'warning'), 'the warning');
    assert.match(warning.message, /may still apply it/);
    assert.ok(warning.options.includes('Ingest Again'));
    await until(() => w.service.document('guide~faq.md'), 'the server to apply the request that had left', 8000);
  });

  it('Show Details lists the results, and Ingest Again on a failed one sends it again', async () => {
    await openEditor('guide/faq.md');
    w.service.faults.inject({ path: `/${w.service.ingestionPath}`, status: 500, body: { detail: 'database is down' } });
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    const failed = w.results()[0];
    assert.equal(failed?.outcome, 'failed');
    assert.match(failed?.error ?? '', /database is down/);

    const picks = new FakeQuickPicks(w);
    await vscode.commands.executeCommand('docIngest.showDetails');
    const pick = picks.last();
    assert.equal(pick.items.length, w.api.history.all().length, 'every result of this window, newest first');
    assert.match(pick.items[0]!.label, /Frequently asked questions/);
    assert.match(pick.items[0]!.description ?? '', /failed/);
    assert.match(pick.items[0]!.detail ?? '', /guide~faq\.md/);
    assert.equal(pick.items[0]!.buttons?.length, 1, 'a failed result offers Ingest Again');

    pick.accept(pick.items[0]!);
    await until(() => w.results()[0]?.outcome === 'created', 'the result of Ingest Again');
    assert.equal(w.results().length, 2);
    assert.ok(w.service.document('guide~faq.md'));
  });
});

/** `createQuickPick` replaced by a recorder whose `accept(item)` does what Enter on that item does. */
class FakeQuickPicks {
  private readonly picks: { items: readonly (vscode.QuickPickItem & { buttons?: readonly vscode.QuickInputButton[] })[]; title: string | undefined; accept(item: vscode.QuickPickItem): void }[] = [];

  constructor(w: ReturnType<typeof useWorld>) {
    w.stubs.replace(vscode.window, 'createQuickPick', (() => {
      const accept = new vscode.EventEmitter<void>();
      const hide = new vscode.EventEmitter<void>();
      const pick = {
        title: undefined as string | undefined,
        items: [] as vscode.QuickPickItem[],
        selectedItems: [] as vscode.QuickPickItem[],
        activeItems: [] as vscode.QuickPickItem[],
        onDidAccept: accept.event,
        onDidHide: hide.event,
        onDidTriggerItemButton: new vscode.EventEmitter<unknown>().event,
        onDidTriggerButton: new vscode.EventEmitter<unknown>().event,
        onDidChangeValue: new vscode.EventEmitter<string>().event,
        onDidChangeActive: new vscode.EventEmitter<unknown>().event,
        onDidChangeSelection: new vscode.EventEmitter<unknown>().event,
        show: () => undefined,
        hide: () => hide.fire(),
        dispose: () => undefined,
      };
      this.picks.push({
        get items() { return pick.items; },
        get title() { return pick.title; },
        accept: (item) => {
          pick.selectedItems = [item];
          accept.fire();
        },
      });
      return pick as unknown as vscode.QuickPick<vscode.QuickPickItem>;
    }) as typeof vscode.window.createQuickPick);
  }

  last(): FakeQuickPicks['picks'][number] {
    const p = this.picks.at(-1);
    assert.ok(p, 'a quick pick was shown');
    return p;
  }
}
