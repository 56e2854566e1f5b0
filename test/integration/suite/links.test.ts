// F14 in the editor: Ingest Current File sends a workspace file's relative links between docs as the targets'
// published links (the link template, {page} rules, anchors), the preview shows the same text, and a link to a
// missing page is a Warning diagnostic at its line.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as vscode from 'vscode';
import { connect, ingestionRequests, openEditor, setSettings, until, useWorld, workspaceUri, writeWorkspaceFile } from './helpers';

const TMP = 'links-tmp';
const PREVIEW_SCHEME = 'doc-ingest-preview';

const writeFile = (relativePath: string, text: string): vscode.Uri => writeWorkspaceFile(`${TMP}/${relativePath}`, text);

const INTRO = [
  '# Intro', '',
  'Start with [the setup](../setup.md#install), then the [reference][ref].', '',
  'Also <a href="../setup.md">the setup page</a>, [this page\'s end](#the-end) and [a lost page](../gone.md).', '',
  '## The end', '',
  '[ref]: ../reference/index.md#options', '',
].join('\n');

const PUBLISHED = INTRO
  .replace('(../setup.md#install)', '(https://docs.example.com/links-tmp/setup#install)')
  .replace('href="../setup.md"', 'href="https://docs.example.com/links-tmp/setup"')
  .replace('(#the-end)', '(https://docs.example.com/links-tmp/guide/intro#the-end)')
  .replace('[ref]: ../reference/index.md#options', '[ref]: https://docs.example.com/links-tmp/reference/#options');

describe('Links that survive publishing (F14)', () => {
  const w = useWorld({ dialect: 'observed' });
  beforeEach(async () => {
    await connect(w, 'admin');
    await setSettings({ linkTemplate: 'https://docs.example.com/{page}#{anchor}' });
  });
  afterEach(async () => {
    await setSettings({ linkTemplate: undefined });
    fs.rmSync(workspaceUri(TMP).fsPath, { recursive: true, force: true });
  });

  it('Ingest Current File sends the published links, the preview shows them, and a lost page is a warning at its line', async () => {
    writeFile('setup.md', '# Setup\n\n## Install\n\nRun it.\n');
    writeFile('reference/index.md', '# Reference\n\n## Options\n\nAll of them.\n');
    const uri = writeFile('guide/intro.md', INTRO);
    await openEditor(`${TMP}/guide/intro.md`);

    await vscode.commands.executeCommand('docIngest.previewPayload');
    const preview = await until(() => vscode.workspace.textDocuments.find((d) => d.uri.scheme === PREVIEW_SCHEME && d.uri.query === uri.toString()), 'the preview to open');
    const shown = JSON.parse(preview.getText()) as { document: { sections: { text?: string }[] } };
    assert.equal(shown.document.sections.map((s) => s.text).join('\n\n'), PUBLISHED.trimEnd(), 'the preview shows the rewritten text');

    const warning = await until(() => vscode.languages.getDiagnostics(uri).find((d) => d.source === 'Doc Ingest' && d.code === 'linkTargetMissing'), 'the lost page\'s warning');
    assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(warning.range.start.line, 4);
    assert.match(warning.message, /links-tmp\/gone\.md, which does not exist/);

    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    const sent = ingestionRequests(w.service).at(-1);
    assert.ok(sent, 'the file was sent');
    const body = JSON.parse(sent.body) as { document: { sections: { text?: string }[] } };
    assert.equal(body.document.sections.map((s) => s.text).join('\n\n'), PUBLISHED.trimEnd(), 'the payload carries the published links');
    assert.deepEqual(body, JSON.parse(preview.getText()), 'the body sent is the body previewed');
  });

  it('a link only the reader text shows (an admonition\'s second paragraph, code in the source) is published and checked too', async () => {
    writeFile('mkdocs.yml', 'site_name: Kettle\nmarkdown_extensions:\n  - admonition\n');
    writeFile('docs/setup.md', '# Setup\n\n## Install\n\nRun it.\n');
    const uri = writeFile('docs/index.md', '# Home\n\n!!! note\n    First.\n\n    Then [the setup](setup.md#install) and [a lost heading](setup.md#nosuch).\n');
    await openEditor(`${TMP}/docs/index.md`);
    const warning = await until(() => vscode.languages.getDiagnostics(uri).find((d) => d.source === 'Doc Ingest' && d.code === 'linkAnchorMissing'), 'the lost heading\'s warning');
    assert.equal(warning.range.start.line, 5);
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    const sent = ingestionRequests(w.service).at(-1);
    assert.ok(sent, 'the file was sent');
    const text = (JSON.parse(sent.body) as { document: { sections: { text?: string }[] } }).document.sections.map((s) => s.text).join('\n\n');
    assert.ok(text.includes('Then [the setup](https://docs.example.com/links-tmp/docs/setup#install) and [a lost heading](https://docs.example.com/links-tmp/docs/setup#nosuch).'), text);
  });

  it('a link to a file docIngest.exclude leaves out stays as written, beside one to an included doc', async () => {
    await setSettings({ exclude: ['**/node_modules/**', `${TMP}/drafts/**`] });
    try {
      writeFile('drafts/wip.md', '# Work in progress\n');
      writeFile('setup.md', '# Setup\n');
      writeFile('page.md', '# Page\n\nSee [the draft](drafts/wip.md) and [the setup](setup.md).\n');
      await openEditor(`${TMP}/page.md`);
      await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
      const sent = ingestionRequests(w.service).at(-1);
      assert.ok(sent, 'the file was sent');
      assert.equal(
        (JSON.parse(sent.body) as { document: { sections: { text?: string }[] } }).document.sections[0]?.text,
        '# Page\n\nSee [the draft](drafts/wip.md) and [the setup](https://docs.example.com/links-tmp/setup).',
      );
    } finally {
      await setSettings({ exclude: undefined });
    }
  });
});
