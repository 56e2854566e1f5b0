import * as vscode from 'vscode';
import { IngestionHistory } from '../core/ingest/history';
import type { Ledger } from '../core/ledger/ledger';
import { showSiteSettings, SITE_SETTINGS_SCHEME, SiteSettingsDocuments } from './commands/showSiteSettings';
import type { copyFileId } from './commands/copyFileId';
import type { copyImageFileId } from './commands/copyImageFileId';
import type { copyUserFileId } from './commands/copyUserFileId';
import type { deleteFromService } from './commands/deleteFromService';
import type { ingestAgain } from './commands/ingestAgain';
import type { stopTracking } from './commands/stopTracking';
import { BatchIngester } from './batch/batchIngester';
import { Connection } from './services/connection';
import { speakCoreInDisplayLanguage } from './services/coreLanguage';
import { CREDENTIAL_SCHEME, CredentialFileSystem } from './credentials/credentialFileSystem';
import { CREDENTIAL_RESULT_SCHEME, CredentialResults } from './credentials/credentialResults';
import { DocumentDiagnostics } from './diagnostics/documentDiagnostics';
import { SiteDiagnostics } from './diagnostics/siteDiagnostics';
import { showError } from './services/errors';
import { FreshnessDecorations } from './freshness/freshnessDecorations';
import { IngestOnSave } from './freshness/ingestOnSave';
import { Renames } from './freshness/renames';
import { SourceStates } from './freshness/sourceStates';
import { WorkspaceIds } from './identity/workspaceIds';
import { DocumentPlaces } from './ingest/documentPlace';
import type { Ingester } from './ingest/ingester';
import { KeyStore } from './services/keyStore';
import { Log } from './services/log';
import { RunEvidence } from './orphans/runEvidence';
import { PayloadPreview, PREVIEW_SCHEME } from './preview/payloadPreview';
import { ProjectConfigWatcher } from './services/projectConfigWatcher';
import { IngestStatusBar } from './statusBar/ingestStatusBar';
import { ConnectorFilesView } from './views/connectorFilesView';
import { DocumentsView } from './views/documentsView';
import { DocumentDeleter } from './documents/deleteDocument';
import { HeldDocuments } from './views/heldDocuments';
import { ResultsView } from './views/resultsView';
import { SendEvents } from './sent/sendEvents';
import { UserFilesView } from './views/userFilesView';
import { FindabilityAfterIngest } from './findability/afterIngest';
import type { FindabilityChecker } from './findability/findabilityChecker';
import { FindabilityDiagnostics } from './findability/findabilityDiagnostics';
import { FindabilityLenses } from './findability/findabilityLenses';
import { FindabilityResults } from './findability/findabilityResults';
import { FindabilityView } from './findability/findabilityView';
import type { checkFindability } from './commands/checkFindability';
import type { openFindabilityHit } from './commands/openFindabilityHit';

/** What tests (and other extensions) may use. */
export interface DocIngestApi {
  connection: Connection;
  history: IngestionHistory;
  userFiles: UserFilesView;
  connectorFiles: ConnectorFilesView;
  results: ResultsView;
  batches: BatchIngester;
  freshness: { decorations: FreshnessDecorations; onSave: IngestOnSave; renames: Renames };
  /** What was ingested where (F10): tests check what a rename made it forget or follow. */
  ledger: Promise<Ledger>;
  documents: DocumentsView;
  /** The last action of this window as the status bar shows it (issue 38). */
  statusBar: IngestStatusBar;
  /** Is it findable? (F17): the last answers, and the view, CodeLenses and after-ingest checks drawn from them. */
  findability: { results: FindabilityResults; view: FindabilityView; lenses: FindabilityLenses; afterIngest: FindabilityAfterIngest };
}

export function activate(context: vscode.ExtensionContext): DocIngestApi {
  const own = <T extends vscode.Disposable>(d: T): T => (context.subscriptions.push(d), d);
  const command = (id: string, run: (...args: never[]) => unknown) =>
    own(vscode.commands.registerCommand(id, async (...args: never[]) => {
      try {
        await run(...args);
      } catch (e) {
        await showError('', e);
      }
    }));

  // The core's sentences in the editor's language (issue 38)
  speakCoreInDisplayLanguage();

  // Server, key and connection state (F1)
  const log = own(new Log());
  const keys = own(new KeyStore(context.secrets));
  const connection = own(new Connection(keys, log, context.globalState));
  command('docIngest.setServerUrl', async () => (await import('./commands/setServerUrl.js')).setServerUrl(connection));
  command('docIngest.setApiKey', async () => (await import('./commands/setApiKey.js')).setApiKey(connection));
  command('docIngest.clearApiKey', async () => (await import('./commands/clearApiKey.js')).clearApiKey(connection));
  command('docIngest.showLog', () => log.show());
  // The repository's .doc-ingest.json, shared with the command line (F12): read with the settings, watched here
  const projectConfig = own(new ProjectConfigWatcher(log));
  own(projectConfig.onDidChange(() => connection.dropClients()));

  // What the user uploaded (images, Upload File...), polled for its processing status (F6), and the ledger of
  // what was ingested and uploaded where (F10)
  const userFiles = own(new UserFilesView(connection, context.workspaceState));
  // Opened after activation returns, with its schema (zod) in a chunk of its own: the Explorer's badges and the
  // first ingestion wait for it, activation does not (issue 37)
  const ledger = import('./ledger/workspaceLedger.js').then(({ openWorkspaceLedger }) => openWorkspaceLedger(context.workspaceState, log));
  own({ dispose: () => void ledger.then((l) => l.close()) });
  // An uploaded image the server lost is uploaded again by the next ingestion that shows it
  own(userFiles.onDidLoseFiles(({ server, ids }) => void ledger.then((l) => ids.forEach((id) => l.forgetImageFile(server, id)))));

  // Which document id each included file builds: a run of some files refuses an id another file builds
  const ids = new WorkspaceIds(async () => (await import('./ingest/site.js')).editorSiteResolver);

  // Every send and delete of this window, told once: the views, the badges and the status bar follow it (issue 38)
  const sends = own(new SendEvents());

  // Ingestion of the current file and of a selection, with the status bar and the last results (F2-F4)
  const history = new IngestionHistory();
  const statusBar = own(new IngestStatusBar(sends));
  const places = own(new DocumentPlaces(context.globalState, history));
  // Loaded with the first ingestion, with the document builder (issue 27: activation loads only what it needs).
  let loadedIngester: Ingester | undefined;
  const ingester = async (): Promise<Ingester> => {
    if (loadedIngester) return loadedIngester;
    const [{ Ingester }, { EditorImages }] = await Promise.all([import('./ingest/ingester.js'), import('./ingest/images.js')]);
    return (loadedIngester ??= own(new Ingester(connection, history, statusBar, log, places, new EditorImages(ledger, userFiles), ledger, ids, sends)));
  };
  command('docIngest.ingestCurrentFile', async (uri?: vscode.Uri, selected?: vscode.Uri[]) => (await import('./commands/ingestCurrentFile.js')).ingestCurrentFile(await ingester(), uri, selected));
  command('docIngest.ingestSelection', async () => (await import('./commands/ingestSelection.js')).ingestSelection(await ingester()));
  command('docIngest.ingestAgain', async (record?: Parameters<typeof ingestAgain>[3]) => (await import('./commands/ingestAgain.js')).ingestAgain(await ingester(), history, connection, record));
  command('docIngest.cancelIngestion', () => (loadedIngester?.cancelAll(), batches.cancel()));
  command('docIngest.showDetails', async () => (await import('./commands/showDetails.js')).showDetails(history, async () => (await connection.client()).version()));

  // Folders and the workspace as the unit of work, with the ledger of what was ingested (F9, F10)
  const results = own(new ResultsView(sends));
  const batches = own(new BatchIngester(connection, ledger, results, userFiles, log, ids, sends));
  command('docIngest.ingestFolder', async (uri?: vscode.Uri) => (await import('./commands/ingestFolder.js')).ingestFolder(batches, uri));
  command('docIngest.ingestWorkspace', async () => (await import('./commands/ingestWorkspace.js')).ingestWorkspace(batches));
  command('docIngest.retryFailed', async () => (await import('./commands/retryFailed.js')).retryFailed(batches, results));
  const sourceStates = new SourceStates(ledger);
  // What the service holds, once the Documents view listed it: a file published elsewhere is not "never ingested"
  const held = own(new HeldDocuments(ledger));
  // The one way a document is deleted (Delete from Service, Find Orphans, renames): the ledger and the views follow it
  const deleter = new DocumentDeleter(ledger, sends);
  const freshness = {
    decorations: own(new FreshnessDecorations(sourceStates, ledger, projectConfig.onDidChange, held)),
    onSave: own(new IngestOnSave(batches, connection, log)),
    // A published page renamed or moved keeps its id or is published anew, as the writer chooses (F13)
    renames: own(new Renames(connection, ledger, batches, log, deleter, ids)),
  };
  command('docIngest.ingestChangedFiles', async () => (await import('./commands/ingestChangedFiles.js')).ingestChangedFiles(batches, sourceStates));

  // What this workspace published and no file builds any more, deleted on confirmation; never after an incomplete run (F13)
  const evidence = own(new RunEvidence(batches));
  command('docIngest.findOrphans', async () => (await import('./commands/findOrphans.js')).findOrphans({ connection, ledger, ids, evidence, log, deleter }));

  // Payload preview and diagnostics (F11)
  const preview = own(new PayloadPreview(places, ledger, projectConfig.onDidChange));
  own(vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, preview));
  command('docIngest.previewPayload', async (uri?: vscode.Uri) => (await import('./commands/previewPayload.js')).previewPayload(preview, uri));
  own(new DocumentDiagnostics(places, projectConfig.onDidChange));

  // The docs site detected (MkDocs, Docusaurus, Mintlify) and what it decides about each page (F15)
  const siteSettings = own(new SiteSettingsDocuments());
  own(vscode.workspace.registerTextDocumentContentProvider(SITE_SETTINGS_SCHEME, siteSettings));
  command('docIngest.showSiteSettings', (uri?: vscode.Uri) => showSiteSettings(siteSettings, uri));
  own(new SiteDiagnostics());

  // Connector files view (F5)
  const connectorFiles = own(new ConnectorFilesView(connection));
  command('docIngest.connectorFiles.refresh', () => (connection.state === 'ready' ? connectorFiles.refresh() : connection.refresh()));
  command('docIngest.connectorFiles.filter', async () => (await import('./commands/filterConnectorFiles.js')).filterConnectorFiles(connectorFiles));
  command('docIngest.connectorFiles.clearFilter', () => connectorFiles.setFilter(''));
  command('docIngest.connectorFiles.loadMore', (node: Parameters<ConnectorFilesView['loadMore']>[0]) => connectorFiles.loadMore(node));
  command('docIngest.copyFileId', async (node?: Parameters<typeof copyFileId>[0]) => (await import('./commands/copyFileId.js')).copyFileId(node));

  // What the service holds for the workspace's pair, each document with its file; Delete from Service (F13)
  const documents = own(new DocumentsView(connection, ledger, ids, sourceStates, held, projectConfig.onDidChange, sends));
  command('docIngest.documents.refresh', () => (connection.state === 'ready' ? documents.refresh() : connection.refresh()));
  command('docIngest.documents.filter', async () => (await import('./commands/filterDocuments.js')).filterDocuments(documents));
  command('docIngest.documents.clearFilter', () => documents.setFilter(''));
  command('docIngest.documents.loadMore', () => documents.loadMore());
  command('docIngest.deleteFromService', async (target?: Parameters<typeof deleteFromService>[1]) => (await import('./commands/deleteFromService.js')).deleteFromService({ connection, held, deleter }, target));

  // Is it findable? (F17): the questions a page should answer, asked of the same server with the same key; the answers
  // in a view, CodeLenses on the questions and the Problems panel; optionally after each Ingest Current File
  const findabilityResults = own(new FindabilityResults());
  let loadedChecker: FindabilityChecker | undefined;
  const checker = async (): Promise<FindabilityChecker> =>
    (loadedChecker ??= new (await import('./findability/findabilityChecker.js')).FindabilityChecker(connection, places, ids, findabilityResults, log));
  const findability = {
    results: findabilityResults,
    view: own(new FindabilityView(findabilityResults)),
    lenses: own(new FindabilityLenses(findabilityResults)),
    afterIngest: own(new FindabilityAfterIngest(sends, checker)),
  };
  own(new FindabilityDiagnostics(findabilityResults));
  command('docIngest.checkFindability', async (target?: Parameters<typeof checkFindability>[1], selected?: Parameters<typeof checkFindability>[2]) => (await import('./commands/checkFindability.js')).checkFindability(await checker(), target, selected));
  command('docIngest.findability.openHit', async (node: Parameters<typeof openFindabilityHit>[0]) => (await import('./commands/openFindabilityHit.js')).openFindabilityHit(node));

  // User files view (F6)
  command('docIngest.userFiles.upload', async (uri?: vscode.Uri, selected?: vscode.Uri[]) => (await import('./commands/uploadFile.js')).uploadFile(connection, userFiles, uri, selected));
  command('docIngest.userFiles.track', async () => (await import('./commands/trackFileId.js')).trackFileId(userFiles));
  command('docIngest.userFiles.stopTracking', async (node?: Parameters<typeof stopTracking>[1], selected?: Parameters<typeof stopTracking>[2]) => (await import('./commands/stopTracking.js')).stopTracking(userFiles, node, selected));
  command('docIngest.userFiles.refresh', () => userFiles.poller.refresh());
  command('docIngest.userFiles.copyUserFileId', async (file?: Parameters<typeof copyUserFileId>[0]) => (await import('./commands/copyUserFileId.js')).copyUserFileId(file));
  command('docIngest.userFiles.copyImageFileId', async (file?: Parameters<typeof copyImageFileId>[0]) => (await import('./commands/copyImageFileId.js')).copyImageFileId(file));

  // Credential update (F7)
  const credentialResults = own(new CredentialResults());
  own(vscode.workspace.registerTextDocumentContentProvider(CREDENTIAL_RESULT_SCHEME, credentialResults));
  const credentials = new CredentialFileSystem(connection, (saved) => void import('./commands/updateCredential.js').then((m) => m.showCredentialSaved(saved, credentialResults)));
  own(vscode.workspace.registerFileSystemProvider(CREDENTIAL_SCHEME, credentials, { isCaseSensitive: true }));
  command('docIngest.updateCredential', async () => (await import('./commands/updateCredential.js')).updateCredential(connection, credentials));

  void connection.refresh();
  return { connection, history, userFiles, connectorFiles, results, batches, freshness, ledger, documents, statusBar, findability };
}

export function deactivate(): void {}
