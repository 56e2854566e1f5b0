import * as vscode from 'vscode';
import { CredentialUpdate, CredentialUpdateResponse, CurrentUser } from '../../core/api/schemas';
import { isServiceError, ValidationError } from '../../core/api/errors';
import type { ServiceClient } from '../../core/api/client';
import { Connection } from '../services/connection';
import { showError } from '../services/errors';

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

/** Who owns the credential, as the server's listing said: undefined when unknown, null when nobody. */
export interface CredentialOwner {
  userId: string | null | undefined;
  email?: string;
}

/** One save that reached the server, for the message that says what it did. */
export interface CredentialSaved {
  id: number;
  sent: CredentialUpdate;
  result: CredentialUpdateResponse;
  ownerBefore: string | null | undefined;
  /** Who the key belongs to, when the server says (`GET /me`). */
  me: CurrentUser | undefined;
}

/** One "Update Credential..." editor: its text lives here only (in memory), never on disk. */
interface Session {
  text: string;
  mtime: number;
  owner: CredentialOwner;
  /** The user agreed that saving makes the credential theirs (asked once per editor). */
  takeOverConfirmed: boolean;
  me?: CurrentUser;
}

/**
 * Credential update bodies as editable JSON documents: saving one PATCHes the credential.
 *
 * A save never fails towards VS Code: its own error ("Unable to write file …") would offer "Save As...", which
 * writes the typed secrets to a file on disk. Instead the typed text is kept (in memory) as the document's
 * content, so the editor keeps it, and our message says what went wrong, with Try Again.
 */
export class CredentialFileSystem implements vscode.FileSystemProvider {
  private readonly sessions = new Map<number, Session>();
  private readonly emitter = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.emitter.event;

  constructor(
    private readonly connection: Connection,
    private readonly onSaved: (saved: CredentialSaved) => void,
  ) {}

  /** Opens `body` for editing as the update body of credential `id`, whose owner is `owner`. */
  async open(id: number, body: unknown, owner: CredentialOwner): Promise<vscode.TextEditor> {
    this.sessions.set(id, { text: JSON.stringify(body, null, 2) + '\n', mtime: Date.now(), owner, takeOverConfirmed: false });
    const uri = credentialUri(id);
    this.emitter.fire([{ type: vscode.FileChangeType.Changed, uri }]);
    const doc = await vscode.workspace.openTextDocument(uri);
    return vscode.window.showTextDocument(doc, { preview: false });
  }

  private sessionOf(uri: vscode.Uri): Session {
    const session = this.sessions.get(credentialIdOf(uri));
    if (!session) throw vscode.FileSystemError.FileNotFound(uri);
    return session;
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    const session = this.sessionOf(uri);
    return { type: vscode.FileType.File, ctime: session.mtime, mtime: session.mtime, size: Buffer.byteLength(session.text) };
  }

  readFile(uri: vscode.Uri): Uint8Array {
    const session = this.sessionOf(uri);
    return Buffer.from(session.text, 'utf8');
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const session = this.sessionOf(uri);
    session.text = Buffer.from(content).toString('utf8');
    session.mtime = Date.now();
    await this.send(credentialIdOf(uri), session);
  }

  /** Sends the editor's last saved text; any failure becomes our message, never a failed save. */
  private async send(id: number, session: Session): Promise<void> {
    const failed = (e: unknown) => {
      // The same text again can only help when it was sent (or could not be): not after our own checks refused it.
      const refusedHere = !isServiceError(e) || (e instanceof ValidationError && !e.sent);
      const tryAgain: [string, () => Thenable<unknown>][] = refusedHere ? [] : [[vscode.l10n.t('Try Again'), () => this.sendAgain(id)]];
      void showError(vscode.l10n.t('Credential {0} was not updated:', id), e, tryAgain);
    };
    let body: CredentialUpdate;
    try {
      body = JSON.parse(session.text) as CredentialUpdate;
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      return failed(new Error(vscode.l10n.t('the text is not valid JSON ({0}). Correct it, then save again.', reason)));
    }
    try {
      const client = await this.connection.client();
      if (!(await this.mayTakeOver(id, session, client))) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Credential {0} was not sent. Your text stays in this editor; save again to send it.', id));
        return;
      }
      const result = await client.updateCredential(id, body);
      this.connection.noteSuccess();
      this.onSaved({ id, sent: body, result, ownerBefore: session.owner.userId, me: session.me });
      // The real server has made the caller the owner: nothing more to warn about in this editor.
      session.takeOverConfirmed = true;
    } catch (e) {
      this.connection.noteError(e);
      failed(e);
    }
  }

  /** Try Again: the editor's newer text if it has unsaved changes, else the text saved last. */
  private async sendAgain(id: number): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) return;
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === credentialUri(id).toString());
    if (doc?.isDirty && doc.getText() !== session.text) await doc.save();
    else await this.send(id, session);
  }

  /**
   * The real server makes whoever saves a credential its owner. Before saving one the user does not own, say so
   * (modal, Cancel by default); once per editor.
   */
  private async mayTakeOver(id: number, session: Session, client: ServiceClient): Promise<boolean> {
    const owner = session.owner.userId;
    if (session.takeOverConfirmed || owner === undefined) return true; // the owner is unknown: nothing to say
    session.me ??= await client.whoAmI().catch(() => undefined);
    if (session.me && session.me.id === owner) return true;
    const message = !session.me
      ? vscode.l10n.t('Credential {0} may become yours when you save it, if it is not already: the server makes whoever saves a credential its owner.', id)
      : owner === null
        ? vscode.l10n.t('Credential {0} has no owner and will become yours when you save it: the server makes whoever saves a credential its owner.', id)
        : vscode.l10n.t('Credential {0} belongs to {1} and will become yours when you save it: the server makes whoever saves a credential its owner.', id, session.owner.email ?? vscode.l10n.t('another user'));
    const takeOver = vscode.l10n.t('Save and Take Over');
    const choice = await vscode.window.showWarningMessage(
      message,
      { modal: true, detail: vscode.l10n.t('Its previous owner may no longer see or change it. Cancel keeps your text in the editor without sending it.') },
      takeOver,
    );
    session.takeOverConfirmed = choice === takeOver;
    return session.takeOverConfirmed;
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
    this.sessions.delete(credentialIdOf(uri));
  }

  rename(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }
}
