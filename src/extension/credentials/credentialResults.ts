import * as vscode from 'vscode';

export const CREDENTIAL_RESULT_SCHEME = 'doc-ingest-credential-result';

/**
 * What the server answered to a credential update, as a read-only JSON document ("Show Result"): a content
 * provider's document is never dirty and never asks to be saved, unlike an untitled one.
 */
export class CredentialResults implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  async show(id: number, result: unknown): Promise<void> {
    const uri = vscode.Uri.from({ scheme: CREDENTIAL_RESULT_SCHEME, path: `/credential-${id}-saved.json` });
    this.texts.set(uri.toString(), JSON.stringify(result, null, 2) + '\n');
    this.changed.fire(uri); // an editor still showing an earlier answer shows this one
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, { preview: true, viewColumn: vscode.ViewColumn.Beside });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  dispose(): void {
    this.changed.dispose();
  }
}
