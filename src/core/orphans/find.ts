/**
 * Orphans (F13): documents this workspace published whose source no longer builds them, so that search and chat
 * stop answering with text that no longer exists. The rule protects what is not ours: a document is a candidate
 * only when one of this workspace's ledgers records publishing it, or when it carries the workspace's own
 * non-empty id prefix. A document only the server knows, without that prefix, may be another team's.
 */
import type { DocumentInfo } from '../api/schemas';
import type { IdClaimsView } from '../identity/claims';

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
   * Whether a source that builds nothing still exists on disk (left out by the include globs, unreadable, over the
   * size limit): such a source is not gone, so its document is no orphan.
   */
  exists(source: string): boolean | Promise<boolean>;
  /**
   * Why a source that is there and builds nothing is not to be published (a draft, a `.docingestignore` line), as a
   * phrase; undefined when it is not withheld. Such a source's document is an orphan (`notPublished`).
   */
  withheld?(source: string): string | undefined | Promise<string | undefined>;
  /** What the pair holds, when the server listed it; undefined when it was not asked or refused. */
  held?: readonly DocumentInfo[];
  /**
   * The workspace's id prefix, or one per folder of a multi-root workspace; only a non-empty one makes server-only
   * documents candidates.
   */
  idPrefix?: string | readonly string[];
}

export interface OrphanFindings {
  /** Sorted by source, then id: what a writer reviews. */
  orphans: Orphan[];
  /** Recorded as published, but the pair no longer holds them (deleted elsewhere): only the ledger needs to forget. */
  alreadyGone: Published[];
}

export async function findOrphans(q: OrphanQuery): Promise<OrphanFindings> {
  const held = q.held && new Map(q.held.map((d) => [d.documentId, d]));
  const orphans: Orphan[] = [];
  const alreadyGone: Published[] = [];
  for (const [documentId, sources] of sourcesById(q.published)) {
    if (q.builds.sourcesOf(documentId).length > 0) continue;
    if (held && !held.has(documentId)) {
      alreadyGone.push(...sources.map(({ sourcePath }) => ({ documentId, sourcePath })));
      continue;
    }
    const orphan = await orphanOf(documentId, sources, q);
    if (orphan) orphans.push({ ...orphan, title: held?.get(documentId)?.title });
  }
  const prefixes = [q.idPrefix ?? []].flat().filter((p) => p !== '');
  if (prefixes.length && q.held) {
    const published = new Set(q.published.map((p) => p.documentId));
    for (const d of q.held) {
      if (published.has(d.documentId) || !prefixes.some((p) => d.documentId.startsWith(p)) || q.builds.sourcesOf(d.documentId).length > 0) continue;
      orphans.push({ documentId: d.documentId, title: d.title, source: undefined, reason: 'noSource' });
    }
  }
  orphans.sort((a, b) => compare(a.source ?? '\uffff', b.source ?? '\uffff') || compare(a.documentId, b.documentId));
  return { orphans, alreadyGone };
}

/**
 * Two ledgers may record one id from two sources (the editor and the command line, or a file published, moved and
 * published again): the document is an orphan only when none of them is still there unchanged in what it builds.
 */
async function orphanOf(documentId: string, sources: readonly Source[], q: OrphanQuery): Promise<Omit<Orphan, 'title'> | undefined> {
  for (const { sourcePath: source, onlyGoneCounts } of sources) {
    const nowBuilds = onlyGoneCounts ? undefined : q.builds.idOf(source);
    if (nowBuilds !== undefined) return { documentId, source, reason: 'idChanged', nowBuilds };
  }
  let why: { source: string; why: string } | undefined;
  for (const { sourcePath } of sources) {
    if (!(await q.exists(sourcePath))) continue;
    const withheld = await q.withheld?.(sourcePath);
    if (withheld === undefined) return undefined;
    why ??= { source: sourcePath, why: withheld };
  }
  if (why) return { documentId, source: why.source, reason: 'notPublished', why: why.why };
  return { documentId, source: sources[0]?.sourcePath, reason: 'sourceGone' };
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
      return `${o.source ?? 'its file'} is gone`;
    case 'idChanged':
      return `${o.source ?? 'its file'} now builds “${o.nowBuilds ?? ''}”`;
    case 'noSource':
      return 'no file builds it';
    case 'notPublished':
      return `${o.source ?? 'its file'} is not to be published (${o.why ?? 'withheld'})`;
  }
}
