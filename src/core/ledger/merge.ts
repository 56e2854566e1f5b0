/**
 * Two processes on one ledger (two command-line runs in one repository, a CI job and a terminal): each holds the
 * ledger as it read it plus its own records, and writing its memory whole would drop what the other recorded
 * meanwhile. So a write merges three versions, as version control does:
 *
 * - base: what this process last read or wrote (the common ancestor);
 * - ours: this process's ledger now;
 * - theirs: the file now.
 *
 * Per document (scope + document id) and per image (server + content hash): what only one side changed since
 * base is taken from that side, a deletion included (a forgotten document stays forgotten); what both changed
 * keeps the newer record (`ingestedAt`, `uploadedAt`), and a record over a deletion.
 */
import type { LedgerData } from './schema';

type Doc = LedgerData['scopes'][number]['documents'][number];
type Upload = LedgerData['images'][number]['uploads'][number];

export function mergeLedgerData(base: LedgerData, ours: LedgerData, theirs: LedgerData): LedgerData {
  const documents = (d: LedgerData) => flatten(d.scopes, (s) => s.scope, (s) => s.documents, (e) => e.documentId);
  const uploads = (d: LedgerData) => flatten(d.images, (s) => s.server, (s) => s.uploads, (e) => e.contentHash);
  return {
    version: ours.version,
    scopes: group(merge(documents(base), documents(ours), documents(theirs), (e) => e.ingestedAt)).map(([scope, list]) => ({ scope, documents: list })),
    images: group(merge(uploads(base), uploads(ours), uploads(theirs), (e) => e.uploadedAt)).map(([server, list]) => ({ server, uploads: list })),
  };
}

/** Records by `group \0 key`: a key that cannot hold `\0`, so two groups never mix. */
type Keyed<T> = Map<string, { group: string; record: T }>;

function flatten<G, T>(groups: readonly G[], name: (g: G) => string, records: (g: G) => readonly T[], key: (r: T) => string): Keyed<T> {
  const out: Keyed<T> = new Map();
  for (const g of groups) for (const record of records(g)) out.set(`${name(g)}\0${key(record)}`, { group: name(g), record });
  return out;
}

function merge<T extends Doc | Upload>(base: Keyed<T>, ours: Keyed<T>, theirs: Keyed<T>, time: (r: T) => string): Keyed<T> {
  const out: Keyed<T> = new Map();
  for (const key of new Set([...ours.keys(), ...theirs.keys()])) {
    const b = base.get(key);
    const o = ours.get(key);
    const t = theirs.get(key);
    let kept: typeof o;
    if (same(o, b)) kept = t;
    else if (same(t, b)) kept = o;
    else if (!o || !t) kept = o ?? t;
    else kept = Date.parse(time(t.record)) > Date.parse(time(o.record)) ? t : o;
    if (kept) out.set(key, kept);
  }
  return out;
}

/** Records are flat objects of strings: equal when every field is (whatever the order of their keys; absent = undefined). */
function same<T extends object>(a: { record: T } | undefined, b: { record: T } | undefined): boolean {
  if (!a || !b) return a === b;
  const x = a.record as Record<string, unknown>;
  const y = b.record as Record<string, unknown>;
  return [...new Set([...Object.keys(x), ...Object.keys(y)])].every((k) => x[k] === y[k]);
}

function group<T>(records: Keyed<T>): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const { group: name, record } of records.values()) {
    let list = groups.get(name);
    if (!list) groups.set(name, (list = []));
    list.push(record);
  }
  return [...groups];
}
