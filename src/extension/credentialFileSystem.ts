import * as vscode from 'vscode';
import { CredentialUpdateResponse, isServiceError } from '../core/api';
import { Connection } from './connection';

export const CREDENTIAL_SCHEME = 'doc-ingest-credential';

/** `doc-ingest-credential:/credential-12.doc-ingest-credential.json` → 12 */
export function credentialUri(id: number): vscode.Uri {
  return vscode.Uri.from({ scheme: CREDENTIAL_SCHEME, path: `/credential-${id}.doc-ingest-credential.json` });
}

function credentialIdOf(uri: vscode.Uri): number {
  const m = /credential-(\d+)\./.exec(uri.path);
  if (!m) throw vscode.FileSystemError.FileNotFound(uri);
  return Number(m[1]);
}

/**
 * Credential update bodies as editable JSON documents: saving one PATCHes the credential. A failed save keeps
 * the editor dirty with the error shown by VS Code, so nothing the user typed is lost.
 */
export class CredentialFileSystem implements vscode.FileSystemProvider {
  private readonly bodies = new Map<number, { text: string; mtime: number }>();
  private readonly emitter = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.emitter.event;

  constructor(
    private readonly connection: Connection,
    private readonly onSaved: (id: number, result: CredentialUpdateResponse) => void,
  ) {}

  /** Opens `body` for editing as the update body of credential `id`. */
  async open(id: number, body: unknown): Promise<vscode.TextEditor> {
    this.bodies.set(id, { text: JSON.stringify(body, null, 2) + '\n', mtime: Date.now() });
    const uri = credentialUri(id);
    this.emitter.fire([{ type: vscode.FileChangeType.Changed, uri }]);
    const doc = await vscode.workspace.openTextDocument(uri);
    return vscode.window.showTextDocument(doc, { preview: false });
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    const body = this.bodies.get(credentialIdOf(uri));
    if (!body) throw vscode.FileSystemError.FileNotFound(uri);
    return { type: vscode.FileType.File, ctime: body.mtime, mtime: body.mtime, size: Buffer.byteLength(body.text) };
  }

  readFile(uri: vscode.Uri): Uint8Array {
    const body = this.bodies.get(credentialIdOf(uri));
    if (!body) throw vscode.FileSystemError.FileNotFound(uri);
    return Buffer.from(body.text, 'utf8');
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const id = credentialIdOf(uri);
    const text = Buffer.from(content).toString('utf8');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (e) {
      throw vscode.FileSystemError.Unavailable(vscode.l10n.t('Not sent: the text is not valid JSON ({0}).', e instanceof Error ? e.message : String(e)));
    }
    try {
      const client = await this.connection.client();
      const result = await client.updateCredential(id, body as never);
      this.connection.noteSuccess();
      this.bodies.set(id, { text, mtime: Date.now() });
      this.onSaved(id, result);
    } catch (e) {
      this.connection.noteError(e);
      throw vscode.FileSystemError.Unavailable(isServiceError(e) || e instanceof Error ? e.message : String(e));
    }
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  delete(uri: vscode.Uri): void {
    this.bodies.delete(credentialIdOf(uri));
  }

  rename(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }
}
