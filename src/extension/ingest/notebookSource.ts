import * as vscode from 'vscode';

/**
 * Jupyter notebooks open in VS Code's notebook editor (issue 25, item 7): they are no text documents, so the
 * commands find them here, and a notebook with unsaved changes is read as the editor holds it.
 */

/**
 * The notebook the writer is looking at: the one of the focused cell, else the active notebook editor's; undefined
 * when a text editor (not a cell) is the active one.
 */
export function activeNotebookUri(): vscode.Uri | undefined {
  const cell = vscode.window.activeTextEditor?.document.uri;
  if (cell !== undefined && cell.scheme !== 'vscode-notebook-cell') return undefined;
  if (cell !== undefined) {
    const key = cell.toString();
    const owner = vscode.workspace.notebookDocuments.find((n) => n.getCells().some((c) => c.document.uri.toString() === key));
    if (owner) return owner.uri;
  }
  return vscode.window.activeNotebookEditor?.notebook.uri;
}

/** The open notebook of `uri` when it has unsaved changes (else the saved file is what is built). */
export function unsavedNotebook(uri: vscode.Uri): vscode.NotebookDocument | undefined {
  const key = uri.toString();
  return vscode.workspace.notebookDocuments.find((n) => n.uri.toString() === key && n.isDirty);
}

const STDOUT = 'application/vnd.code.notebook.stdout';
const STDERR = 'application/vnd.code.notebook.stderr';
const ERROR = 'application/vnd.code.notebook.error';

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function outputJson(output: vscode.NotebookCellOutput, decoder: TextDecoder): unknown[] {
  const items = output.items;
  const text = (item: vscode.NotebookCellOutputItem) => decoder.decode(item.data);
  const error = items.find((i) => i.mime === ERROR);
  if (error) {
    const parsed = record(safeJson(text(error)));
    const stack = typeof parsed.stack === 'string' ? parsed.stack : '';
    return [{ output_type: 'error', ename: String(parsed.name ?? ''), evalue: String(parsed.message ?? ''), traceback: stack === '' ? [] : stack.split('\n') }];
  }
  const streams = items.filter((i) => i.mime === STDOUT || i.mime === STDERR);
  if (streams.length > 0) return streams.map((i) => ({ output_type: 'stream', name: i.mime === STDOUT ? 'stdout' : 'stderr', text: text(i) }));
  // Images and widgets are left out by the build, whatever their data: only their mime type matters there.
  const data = Object.fromEntries(items.map((i) => [i.mime, i.mime.startsWith('image/') ? '' : text(i)]));
  return [{ output_type: 'display_data', data, metadata: {} }];
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The notebook as nbformat 4 JSON, from what the editor holds: the build reads it as it reads the saved file.
 * The notebook's metadata (kernel, language, title) is the one VS Code's Jupyter support keeps from the file.
 */
export function notebookJson(notebook: vscode.NotebookDocument): string {
  const decoder = new TextDecoder();
  const meta = record(notebook.metadata);
  // VS Code's ipynb support keeps the file's metadata under `metadata` (older versions: `custom.metadata`).
  const fileMetadata = record(meta.metadata ?? record(meta.custom).metadata);
  const cells = notebook.getCells().map((cell) => {
    const source = cell.document.getText();
    if (cell.kind === vscode.NotebookCellKind.Markup) return { cell_type: 'markdown', metadata: {}, source };
    if (cell.document.languageId === 'raw') return { cell_type: 'raw', metadata: {}, source };
    return { cell_type: 'code', metadata: {}, source, outputs: cell.outputs.flatMap((o) => outputJson(o, decoder)) };
  });
  return JSON.stringify({ cells, metadata: fileMetadata, nbformat: 4, nbformat_minor: 5 }, null, 1);
}
