import * as vscode from 'vscode';
import { AuthError, ServiceError } from '../../core/api/errors';
import type { ServiceClient } from '../../core/api/client';
import { DEFAULT_CC_PAIR_ID } from '../../core/config/defaults';
import type { Ledger } from '../../core/ledger/ledger';
import { ledgerScope } from '../../core/ledger/scope';
import type { Orphan } from '../../core/orphans/find';
import type { Connection } from '../services/connection';
import type { DocumentDeleter } from '../documents/deleteDocument';
import { describeError, isCancellation } from '../services/errors';
import type { WorkspaceIds } from '../identity/workspaceIds';
import type { Log } from '../services/log';
import type { RunEvidence } from '../orphans/runEvidence';
import { findWorkspaceOrphans } from '../orphans/workspaceOrphans';
import type { WorkspaceOrphans } from '../orphans/workspaceOrphans';
import { pickMany } from '../pickers/pickMany';
import { readSettings } from '../services/settings';

export interface FindOrphansDeps {
  connection: Connection;
  ledger: Promise<Ledger>;
  ids: WorkspaceIds;
  evidence: RunEvidence;
  log: Log;
  deleter: DocumentDeleter;
}

/** Ids listed in the confirmation, at most; the rest are counted. */
const NAMED_IN_CONFIRMATION = 10;

/**
 * "Doc Ingest: Find Orphans" (F13): the documents this workspace published whose file is gone or now builds another
 * id, picked by the writer, deleted after one modal confirmation, one at a time (cancellable between deletes), each
 * forgotten by the editor's ledger only once the server confirmed it gone.
 */
export async function findOrphans(d: FindOrphansDeps): Promise<void> {
  if (!vscode.workspace.workspaceFolders?.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a folder first: Doc Ingest ingests folders of the open workspace.'));
    return;
  }
  if (refused(d.evidence)) return;
  const client = await d.connection.client();
  const settings = readSettings();
  const server = settings.baseUrl ?? '';
  const scope = ledgerScope(server, settings.ccPairId);
  const ledger = await d.ledger;
  let found: WorkspaceOrphans;
  try {
    found = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Doc Ingest: looking for orphans at {0}', server), cancellable: true },
      (_, token) => findWorkspaceOrphans({ client, ledger, scope, pairId: settings.ccPairId ?? DEFAULT_CC_PAIR_ID, ids: d.ids, log: d.log, token }),
    );
  } catch (e) {
    if (isCancellation(e)) return;
    d.connection.noteError(e);
    throw e;
  }
  // Deleted elsewhere (the admin pages, another checkout): nothing to ask, only the record to correct.
  for (const { documentId } of found.alreadyGone) ledger.forget(scope, documentId);
  if (found.alreadyGone.length) d.log.info(`orphans: the pair no longer holds ${found.alreadyGone.length} documents the ledgers recorded; the editor's ledger forgot them`);
  for (const note of found.notes) d.log.info(`orphans: ${note}`);

  if (!found.orphans.length) {
    const none = vscode.l10n.t('No orphans at {0}: every document this workspace published is still built by one of its files.', server);
    void vscode.window.showInformationMessage([none, ...limits(found)].join(' '));
    return;
  }
  const why = (o: Orphan) => reason(o, found.prefixes);
  const chosen = await pick(found, server, why);
  if (!chosen.length || !(await confirm(chosen, server, why))) return;
  // The list may have stood open a while: a batch may have started, or a file come back.
  if (refused(d.evidence)) return;
  const still = new Set((await found.again()).map((o) => o.documentId));
  const going = chosen.filter((o) => still.has(o.documentId));
  const outcomes = await deleteAll(client, scope, going, d, why);
  await ledger.flush().catch((e: unknown) => d.log.warn(`ledger: not saved: ${describeError(e)}`));
  await tell(outcomes, chosen.length - going.length, server);
}

/** Shows why Find Orphans does not look now (true), or nothing (false). */
function refused(evidence: RunEvidence): boolean {
  const missing = evidence.missing();
  if (!missing) return false;
  if (missing.kind === 'running') {
    void vscode.window.showWarningMessage(vscode.l10n.t('Find Orphans waits while a batch runs: until every file is read, it cannot tell which documents are orphans. Run it again once the batch has finished.'));
    return true;
  }
  const files = missing.gap.kind === 'unidentified' ? missing.gap.files : [];
  const named = files.slice(0, 3).join(', ') + (files.length > 3 ? ', …' : '');
  const show = vscode.l10n.t('Show Results');
  void vscode.window
    .showWarningMessage(
      files.length
        ? vscode.l10n.t('Find Orphans cannot tell which documents are orphans: the last batch ({0}) did not read the document id of {1} ({2}), so it does not know what the workspace builds. Fix those files (see the Results view), or run the batch to the end, then run Find Orphans again.', missing.label, files.length === 1 ? vscode.l10n.t('1 file') : vscode.l10n.t('{0} files', files.length), named)
        : vscode.l10n.t('Find Orphans cannot tell which documents are orphans: the last batch ({0}) ended before it read every file, so it does not know what the workspace builds. Run Ingest Workspace or Ingest Changed Files to the end, then run Find Orphans again.', missing.label),
      show,
    )
    .then((choice) => (choice === show ? vscode.commands.executeCommand('docIngest.results.focus') : undefined));
  return true;
}

/** What the search could not see: the pair's listing, a ledger not read. */
function limits(found: WorkspaceOrphans): string[] {
  const listed = found.notListed === undefined ? [] : [vscode.l10n.t('Compared with this workspace\'s ledgers only: {0}', found.notListed)];
  return [...listed, ...found.notes];
}

type OrphanItem = vscode.QuickPickItem & { orphan?: Orphan };

/** One row per orphan, nothing preselected: each delete is a keystroke the writer meant (Space, or the select-all box). */
async function pick(found: WorkspaceOrphans, server: string, why: (o: Orphan) => string): Promise<Orphan[]> {
  const notes: OrphanItem[] = limits(found).map((label) => ({ label, kind: vscode.QuickPickItemKind.Separator }));
  const rows: OrphanItem[] = found.orphans.map((o) => ({
    label: o.title || o.documentId,
    description: o.title && o.title !== o.documentId ? o.documentId : undefined,
    detail: why(o),
    orphan: o,
  }));
  const title = found.notListed === undefined
    ? vscode.l10n.t('Doc Ingest: Orphans at {0} ({1})', server, found.orphans.length)
    : vscode.l10n.t('Doc Ingest: Orphans at {0} ({1}), by this workspace\'s ledgers only', server, found.orphans.length);
  const picked = await pickMany([...notes, ...rows], {
    title,
    placeHolder: vscode.l10n.t('Space picks the highlighted row, Enter goes on'),
    matchOnDescription: true,
    matchOnDetail: true,
  });
  // Escape: the writer backed out, nothing to say. Enter with nothing picked: say that nothing was deleted.
  if (picked === undefined) return [];
  if (!picked.some((p) => p.orphan)) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Nothing was deleted: no document was picked. Space picks the highlighted row.'));
    return [];
  }
  return picked.flatMap((p) => (p.orphan ? [p.orphan] : []));
}

function reason(o: Orphan, prefixes: readonly string[]): string {
  switch (o.reason) {
    case 'sourceGone':
      return vscode.l10n.t('{0} is gone', o.source ?? '');
    case 'idChanged':
      return vscode.l10n.t('{0} now builds “{1}”', o.source ?? '', o.nowBuilds ?? '');
    case 'noSource':
      return vscode.l10n.t('no file builds it (id prefix {0})', prefixes.find((p) => o.documentId.startsWith(p)) ?? '');
    case 'notPublished':
      return vscode.l10n.t('{0} is not to be published ({1})', o.source ?? '', o.why ?? '');
  }
}

async function confirm(chosen: readonly Orphan[], server: string, why: (o: Orphan) => string): Promise<boolean> {
  const remove = vscode.l10n.t('Delete');
  const named = chosen.slice(0, NAMED_IN_CONFIRMATION).map((o) => `${o.documentId}: ${why(o)}`);
  const more = chosen.length > NAMED_IN_CONFIRMATION ? [vscode.l10n.t('and {0} more', chosen.length - NAMED_IN_CONFIRMATION)] : [];
  const detail = [vscode.l10n.t('Deleted documents leave search and chat at once; this cannot be undone. Your files are not touched.'), '', ...named, ...more].join('\n');
  const message = chosen.length === 1
    ? vscode.l10n.t('Delete 1 document from {0}?', server)
    : vscode.l10n.t('Delete {0} documents from {1}?', chosen.length, server);
  return (await vscode.window.showWarningMessage(message, { modal: true, detail }, remove)) === remove;
}

interface Outcomes {
  deleted: number;
  alreadyGone: number;
  failures: unknown[];
  /** Not tried: the writer cancelled. */
  notTried: number;
}

async function deleteAll(client: ServiceClient, scope: string, orphans: readonly Orphan[], d: FindOrphansDeps, why: (o: Orphan) => string): Promise<Outcomes> {
  const outcomes: Outcomes = { deleted: 0, alreadyGone: 0, failures: [], notTried: 0 };
  if (!orphans.length) return outcomes;
  await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Doc Ingest: deleting orphans'), cancellable: true },
    async (progress, token) => {
      for (const [i, o] of orphans.entries()) {
        // Between deletes only: a delete under way is not abandoned, or its outcome would be unknown.
        if (token.isCancellationRequested) {
          outcomes.notTried = orphans.length - i;
          return;
        }
        progress.report({ message: vscode.l10n.t('{0} of {1}: {2}', i + 1, orphans.length, o.documentId), increment: 100 / orphans.length });
        const outcome = await d.deleter.delete(client, scope, o.documentId);
        if (outcome.kind === 'failed') {
          outcomes.failures.push(outcome.error);
          d.connection.noteError(outcome.error);
          d.log.warn(`orphans: not deleted: ${describeError(outcome.error)}`);
          continue;
        }
        outcomes[outcome.kind]++;
        d.log.info(`orphans: ${outcome.kind === 'deleted' ? 'deleted' : 'already gone'}: ${o.documentId} (${why(o)})`);
      }
    },
  );
  if (outcomes.deleted) d.connection.noteSuccess();
  return outcomes;
}

async function tell(o: Outcomes, leftAlone: number, server: string): Promise<void> {
  const parts = [vscode.l10n.t('Orphans deleted from {0}: {1}.', server, o.deleted)];
  if (o.alreadyGone) parts.push(vscode.l10n.t('Already gone: {0}.', o.alreadyGone));
  if (leftAlone) parts.push(vscode.l10n.t('Left alone because a file builds them again: {0}.', leftAlone));
  if (o.notTried) parts.push(vscode.l10n.t('Not deleted (cancelled): {0}.', o.notTried));
  const first = o.failures[0];
  if (first === undefined) {
    void vscode.window.showInformationMessage(parts.join(' '));
    return;
  }
  parts.push(vscode.l10n.t('Failed: {0}; the first: {1}', o.failures.length, first instanceof ServiceError ? first.summary : describeError(first)));
  const actions = [vscode.l10n.t('Show Log'), ...(o.failures.some((e) => e instanceof AuthError) ? [vscode.l10n.t('Set API Key')] : [])];
  const choice = await vscode.window.showWarningMessage(parts.join(' '), ...actions);
  if (choice === actions[0]) await vscode.commands.executeCommand('docIngest.showLog');
  if (choice === actions[1]) await vscode.commands.executeCommand('docIngest.setApiKey');
}
