import * as vscode from 'vscode';
import type { BatchFile, BatchSummary } from '../../core/batch/types';
import { documentIdFromPath } from '../../core/documents/ids/ids';
import { isMarkdownPath, normalizeRelativePath } from '../../core/documents/text/text';
import type { FrontMatterIdRefusal } from '../../core/documents/source/frontMatterId';
import { ledgerScope } from '../../core/ledger/scope';
import { sha256Hex } from '../../core/ledger/hash';
import type { Ledger } from '../../core/ledger/ledger';
import type { LedgerEntry } from '../../core/ledger/schema';
import type { BatchIngester } from '../batch/batchIngester';
import { batchFile, isBatchFile } from '../identity/listFiles';
import type { Connection } from '../services/connection';
import type { DocumentDeleter } from '../documents/deleteDocument';
import { describeError, showError } from '../services/errors';
import type { WorkspaceIds } from '../identity/workspaceIds';
import { workspaceSource } from '../identity/workspaceSource';
import type { Log } from '../services/log';
import { fileIngestConfig, readSettings } from '../services/settings';

/** One file or folder an event renamed. */
interface Move {
  oldUri: vscode.Uri;
  newUri: vscode.Uri;
}

/** A published page a rename moved, whose document id came from its old path. */
export interface MovedPage {
  oldUri: vscode.Uri;
  newUri: vscode.Uri;
  /** The source keys before and after (docs/architecture.md#identity): the ledger's names of the file. */
  oldKey: string;
  newKey: string;
  /** The ledger scope it was published in (the old place's server and pair). */
  scope: string;
  /** The id the service holds it under: its old path's. */
  publishedId: string;
  /** The id its new path builds. */
  newId: string;
}

/** What one rename (one `onDidRenameFiles` event) came to: for the tests, and said in the log. */
export interface RenameOutcome {
  pages: MovedPage[];
  /** Undefined: nothing to decide (no published page whose id moves, an untrusted workspace, no server or key). */
  choice: 'keepId' | 'republish' | 'nothing' | 'dismissed' | undefined;
  /** keepId: pages whose front matter now names their published id. */
  kept: MovedPage[];
  /** keepId: pages it could not be written into, and why. */
  refused: { page: MovedPage; reason: string }[];
  /** republish: old ids the service confirmed deleted (and the ledger forgot). */
  deleted: string[];
  /** republish: old ids kept, because a file still builds them, the page was not published under its new id, or the delete failed. */
  notDeleted: { id: string; reason: string }[];
}

/** A file's ledger entry in the scope it was published in. */
interface Recorded {
  scope: string;
  entry: LedgerEntry & { documentId: string };
}

/** Outcomes of a batch after which the service holds the page under its new id. */
const PUBLISHED = new Set(['created', 'updated', 'unchanged']);
/** Pages named one per line in the question; more are counted. */
const LISTED = 10;

/**
 * Renames and moves of published pages (F13). A page whose id comes from its path would otherwise be published
 * anew under its new path by the next batch, and the service would answer from both documents, one of them stale.
 * Per rename (a file, several, or a folder with every published page below it), `docIngest.onRename` decides, or
 * the writer once for all its pages: keep the published id (written into the front matter, the ledger's entry
 * following the file), or publish under the new path and delete the old document once that succeeded. A renamed
 * page whose id does not move (front matter `doc-ingest-id:`, `id:` outside a Docusaurus site, a change of case) only takes its ledger entry along.
 */
export class Renames implements vscode.Disposable {
  private readonly settled = new vscode.EventEmitter<RenameOutcome>();
  /** After each rename is handled, whatever it came to. */
  readonly onDidSettle = this.settled.event;
  private readonly subscription: vscode.Disposable;
  /** One rename at a time: a second one waits until the first is answered and done, and sees its files then. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly connection: Connection,
    private readonly ledger: Promise<Ledger>,
    private readonly batches: BatchIngester,
    private readonly log: Log,
    private readonly deleter: DocumentDeleter,
    private readonly ids: WorkspaceIds,
  ) {
    this.subscription = vscode.workspace.onDidRenameFiles((e) => {
      this.queue = this.queue.then(() => this.handle(e.files)).catch((err: unknown) => this.log.warn(`rename: ${describeError(err)}`));
    });
  }

  private async handle(files: readonly Move[]): Promise<void> {
    const outcome: RenameOutcome = { pages: [], choice: undefined, kept: [], refused: [], deleted: [], notDeleted: [] };
    try {
      if (!vscode.workspace.isTrusted || !(await this.connection.identity())) return;
      const ledger = await this.ledger;
      outcome.pages = await this.movedPages(files, ledger);
      if (!outcome.pages.length) return;
      const policy = readSettings().onRename;
      const choice = policy === 'ask' ? await this.ask(outcome.pages) : policy;
      outcome.choice = choice ?? 'dismissed';
      this.log.info(`rename: ${outcome.pages.map((p) => `${p.oldKey} -> ${p.newKey} (${p.publishedId})`).join(', ')}: ${outcome.choice}`);
      if (choice === 'keepId') await this.keepIds(outcome, ledger);
      if (choice === 'republish') await this.republish(outcome, ledger);
    } finally {
      this.settled.fire(outcome);
    }
  }

  // -------------------------------------------------------------------------------------------- which pages

  private async movedPages(files: readonly Move[], ledger: Ledger): Promise<MovedPage[]> {
    const moved: (Move & Recorded)[] = [];
    for (const { oldUri, newUri } of netMoves(files)) {
      const stat = await vscode.workspace.fs.stat(newUri).then(undefined, () => undefined);
      if (!stat) continue;
      const pairs = stat.type & vscode.FileType.Directory ? this.publishedBelow(oldUri, newUri, ledger) : [{ oldUri, newUri }];
      for (const pair of pairs) {
        const published = this.publishedAt(pair.oldUri, ledger);
        if (published) moved.push({ ...pair, ...published });
      }
    }
    // Every entry is found before any follows its file: in a swap, the second file's old name is the first's new one.
    const pages: MovedPage[] = [];
    for (const m of moved) {
      const page = await this.movedPage(m, ledger);
      if (page) pages.push(page);
    }
    return pages;
  }

  /** What was published from the file at its old place: the ledger scope there and the entry. */
  private publishedAt(oldUri: vscode.Uri, ledger: Ledger): Recorded | undefined {
    const from = workspaceSource(oldUri);
    const scope = this.scopeOf(oldUri);
    const entry = from && scope !== undefined ? ledger.findBySourcePath(scope, from.key) : undefined;
    return entry && scope !== undefined ? { scope, entry } : undefined;
  }

  /** The published files of a renamed folder, by the ledger: each at its old place and its new one. */
  private publishedBelow(oldFolder: vscode.Uri, newFolder: vscode.Uri, ledger: Ledger): Move[] {
    const source = workspaceSource(oldFolder);
    const scope = this.scopeOf(oldFolder);
    if (!source || scope === undefined) return [];
    const prefix = `${source.key}/`;
    const below = new Set(ledger.entries(scope).map((e) => e.sourcePath).filter((p) => p.startsWith(prefix)));
    return [...below].map((key) => {
      const rest = key.slice(prefix.length).split('/');
      return { oldUri: vscode.Uri.joinPath(oldFolder, ...rest), newUri: vscode.Uri.joinPath(newFolder, ...rest) };
    });
  }

  /**
   * The page, when the file was published from its old place under its old path's id and its new path builds
   * another. A published file whose id stays (front matter `doc-ingest-id:`, or `id:` outside a Docusaurus site, a change of case) needs no decision: its ledger
   * entry follows it here, so it is neither "never ingested" nor sent again as another file's document.
   */
  private async movedPage({ oldUri, newUri, scope, entry }: Move & Recorded, ledger: Ledger): Promise<MovedPage | undefined> {
    const from = workspaceSource(oldUri);
    const to = workspaceSource(newUri);
    if (!from || !to || !isMarkdownPath(to.relativePath) || !isBatchFile(newUri)) return undefined;
    const settings = readSettings(newUri);
    const bytes = await vscode.workspace.fs.stat(newUri).then(
      (s) => (s.size > settings.maxFileBytes ? undefined : vscode.workspace.fs.readFile(newUri)),
      () => undefined,
    );
    if (!bytes) return undefined;
    const newPrefix = fileIngestConfig(newUri).idPrefix;
    // The front matter reader and the builder load with the first rename, not with the extension (issue 27).
    const [{ documentIdOf }, { editorSiteResolver }] = await Promise.all([import('../../core/identity/documentId.js'), import('../ingest/site.js')]);
    // In a Docusaurus site front matter `id` is the generator's: the page builds its path's id, as its build does.
    const generatorKeys = await editorSiteResolver(newUri)?.generatorKeysOf(to.relativePath, bytes).catch(() => undefined);
    const builds = documentIdOf(bytes, to.relativePath, newPrefix, { generatorKeys });
    if (builds === entry.documentId) {
      // The bytes did not change with the name: a file changed before the rename stays changed.
      await followTo(ledger, scope, entry.documentId, to.key, entry.sourceHash, newUri);
      return undefined;
    }
    const oldPathId = documentIdFromPath(normalizeRelativePath(from.relativePath), fileIngestConfig(oldUri).idPrefix);
    const newId = documentIdFromPath(normalizeRelativePath(to.relativePath), newPrefix);
    // Published under an id it chose, or it names one now: the rename does not move its document.
    if (entry.documentId !== oldPathId || (builds !== undefined && builds !== newId)) return undefined;
    return { oldUri, newUri, oldKey: from.key, newKey: to.key, scope, publishedId: entry.documentId, newId };
  }

  /** The ledger scope of a place (its server and pair), or undefined without a server. */
  private scopeOf(uri: vscode.Uri): string | undefined {
    const settings = readSettings(uri);
    return settings.baseUrl ? ledgerScope(settings.baseUrl, settings.ccPairId) : undefined;
  }

  // -------------------------------------------------------------------------------------------- the question

  /** One modal question for every page of the rename (the second choice deletes documents); undefined: closed. */
  private async ask(pages: MovedPage[]): Promise<'keepId' | 'republish' | undefined> {
    const one = pages.length === 1 ? pages[0] : undefined;
    const keep = one ? vscode.l10n.t('Keep the Published Id') : vscode.l10n.t('Keep the Published Ids');
    const republish = one ? vscode.l10n.t('Publish Under the New Path') : vscode.l10n.t('Publish Under the New Paths');
    const message = one
      ? vscode.l10n.t('{0} is published on the service as “{1}”. Keep that id, or publish the page as “{2}” and delete “{1}”?', one.newKey, one.publishedId, one.newId)
      : vscode.l10n.t('{0} renamed pages are published on the service under the ids of their old paths. Keep those ids, or publish the pages under their new paths and delete the old documents?', pages.length);
    const listed = pages.slice(0, LISTED).map((p) => `${p.oldKey} → ${p.newKey} (${p.publishedId})`);
    if (pages.length > LISTED) listed.push(vscode.l10n.t('and {0} more', pages.length - LISTED));
    const detail = [
      ...listed,
      '',
      vscode.l10n.t('“{0}” writes “doc-ingest-id:” into the front matter, and nothing else in the files changes. “{1}” ingests the pages under their new ids, then deletes the old documents from {2}.', keep, republish, readSettings().baseUrl ?? ''),
    ].join('\n');
    const choice = await vscode.window.showInformationMessage(message, { modal: true, detail }, keep, republish);
    return choice === keep ? 'keepId' : choice === republish ? 'republish' : undefined;
  }

  // -------------------------------------------------------------------------------------------- keep the id

  private async keepIds(outcome: RenameOutcome, ledger: Ledger): Promise<void> {
    for (const page of outcome.pages) {
      const reason = await this.keepId(page, ledger).catch((e: unknown) => describeError(e));
      if (reason === undefined) outcome.kept.push(page);
      else outcome.refused.push({ page, reason });
    }
    await ledger.flush().catch((e: unknown) => this.log.warn(`ledger: not saved: ${describeError(e)}`));
    for (const { page, reason } of outcome.refused) {
      this.log.warn(`rename: ${page.newKey}: id not kept: ${reason}`);
      void vscode.window.showWarningMessage(
        vscode.l10n.t('Could not keep the id “{0}” of {1} because {2}: write it into the front matter yourself, or ingest the page under its new path.', page.publishedId, page.newKey, reason),
      );
    }
    const [first] = outcome.kept;
    if (first) {
      vscode.window.setStatusBarMessage(
        outcome.kept.length === 1
          ? vscode.l10n.t('Doc Ingest: {0} keeps its published id “{1}”', first.newKey, first.publishedId)
          : vscode.l10n.t('Doc Ingest: {0} renamed pages keep their published ids', outcome.kept.length),
        5_000,
      );
    }
  }

  /**
   * Writes `doc-ingest-id:` into the page's front matter (never `id:`, which a Docusaurus site reads as the doc id that
   * shapes the page's address), as the one change to it: on disk, which an editor showing the saved
   * file follows, or, when the page has unsaved changes, into the editor (the writer saves it with them). The
   * ledger's entry then names the new path, with the hash of the file as published plus the line. Returns why not.
   */
  private async keepId(page: MovedPage, ledger: Ledger): Promise<string | undefined> {
    const { writeFrontMatterId, writeFrontMatterIdBytes } = await import('../../core/documents/source/frontMatterId.js');
    const edit = writeFrontMatterIdBytes(await vscode.workspace.fs.readFile(page.newUri), page.publishedId);
    if (!edit.ok) return refusalText(edit);
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === page.newUri.toString());
    if (open?.isDirty) {
      const inEditor = writeFrontMatterId(open.getText(), page.publishedId);
      if (!inEditor.ok) return refusalText(inEditor);
      const change = new vscode.WorkspaceEdit();
      change.insert(page.newUri, open.positionAt(inEditor.offset), inEditor.inserted);
      if (!(await vscode.workspace.applyEdit(change))) return vscode.l10n.t('the editor did not take the change');
    } else {
      await vscode.workspace.fs.writeFile(page.newUri, edit.bytes);
    }
    await followTo(ledger, page.scope, page.publishedId, page.newKey, sha256Hex(edit.bytes), page.newUri);
    return undefined;
  }

  // -------------------------------------------------------------------------------------------- publish anew

  /**
   * Ingests the pages under their new ids, then deletes each old document whose page the service now holds. The
   * ledger forgets an old id only after the service confirmed its delete; a failed delete is said and the entry
   * stays, so the old document is still known as this workspace's.
   */
  private async republish(outcome: RenameOutcome, ledger: Ledger): Promise<void> {
    const pages = outcome.pages;
    const label = pages.length === 1 ? (pages[0]?.newKey ?? '') : vscode.l10n.t('{0} renamed pages', pages.length);
    let summary: BatchSummary | undefined;
    try {
      summary = await this.runBatch(pages.map((p) => batchFile(p.newUri)), label);
    } catch (e) {
      for (const p of pages) outcome.notDeleted.push({ id: p.publishedId, reason: describeError(e) });
      void showError(vscode.l10n.t('Could not publish {0} under the new path, so the old documents stay:', label), e);
      return;
    }
    const results = new Map((summary?.results ?? []).map((r) => [r.file.key, r]));
    // Decided by what every file builds after the whole event, not by each rename alone: in a chain or a swap
    // another page now builds an old id, and a file no batch sends (excluded, too large) still builds its own.
    const { unbuiltIds } = await import('../orphans/workspaceOrphans.js');
    const orphans = await unbuiltIds(pages.map((p) => ({ documentId: p.publishedId, sourcePath: p.oldKey })), this.ids);
    const failures: [MovedPage, unknown][] = [];
    for (const page of pages) {
      const result = results.get(page.newUri.toString());
      if (!result || !PUBLISHED.has(result.outcome)) {
        const reason = result?.error ?? result?.outcome ?? 'not sent';
        outcome.notDeleted.push({ id: page.publishedId, reason });
        this.log.warn(`rename: ${page.newKey} not published under ${page.newId} (${reason}): ${page.publishedId} stays`);
        continue;
      }
      if (!orphans.has(page.publishedId)) {
        outcome.notDeleted.push({ id: page.publishedId, reason: 'a file of the workspace builds it' });
        this.log.info(`rename: ${page.newKey} is ${page.newId}; ${page.publishedId} stays: a file of the workspace builds it`);
        continue;
      }
      try {
        const deleted = await this.deleter.delete(await this.connection.client(), page.scope, page.publishedId);
        if (deleted.kind === 'failed') throw deleted.error;
        outcome.deleted.push(page.publishedId);
        this.log.info(`rename: deleted ${page.publishedId}; ${page.newKey} is ${page.newId}`);
      } catch (e) {
        outcome.notDeleted.push({ id: page.publishedId, reason: describeError(e) });
        failures.push([page, e]);
        this.log.warn(`rename: ${page.publishedId} not deleted: ${describeError(e)}`);
      }
    }
    await ledger.flush().catch((e: unknown) => this.log.warn(`ledger: not saved: ${describeError(e)}`));
    for (const [page, e] of failures) {
      void showError(vscode.l10n.t('{0} is published as “{1}”, but “{2}” is still on the service:', page.newKey, page.newId, page.publishedId), e);
    }
    const deleted = pages.filter((p) => outcome.deleted.includes(p.publishedId));
    const [first] = deleted;
    if (first) {
      void vscode.window.showInformationMessage(
        deleted.length === 1
          ? vscode.l10n.t('Published {0} as “{1}” and deleted “{2}” from the service.', first.newKey, first.newId, first.publishedId)
          : vscode.l10n.t('Published {0} renamed pages under their new paths and deleted their old documents from the service.', deleted.length),
      );
    }
  }

  /** A quiet batch of the pages, after the batch that is running, if any (one batch runs at a time). */
  private async runBatch(files: BatchFile[], label: string): Promise<BatchSummary | undefined> {
    for (;;) {
      if (this.batches.busy) {
        await new Promise<void>((resolve) => {
          const end = this.batches.onDidEnd(() => {
            end.dispose();
            resolve();
          });
        });
      }
      const summary = await this.batches.run({ files, label, quiet: true });
      if (summary || !this.batches.busy) return summary;
    }
  }

  dispose(): void {
    this.subscription.dispose();
    this.settled.dispose();
  }
}

/**
 * The event's renames as moves from where each file was to where it ended, in the order they ran: one event may
 * rename a file twice (a swap through a temporary name). A file that ended where it was did not move.
 */
function netMoves(files: readonly Move[]): Move[] {
  const moves: Move[] = [];
  for (const { oldUri, newUri } of files) {
    const earlier = moves.find((m) => m.newUri.toString() === oldUri.toString());
    if (earlier) earlier.newUri = newUri;
    else moves.push({ oldUri, newUri });
  }
  return moves.filter((m) => m.oldUri.toString() !== m.newUri.toString());
}

/** Why the id could not be written, in the writer's language (the front matter's own error stays as the reader says it). */
function refusalText(refusal: FrontMatterIdRefusal): string {
  switch (refusal.reason) {
    case 'notText':
      return vscode.l10n.t('it is not UTF-8 text');
    case 'toml':
      return vscode.l10n.t('its front matter is TOML (+++), which is not read for the id');
    case 'invalid':
      return vscode.l10n.t('its front matter cannot be read ({0})', withoutFullStop(refusal.detail));
    case 'hasId':
      return vscode.l10n.t('its front matter already sets the id “{0}”', refusal.existing);
    case 'notKept':
      return vscode.l10n.t('the line would not keep the id ({0})', withoutFullStop(refusal.detail));
  }
}

function withoutFullStop(sentence: string): string {
  return sentence.replace(/\.$/, '');
}

/**
 * The ledger's entry follows its file to `key` under the id it keeps. Where the payload names the path (a link
 * template, or a docs site whose address follows the path: F15), what the service holds names the old one: the
 * file counts as changed until it is sent again.
 */
async function followTo(ledger: Ledger, scope: string, documentId: string, key: string, sourceHash: string, uri: vscode.Uri): Promise<void> {
  ledger.moveSource(scope, documentId, key, sourceHash);
  const { payloadFollowsPath } = await import('../../core/ingest/pipeline.js');
  if (payloadFollowsPath(fileIngestConfig(uri)) || (await inDocsSite(uri))) ledger.supersede(scope, documentId);
}

/** Whether a docs site's config is above the file (its address, breadcrumb and title may follow its path). */
async function inDocsSite(uri: vscode.Uri): Promise<boolean> {
  const source = workspaceSource(uri);
  const { editorSiteResolver } = await import('../ingest/site.js');
  const sites = editorSiteResolver(uri);
  return !!source && !!sites && (await sites.siteOf(source.relativePath)) !== undefined;
}
