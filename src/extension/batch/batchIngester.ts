import * as vscode from 'vscode';
import type { BatchFile, BatchProgress, BatchSummary, FileResult } from '../../core/batch/types';
import type { Ledger } from '../../core/ledger/ledger';
import { Connection } from '../services/connection';
import { describeError, showError } from '../services/errors';
import { Log } from '../services/log';
import { fileIngestConfig, readSettings } from '../services/settings';
import type { UploadTracker } from '../ingest/images';
import type { SiteResolver } from '../../core/site/detect';
import type { LinkTargetSource } from '../../core/files/linkTargetSource';
import { settleUnsavedFiles } from './unsavedFiles';
import { fileStat } from '../ledger/fileStat';
import type { WorkspaceIds } from '../identity/workspaceIds';
import { ledgerScope } from '../../core/ledger/scope';
import type { SendEvents } from '../sent/sendEvents';

export interface BatchRequest {
  files: BatchFile[];
  /** What the writer asked for, for the progress title ("docs", "the workspace", "changed files"). */
  label: string;
  /** Send files the ledger says are unchanged too. */
  force?: boolean;
  /**
   * Ingest on save: progress in the status bar only, the Results view untouched, and no summary unless a file
   * failed (a status bar message otherwise); nothing at all when another batch is running (the caller waits for
   * `onDidEnd`).
   */
  quiet?: boolean;
}

/**
 * How a batch ended: `complete` when every file was tried and none failed (skipped files are no failure);
 * `incomplete` when it failed, was cancelled or stopped after it may have sent something; `notStarted` when it
 * stopped before sending anything (no server or key, unsaved files kept).
 */
export interface BatchEnd {
  label: string;
  quiet: boolean;
  outcome: 'complete' | 'incomplete' | 'notStarted';
  /** Every file's result, when the batch ran to a summary (not when it stopped on an error before one). */
  summary?: BatchSummary;
  /** The server it sent to. */
  server: string;
}

/**
 * Where a batch's results are shown as files finish (the Results view): the flow knows the view only by this, so
 * that it sits below the views.
 */
export interface BatchResults {
  /** A new batch to `server` and `ccPairId`: the old rows of that server and pair go. */
  start(server: string, ccPairId: number | undefined): void;
  add(server: string, ccPairId: number | undefined, result: FileResult): void;
  reveal(): Promise<void>;
}

/**
 * Runs one batch at a time in a cancellable progress notification, fills the results view as files finish, and
 * ends with one summary message (or one error, when the batch stopped for a reason every file would meet).
 */
export class BatchIngester implements vscode.Disposable {
  private running: AbortController | undefined;
  private readonly ended = new vscode.EventEmitter<BatchEnd>();
  /** After each batch that started, however it ended (done, cancelled, or stopped before sending: no server or key). */
  readonly onDidEnd = this.ended.event;

  constructor(
    private readonly connection: Connection,
    private readonly ledger: Promise<Ledger>,
    private readonly results: BatchResults,
    private readonly userFiles: UploadTracker,
    private readonly log: Log,
    private readonly ids: WorkspaceIds,
    private readonly sends: SendEvents,
  ) {}

  get busy(): boolean {
    return this.running !== undefined;
  }

  cancel(): void {
    this.running?.abort();
  }

  /** Undefined when nothing ran (another batch is running, or there were no files). */
  async run(request: BatchRequest): Promise<BatchSummary | undefined> {
    if (this.running) {
      if (request.quiet) return undefined;
      const cancel = vscode.l10n.t('Cancel It');
      const choice = await vscode.window.showWarningMessage(vscode.l10n.t('A batch is already running; wait for it or cancel it first.'), cancel);
      if (choice === cancel) this.cancel();
      return undefined;
    }
    if (!request.files.length) {
      const open = vscode.l10n.t('Open Settings');
      const choice = await vscode.window.showInformationMessage(
        vscode.l10n.t('No files to ingest in {0}: none matches docIngest.include (and not docIngest.exclude).', request.label),
        open,
      );
      if (choice === open) await vscode.commands.executeCommand('workbench.action.openSettings', '@id:docIngest.include @id:docIngest.exclude');
      return undefined;
    }
    const abort = new AbortController();
    this.running = abort;
    let outcome: BatchEnd['outcome'] = 'notStarted';
    let ended: BatchSummary | undefined;
    const { baseUrl, ccPairId } = readSettings();
    const server = baseUrl ?? '';
    void vscode.commands.executeCommand('setContext', 'docIngest.batchRunning', true);
    try {
      const client = await this.connection.client();
      // After the connection check: no point saving files for a batch that cannot run.
      if (!request.quiet && !(await settleUnsavedFiles(request.files))) return undefined;
      const settings = readSettings();
      const ledger = await this.ledger;
      // Uploaded images join the User Files list of the server and key they went to (F6).
      const poller = await this.userFiles.currentPoller();
      // The writer stays where they are (the Explorer they right-clicked in): the summary offers Show Results.
      if (!request.quiet) this.results.start(server, ccPairId);
      this.log.info(`batch: ${request.files.length} files of ${request.label} to ${settings.baseUrl ?? ''}`);
      // The batch and the document builder load with the first run, not with the extension (issue 27).
      const [{ insideRootCheck }, { runBatch }, { imageReader, imageRoot }, { editorLinkTargets }, { editorSiteResolver }] = await Promise.all([
        import('../../core/batch/insideRoot.js'), import('../../core/batch/runner.js'), import('../ingest/images.js'),
        import('../ingest/linkTargets.js'), import('../ingest/site.js'),
      ]);
      const checkInside = insideRootCheck();
      // One image reader per root folder for the whole batch: the root's real path is taken once, not per image.
      const readers = new Map<string, ReturnType<typeof imageReader>>();
      const readerOf = (document: vscode.Uri) => {
        const root = imageRoot(document).toString();
        let reader = readers.get(root);
        if (!reader) readers.set(root, (reader = imageReader(document, settings.imagesMaxBytes)));
        return reader;
      };
      // Links between docs (F14): one source per root folder, its globs read once.
      const linkSources = new Map<string, LinkTargetSource | undefined>();
      const linksOf = (document: vscode.Uri) => {
        const root = imageRoot(document).toString();
        if (!linkSources.has(root)) linkSources.set(root, editorLinkTargets(document));
        return linkSources.get(root);
      };
      // Docs sites (F15): one resolver per root folder, each config read once for the batch.
      const siteResolvers = new Map<string, SiteResolver | undefined>();
      const sitesOf = (document: vscode.Uri) => {
        const root = imageRoot(document).toString();
        if (!siteResolvers.has(root)) siteResolvers.set(root, editorSiteResolver(document));
        return siteResolvers.get(root);
      };
      outcome = 'incomplete';
      const summary = await vscode.window.withProgress(
        { location: request.quiet ? vscode.ProgressLocation.Window : vscode.ProgressLocation.Notification, title: vscode.l10n.t('Doc Ingest: {0}', request.label), cancellable: true },
        async (progress, token) => {
          token.onCancellationRequested(() => abort.abort());
          // The ids of the files this run does not send: a file of the run claiming one of them is refused.
          progress.report({ message: vscode.l10n.t('checking document ids') });
          const claims = await this.ids.current(token);
          let reported = 0;
          const report = (p: BatchProgress) => {
            const increment = ((p.done - reported) / p.total) * 100;
            reported = p.done;
            progress.report({ increment, message: progressMessage(p) });
          };
          return runBatch({
            client,
            server: settings.baseUrl ?? '',
            files: request.files,
            read: async (f) => {
              checkInside(f);
              return vscode.workspace.fs.readFile(vscode.Uri.parse(f.key));
            },
            stat: async (f) => {
              // With the change time and inode on the local disk, so that the ledger keeps the file's stamp. The date
              // is rounded to the millisecond as Node's own `stat().mtime` and VS Code's stat are: the preview, Ingest
              // Current File and the command line date the file so, and a date 1 ms off is another payload.
              const s = await fileStat(vscode.Uri.parse(f.key));
              return { ...s, mtime: new Date(Math.round(s.mtimeMs)) };
            },
            config: (f) => fileIngestConfig(vscode.Uri.parse(f.key)),
            gitFolders: vscode.workspace.isTrusted ? gitFolders() : undefined,
            ledger,
            claims,
            images: {
              read: async (f, path) => readerOf(vscode.Uri.parse(f.key)).read(path),
              onProblem: settings.imagesOnProblem,
              onUploaded: (record) => {
                poller.noteWork();
                poller.track(record.id, record);
              },
            },
            links: {
              included: (f, target) => linksOf(vscode.Uri.parse(f.key))?.included(target) ?? false,
              read: async (f, target) => {
                const source = linksOf(vscode.Uri.parse(f.key));
                if (!source) throw new Error(`${target}: no folder to read it from`);
                return source.read(target);
              },
            },
            site: (f) => sitesOf(vscode.Uri.parse(f.key)),
            force: request.force,
            concurrency: settings.concurrency,
            maxFileBytes: settings.maxFileBytes,
            timeoutMs: settings.ingestTimeoutMs,
            signal: abort.signal,
            onProgress: report,
            onResult: (r) => {
              if (!request.quiet) this.results.add(server, ccPairId, r);
              if (r.outcome === 'failed') this.log.warn(`batch: ${r.file.relativePath}: ${r.error ?? ''}`);
            },
          });
        },
      );
      // The results stand either way; a ledger that cannot be written only means files count as changed next time.
      await ledger.flush().catch((e: unknown) => this.log.warn(`ledger: not saved: ${describeError(e)}`));
      ended = summary;
      if (completed(summary)) outcome = 'complete';
      this.connection.noteSuccess();
      this.log.info(`batch: ${JSON.stringify(summary.counts)}${summary.stop ? ` stopped: ${summary.stop.reason}` : ''}`);
      void (request.quiet ? this.tellQuietly(summary, request.label) : this.tell(summary, request.label));
      return summary;
    } finally {
      this.running = undefined;
      void vscode.commands.executeCommand('setContext', 'docIngest.batchRunning', false);
      // The one send event first: the views (Documents, Results, badges, status bar) follow what was sent.
      if (ended) this.sends.fire({ kind: 'batch', server, scope: ledgerScope(server, ccPairId), label: request.label, quiet: !!request.quiet, summary: ended, at: new Date() });
      this.ended.fire({ label: request.label, quiet: !!request.quiet, outcome, server, ...(ended ? { summary: ended } : {}) });
    }
  }

  private async tell(summary: BatchSummary, label: string): Promise<void> {
    const c = summary.counts;
    if (summary.stop?.reason === 'failure') {
      this.connection.noteError(summary.stop.cause);
      // Failed apart from not sent: a request that timed out was sent, and the server may still apply it.
      await showError(vscode.l10n.t('The batch stopped ({0} sent, {1} failed, {2} not sent):', c.created + c.updated, c.failed, c.notSent), summary.stop.cause ?? new Error(summary.stop.error));
      return;
    }
    const show = vscode.l10n.t('Show Results');
    const cancelled = summary.stop?.reason === 'cancelled';
    // After a cancel, Retry Failed mostly sends what was never sent: the button says so.
    const retry = cancelled && !c.failed ? vscode.l10n.t('Send the Rest') : vscode.l10n.t('Retry Failed');
    const actions = c.failed + c.cancelled + c.notSent > 0 ? [show, retry] : [show];
    const text = cancelled
      ? vscode.l10n.t('Cancelled {0}: {1} sent ({2} created, {3} updated), {4} not sent, {5} unchanged, {6} failed.', label, c.created + c.updated, c.created, c.updated, c.notSent, c.unchanged, c.failed)
      : vscode.l10n.t('Ingested {0}: {1} created, {2} updated, {3} unchanged, {4} skipped, {5} failed.', label, c.created, c.updated, c.unchanged, c.skipped, c.failed);
    // Only when some were: "0 were under way" said nothing and read as a warning (issue 38, item 8).
    const underWay = !cancelled || !c.cancelled ? []
      : [c.cancelled === 1
        ? vscode.l10n.t('1 was under way: the server may still apply it.')
        : vscode.l10n.t('{0} were under way: the server may still apply them.', c.cancelled)];
    const notes = [text, ...underWay, ...summaryNotes(summary)].join(' ');
    const choice = c.failed > 0
      ? await vscode.window.showWarningMessage(notes, ...actions)
      : await vscode.window.showInformationMessage(notes, ...actions);
    if (choice === show) await this.results.reveal();
    if (choice === retry) await vscode.commands.executeCommand('docIngest.retryFailed');
  }

  private async tellQuietly(summary: BatchSummary, label: string): Promise<void> {
    const failed = summary.results.find((r) => r.outcome === 'failed');
    if (summary.stop?.reason === 'failure' || failed) {
      this.connection.noteError(summary.stop?.cause);
      await showError(vscode.l10n.t('Could not ingest {0}:', label), summary.stop?.cause ?? new Error(summary.stop?.error ?? failed?.error ?? ''));
      return;
    }
    const c = summary.counts;
    const skipped = summary.results.find((r) => r.outcome === 'skipped');
    const text = c.created + c.updated > 0
      ? vscode.l10n.t('Doc Ingest: ingested {0}', label)
      : skipped
        ? vscode.l10n.t('Doc Ingest: {0} not ingested: {1}', label, skipped.error ?? '')
        : vscode.l10n.t('Doc Ingest: {0} is as last ingested', label);
    vscode.window.setStatusBarMessage(text, 5_000);
  }

  dispose(): void {
    this.cancel();
    this.ended.dispose();
  }
}

/**
 * What the counts do not say (F15): how many files are not to be published (drafts, ignored), and the documents the
 * server already held although this editor never sent them.
 */
function summaryNotes(summary: BatchSummary): string[] {
  const notes: string[] = [];
  const withheld = summary.results.filter((r) => r.outcome === 'skipped' && r.reason).length;
  if (withheld) notes.push(vscode.l10n.t('{0} of the skipped are not to be published (drafts, ignored or hidden files).', withheld));
  const held = summary.results.filter((r) => r.alreadyHeld).map((r) => r.documentId ?? r.file.source);
  if (held.length) notes.push(vscode.l10n.t('Already held: sent from elsewhere? The server already held {0} although this editor never sent it.', held.join(', ')));
  return notes;
}

function completed(summary: BatchSummary): boolean {
  const c = summary.counts;
  return !summary.stop && !summary.duplicates?.length && c.failed + c.notSent + c.cancelled === 0;
}

function progressMessage(p: BatchProgress): string {
  return p.failed
    ? vscode.l10n.t('{0} of {1} files, {2} failed', p.done, p.total, p.failed)
    : vscode.l10n.t('{0} of {1} files', p.done, p.total);
}

function gitFolders(): string[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
}
