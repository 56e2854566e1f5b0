// Bounded work (issue 34) in the editor: an include of a file over docIngest.maxFileSizeMB is an error diagnostic
// at the include's line, the file never read (a sparse 300 MB file: no disk, and a read would hold it in memory),
// and nothing is sent.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as vscode from 'vscode';
import { connect, ingestionRequests, openEditor, until, useWorld, workspaceUri, writeWorkspaceFile } from './helpers';

const TMP = 'bounded-tmp';

describe('Bounded work: what one page may read (issue 34)', () => {
  const w = useWorld({ dialect: 'observed' });
  beforeEach(async () => {
    await connect(w, 'admin');
  });
  afterEach(() => {
    fs.rmSync(workspaceUri(TMP).fsPath, { recursive: true, force: true });
  });

  it('an include of a file over the size limit is an error at its line, and nothing is sent', async () => {
    const big = writeWorkspaceFile(`${TMP}/big.md`, '# Big\n');
    fs.truncateSync(big.fsPath, 300 * 1024 * 1024);
    const uri = writeWorkspaceFile(`${TMP}/page.md`, '# Page\n\nIntro.\n\n--8<-- "big.md"\n');
    await openEditor(`${TMP}/page.md`);
    const error = await until(() => vscode.languages.getDiagnostics(uri).find((d) => d.source === 'Doc Ingest' && d.code === 'tooLarge'), 'the include\'s error');
    assert.equal(error.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(error.range.start.line, 4);
    assert.match(error.message, /takes in bounded-tmp\/big\.md, which is 300\.0 MB, over the limit of 10\.0 MB/);
    const before = ingestionRequests(w.service).length;
    await vscode.commands.executeCommand('docIngest.ingestCurrentFile');
    assert.equal(ingestionRequests(w.service).length, before, 'nothing was sent');
  });
});
