/**
 * The service client: one method per route. Requests are validated strictly before anything is sent;
 * responses leniently. Works against the specification's server and the real (Onyx) server.
 */
import { ANY_ANSWER, isIdNumber, PAIR_ANSWER, VERSION_ANSWER } from './answers';
import { check } from './checkRequest';
import { NotFoundError, ServiceError, ValidationError } from './errors';
import { findMaskedValues } from './masking';
import { explainConnectorListing, explainDelete, explainDocumentListing, firstUploaded } from './routeFailures';
import type {
  ConnectorFileInfo,
  CredentialSnapshot,
  CredentialUpdate,
  CredentialUpdateResponse,
  CurrentUser,
  DocumentInfo,
  IngestionRequest,
  PairInfo,
  UploadResponse,
  UserFileRecord,
} from './schemas';
import { explainSearchFailure, saysNoLlm, SEARCH_PATHS, searchBody, SearchHit, SearchOptions, SearchPath, toHit } from './search';
import { CallOptions, Transport, TransportOptions } from './transport';
import { chosenIngestionPath, explainMissingIngestionRoute, inMemoryRoutes, INGESTION_PATHS, isMissingRoute, UPLOAD_PATHS } from './variantRoutes';
import type { RouteMemory, VariantRoute } from './variantRoutes';
import * as l10n from '@vscode/l10n';


/** User-file statuses: also the cheap route that proves a key, and that tells the API from a web page. */
export const STATUS_PATH = 'user/projects/file/statuses';
/**
 * Ids per status request. The real server sets no maximum (spec/observed-server.md 5.1), so a poll of every
 * tracked file is one request; the bound only keeps one body under about 200 KB.
 */
export const DEFAULT_STATUS_BATCH = 5000;

export interface ClientOptions extends TransportOptions {
  /**
   * An ingestion path the user chose: used as given, never replaced; one that is no plain route below the base URL
   * throws a ValidationError from the constructor, before any request. Without it the client tries
   * INGESTION_PATHS in turn (the remembered one first) and remembers the one that answers.
   */
  ingestionPath?: string;
  routes?: RouteMemory;
  /** A variant route answered on another path than the first one tried (for the log). */
  onRouteLearned?: (route: VariantRoute, path: string, missing: readonly string[]) => void;
  statusBatchSize?: number;
  /** Uploads and ingestion can take minutes on the real server (indexing is synchronous). */
  longTimeoutMs?: number;
}

export interface IngestOutcome {
  outcome: 'created' | 'updated';
  /** The id the server stored (normalised by the real server); the id sent when the server does not say. */
  documentId: string | undefined;
}

export interface FileConnector {
  ccPairId: number;
  connectorId: number;
  name: string;
  accessType: string | undefined;
}

export interface IngestCallOptions extends CallOptions {
  /**
   * The request exactly as `requestBody(request)` serialises it, when the caller already made it (the batch
   * hashes it for the ledger): sent as is, not validated and serialised a second time.
   */
  body?: string;
}

export interface UploadInput {
  name: string;
  data: Uint8Array;
  contentType?: string;
}

/**
 * The zod schemas of the routes, loaded with the first request that checks or reads with one: creating a client
 * and the requests `doc-ingest check` makes load no zod (issue 37; answers.ts).
 */
const routeSchemas = () => import('./routeSchemas.js');
type RouteSchemas = Awaited<ReturnType<typeof routeSchemas>>;

export class ServiceClient {
  private readonly transport: Transport;
  private readonly ingestionPaths: readonly string[];
  private readonly statusBatchSize: number;
  private readonly longTimeoutMs: number;
  private readonly routes: RouteMemory;
  private loadedSchemas: Promise<RouteSchemas> | undefined;

  constructor(private readonly options: ClientOptions) {
    const chosen = chosenIngestionPath(options.ingestionPath);
    this.transport = new Transport(options);
    this.ingestionPaths = chosen ? [chosen] : INGESTION_PATHS;
    this.routes = options.routes ?? inMemoryRoutes();
    this.statusBatchSize = Math.max(1, options.statusBatchSize ?? DEFAULT_STATUS_BATCH);
    this.longTimeoutMs = options.longTimeoutMs ?? 300000;
  }

  /** The zod schemas, loaded by the first request that needs them; each client keeps its own promise. */
  private schemas(): Promise<RouteSchemas> {
    return (this.loadedSchemas ??= routeSchemas());
  }

  async listConnectorFiles(connectorId: number, options: CallOptions = {}): Promise<ConnectorFileInfo[]> {
    const s = await this.schemas();
    check(s.IdNumberSchema, connectorId, 'connector_id');
    const res = await this.transport.call({
      method: 'GET',
      path: `manage/admin/connector/${connectorId}/files`,
      schema: s.ConnectorFilesResponseSchema,
      retry: true,
      ...options,
    });
    return res.files;
  }

  async updateCredential(credentialId: number, body: CredentialUpdate, options: CallOptions = {}): Promise<CredentialUpdateResponse> {
    const s = await this.schemas();
    check(s.IdNumberSchema, credentialId, 'credential_id');
    const valid = check(s.CredentialUpdateSchema, body);
    const masked = findMaskedValues(valid.credential_json);
    if (masked.length) {
      throw new ValidationError(
        l10n.t('Not sent: {0} still hold the server\'s masked display value, which the server would store literally.', masked.map((p) => `credential_json.${p}`).join(', ')),
        l10n.t('Replace each masked value with the real secret, or remove the key, then save again.'),
        masked.map((p) => ({ path: `credential_json.${p}`, message: l10n.t('masked value') })),
        false,
      );
    }
    return this.transport.call({
      method: 'PATCH',
      path: `manage/credential/${credentialId}`,
      json: valid,
      schema: s.CredentialUpdateResponseSchema,
      retry: false,
      ...options,
    });
  }

  /** The credentials the key can see (the real server's `GET /manage/credential`). */
  async listCredentials(options: CallOptions = {}): Promise<CredentialSnapshot[]> {
    return this.transport.call({ method: 'GET', path: 'manage/credential', schema: (await this.schemas()).CredentialListSchema, retry: true, ...options });
  }

  /**
   * Who the key belongs to (the real server's `GET /me`); undefined when the server has no such route (the
   * specification's servers).
   */
  async whoAmI(options: CallOptions = {}): Promise<CurrentUser | undefined> {
    try {
      return await this.transport.call({ method: 'GET', path: 'me', schema: (await this.schemas()).CurrentUserSchema, retry: true, ...options });
    } catch (e) {
      if (e instanceof NotFoundError && e.what === 'route') return undefined;
      throw e;
    }
  }

  /** Records of the given user files that the caller owns; unknown and foreign ids are left out by the server. */
  async getUserFileStatuses(ids: readonly string[], options: CallOptions = {}): Promise<UserFileRecord[]> {
    const s = await this.schemas();
    ids.forEach((id, i) => check(s.UserFileIdSchema, id, `file_ids.${i}`));
    const unique = [...new Set(ids)];
    const records: UserFileRecord[] = [];
    for (let i = 0; i < unique.length; i += this.statusBatchSize) {
      records.push(...(await this.statusBatch(s, unique.slice(i, i + this.statusBatchSize), options)));
    }
    return records;
  }

  private statusBatch(s: RouteSchemas, fileIds: string[], options: CallOptions): Promise<UserFileRecord[]> {
    return this.transport.call({
      method: 'POST',
      path: STATUS_PATH,
      json: { file_ids: fileIds },
      schema: s.UserFileStatusesResponseSchema,
      retry: true,
      ...options,
    });
  }

  /**
   * Upserts one document. Retried on transient failures only when the document has an explicit id: without
   * one a server may generate a new id per attempt and create duplicates.
   */
  async ingestDocument(request: IngestionRequest, options: IngestCallOptions = {}): Promise<IngestOutcome> {
    const s = await this.schemas();
    const valid = options.body === undefined ? check(s.IngestionRequestSchema, request) : request;
    const send = (path: string) =>
      this.transport.call({
        method: 'POST',
        path,
        json: valid,
        jsonText: options.body,
        schema: s.IngestionResultSchema,
        retry: valid.document.id !== undefined,
        isIngestionRoute: true,
        timeoutMs: options.timeoutMs ?? this.longTimeoutMs,
        signal: options.signal,
        pause: options.pause,
        onSent: options.onSent,
      });
    const result = await this.viaVariantRoute('ingestion', this.ingestionPaths, send).catch((e: unknown) => {
      throw this.ingestionPaths.length > 1 ? explainMissingIngestionRoute(e, this.ingestionPaths) : e;
    });
    return {
      outcome: result.already_existed ? 'updated' : 'created',
      documentId: result.document_id ?? valid.document.id,
    };
  }

  /**
   * Uploads one file as a user file. Tries the specification's route, then the real server's after a 404 for
   * the route, and remembers which one answered. Not retried: each attempt would create another user file.
   */
  async uploadFile(file: UploadInput, options: CallOptions = {}): Promise<UserFileRecord> {
    const s = await this.schemas();
    check(s.NameSchema, file.name, 'name');
    const res = await this.viaVariantRoute('upload', UPLOAD_PATHS, (path) => this.upload(s, path, file, options));
    return firstUploaded(res, file.name);
  }

  /**
   * Searches the server the way its version allows (SEARCH_PATHS, newest first; the one that answers is remembered
   * per server, as the ingestion route is), each hit normalised. A failure is one sentence of `explainSearchFailure`.
   * Read-only, so retried on transient failures; each search is a row in the key's user's search history.
   */
  async search(query: string, options: SearchOptions & CallOptions = {}): Promise<SearchHit[]> {
    const s = await this.schemas();
    const text = check(s.SearchQuerySchema, query, 'query');
    check(s.SearchLimitSchema, options.limit, 'limit');
    let noLlm: ServiceError | undefined;
    const send = (path: string) =>
      this.transport.call({
        method: 'POST',
        path,
        json: searchBody(path as SearchPath, text, options),
        schema: s.SEARCH_RESPONSE[path as SearchPath],
        retry: true,
        timeoutMs: options.timeoutMs,
        signal: options.signal,
        pause: options.pause,
      });
    // An older server without an LLM cannot use document-search: a curator or admin key still has admin/search.
    const passOn = (e: unknown, path: string) => {
      if (!saysNoLlm(e, path)) return isMissingRoute(e);
      noLlm = e;
      return true;
    };
    const docs = await this.viaVariantRoute('search', SEARCH_PATHS, send, passOn).catch((e: unknown) => {
      throw explainSearchFailure(e, noLlm);
    });
    return docs.slice(0, options.limit ?? docs.length).map(toHit);
  }

  /** The server's version (`GET version`, asked without a need for the key); undefined when it has no such route. */
  async version(options: CallOptions = {}): Promise<string | undefined> {
    try {
      return (await this.transport.call({ method: 'GET', path: 'version', schema: VERSION_ANSWER, retry: true, ...options })).backend_version;
    } catch (e) {
      if (isMissingRoute(e)) return undefined;
      throw e;
    }
  }

  /**
   * Sends to the path this server is known to answer, else to each candidate in turn while the server says the
   * route does not exist (a 404 for the route, so nothing was done and sending elsewhere is safe; `passOn` may
   * allow more). Each path is tried at most once per call; the one that answers is remembered.
   */
  private async viaVariantRoute<T>(
    route: VariantRoute,
    candidates: readonly string[],
    send: (path: string) => Promise<T>,
    passOn: (e: unknown, path: string) => boolean = isMissingRoute,
  ): Promise<T> {
    const known = this.routes.get(route);
    const order = known && candidates.includes(known) ? [known, ...candidates.filter((c) => c !== known)] : candidates;
    const missing: string[] = [];
    for (const path of order) {
      try {
        const result = await send(path);
        if (path !== known) {
          this.routes.set(route, path);
          if (missing.length) this.options.onRouteLearned?.(route, path, missing);
        }
        return result;
      } catch (e) {
        if (!passOn(e, path) || path === order[order.length - 1]) throw e;
        missing.push(path);
      }
    }
    throw new Error('unreachable: no candidate paths');
  }

  private upload(s: RouteSchemas, path: string, file: UploadInput, options: CallOptions): Promise<UploadResponse> {
    const form = new FormData();
    const bytes = new Uint8Array(file.data); // a copy backed by a plain ArrayBuffer, as Blob wants
    form.append('files', new Blob([bytes], { type: file.contentType ?? 'application/octet-stream' }), file.name);
    return this.transport.call({
      method: 'POST',
      path,
      form,
      schema: s.UploadResponseSchema,
      retry: false,
      timeoutMs: options.timeoutMs ?? this.longTimeoutMs,
      signal: options.signal,
      pause: options.pause,
    });
  }

  /**
   * The documents the service holds for one connector-credential pair (the real server's
   * `GET onyx-api/connector-docs/{cc_pair_id}`), in one request. PermissionError when the pair is missing or the
   * key may not edit it (the server does not tell the two apart).
   */
  async listPairDocuments(ccPairId: number, options: CallOptions = {}): Promise<DocumentInfo[]> {
    const s = await this.schemas();
    check(s.IdNumberSchema, ccPairId, 'cc_pair_id');
    const list = await this.besideIngestion(
      (prefix) => this.transport.call({ method: 'GET', path: `${prefix}connector-docs/${ccPairId}`, schema: s.DocMinimalInfoListSchema, retry: true, ...options }),
    ).catch((e: unknown) => {
      throw explainDocumentListing(e, l10n.t('connector-credential pair {0}', ccPairId));
    });
    return list.map(documentInfo);
  }

  /** Every document pushed through the ingestion route, across the organisation (`GET <ingestion route>`). */
  async listIngestedDocuments(options: CallOptions = {}): Promise<DocumentInfo[]> {
    const s = await this.schemas();
    const list = await this.besideIngestion(
      (prefix) => this.transport.call({ method: 'GET', path: `${prefix}ingestion`, schema: s.DocMinimalInfoListSchema, retry: true, ...options }),
    ).catch((e: unknown) => {
      throw explainDocumentListing(e, l10n.t('the ingestion route'));
    });
    return list.map(documentInfo);
  }

  /**
   * Deletes one document pushed through the ingestion route (`DELETE <ingestion route>/{document_id}`), by the id
   * the server stored: percent-encoded once, so a stored `%` travels as `%25`. Never repeated once sent: a timeout
   * leaves the outcome unknown, and the TimeoutError says so.
   */
  async deleteDocument(documentId: string, options: CallOptions = {}): Promise<void> {
    const s = await this.schemas();
    check(s.NameSchema, documentId, 'document_id');
    if (documentId === '.' || documentId === '..') {
      // A URL parser folds such a segment into its parent: the request would name another route.
      throw new ValidationError(l10n.t('Not sent: the document id "{0}" cannot be named in a URL.', documentId), l10n.t('Delete it in the server\'s admin pages.'), [{ path: 'document_id', message: l10n.t('a dot segment') }], false);
    }
    await this.besideIngestion(
      (prefix) => this.transport.call({ method: 'DELETE', path: `${prefix}ingestion/${encodeURIComponent(documentId)}`, schema: s.NoContent, retry: false, ...options }),
    ).catch((e: unknown) => {
      throw explainDelete(e, documentId);
    });
  }

  /**
   * Runs a request on a route beside the ingestion route, `send` getting the ingestion route's prefix (`onyx-api/`).
   * A server whose ingestion route is known (remembered, or set by the user) is asked there only; otherwise each
   * candidate in turn while the route is missing, and the one that answers is remembered for ingestion too.
   */
  private besideIngestion<T>(send: (prefix: string) => Promise<T>): Promise<T> {
    const known = this.routes.get('ingestion');
    const candidates = known && this.ingestionPaths.includes(known) ? [known] : this.ingestionPaths;
    return this.viaVariantRoute('ingestion', candidates, (path) => send(path.replace(/[^/]*$/, '')));
  }

  /** File connectors with their pair ids, from the real server's connector status route. */
  async listFileConnectors(options: CallOptions = {}): Promise<FileConnector[]> {
    let list;
    try {
      list = await this.transport.call({ method: 'GET', path: 'manage/admin/connector/status', schema: (await this.schemas()).ConnectorStatusListSchema, retry: true, ...options });
    } catch (e) {
      throw explainConnectorListing(e);
    }
    return list
      .filter((s) => s.connector.source === 'file')
      .map((s) => ({
        ccPairId: s.cc_pair_id,
        connectorId: s.connector.id,
        name: s.name || s.connector.name || `Connector ${s.connector.id}`,
        accessType: s.access_type ?? undefined,
      }));
  }

  /**
   * The ingestion route this server answers on, found without ingesting anything: an empty request is refused by
   * the route itself (422), while a server without the route answers 404. Refusals of the key (401, 403) throw.
   */
  async findIngestionRoute(options: CallOptions = {}): Promise<string> {
    const probe = (path: string) =>
      this.transport
        .call({ method: 'POST', path, json: {}, schema: ANY_ANSWER, retry: true, isIngestionRoute: true, ...options })
        .then(
          () => path,
          (e: unknown) => {
            if (e instanceof ValidationError) return path;
            throw e;
          },
        );
    return this.viaVariantRoute('ingestion', this.ingestionPaths, probe).catch((e: unknown) => {
      throw this.ingestionPaths.length > 1 ? explainMissingIngestionRoute(e, this.ingestionPaths) : e;
    });
  }

  /**
   * A connector-credential pair (the real server's `GET /manage/admin/cc-pair/{id}`). Undefined when the server has
   * no such route (the specification's servers); NotFoundError (`object`) when there is no such pair for this key.
   */
  async getPair(ccPairId: number, options: CallOptions = {}): Promise<PairInfo | undefined> {
    // A plain check for the id a caller nearly always gives right; zod (loaded then) words the refusal.
    if (!isIdNumber(ccPairId)) check((await this.schemas()).IdNumberSchema, ccPairId, 'cc_pair_id');
    try {
      return await this.transport.call({ method: 'GET', path: `manage/admin/cc-pair/${ccPairId}`, schema: PAIR_ANSWER, retry: true, ...options });
    } catch (e) {
      if (e instanceof NotFoundError && e.what === 'route') return undefined;
      throw e;
    }
  }

  /** Proves the key with one cheap `basic` call: a status request with no ids. */
  async checkKey(options: CallOptions = {}): Promise<void> {
    await this.transport.call({
      method: 'POST',
      path: STATUS_PATH,
      json: { file_ids: [] },
      schema: ANY_ANSWER,
      retry: true,
      ...options,
    });
  }
}

function documentInfo(d: { document_id: string; semantic_id?: string | null; link?: string | null }): DocumentInfo {
  return { documentId: d.document_id, title: d.semantic_id ?? '', link: d.link ?? undefined };
}
