import * as vscode from 'vscode';
import { isServiceError } from '../../core/api';
import { buildDocument, buildSelectionDocument, DocumentBuildResult, DocumentOptions, getGitFileInfo } from '../../core/documents';
import { IngestionHistory, IngestionRecord } from '../../core/ingest/history';
import { Connection } from '../connection';
import { describeError, isCancellation, showError } from '../errors';
import { Log } from '../log';
import { readSettings } from '../settings';
import { IngestStatusBar } from '../statusBar/ingestStatusBar';

export interface SelectionRange {
  start: number;
  end: number;
  /** Set when the user already chose the title (Ingest Again). */
  title?: string;
}

/**
 * Builds the document from what the editor holds (unsaved text included), sends it, and reports the outcome
 * to the status bar, the history and the log. Shared by the file, selection and "Ingest Again" commands.
 */
export class Ingester implements vscode.Disposable {
  private readonly running = new Set<AbortController>();

  constructor(
    private readonly connection: Connection,
    private readonly history: IngestionHistory,
    private readonly statusBar: IngestStatusBar,
    private readonly log: Log,
  ) {}

  cancelAll(): void {
    for (const c of this.running) c.abort();
  }

  /** Returns the finished record, or undefined when the user backed out before anything was sent. */
  async ingest(uri: vscode.Uri, selection?: SelectionRange): Promise<IngestionRecord | undefined> {
    let built: DocumentBuildResult;
    try {
      const b = await this.build(uri, selection);
      if (!b) return undefined;
      built = b;
    } catch (e) {
      await showError(vscode.l10n.t('Not ingested:'), e);
      return undefined;
    }
    for (const w of built.warnings) this.log.warn(`${uri.toString(true)}: ${w}`);

    const settings = readSettings(uri);
    const ccPairId = built.ccPairId ?? settings.ccPairId;
    const record = this.history.add({
      requestId: this.history.nextRequestId(),
      sourceUri: uri.toString(),
      selection: selection && { start: selection.start, end: selection.end, title: built.document.semantic_identifier },
      documentId: built.document.id,
      title: built.document.semantic_identifier,
      ccPairId,
      server: settings.baseUrl ?? '',
      outcome: 'running',
      startedAt: new Date(),
    });
    this.statusBar.show(record);
    const abort = new AbortController();
    this.running.add(abort);
    void vscode.commands.executeCommand('setContext', 'docIngest.ingesting', true);
    try {
      const client = await this.connection.client();
      this.log.info(`[${record.requestId}] ingesting ${record.documentId ?? record.title} into ${ccPairId === undefined ? 'the default pair' : `pair ${ccPairId}`}`);
      const result = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Doc Ingest: ingesting {0}', record.title) },
        () => client.ingestDocument({ document: built.document, cc_pair_id: ccPairId }, { signal: abort.signal }),
      );
      this.history.finish(record, { outcome: result.outcome, documentId: result.documentId ?? record.documentId });
      this.connection.noteSuccess();
      void vscode.commands.executeCommand('setContext', 'docIngest.hasIngested', true); // the walkthrough's step
      this.log.info(`[${record.requestId}] ${result.outcome}: ${record.documentId}`);
    } catch (e) {
      this.connection.noteError(e);
      const cancelled = isCancellation(e);
      this.history.finish(record, {
        outcome: cancelled ? 'cancelled' : 'failed',
        error: cancelled ? undefined : describeError(e),
        errorKind: isServiceError(e) ? e.kind : undefined,
      });
      this.log.warn(`[${record.requestId}] ${record.outcome}: ${describeError(e)}`);
      if (!cancelled) {
        void showError(vscode.l10n.t('Could not ingest "{0}".', record.title), e, [
          [vscode.l10n.t('Ingest Again'), () => vscode.commands.executeCommand('docIngest.ingestAgain', record)],
        ]);
      }
    } finally {
      this.running.delete(abort);
      if (!this.running.size) void vscode.commands.executeCommand('setContext', 'docIngest.ingesting', false);
      this.statusBar.show(record);
    }
    return record;
  }

  private async build(uri: vscode.Uri, selection?: SelectionRange): Promise<DocumentBuildResult | undefined> {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    // An open editor's text is what the writer sees, saved or not; a closed file is read as bytes so that a
    // binary file is refused with a clear message instead of being decoded into garbage.
    const input: string | Uint8Array = open ? open.getText() : await vscode.workspace.fs.readFile(uri);
    const text = typeof input === 'string' ? input : undefined;
    const relativePath = relativePathOf(uri);
    const settings = readSettings(uri);
    const options: DocumentOptions = {
      linkTemplate: settings.linkTemplate,
      idPrefix: settings.idPrefix,
      source: settings.source as DocumentOptions['source'],
      ignoreKeys: settings.ignoreKeys,
      markdown: open?.languageId === 'markdown' || open?.languageId === 'mdx' ? true : undefined,
      git: uri.scheme === 'file' ? await getGitFileInfo(uri.fsPath, { text }) : undefined,
    };
    if (!selection) return buildDocument(input, relativePath, options);

    const result = buildSelectionDocument(text ?? new TextDecoder().decode(input as Uint8Array), relativePath, selection.start, selection.end, options);
    const title =
      selection.title ??
      (await vscode.window.showInputBox({
        title: vscode.l10n.t('Doc Ingest: Ingest Selection'),
        prompt: vscode.l10n.t('Title of the new document (Enter to send, Escape to cancel)'),
        value: result.suggestedTitle,
        ignoreFocusOut: true,
        validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('The title must not be empty.')),
      }));
    if (!title?.trim()) return undefined;
    result.document.semantic_identifier = title.trim();
    result.document.title = title.trim();
    return result;
  }

  dispose(): void {
    this.cancelAll();
  }
}

/** The workspace-relative path (stable across machines), or the file name outside any workspace folder. */
export function relativePathOf(uri: vscode.Uri): string {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (folder) return vscode.workspace.asRelativePath(uri, false);
  return uri.path.split('/').pop() || 'untitled';
}
