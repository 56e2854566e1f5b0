// Ingestion: POST /{ingestionPath}, and beside it (both dialects, under `onyx-api` or `service-api`):
// GET /{prefix}/ingestion, DELETE /{prefix}/ingestion/{document_id}, GET /{prefix}/connector-docs/{cc_pair_id}.
// The specification has no list or delete routes; the spec dialect serves the real server's beside its own
// ingestion route, so that a client that learnt the prefix from ingestion finds them there.
import { createHash } from 'node:crypto';
import { canEditPair } from '../auth';
import type { Dialect } from '../dialects';
import { type HttpError, ok, type Reply } from '../http';
import { makeUrlCompatible, parseUuid } from '../ids';
import type { HandlerContext, Route } from '../router';
import { DEFAULT_PAIR_ID, type Principal, type Store } from '../store';
import type { PairRecord, StoredDocument } from '../types';
import { asInt, INVALID, type Issue } from '../validation';
import { type IngestRequest, parseIngestRequest, type ParsedDocument } from './ingestionSchema';

const INGESTION_PY = '/app/onyx/server/onyx_api/ingestion.py';
const NO_ACCESS = "Connection not found for current user's permissions";

function noAccess(dialect: Dialect): HttpError {
  return dialect.coded(403, 'INSUFFICIENT_PERMISSIONS', NO_ACCESS);
}

/** Observed: make_url_compatible(id), or `ingestion_api_` + the normalised title. Spec: the id as sent. */
function documentId(doc: ParsedDocument, dialect: Dialect): string {
  if (doc.id) return dialect.normalisesIds ? makeUrlCompatible(doc.id) : doc.id;
  return 'ingestion_api_' + makeUrlCompatible(doc.semanticIdentifier);
}

/** The real server drops these with a 200: no usable title and no text to index. */
function unusable(doc: ParsedDocument): boolean {
  const hasText = doc.sections.some((s) => (s.text ?? '').trim() !== '');
  if (hasText) return false;
  return doc.title === '' || (doc.title === null && doc.semanticIdentifier.trim() === '');
}

function contentHash(doc: ParsedDocument): string {
  const content = {
    title: doc.title ?? doc.semanticIdentifier,
    sections: doc.sections.map((s) => [s.text, s.imageFileId]),
    owners: [doc.primaryOwners, doc.secondaryOwners],
  };
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

function knownFileIds(store: Store): Set<string> {
  const ids = new Set<string>();
  for (const f of store.userFiles.values()) ids.add(f.fileId);
  for (const c of store.connectors.values()) for (const f of c.files) ids.add(f.fileId);
  return ids;
}

function write(target: StoredDocument | undefined, id: string, doc: ParsedDocument, pair: PairRecord, ctx: HandlerContext, hash: string): StoredDocument {
  const now = new Date();
  const known = knownFileIds(ctx.store);
  const fields = {
    received: doc.raw,
    ccPairId: pair.id,
    owner: { principal: ctx.principal.name, userId: ctx.principal.user.id, email: ctx.principal.user.email },
    semanticIdentifier: doc.semanticIdentifier,
    title: doc.title,
    source: doc.source ?? 'ingestion_api',
    metadata: doc.metadata,
    sections: doc.sections,
    missingImageFileIds: doc.sections.flatMap((s) => (s.imageFileId && !known.has(s.imageFileId) ? [s.imageFileId] : [])),
    docUpdatedAt: (doc.docUpdatedAt?.date ?? now).toISOString(),
    contentHash: hash,
    updatedAt: now,
  };
  if (!target) {
    return { id, ...fields, ccPairIds: [pair.id], fromIngestionApi: true, upserts: 1, writes: 1, createdAt: now };
  }
  Object.assign(target, fields);
  target.fromIngestionApi = true; // observed: the ingestion route overwrites from_ingestion_api to true
  target.writes++;
  if (!target.ccPairIds.includes(pair.id)) target.ccPairIds.push(pair.id);
  return target;
}

/**
 * Observed: an unchanged re-ingest (same content hash, doc_updated_at not later) is skipped, and a naive
 * doc_updated_at on an existing document makes the pipeline fail silently: nothing is updated either way.
 */
function skipsUpdate(existing: StoredDocument, doc: ParsedDocument, hash: string, dialect: Dialect): boolean {
  if (dialect.name !== 'observed') return false;
  if (doc.docUpdatedAt?.naive) return true;
  const incoming = doc.docUpdatedAt?.date.getTime() ?? Date.now();
  return hash === existing.contentHash && incoming <= Date.parse(existing.docUpdatedAt);
}

function editableBy(p: Principal, store: Store, pairIds: number[]): boolean {
  return pairIds.length > 0 && pairIds.every((id) => {
    const pair = store.pairs.get(id);
    return pair !== undefined && canEditPair(p, pair);
  });
}

/**
 * The real server embeds the document inside the request: authentication and validation errors come back at
 * once, everything else after the latency. The rest is decided after the wait, so overlapping requests for
 * one id see each other's writes. A client that goes away during the wait does not stop the write.
 */
async function ingest(ctx: HandlerContext): Promise<Reply> {
  const parsed = parseIngestRequest(ctx.json, ctx.dialect);
  if (Array.isArray(parsed)) throw ctx.invalid(parsed);
  if (ctx.settings.ingestLatencyMs > 0) await ctx.pause(ctx.settings.ingestLatencyMs);
  return apply(ctx, parsed);
}

function apply(ctx: HandlerContext, parsed: IngestRequest): Reply {
  const { store, dialect, principal } = ctx;
  const { document: doc } = parsed;
  const pair = store.pairs.get(parsed.ccPairId || DEFAULT_PAIR_ID);
  if (!pair) throw dialect.coded(404, 'CONNECTOR_NOT_FOUND', 'Connector-Credential Pair specified does not exist');
  if (!canEditPair(principal, pair)) throw noAccess(dialect);
  const id = documentId(doc, dialect);
  const existing = store.documents.get(id);
  if (existing && !editableBy(principal, store, existing.ccPairIds)) throw noAccess(dialect);
  const asUuid = parseUuid(id);
  if ('uuid' in asUuid && store.userFiles.has(asUuid.uuid)) {
    throw dialect.coded(400, 'VALIDATION_ERROR', 'Document ID is reserved for a user file');
  }
  const answer = (alreadyExisted: boolean): Reply =>
    ok(dialect.name === 'observed' ? { document_id: id, already_existed: alreadyExisted } : { already_existed: alreadyExisted });
  if (dialect.name === 'observed' && unusable(doc)) return answer(true);
  const hash = contentHash(doc);
  if (existing) {
    existing.upserts++;
    if (!skipsUpdate(existing, doc, hash, dialect)) store.saveDocument(write(existing, id, doc, pair, ctx, hash));
    return answer(true);
  }
  store.saveDocument(write(undefined, id, doc, pair, ctx, hash));
  return answer(false);
}

export function ingestRoute(path: string): Route {
  return {
    method: 'POST',
    path,
    gate: 'manageConnectorsScoped',
    body: 'json',
    where: { file: INGESTION_PY, line: 101, fn: 'upsert_ingestion_doc' },
    handle: ingest,
  };
}

function minimalInfo(d: StoredDocument): Record<string, unknown> {
  return { document_id: d.id, semantic_id: d.semanticIdentifier, link: d.sections[0]?.link ?? null };
}

/** The routes that live beside the ingestion route, under its prefix (`/onyx-api` or `/service-api`). */
export function besideIngestion(prefix: string): Route[] {
  return [listIngested(prefix), deleteIngested(prefix), connectorDocs(prefix)];
}

/** Observed: every document with from_ingestion_api, across the organisation, unordered and unpaged. */
function listIngested(prefix: string): Route {
  return {
    method: 'GET',
    path: `${prefix}/ingestion`,
    gate: 'manageConnectors',
    body: 'none',
    where: { file: INGESTION_PY, line: 84, fn: 'get_ingestion_docs' },
    handle: ({ store }) => ok([...store.documents.values()].filter((d) => d.fromIngestionApi).map(minimalInfo)),
  };
}

/**
 * Observed order: 404 for an unknown id, 400 for a document a connector made, 403 unless the caller may edit every
 * pair serving it (none counts as refused). The id is matched exactly against the stored one.
 */
function deleteIngested(prefix: string): Route {
  return {
    method: 'DELETE',
    path: `${prefix}/ingestion/{document_id}`,
    gate: 'manageConnectorsScoped',
    body: 'none',
    where: { file: INGESTION_PY, line: 237, fn: 'delete_ingestion_doc' },
    handle({ store, dialect, principal, params }) {
      const id = params.document_id ?? '';
      const doc = store.documents.get(id);
      if (!doc) throw dialect.coded(404, 'DOCUMENT_NOT_FOUND', 'Document not found');
      if (!doc.fromIngestionApi) throw dialect.coded(400, 'VALIDATION_ERROR', 'Document was not created via the ingestion API');
      if (!editableBy(principal, store, doc.ccPairIds)) throw noAccess(dialect);
      store.deleteDocument(id);
      return ok(null);
    },
  };
}

/** Observed: 403 when the pair is missing or not editable, never 404. */
function connectorDocs(prefix: string): Route {
  return {
    method: 'GET',
    path: `${prefix}/connector-docs/{cc_pair_id}`,
    gate: 'manageConnectorsScoped',
    body: 'none',
    where: { file: INGESTION_PY, line: 58, fn: 'get_docs_by_connector_credential_pair' },
    handle({ store, dialect, principal, params, invalid }) {
      const issues: Issue[] = [];
      const pairId = asInt(params.cc_pair_id, ['path', 'cc_pair_id'], issues);
      if (pairId === INVALID) throw invalid(issues);
      const pair = store.pairs.get(pairId);
      if (!pair || !canEditPair(principal, pair)) throw noAccess(dialect);
      return ok([...store.documents.values()].filter((d) => d.ccPairIds.includes(pairId)).map(minimalInfo));
    },
  };
}
