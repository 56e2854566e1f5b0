/**
 * Orphans (F13): documents this workspace published whose source no longer builds them, so that search and chat
 * stop answering with text that no longer exists. The rule protects what is not ours: a document is a candidate
 * only when one of this workspace's ledgers records publishing it, or when its id is one the repository's id scheme
 * produces under the workspace's own non-empty id prefix. A document only the server knows, without that prefix,
 * may be another team's. And a document is gone only when no file of the repository builds it, whatever one run
 * included (issue 34).
 */
import type { DocumentInfo } from '../api/schemas';
import type { IdClaimsView } from '../identity/claims';
import { RepositoryFiles } from './repository';
import type { RepositoryRoot } from './repository';
import * as l10n from '@vscode/l10n';

/**
 * - `sourceGone`: the file it was built from is no longer there.
 * - `idChanged`: the file is there but now builds another id (renamed, moved, or its `id:` edited).
 * - `noSource`: the pair holds it under this workspace's id prefix, and no file builds it.
 * - `notPublished`: the file is there but is not to be published any more (F15): a draft or another front matter
 *   switch, a `.docingestignore` line. It leaves the service as a deleted page would. (Git's files and the hidden
 *   rule, like the include globs, only keep batches from taking a file: it may be published by naming it.)
 */
export type OrphanReason = 'sourceGone' | 'idChanged' | 'noSource' | 'notPublished';

export interface Orphan {
  documentId: string;
  /** The title the server lists; undefined when the server was not asked or does not hold it. */
  title: string | undefined;
  /** The source key it was published from (the ledger's), when a ledger knows it. */
  source: string | undefined;
  reason: OrphanReason;
  /** `idChanged`: the id the source builds now. */
  nowBuilds?: string;
  /** `notPublished`: why, as a phrase (`draft: true (line 2)`, `.docingestignore line 3`). */
  why?: string;
}

/** One ledger entry: a document id and the source key it was built from. */
export interface Published {
  documentId: string;
  sourcePath: string;
  /**
   * Only the source's absence is evidence here, not the id it builds now: the ledger was written by a front that
   * builds ids otherwise than `builds` does (the command line run in one folder of a multi-root workspace builds
   * path ids without the folder's label, so by the editor's ids every one of its files would look renamed).
   */
  onlyGoneCounts?: boolean;
}

export interface OrphanQuery {
  /** Every entry of the scope in each of this workspace's ledgers (the editor's, `.doc-ingest/ledger.json`). */
  published: readonly Published[];
  /** What the included files build now, read from the whole tree (never from a partial listing). */
  builds: IdClaimsView;
  /**
   * The repository's roots as they are on disk, asked before anything counts as an orphan: a file that is there
   * (left out by the include globs, over the size limit, stored under a decomposed name) builds its id whatever a run
   * included, and only an id this repository's scheme produces under a configured prefix may be another's otherwise.
   */
  roots: readonly RepositoryRoot[];
  /**
   * Why a source that is there and builds nothing is not to be published (a draft, a `.docingestignore` line), as a
   * phrase; undefined when it is not withheld. Such a source's document is an orphan (`notPublished`).
   * `onDisk`: its path under its root as stored, to read it by.
   */
  withheld?(source: string, onDisk: string): string | undefined | Promise<string | undefined>;
  /** What the pair holds, when the server listed it; undefined when it was not asked or refused. */
  held?: readonly DocumentInfo[];
}

export interface OrphanFindings {
  /** Sorted by source, then id: what a writer reviews. */
  orphans: Orphan[];
  /** Recorded as published, but the pair no longer holds them (deleted elsewhere): only the ledger needs to forget. */
  alreadyGone: Published[];
}

export async function findOrphans(q: OrphanQuery): Promise<OrphanFindings> {
  const held = q.held && new Map(q.held.map((d) => [d.documentId, d]));
  const repository = new RepositoryFiles(q.roots, q.builds);
  const orphans: Orphan[] = [];
  const alreadyGone: Published[] = [];
  for (const [documentId, sources] of sourcesById(q.published)) {
    if (q.builds.sourcesOf(documentId).length > 0) continue;
    if (held && !held.has(documentId)) {
      alreadyGone.push(...sources.map(({ sourcePath }) => ({ documentId, sourcePath })));
      continue;
    }
    const orphan = await orphanOf(documentId, sources, q, repository);
    if (orphan) orphans.push({ ...orphan, title: held?.get(documentId)?.title });
  }
  if (q.held) {
    const published = new Set(q.published.map((p) => p.documentId));
    for (const d of q.held) {
      if (published.has(d.documentId) || q.builds.sourcesOf(d.documentId).length > 0 || !(await repository.owns(d.documentId))) continue;
      const orphan = await unlessBuilt({ documentId: d.documentId, source: undefined, reason: 'noSource' }, q, repository);
      if (orphan) orphans.push({ ...orphan, title: d.title });
    }
  }
  orphans.sort((a, b) => compare(a.source ?? '\uffff', b.source ?? '\uffff') || compare(a.documentId, b.documentId));
  return { orphans, alreadyGone };
}

/**
 * Two ledgers may record one id from two sources (the editor and the command line, or a file published, moved and
 * published again): the document is an orphan only when none of them is still there unchanged in what it builds,
 * and no other file of the repository builds it.
 */
async function orphanOf(documentId: string, sources: readonly Source[], q: OrphanQuery, repository: RepositoryFiles): Promise<Omit<Orphan, 'title'> | undefined> {
  for (const { sourcePath: source, onlyGoneCounts } of sources) {
    const nowBuilds = onlyGoneCounts ? undefined : q.builds.idOf(source);
    if (nowBuilds !== undefined) return unlessBuilt({ documentId, source, reason: 'idChanged', nowBuilds }, q, repository);
  }
  let withheld: Omit<Orphan, 'title'> | undefined;
  for (const { sourcePath: source } of sources) {
    const place = await repository.locate(source);
    if (place.state === 'unknown') return undefined;
    if (place.state === 'gone') continue;
    const why = await q.withheld?.(source, place.path);
    if (why === undefined) return undefined;
    withheld ??= { documentId, source, reason: 'notPublished', why };
  }
  return unlessBuilt(withheld ?? { documentId, source: sources[0]?.sourcePath, reason: 'sourceGone' }, q, repository);
}

/**
 * The orphan, unless a file of the repository builds its id (whatever the run included): then none, or, when every
 * such file is kept from publishing (a draft, an ignore file), `notPublished` naming the first. A repository that
 * cannot be read where the id points is no evidence either way: no orphan.
 */
async function unlessBuilt(orphan: Omit<Orphan, 'title'>, q: OrphanQuery, repository: RepositoryFiles): Promise<Omit<Orphan, 'title'> | undefined> {
  const builders = await repository.buildersOf(orphan.documentId);
  if (builders === 'unknown') return undefined;
  let withheld: Omit<Orphan, 'title'> | undefined;
  for (const source of builders) {
    const place = await repository.locate(source);
    if (place.state !== 'found') return undefined;
    const why = await q.withheld?.(source, place.path);
    if (why === undefined) return undefined;
    withheld ??= { documentId: orphan.documentId, source, reason: 'notPublished', why };
  }
  return withheld ?? orphan;
}

type Source = Omit<Published, 'documentId'>;

/** Per id, its sources once each; a source two ledgers name is compared by its id unless neither ledger's ids may be. */
function sourcesById(published: readonly Published[]): Map<string, Source[]> {
  const byId = new Map<string, Source[]>();
  for (const { documentId, sourcePath, onlyGoneCounts } of published) {
    const sources = byId.get(documentId) ?? [];
    const known = sources.find((s) => s.sourcePath === sourcePath);
    if (known) known.onlyGoneCounts = !!known.onlyGoneCounts && !!onlyGoneCounts;
    else sources.push({ sourcePath, onlyGoneCounts });
    byId.set(documentId, sources);
  }
  return byId;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The reason as one phrase, for lists and reports. */
export function orphanReasonText(o: Orphan): string {
  switch (o.reason) {
    case 'sourceGone':
      return l10n.t('{0} is gone', o.source ?? l10n.t('its file'));
    case 'idChanged':
      return l10n.t('{0} now builds “{1}”', o.source ?? l10n.t('its file'), o.nowBuilds ?? '');
    case 'noSource':
      return l10n.t('no file builds it');
    case 'notPublished':
      return l10n.t('{0} is not to be published ({1})', o.source ?? l10n.t('its file'), o.why ?? l10n.t('withheld'));
  }
}
