import * as vscode from 'vscode';
import { NotFoundError, PermissionError } from '../../core/api/errors';
import type { DocumentInfo } from '../../core/api/schemas';
import type { ServiceClient } from '../../core/api/client';
import { normalizeIdPrefix } from '../../core/documents/ids';
import type { Ledger } from '../../core/ledger/ledger';
import { findOrphans } from '../../core/orphans/find';
import type { Orphan, OrphanFindings, Published } from '../../core/orphans/find';
import type { WorkspaceIds } from '../identity/workspaceIds';
import { sourceUri } from '../identity/sourceUri';
import type { Log } from '../log';
import { fileIngestConfig, readSettings } from '../settings';
import { folderPublishRules } from '../batch/listFiles';
import { withheldPhrase } from '../../core/files/publishRules';
import type { PublishRules } from '../../core/files/publishRules';
import { publishSwitchOf } from '../../core/identity/documentId';
import { workspaceSource } from '../identity/workspaceSource';
import { readPublished } from './published';

export interface WorkspaceOrphans extends OrphanFindings {
  /** Why the pair's documents were not listed (the server's refusal, one sentence); undefined when they were. */
  notListed: string | undefined;
  /** Sentences about ledgers that were not read. */
  notes: string[];
  /** The id prefixes whose server-only documents were candidates (none without a configured prefix). */
  prefixes: string[];
  /** The orphans again, from the same ledgers and listing, with the files as they are now. */
  again(): Promise<Orphan[]>;
}

export interface OrphanSearch {
  client: ServiceClient;
  ledger: Ledger;
  scope: string;
  /** The pair to list. */
  pairId: number;
  ids: WorkspaceIds;
  log: Log;
  token?: vscode.CancellationToken;
}

/**
 * The orphans of this workspace: what its ledgers record as published into the scope and no file builds any more,
 * plus, with a configured id prefix, what the pair holds under a folder's prefix and no file builds. What the files
 * build is read from the whole tree as it is now, never from a run's results.
 */
export async function findWorkspaceOrphans(s: OrphanSearch): Promise<WorkspaceOrphans> {
  const [builds, { published, notes }, listing] = await Promise.all([s.ids.current(s.token), readPublished(s.ledger, s.scope, s.log), listPair(s)]);
  // A cancelled update leaves some files unread: what they build is unknown, which must not read as "nothing".
  if (s.token?.isCancellationRequested) throw new vscode.CancellationError();
  const prefixes = idPrefixes();
  const query = { published, exists: sourceExists, withheld: sourceWithheld(), held: listing.held, idPrefix: prefixes };
  const found = await findOrphans({ ...query, builds });
  const again = async () => (await findOrphans({ ...query, builds: await s.ids.current() })).orphans;
  return { ...found, notListed: listing.notListed, notes, prefixes: listing.held ? prefixes : [], again };
}

/**
 * Of `published`, the ids no file of the workspace builds now, decided as Find Orphans decides without the server's
 * listing: an id an included file builds, or whose source is still on disk and not withheld, is not among them.
 */
export async function unbuiltIds(published: readonly Published[], ids: WorkspaceIds): Promise<Set<string>> {
  const { orphans } = await findOrphans({ published, builds: await ids.current(), exists: sourceExists, withheld: sourceWithheld() });
  return new Set(orphans.map((o) => o.documentId));
}

/**
 * What the pair holds, or why not: a key that may not list the pair, or a server without the route, leaves the
 * ledgers alone to decide (said in the list's title). Any other failure (network, key) fails the command.
 */
async function listPair(s: OrphanSearch): Promise<{ held?: DocumentInfo[]; notListed?: string }> {
  const abort = new AbortController();
  const cancel = s.token?.onCancellationRequested(() => abort.abort());
  try {
    return { held: await s.client.listPairDocuments(s.pairId, { signal: abort.signal }) };
  } catch (e) {
    if (!(e instanceof PermissionError || (e instanceof NotFoundError && e.what === 'route'))) throw e;
    s.log.warn(`orphans: ${e.message}`);
    return { notListed: e.summary };
  } finally {
    cancel?.dispose();
  }
}

/**
 * The prefix of each folder whose configured `docIngest.idPrefix` is not empty, as its ids begin (in a multi-root
 * workspace with the folder's label). A prefix only the folder's label makes is no claim: another team's pages may
 * share a folder name. None in an untrusted workspace: its settings may name another team's prefix, and only what
 * this editor recorded as published may be offered there.
 */
function idPrefixes(): string[] {
  if (!vscode.workspace.isTrusted) return [];
  const prefixes = new Set<string>();
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    if (readSettings(folder.uri).idPrefix === '') continue;
    try {
      prefixes.add(normalizeIdPrefix(fileIngestConfig(folder.uri).idPrefix));
    } catch {
      // A prefix no id may carry: no file builds under it either, so no document can be ours by it.
    }
  }
  return [...prefixes];
}

/**
 * Whether a source is still on disk, whatever the globs say. A key no open folder has (a folder removed from the
 * workspace) or a file that cannot be checked is no evidence that the file is gone.
 */
async function sourceExists(key: string): Promise<boolean> {
  const uri = sourceUri(key);
  if (!uri) return true;
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch (e) {
    return !(e instanceof vscode.FileSystemError && e.code === 'FileNotFound');
  }
}

/**
 * Why a source that is there and builds nothing is not to be published (F15): a publish rule of its folder (an
 * ignore file, a hidden path), else its front matter (`draft: true`...). Its published document is then an orphan.
 * Each folder's rule files are read once per search.
 */
function sourceWithheld(): (key: string) => Promise<string | undefined> {
  const rules = new Map<string, PublishRules>();
  return async (key) => {
    const uri = sourceUri(key);
    const place = uri && workspaceSource(uri);
    if (!uri || !place) return undefined;
    const folder = place.folder.uri.toString();
    let folderRules = rules.get(folder);
    if (!folderRules) rules.set(folder, (folderRules = folderPublishRules(place.folder)));
    const ruled = folderRules.withheld(place.relativePath);
    if (ruled) return withheldPhrase(ruled);
    const bytes = await vscode.workspace.fs.readFile(uri).then(undefined, () => undefined);
    return bytes && publishSwitchOf(bytes, place.relativePath);
  };
}
