import * as vscode from 'vscode';
import { activeNotebookUri } from './notebookSource';

/**
 * The document the writer is looking at: a notebook in the notebook editor (its focused cell's text editor is the
 * active one); the active text editor's; a file shown in a custom editor (VS Code's
 * in-place Markdown preview and its Markdown editor are custom editors of the file); or, with a Markdown
 * preview focused beside the text, the file it previews. That preview is a webview that does not tell its file,
 * so the file is found by the name in the preview's tab ("Preview guide.md"): among the open tabs, then the open
 * documents, then the workspace's files; a tie goes to a visible editor, else to nobody (the caller then asks the
 * writer to open the file).
 */
export async function activeDocumentUri(): Promise<vscode.Uri | undefined> {
  const notebook = activeNotebookUri();
  if (notebook) return notebook;
  const editor = vscode.window.activeTextEditor;
  if (editor) return editor.document.uri;
  const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
  if (tab?.input instanceof vscode.TabInputCustom) return tab.input.uri;
  if (!(tab?.input instanceof vscode.TabInputWebview) || !/markdown\.preview/i.test(tab.input.viewType)) return undefined;
  const named = (uri: vscode.Uri) => {
    const name = uri.path.split('/').pop();
    return !!name && (tab.label === name || tab.label.endsWith(` ${name}`));
  };
  const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).map((t) => t.input).filter((i): i is vscode.TabInputText => i instanceof vscode.TabInputText);
  const fromTabs = unique(tabs.map((i) => i.uri).filter(named));
  const fromDocuments = unique(vscode.workspace.textDocuments.map((d) => d.uri).filter(named));
  const candidates = fromTabs.length ? fromTabs : fromDocuments.length ? fromDocuments : await workspaceFilesNamedLike(tab.label);
  if (candidates.length <= 1) return candidates[0];
  const visible = new Set(vscode.window.visibleTextEditors.map((e) => e.document.uri.toString()));
  return candidates.find((u) => visible.has(u.toString()));
}

async function workspaceFilesNamedLike(label: string): Promise<vscode.Uri[]> {
  const name = label.split(' ').pop();
  if (!name || /[*?{}[\]]/.test(name)) return [];
  return vscode.workspace.findFiles(`**/${name}`, undefined, 2);
}

function unique(uris: vscode.Uri[]): vscode.Uri[] {
  return [...new Map(uris.map((u) => [u.toString(), u])).values()];
}
