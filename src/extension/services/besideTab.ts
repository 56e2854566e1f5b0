import * as vscode from 'vscode';

/**
 * Shows one of the extension's read-only documents (the payload preview, the site settings) beside the editor,
 * in the editor group that already shows one of them when there is such a group: each command used to open another
 * column, four narrow ones after three commands (issue 38, item 8). `schemes` are the documents that share the place.
 */
export async function showBeside(document: vscode.TextDocument, schemes: readonly string[], preserveFocus: boolean): Promise<void> {
  const ours = vscode.window.tabGroups.all.find((group) =>
    group.tabs.some((tab) => tab.input instanceof vscode.TabInputText && schemes.includes(tab.input.uri.scheme)));
  const viewColumn = ours?.viewColumn ?? vscode.ViewColumn.Beside;
  await vscode.window.showTextDocument(document, { viewColumn, preserveFocus, preview: true });
}
