import * as vscode from 'vscode';
import { DOCUMENT_ID_PATTERN } from '../../core/api/vocabulary';
import { proposeChosenId, workspaceIdPrefix } from '../../core/documents/ids/workspaceIds';
import type { IngestionHistory } from '../../core/ingest/history';
import { workspaceSource } from '../identity/workspaceSource';

/** Per file URI (outside every workspace folder), the id its writer chose. Never the key. */
const CHOSEN_IDS = 'docIngest.chosenIds';

/** Where a document's id comes from (docs/architecture.md#document-ids). */
export interface DocumentPlace {
  /** The path the build reads the file type from and fills `{path}` of the link template with. */
  relativePath: string;
  /** The source key (docs/architecture.md#identity) of a file in a workspace folder; undefined without one. */
  source?: string;
  /** The configured prefix, with the folder's name added in a multi-root workspace. */
  idPrefix: string;
  /**
   * Read as Markdown whatever the name: an editor in Markdown mode, and an untitled one in plain-text mode (a new
   * editor starts so, and a writer typing `# ...` means Markdown). Undefined: by the file's extension.
   */
  markdown?: boolean;
  /** Set when no workspace path can name the document: the writer chooses the id, once. */
  chosen?: { kind: 'untitled' | 'outside'; id: string | undefined };
}

/**
 * Decides each document's path and id prefix, and for documents without a workspace path (untitled editors,
 * files outside every folder) asks the writer for an id before the first send and keeps it: for an untitled
 * editor while it stays open (a new editor reuses the name "Untitled-1", so never its id), for a file in the
 * global state.
 */
export class DocumentPlaces implements vscode.Disposable {
  /** Untitled editor URI → chosen id; forgotten when the editor's document closes. */
  private readonly untitled = new Map<string, string>();
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly globalState: vscode.Memento,
    private readonly history: IngestionHistory,
  ) {
    this.subscription = vscode.workspace.onDidCloseTextDocument((d) => {
      if (d.uri.scheme === 'untitled') this.untitled.delete(d.uri.toString());
    });
  }

  of(uri: vscode.Uri, open: vscode.TextDocument | undefined, idPrefix: string): DocumentPlace {
    const name = uri.path.split('/').pop() || 'untitled';
    const markdownMode = open?.languageId === 'markdown' || open?.languageId === 'mdx';
    if (uri.scheme === 'untitled') {
      const plain = !open || open.languageId === 'plaintext';
      return { relativePath: name, idPrefix, markdown: plain || markdownMode ? true : undefined, chosen: { kind: 'untitled', id: this.untitled.get(uri.toString()) } };
    }
    const markdown = markdownMode ? true : undefined;
    const source = workspaceSource(uri);
    if (!source) {
      return { relativePath: name, idPrefix, markdown, chosen: { kind: 'outside', id: this.globalState.get<Record<string, string>>(CHOSEN_IDS, {})[uri.toString()] } };
    }
    const folders = vscode.workspace.workspaceFolders ?? [source.folder];
    return { relativePath: source.relativePath, source: source.key, idPrefix: workspaceIdPrefix(idPrefix, source.folder, folders), markdown };
  }

  /**
   * Asks for the id of a document without a workspace path, proposing one from its heading (untitled) or its
   * folder and name (a file outside the workspace); remembers the answer. Undefined when the writer backs out.
   */
  async choose(uri: vscode.Uri, place: DocumentPlace, idPrefix: string, headingOrFirstLine: string, claimedBy?: (id: string) => string | undefined): Promise<string | undefined> {
    const kind = place.chosen?.kind;
    if (!kind) return undefined;
    const proposal = kind === 'untitled' ? proposeChosenId(idPrefix, { title: headingOrFirstLine }) : proposeChosenId(idPrefix, { path: uri.path });
    const earlier = (id: string) =>
      this.history.all().find((r) => r.documentId === id && (kind === 'untitled' || r.sourceUri !== uri.toString()) && (r.outcome === 'created' || r.outcome === 'updated'));
    const id = await vscode.window.showInputBox({
      title: vscode.l10n.t('Doc Ingest: Document id'),
      prompt: kind === 'untitled'
        ? vscode.l10n.t('This editor is not saved to a file, so no path names the document. Choose its id: it is kept while this editor stays open. (Saved files get their id from their path.)')
        : vscode.l10n.t('{0} is outside the workspace folders, so its path cannot name the document. Choose its id: it is kept for this file. (Front matter doc-ingest-id: pins one too.)', uri.fsPath),
      value: proposal,
      ignoreFocusOut: true,
      validateInput: (v) => {
        const trimmed = v.trim();
        if (!DOCUMENT_ID_PATTERN.test(trimmed) || trimmed === '.' || trimmed === '..') {
          return vscode.l10n.t('An id may only contain letters, digits and . _ ~ -');
        }
        // A file of the workspace builds this id: sending would replace its document (docs/architecture.md#identity).
        const file = claimedBy?.(trimmed);
        if (file) return vscode.l10n.t('{0} already builds the document "{1}": choose another id.', file, trimmed);
        const other = earlier(trimmed);
        return other
          ? { message: vscode.l10n.t('"{0}" was sent from another editor in this window ({1}): Enter replaces that document.', trimmed, other.title), severity: vscode.InputBoxValidationSeverity.Warning }
          : undefined;
      },
    });
    const chosen = id?.trim();
    if (!chosen) return undefined;
    if (kind === 'untitled') {
      this.untitled.set(uri.toString(), chosen);
    } else {
      await this.globalState.update(CHOSEN_IDS, { ...this.globalState.get<Record<string, string>>(CHOSEN_IDS, {}), [uri.toString()]: chosen });
    }
    return chosen;
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
