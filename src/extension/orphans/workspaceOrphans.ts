import * as vscode from 'vscode';
import { NotFoundError, PermissionError } from '../../core/api/errors';
import type { DocumentInfo } from '../../core/api/schemas';
import type { ServiceClient } from '../../core/api/client';
import { normalizeIdPrefix } from '../../core/documents/ids/ids';
import { folderLabel } from '../../core/documents/ids/workspaceIds';
import type { RepositoryRoot } from '../../core/orphans/repository';
import type { SiteResolver } from '../../core/site/detect';
import { folderTree } from './folderTree';
import type { Ledger } from '../../core/ledger/ledger';
import { findOrphans } from '../../core/orphans/find';
import type { Orphan, OrphanFindings, Published } from '../../core/orphans/find';
import type { WorkspaceIds } from '../identity/workspaceIds';
import { sourceUri } from '../identity/sourceUri';
import type { Log } from '../services/log';
import { fileIngestConfig, readSettings } from '../services/settings';
import { folderPublishRules } from '../identity/listFiles';
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
  const roots = workspaceRoots();
  const query = { published, roots, withheld: sourceWithheld(), held: listing.held };
  const found = await findOrphans({ ...query, builds });
  const again = async () => (await findOrphans({ ...query, builds: await s.ids.current() })).orphans;
  const prefixes = roots.filter((r) => r.claims).map((r) => r.idPrefix);
  return { ...found, notListed: listing.notListed, notes, prefixes: listing.held ? prefixes : [], again };
}

/**
 * Of `published`, the ids no file of the workspace builds now, decided as Find Orphans decides without the server's
 * listing: an id an included file builds, or whose source is still on disk and not withheld, is not among them.
 */
export async function unbuiltIds(published: readonly Published[], ids: WorkspaceIds): Promise<Set<string>> {
  const { orphans } = await findOrphans({ published, builds: await ids.current(), roots: workspaceRoots(), withheld: sourceWithheld() });
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
 * Each workspace folder as the repository it is on disk, with the prefix its ids begin with (in a multi-root
 * workspace with the folder's label). A folder claims the server's documents under its prefix only when a prefix is
 * configured: one only the folder's label makes is no claim, as another team's pages may share a folder name. None
 * claims in an untrusted workspace: its settings may name another team's prefix, and only what this editor recorded
 * as published may be offered there.
 */
function workspaceRoots(): RepositoryRoot[] {
  const folders = vscode.workspace.workspaceFolders ?? [];
  return folders.flatMap((folder) => {
    const label = folderLabel(folder, folders);
    let idPrefix: string;
    try {
      idPrefix = normalizeIdPrefix(fileIngestConfig(folder.uri).idPrefix);
    } catch {
      // A prefix no id may carry: no file builds under it, so no document can be this folder's by its path.
      return [];
    }
    const claims = vscode.workspace.isTrusted && readSettings(folder.uri).idPrefix !== '';
    return [{ tree: folderTree(folder.uri), keyPrefix: label === undefined ? '' : `${label}/`, idPrefix, claims, generatorKeys: folderGeneratorKeys(folder.uri) }];
  });
}

/**
 * The folder's docs sites, as its builds find them (a Docusaurus page's `id` is the generator's, not its document
 * id), read once per search; the site reader loads with the first question, not with the extension (issue 27).
 */
function folderGeneratorKeys(folder: vscode.Uri): (path: string, head: string) => Promise<readonly string[] | undefined> {
  let sites: Promise<SiteResolver | undefined> | undefined;
  return async (path, head) => {
    sites ??= import('../ingest/site.js').then((m) => m.editorSiteResolver(folder));
    return (await sites)?.generatorKeysOf(path, head);
  };
}

/**
 * Why a source that is there and builds nothing is not to be published (F15): a `.docingestignore` line of its
 * folder, else its front matter (`draft: true`...). Its published document is then an orphan. Git's files and the
 * hidden rule only keep a batch from taking it, as the include globs do (a page published by naming it stays).
 * Each folder's rule files are read once per search.
 */
function sourceWithheld(): (key: string, onDisk: string) => Promise<string | undefined> {
  const rules = new Map<string, PublishRules>();
  return async (key, onDisk) => {
    const uri = sourceUri(key);
    const place = uri && workspaceSource(uri);
    if (!uri || !place) return undefined;
    const folder = place.folder.uri.toString();
    let folderRules = rules.get(folder);
    if (!folderRules) rules.set(folder, (folderRules = folderPublishRules(place.folder)));
    const ruled = folderRules.withheldNamed(place.relativePath);
    if (ruled) return withheldPhrase(ruled);
    // By the name as stored: a key is composed (NFC), a name on disk may be decomposed.
    const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(place.folder.uri, ...onDisk.split('/'))).then(undefined, () => undefined);
    return bytes && publishSwitchOf(bytes, place.relativePath);
  };
}
