/**
 * What the ledger stores, and how it is read back: versioned, and leniently — a damaged or foreign record
 * starts an empty ledger with one sentence for the log, never an exception (the worst case is that files are
 * ingested once more, which is harmless).
 *
 * Documents and uploads are stored as arrays, not as objects keyed by id: a document id such as `__proto__`
 * must stay data.
 */
import * as z from 'zod';
import * as l10n from '@vscode/l10n';

export const LEDGER_VERSION = 1;

/** One confirmed ingestion of one document id. */
export interface LedgerEntry {
  /** Workspace-relative path of the file the document was built from, with `/` separators. */
  sourcePath: string;
  /** sha256 hex of the file's bytes as read for that ingestion. */
  sourceHash: string;
  /** sha256 hex of the exact request body sent. */
  payloadHash: string;
  /** When the service confirmed it (ISO 8601). */
  ingestedAt: string;
  /**
   * The stamp of the file whose bytes `sourceHash` is the hash of (`stat.ts`): while the file's stat gives the same
   * stamp, its bytes are these. Absent in entries recorded before it was kept, for pages that include other files,
   * and when the file had just changed (the racy rule).
   */
  sourceStat?: string;
}

/** One image uploaded to a server. */
export interface ImageUpload {
  /** What an image section names (`image_file_id`): the user file's `file_id`. */
  fileId: string;
  name: string;
  uploadedAt: string;
  /** The user file's id, which the status route answers for (absent in entries recorded before it was kept). */
  userFileId?: string;
}

export interface LedgerData {
  version: typeof LEDGER_VERSION;
  scopes: Array<{ scope: string; documents: Array<LedgerEntry & { documentId: string }> }>;
  images: Array<{ server: string; uploads: Array<ImageUpload & { contentHash: string }> }>;
}

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const isoTime = z.string().refine((s) => !Number.isNaN(Date.parse(s)));

const UploadRecord = z.object({ contentHash: hex64, fileId: z.string().min(1), name: z.string(), uploadedAt: isoTime, userFileId: z.string().min(1).optional() });

interface Envelope {
  scopes: Array<{ scope: string; documents: unknown[] }>;
  images: Array<{ server: string; uploads: unknown[] }>;
}

/**
 * The ledger's outline (this version, its lists of scopes and of servers), checked by hand: a zod schema is compiled
 * on its first use, which cost a run with nothing to send more than reading its 5,000 entries did. Undefined when
 * the outline is damaged.
 */
function envelopeOf(raw: unknown): Envelope | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { version, scopes, images } = raw as Record<string, unknown>;
  if (version !== LEDGER_VERSION || !Array.isArray(scopes) || !Array.isArray(images)) return undefined;
  const envelope: Envelope = { scopes: [], images: [] };
  for (const item of scopes as unknown[]) {
    const { scope, documents } = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    if (typeof scope !== 'string' || !Array.isArray(documents)) return undefined;
    envelope.scopes.push({ scope, documents });
  }
  for (const item of images as unknown[]) {
    const { server, uploads } = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    if (typeof server !== 'string' || !Array.isArray(uploads)) return undefined;
    envelope.images.push({ server, uploads });
  }
  return envelope;
}

export interface ParsedLedger {
  data: LedgerData;
  /** Why some or all of the stored record was set aside; undefined when it was read whole (or never written). */
  problem?: string;
}

const emptyHint = (): string => l10n.t('the ledger starts empty, so every file counts as never ingested');

export function emptyLedgerData(): LedgerData {
  return { version: LEDGER_VERSION, scopes: [], images: [] };
}

/**
 * Data this module returned whole: read again (the file storage reads, then the ledger opens what it read), it is
 * taken as it is, not checked entry by entry a second time (5,000 entries: tens of milliseconds each time).
 */
const PARSED = new WeakSet<object>();

function parsed<T>(schema: z.ZodType<T>, item: unknown): T | undefined {
  const result = schema.safeParse(item);
  return result.success ? result.data : undefined;
}

const HEX64 = /^[0-9a-f]{64}$/;

/**
 * A document record, checked field by field (only its known fields kept), without zod: a ledger of
 * thousands of entries is read at the start of every run, and the check of each one was most of that time.
 */
function documentRecord(item: unknown): (LedgerEntry & { documentId: string }) | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const r = item as Record<string, unknown>;
  const { documentId, sourcePath, sourceHash, payloadHash, ingestedAt, sourceStat } = r;
  if (typeof documentId !== 'string' || documentId.length === 0 || typeof sourcePath !== 'string') return undefined;
  if (typeof sourceHash !== 'string' || !HEX64.test(sourceHash) || typeof payloadHash !== 'string' || !HEX64.test(payloadHash)) return undefined;
  if (typeof ingestedAt !== 'string' || Number.isNaN(Date.parse(ingestedAt))) return undefined;
  if (sourceStat !== undefined && (typeof sourceStat !== 'string' || sourceStat.length > 200)) return undefined;
  const entry: LedgerEntry & { documentId: string } = { documentId, sourcePath, sourceHash, payloadHash, ingestedAt };
  if (sourceStat !== undefined) entry.sourceStat = sourceStat;
  return entry;
}

/** Reads stored data leniently: never throws. */
export function parseLedgerData(raw: unknown): ParsedLedger {
  if (raw === undefined || raw === null) return { data: emptyLedgerData() };
  if (typeof raw === 'object' && PARSED.has(raw)) return { data: raw as LedgerData };
  const version = typeof raw === 'object' && 'version' in raw ? (raw as { version: unknown }).version : undefined;
  if (version !== undefined && version !== LEDGER_VERSION) {
    return {
      data: emptyLedgerData(),
      problem: l10n.t('The record of past ingestions has format version {0}, which this version does not read; {1}.', JSON.stringify(version), emptyHint()),
    };
  }
  const envelope = envelopeOf(raw);
  if (!envelope) {
    return { data: emptyLedgerData(), problem: l10n.t('The record of past ingestions is damaged; {0}.', emptyHint()) };
  }
  let dropped = 0;
  const keep = <T>(read: (item: unknown) => T | undefined, items: unknown[]): T[] => {
    const kept: T[] = [];
    for (const item of items) {
      const record = read(item);
      if (record === undefined) dropped++;
      else kept.push(record);
    }
    return kept;
  };
  const data: LedgerData = {
    version: LEDGER_VERSION,
    scopes: envelope.scopes.map((s) => ({ scope: s.scope, documents: keep(documentRecord, s.documents) })),
    images: envelope.images.map((s) => ({ server: s.server, uploads: keep((item) => parsed(UploadRecord, item), s.uploads) })),
  };
  if (dropped === 0) PARSED.add(data);
  return dropped === 0
    ? { data }
    : {
        data,
        problem: l10n.t('{0} entries of the record of past ingestions were unreadable and were dropped; their files count as never ingested.', dropped),
      };
}
