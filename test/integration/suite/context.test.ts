// Context in every chunk (issue 25 item 4) in a real VS Code: the preview of a committed page shows each section's
// heading path and where the page comes from (source_path, repository without credentials, the page's own commit).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import * as vscode from 'vscode';
import { connect, openEditor, until, useWorld, workspaceUri } from './helpers';

const PREVIEW_SCHEME = 'doc-ingest-preview';
const TMP = 'context-tmp';
const PAGE = '# Install\n\nPick one.\n\n## Linux\n\nRun it.\n\n### From a package\n\napt install acme\n';

function git(cwd: string, args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Writer', '-c', 'user.email=writer@example.com', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' },
  });
}

describe('Context in every chunk', () => {
  const w = useWorld({ dialect: 'observed' });
  beforeEach(() => connect(w, 'admin'));
  afterEach(() => fs.rmSync(workspaceUri(TMP).fsPath, { recursive: true, force: true }));

  it('the preview of a committed page shows the heading path in each section and its provenance', async () => {
    // A repository of its own inside the workspace: the page is committed, then another file after it.
    const repo = workspaceUri(TMP).fsPath;
    fs.mkdirSync(repo, { recursive: true });
    git(repo, ['init', '-q']);
    git(repo, ['remote', 'add', 'origin', 'https://bot:s3cret-token@github.com/acme/handbook.git']);
    fs.writeFileSync(workspaceUri(`${TMP}/install.md`).fsPath, PAGE);
    git(repo, ['add', '.']);
    git(repo, ['commit', '-q', '-m', 'Install page']);
    const pageCommit = git(repo, ['rev-parse', 'HEAD']).trim();
    fs.writeFileSync(workspaceUri(`${TMP}/other.md`).fsPath, '# Other\n');
    git(repo, ['add', '.']);
    git(repo, ['commit', '-q', '-m', 'Elsewhere']);

    const editor = await openEditor(`${TMP}/install.md`);
    await vscode.commands.executeCommand('docIngest.previewPayload');
    const preview = await until(
      () => vscode.workspace.textDocuments.find((d) => d.uri.scheme === PREVIEW_SCHEME && d.uri.query === editor.document.uri.toString()),
      'the preview to open',
    );
    const shown = JSON.parse(preview.getText()) as { document: { sections: { text: string; heading?: string }[]; metadata: Record<string, unknown> } };
    assert.deepEqual(shown.document.sections.map((s) => [s.text, s.heading]), [
      ['# Install\n\nPick one.', 'Install'],
      ['## Linux\n\nRun it.', 'Linux'],
      ['### Linux › From a package\n\napt install acme', 'From a package'],
    ]);
    assert.deepEqual(shown.document.metadata, {
      source_path: `${TMP}/install.md`,
      repository: 'https://github.com/acme/handbook',
      commit: pageCommit,
    });
    assert.ok(!preview.getText().includes('s3cret'), 'never the remote\'s credentials');
  });
});
