/**
 * What the Documents view shows of what the service holds, without `vscode`, so that matching thousands of
 * documents to files is tested (and timed) in plain Node: each document found its source file through the ledger
 * (this workspace sent it from that file) or through the id the file builds now (a file published elsewhere, by
 * CI say). The view only words these facts and turns them into tree items.
 */
import type { DocumentInfo } from '../../core/api/schemas';
import type { IdClaimsView } from '../../core/identity/claims';

/** What the ledger recorded of sending a document from here (the part the view needs). */
export interface SentRecord {
  documentId: string;
  sourcePath: string;
  sourceHash: string;
  ingestedAt: string;
}

/**
 * One document the view shows. `documentId` is the id as the server listed it (or the ledger stored it): the id a
 * delete names, never one derived again from a path.
 */
export interface DocumentRow {
  documentId: string;
  /** The server's title; undefined for a row from the ledger alone (the ledger keeps no title). */
  title: string | undefined;
  link: string | undefined;
  /** The source key of its file in this workspace; undefined: not in this workspace. */
  source: string | undefined;
  /** `ledger`: sent from this file, by the ledger; `path`: the file builds this id now. */
  matchedBy: 'ledger' | 'path' | undefined;
  /** The ledger's newest record of sending this id to this server and pair from here. */
  sent: SentRecord | undefined;
}

/** Where the view finds files: the ids files build now, and whether a source key names a file that is there. */
export interface WorkspaceFacts {
  claims: IdClaimsView;
  /** Whether the file of a source key the ledger names still exists (asked only of sources no claim covers). */
  exists(sourceKey: string): boolean;
}

/**
 * Each listed document with its file. A file that builds the id now wins over the ledger's file when the two
 * differ (the ledger's file was renamed, or now builds another id); of several files that build the id (a
 * duplicate a batch refuses), the first by key. The ledger's file is taken when no file builds the id but it is
 * still there (a file outside the include globs sent with Ingest Current File).
 */
export function matchDocuments(documents: readonly DocumentInfo[], sent: readonly SentRecord[], facts: WorkspaceFacts): DocumentRow[] {
  const byId = new Map(sent.map((s) => [s.documentId, s]));
  return documents.map((d) => {
    const record = byId.get(d.documentId);
    const match = sourceOf(d.documentId, record, facts);
    return { documentId: d.documentId, title: d.title || undefined, link: d.link, ...match, sent: record };
  });
}

/**
 * What the ledger records as published from here, for a server whose listing is forbidden or missing: one row per
 * ledger entry of the scope, matched as listed documents are.
 */
export function ledgerRows(sent: readonly SentRecord[], facts: WorkspaceFacts): DocumentRow[] {
  return sent.map((record) => ({ documentId: record.documentId, title: undefined, link: undefined, ...sourceOf(record.documentId, record, facts), sent: record }));
}

function sourceOf(documentId: string, record: SentRecord | undefined, facts: WorkspaceFacts): Pick<DocumentRow, 'source' | 'matchedBy'> {
  const building = [...facts.claims.sourcesOf(documentId)].sort();
  if (record && building.includes(record.sourcePath)) return { source: record.sourcePath, matchedBy: 'ledger' };
  const first = building[0];
  if (first !== undefined) return { source: first, matchedBy: 'path' };
  if (record && facts.exists(record.sourcePath)) return { source: record.sourcePath, matchedBy: 'ledger' };
  return { source: undefined, matchedBy: undefined };
}

/**
 * The source keys of files whose document the service holds: every file that builds a listed id now, and every
 * ledger match. The Explorer does not call such a file "never ingested", whoever published it.
 */
export function heldSources(rows: readonly DocumentRow[], claims: IdClaimsView): Set<string> {
  const held = new Set<string>();
  for (const row of rows) {
    for (const s of claims.sourcesOf(row.documentId)) held.add(s);
    if (row.source !== undefined) held.add(row.source);
  }
  return held;
}

/**
 * - `asSent`: the file's bytes are those the ledger recorded sending.
 * - `changed`: they differ, or the document was last sent from another file.
 * - `notSentFromHere`: the file is here, but the ledger has no record of sending this id from here.
 * - `notInWorkspace`: no file of this workspace is the document's source.
 * - `unreadable`: the file is matched but could not be read (deleted meanwhile, too large).
 */
export type RowState = 'asSent' | 'changed' | 'notSentFromHere' | 'notInWorkspace' | 'unreadable';

/** A row's state, given the hash of its file's bytes now (undefined: not read). */
export function rowState(row: DocumentRow, currentHash: string | undefined): RowState {
  if (row.source === undefined) return 'notInWorkspace';
  if (!row.sent) return 'notSentFromHere';
  if (currentHash === undefined) return 'unreadable';
  return row.sent.sourcePath === row.source && row.sent.sourceHash === currentHash ? 'asSent' : 'changed';
}

/** What a row is called: the title, else (a ledger row) its file's name, else the id. */
export function rowLabel(row: Pick<DocumentRow, 'documentId' | 'title' | 'source'>): string {
  if (row.title) return row.title;
  const name = row.source?.split('/').at(-1);
  return name || row.documentId;
}

/** Rows whose title, id or source path contains `filter` (case-insensitive); all rows without a filter. */
export function matchingRows(rows: readonly DocumentRow[], filter: string): DocumentRow[] {
  const needle = filter.trim().toLocaleLowerCase();
  if (!needle) return [...rows];
  return rows.filter((r) => [r.title, r.documentId, r.source].some((t) => t?.toLocaleLowerCase().includes(needle)));
}

/** Rows in reading order: by label, then by id (ids are unique), with one collator for thousands of rows. */
export function sortRows(rows: DocumentRow[], language: string): DocumentRow[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
  const labels = new Map(rows.map((r) => [r, rowLabel(r)]));
  return rows.sort((a, b) => collator.compare(labels.get(a) ?? '', labels.get(b) ?? '') || (a.documentId < b.documentId ? -1 : a.documentId > b.documentId ? 1 : 0));
}
