import * as vscode from 'vscode';
import { isServiceError } from '../../core/api/errors';
import type { DocumentBuildResult, SelectionBuildResult } from '../../core/documents/build/options';
import { firstLineTitle, selectionIdFor, titleSelection } from '../../core/documents/build/selection';
import { DocumentError } from '../../core/documents/problems/errors';
import { fileNameWithoutExtension } from '../../core/documents/text/text';
import { IngestionHistory, IngestionRecord } from '../../core/ingest/history';
import { localImageReferences } from '../../core/ingest/images';
import { buildFile, buildSelection, IngestConfig, PreparedIngestion, prepareIngestion, requestBody, sendIngestion } from '../../core/ingest/pipeline';
import type { ImageReference } from '../../core/documents/linksAndImages/images';
import { ledgerScope } from '../../core/ledger/scope';
import { sha256Hex } from '../../core/ledger/hash';
import type { IncludedFiles } from '../../core/documents/readerText';
import { includedSourceHash } from '../../core/ingest/includes';
import { duplicateIdSentence } from '../../core/identity/claims';
import type { IdClaimsView } from '../../core/identity/claims';
import type { Ledger } from '../../core/ledger/ledger';
import { Connection } from '../services/connection';
import { describeError, isCancellation, showError } from '../services/errors';
import { Log } from '../services/log';
import { readSettings } from '../services/settings';
import type { SendEvents } from '../sent/sendEvents';
import { DocumentPlaces } from './documentPlace';
import type { EditorImages } from './images';
import { readEditorSource } from './sourceFile';
import type { WorkspaceIds } from '../identity/workspaceIds';
import { ignoreLineOf, KeptBack, keptBackByPage, showKeptBack } from './keptBack';

/** A document built from the editor, and how to build it again with its images uploaded. */
interface EditorBuild {
  built: DocumentBuildResult;
  config: IngestConfig;
  /** Local images the text refers to (none for plain text). */
  images: ImageReference[];
  /** The same document with these images as image sections (path → image_file_id). */
  withImages(ids: ReadonlyMap<string, string>): DocumentBuildResult;
  /** The source key of a whole file of a workspace folder (not a selection, an untitled editor or an outside file). */
  source?: string;
  /**
   * For such a file, the bytes of what was built: the saved file's, or the editor's unsaved text. The ledger
   * records their hash, so a draft sent and then reverted counts as changed, not as the file the server holds.
   */
  sourceBytes?: Uint8Array;
  /** The texts of the files it includes (F15): the ledger's source hash covers them too. */
  includes?: IncludedFiles;
}


export interface SelectionRange {
  start: number;
  end: number;
  /** Set when the user already chose the title (Ingest Again). */
  title?: string;
}

/**
 * Where the outcome of one send is shown (the status bar): the flow knows it only by this, so that it sits below
 * the views.
 */
export interface IngestionShown {
  show(record: IngestionRecord): void;
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
    private readonly statusBar: IngestionShown,
    private readonly log: Log,
    private readonly places: DocumentPlaces,
    private readonly images: EditorImages,
    private readonly ledger: Promise<Ledger>,
    private readonly ids: WorkspaceIds,
    private readonly sends: SendEvents,
  ) {}

  /** The finished record through the window's one send event: the status bar, the Results and Documents views follow. */
  private tell(record: IngestionRecord): void {
    this.sends.fire({ kind: 'file', server: record.server, scope: ledgerScope(record.server, record.ccPairId), record });
  }

  cancelAll(): void {
    for (const c of this.running) c.abort();
  }

  /**
   * Returns the finished record, or undefined when the user backed out before anything was sent.
   * `server`: where to send (Ingest Again sends where the result first went); default the configured server.
   */
  async ingest(uri: vscode.Uri, request: { selection?: SelectionRange; server?: string } = {}): Promise<IngestionRecord | undefined> {
    const { selection } = request;
    // The ids of the workspace's files, asked at most once per ingestion (the id box and the duplicate check).
    let asked: Promise<IdClaimsView> | undefined;
    const claims = () => (asked ??= this.ids.current());
    const ruled = ignoreLineOf(uri);
    if (ruled) return this.keptBack(uri, ruled, request.server);
    let editorBuild: EditorBuild;
    try {
      const b = await this.build(uri, selection, claims);
      if (!b) return undefined;
      editorBuild = b;
    } catch (e) {
      // A page its front matter or site keeps back is no error: said in one sentence, and kept in the status bar.
      if (e instanceof DocumentError && e.code === 'notPublished') return this.keptBack(uri, keptBackByPage(uri, e), request.server);
      await showError(vscode.l10n.t('Not ingested:'), e, uploadInstead(uri, e));
      return undefined;
    }
    const { built, config } = editorBuild;
    for (const w of built.warnings) this.log.warn(`${uri.toString(true)}: ${w}`);
    if (!selection && built.document.id !== undefined) {
      const duplicate = claimedElsewhere(await claims(), built.document.id, editorBuild.source, uri);
      if (duplicate) {
        await showError(vscode.l10n.t('Not ingested:'), duplicate);
        return undefined;
      }
    }

    const settings = readSettings(uri);
    let prepared = prepareIngestion(built, config);
    const { ccPairId } = prepared;
    const record = this.history.add({
      requestId: this.history.nextRequestId(),
      sourceUri: uri.toString(),
      selection: selection && { start: selection.start, end: selection.end, title: built.document.semantic_identifier },
      documentId: built.document.id,
      title: built.document.semantic_identifier,
      ccPairId,
      server: request.server ?? settings.baseUrl ?? '',
      outcome: 'running',
      startedAt: new Date(),
    });
    this.statusBar.show(record);
    const abort = new AbortController();
    this.running.add(abort);
    void vscode.commands.executeCommand('setContext', 'docIngest.ingesting', true);
    /** Once the request has left, a cancel cannot take it back: the server may still apply it. */
    let sent = false;
    try {
      const client = await this.connection.client(request.server);
      // The ledger hashes images by content, as a batch does: without images that is the request sent.
      let hashed = prepared;
      if (editorBuild.images.length) {
        const images = await this.images.resolve(uri, editorBuild.images, client, record.server, abort.signal);
        prepared = prepareIngestion(editorBuild.withImages(images.ids), config);
        hashed = prepareIngestion(editorBuild.withImages(images.placeholders), config);
      }
      this.log.info(`[${record.requestId}] ingesting ${record.documentId ?? record.title} into ${ccPairId === undefined ? 'the default pair' : `pair ${ccPairId}`}`);
      const result = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Doc Ingest: ingesting {0}', record.title) },
        () => {
          abort.signal.throwIfAborted();
          return sendIngestion(client, prepared, editorBuild.source ?? vscode.workspace.asRelativePath(uri), { signal: abort.signal, onSent: () => (sent = true) });
        },
      );
      const alreadyHeld = result.outcome === 'updated' && (await this.neverRecorded(record, built.document.id, hashed, editorBuild));
      this.history.finish(record, { outcome: result.outcome, documentId: result.documentId ?? record.documentId, ...(alreadyHeld ? { alreadyHeld } : {}) });
      await this.remember(record, built.document.id, hashed, editorBuild).catch((e: unknown) => this.log.warn(`ledger: ${describeError(e)}`));
      this.connection.noteSuccess();
      void vscode.commands.executeCommand('setContext', 'docIngest.hasIngested', true); // the walkthrough's step
      this.log.info(`[${record.requestId}] ${result.outcome}: ${record.documentId}`);
    } catch (e) {
      this.connection.noteError(e);
      const cancelled = isCancellation(e) || abort.signal.aborted;
      const error = cancelled ? undefined : describeError(e);
      this.history.finish(record, {
        outcome: cancelled ? 'cancelled' : 'failed',
        error,
        errorKind: isServiceError(e) ? e.kind : undefined,
        mayHaveApplied: cancelled && sent ? true : undefined,
      });
      this.log.warn(`[${record.requestId}] ${record.outcome}${record.mayHaveApplied ? ' after the request had left (the server may still apply it)' : ''}: ${describeError(e)}`);
      const again: [string, () => Thenable<unknown>] = [vscode.l10n.t('Ingest Again'), () => vscode.commands.executeCommand('docIngest.ingestAgain', record)];
      if (record.mayHaveApplied) {
        void vscode.window.showWarningMessage(
          vscode.l10n.t('Cancelled "{0}" after the request had left: the server may still apply it.', record.title),
          again[0],
        ).then((choice) => (choice === again[0] ? again[1]() : undefined));
      } else if (!cancelled) {
        void showError(vscode.l10n.t('Could not ingest "{0}".', record.title), e, [again]);
      }
    } finally {
      this.running.delete(abort);
      if (!this.running.size) void vscode.commands.executeCommand('setContext', 'docIngest.ingesting', false);
      this.tell(record);
    }
    return record;
  }

  /**
   * A file the writer named that is not to be published: never silent (issue 34). The status bar shows it kept back,
   * its tooltip and the last results say the rule, and a notification offers to open the rule at its line.
   */
  private keptBack(uri: vscode.Uri, kept: KeptBack, server: string | undefined): IngestionRecord {
    const settings = readSettings(uri);
    const now = new Date();
    const record = this.history.add({
      requestId: this.history.nextRequestId(),
      sourceUri: uri.toString(),
      documentId: undefined,
      title: uri.path.split('/').pop() ?? uri.toString(true),
      ccPairId: settings.ccPairId,
      server: server ?? settings.baseUrl ?? '',
      outcome: 'notPublished',
      startedAt: now,
      finishedAt: now,
      error: kept.sentence,
    });
    this.tell(record);
    this.log.info(`[${record.requestId}] not published: ${uri.toString(true)}: ${kept.sentence}`);
    showKeptBack(kept);
    return record;
  }

  /**
   * A whole file of a workspace folder, confirmed: the ledger (and so the Explorer badge) knows it as a batch
   * would, with the batch's payload hash (images by content, not by upload id), so the next batch finds it
   * unchanged, or, for unsaved text, changed once the file on disk differs from what was sent. Anything else
   * sent under an id (a selection, an untitled editor, a file outside the folders): the ledger's entry for that id,
   * if any, no longer describes what the server holds.
   */
  /** Whether the ledger has never recorded sending this whole file's document (only those are recorded). */
  private async neverRecorded(record: IngestionRecord, sentId: string | undefined, hashed: PreparedIngestion, build: EditorBuild): Promise<boolean> {
    if (sentId === undefined || build.source === undefined || build.sourceBytes === undefined) return false;
    const ledger = await this.ledger;
    return ledger.entryFor(ledgerScope(record.server, hashed.ccPairId), sentId) === undefined;
  }

  private async remember(record: IngestionRecord, sentId: string | undefined, hashed: PreparedIngestion, build: EditorBuild): Promise<void> {
    if (sentId === undefined) return;
    const ledger = await this.ledger;
    const scope = ledgerScope(record.server, hashed.ccPairId);
    if (build.source === undefined || build.sourceBytes === undefined) {
      ledger.supersede(scope, sentId);
      return;
    }
    ledger.record(scope, {
      documentId: sentId,
      sourcePath: build.source,
      sourceHash: includedSourceHash(build.sourceBytes, build.includes),
      payloadHash: sha256Hex(requestBody(hashed.request)),
    });
  }

  private async build(uri: vscode.Uri, selection: SelectionRange | undefined, claims: () => Promise<IdClaimsView>): Promise<EditorBuild | undefined> {
    const { file, config, settings, place, text, saved } = await readEditorSource(uri, this.places);
    const asText = () => text ?? new TextDecoder().decode(file.input as Uint8Array);
    // Read as built (not after the send, when a save may have changed them).
    const source = selection ? undefined : place.source;
    const sourceBytes = source === undefined
      ? undefined
      : !saved
        ? new TextEncoder().encode(asText())
        : typeof file.input === 'string' ? await vscode.workspace.fs.readFile(uri).then(undefined, () => undefined) : file.input;
    const make = (): DocumentBuildResult | SelectionBuildResult => selection
      ? buildSelection({ ...file, input: asText() }, selection.start, selection.end, config)
      : buildFile(file, config);
    let result = make();
    if (place.chosen && !place.chosen.id && result.idSource === 'chosen') {
      const known = await claims();
      const id = await this.places.choose(uri, place, settings.idPrefix, titleForId(result, place.relativePath, text ?? ''), (v) => known.sourcesOf(v)[0]);
      if (!id) return undefined;
      file.documentId = id;
      result = make();
    }
    const images = localImageReferences(asText(), place.relativePath, place.markdown, file.site);
    if (!selection || !('suggestedTitle' in result)) {
      return { built: result, config, source, sourceBytes, images, includes: file.includes, withImages: (ids) => buildFile({ ...file, images: ids }, config) };
    }

    const built = result;
    const title =
      selection.title ??
      (await vscode.window.showInputBox({
        title: vscode.l10n.t('Doc Ingest: Ingest Selection'),
        prompt: built.headingPath.length
          ? vscode.l10n.t('Title of the document. Its id {0} comes from the heading above the selection.', built.document.id ?? '')
          : vscode.l10n.t('The title names the document: the same title sends to the same document again.'),
        value: built.suggestedTitle,
        ignoreFocusOut: true,
        validateInput: (v) => (v.trim()
          ? { message: vscode.l10n.t('Document id: {0}', selectionIdFor(built, v)), severity: vscode.InputBoxValidationSeverity.Info }
          : vscode.l10n.t('The title must not be empty.')),
      }));
    if (!title?.trim()) return undefined;
    const selected = { ...file, input: text ?? '' };
    return {
      built: titleSelection(built, title),
      config,
      images,
      withImages: (ids) => titleSelection(buildSelection({ ...selected, images: ids }, selection.start, selection.end, config), title),
    };
  }

  dispose(): void {
    this.cancelAll();
  }
}

/**
 * The duplicate-id error when another included file of the workspace builds `documentId` (its saved bytes):
 * sending would replace that file's document with this one, and the next batch would put it back.
 */
function claimedElsewhere(claims: IdClaimsView, documentId: string, source: string | undefined, uri: vscode.Uri): DocumentError | undefined {
  const others = claims.sourcesOf(documentId).filter((s) => s !== source).sort();
  if (!others.length) return undefined;
  const name = source ?? (uri.scheme === 'untitled' ? uri.path : uri.fsPath);
  return new DocumentError('duplicateId', duplicateIdSentence(name, others, documentId));
}

/** What to propose an untitled editor's id from: its title, unless that is only the editor's name; else its first line. */
function titleForId(result: DocumentBuildResult, relativePath: string, text: string): string {
  const title = result.document.title ?? '';
  return title && title !== fileNameWithoutExtension(relativePath) ? title : firstLineTitle(text);
}

/** A binary file cannot be ingested as text, but it can be uploaded as a user file. */
function uploadInstead(uri: vscode.Uri, e: unknown): [string, () => Thenable<unknown>][] {
  if (!(e instanceof DocumentError && e.code === 'binary') || uri.scheme === 'untitled') return [];
  return [[vscode.l10n.t('Upload File...'), () => vscode.commands.executeCommand('docIngest.userFiles.upload', uri)]];
}
