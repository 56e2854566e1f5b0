// F15 in the editor: the preview and Ingest Current File of an .mdx page send the reader text (imports and
// components gone, the partial's text in place), an MDX page that cannot be parsed is an error diagnostic at its
// line, and the page's Explorer state follows a change of the file it includes.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as vscode from 'vscode';
import { connect, ingestionRequests, openEditor, until, useWorld, workspaceUri, writeWorkspaceFile } from './helpers';

const TMP = 'reader-text-tmp';
const PREVIEW_SCHEME = 'doc-ingest-preview';

const writeFile = (relativePath: string, text: string): vscode.Uri => writeWorkspaceFile(`${TMP}/${relativePath}`, text);

const PAGE = [
  '---', 'title: Install', '---',
  "import Tabs from '@theme/Tabs';",
  "import TabItem from '@theme/TabItem';",
  "import Setup from './_setup.mdx';", '',
  '# Install', '',
  '<Setup />', '',
  '<Tabs>',
  '  <TabItem value="linux" label="Linux">',
  '    ## On Linux', '',
  '    Run `apt install doc-ingest`.',
  '  </TabItem>',
  '</Tabs>', '',
  ':::tip',
  'Read [the guide](./gone.md).',
  ':::', '',
].join('\n');

const SECTIONS = [
  { text: '# Install\n\nGet a key first.\n\n**Linux**', heading: 'Install' },
  { text: '## On Linux\n\nRun `apt install doc-ingest`.\n\n**Tip**\n\nRead [the guide](./gone.md).', heading: 'On Linux' },
];

describe('Docs sites: MDX pages as a reader sees them (F15)', () => {
  const w = useWorld({ dialect: 'observed' });
  beforeEach(async () => {
    await connect(w, 'admin');
  });
  afterEach(() => {
    fs.rmSync(workspaceUri(TMP).fsPath, { recursive: true, force: true });
  });

  it('the preview and Ingest Current File send the reader text; a problem in it is a diagnostic at its source line', async () => {
    writeFile('_setup.mdx', "import Hint from '@site/src/Hint';\n\nGet a key first.\n");
    const uri = writeFile('install.mdx', PAGE);
    await openEditor(`${TMP}/install.mdx`);

    await vscode.commands.executeCommand('docIngest.previewPayload');
    const preview = await until(() => vscode.workspace.textDocuments.find((d) => d.uri.scheme === PREVIEW_SCHEME && d.uri.query === uri.toString()), 'the preview to open');
    const shown = JSON.parse(preview.getText()) as { document: { title: string; sections: Array<{ text?: string; heading?: string }> } };
    assert.equal(shown.document.title, 'Install');
    assert.deepEqual(shown.document.sections, SECTIONS);

    // The broken link is on the source's line 21 (0-based 20), counted with the front matter and the imports.
    const warning = await until(() => vscode.languages.getDiagnostics(uri).find((d) => d.source === 'Doc Ingest' && d.code === 'linkTargetMissing'), 'the broken link\'s warning');
    assert.equal(warning.range.start.line, 20);

    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    const sent = ingestionRequests(w.service).at(-1);
    assert.ok(sent, 'the page was sent');
    assert.deepEqual(JSON.parse(sent.body), JSON.parse(preview.getText()), 'the body sent is the body previewed');
    assert.ok(!sent.body.includes('import ') && !sent.body.includes('<TabItem'), sent.body);
  });

  it('an MDX page that cannot be parsed is an error at its line, and nothing is sent', async () => {
    const uri = writeFile('broken.mdx', '# Broken\n\nFine.\n\nA {brace that never closes\n');
    await openEditor(`${TMP}/broken.mdx`);
    const error = await until(() => vscode.languages.getDiagnostics(uri).find((d) => d.source === 'Doc Ingest' && d.code === 'syntax'), 'the syntax error');
    assert.equal(error.severity, vscode.DiagnosticSeverity.Error);
    assert.match(error.message, /cannot be read as MDX at line \d+/);
    const before = ingestionRequests(w.service).length;
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    assert.equal(ingestionRequests(w.service).length, before, 'nothing was sent');
  });

  it('a page counts as changed when a file it includes changes on disk', async () => {
    writeFile('_setup.mdx', 'Get a key first.\n');
    const uri = writeFile('install.mdx', PAGE);
    await openEditor(`${TMP}/install.mdx`);
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    await until(() => ingestionRequests(w.service).length > 0, 'the page to be sent');
    const state = () => w.api.freshness.decorations.stateOf(uri);
    assert.equal(await until(async () => ((await state()) === 'unchanged' ? 'unchanged' : undefined), 'the page to be unchanged'), 'unchanged');
    const announced: string[] = [];
    const sub = w.api.freshness.decorations.onDidChangeFileDecorations((e) => {
      for (const u of e === undefined ? [] : Array.isArray(e) ? e : [e]) announced.push(u.toString());
    });
    try {
      writeFile('_setup.mdx', 'Get a key from your profile first.\n');
      assert.equal(await state(), 'changed');
      // The partial's change announces the page too, so the Explorer asks for its badge again.
      await until(() => announced.includes(uri.toString()), 'the page\'s decoration to be refreshed');
    } finally {
      sub.dispose();
    }
  });
});
