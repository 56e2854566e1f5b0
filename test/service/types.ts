// Public types of the local service. The API is described in index.ts.

export type DialectName = 'spec' | 'observed';
export type SeedName = 'test' | 'demo';

/** The seeded principals, each with one API key. */
export type PrincipalName = 'admin' | 'curator' | 'groupManager' | 'basic' | 'basic2' | 'limited';

export type UserFileStatus = 'PROCESSING' | 'INDEXING' | 'COMPLETED' | 'FAILED' | 'CANCELED' | 'DELETING' | 'SKIPPED';

/** What a user file is, independent of dialect (`tabular` is printed as `csv` in the spec dialect). */
export type FileKind = 'image' | 'document' | 'plain_text' | 'tabular';

export interface ServiceOptions {
  /** `spec` = the interface as specified, `observed` = the real server (docs/architecture.md#dialects). Default `observed`. */
  dialect?: DialectName;
  /** `test` (default): small deterministic data; `demo`: the same plus paging-sized data. */
  seed?: SeedName;
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** Time a user file spends in each processing step. Default 1000 ms. */
  processingMs?: number;
  /** Move uploaded user files along by timer. Default true. With false, call completeUserFile() etc. */
  autoProcess?: boolean;
  /** Observed dialect only: PROCESSING -> INDEXING -> COMPLETED (a "lite" deployment). Default false. */
  indexingPhase?: boolean;
  /**
   * Token limit of user-file uploads (tokens are estimated as bytes / 4). Default 200_000, as the real
   * server. Text files above it are rejected; `.csv` files above it are stored as SKIPPED (observed) or
   * rejected (spec).
   */
  uploadTokenLimit?: number;
  /** Called after every response (or dropped connection), e.g. for a request log on the console. */
  onResponse?: (record: RequestRecord) => void;
  /** Draws for probabilistic fault rules, in [0, 1). Default Math.random; pass seededRandom(n) to repeat a run. */
  random?: () => number;
  /**
   * Time each ingestion request that passes authentication and validation waits before the document is
   * stored and answered, as the real server embeds the document inside the request. Default 0; see
   * setIngestLatency(). A client that goes away during the wait does not stop the write.
   */
  ingestLatencyMs?: number;
  /** Size limit of one uploaded user file, in bytes. Default 100 MB (100 * 1024 * 1024), as the real server. */
  maxUploadBytes?: number;
  /** The search routes' server (index.ts, "Search"): version, whether it has an LLM, a vector index. */
  search?: Partial<SearchSettings>;
}

/** What the search routes answer; see index.ts, "Search". */
export interface SearchSettings {
  /** `GET version`'s `backend_version`, e.g. `v4.6.1`; decides which search routes exist. Default `v4.6.1`. */
  version: string;
  /** A default LLM is configured (`query/document-search` fails without one). Default true. */
  llm: boolean;
  /** The server runs with a vector index (without: 501 from every search route). Default true. */
  vectorIndex: boolean;
  /**
   * A document written comes back from search only this long after its POST returned (the real server: about a
   * second). Default 0: at once.
   */
  searchableAfterMs?: number;
}

/** Counters of ingestion requests (POST to ingestionPath), whatever answered them (handler or fault). */
export interface IngestionStats {
  /** Requests received and not yet answered (nor closed by either side). */
  readonly inFlight: number;
  /** Highest inFlight since start or the last resetPeak(). */
  readonly peak: number;
  /** Requests received since start. */
  readonly received: number;
  /** Sets peak to the current inFlight. */
  resetPeak(): void;
}

export interface UserRef {
  id: string;
  email: string;
}

export interface RequestRecord {
  method: string;
  /** Path with query, exactly as received, including `/api`. */
  path: string;
  /** Header names lower-case; repeated headers joined with `, `. */
  headers: Record<string, string>;
  /** Raw body as UTF-8 text (`''` when none). */
  body: string;
  /** The parsed body when it was valid JSON, else undefined. */
  json?: unknown;
  /** Response status; null while pending or when the connection was dropped. */
  status: number | null;
  /** True when a fault rule answered (or delayed, or dropped) this request. */
  fault: boolean;
  time: Date;
}

/**
 * A fault rule. Matching: `method` (any when omitted, case-insensitive) and `path` (any when omitted).
 * A string `path` is a prefix of the request path after `/api` without the query
 * (e.g. `/onyx-api/ingestion`); a string starting with `/api/` is compared with the full path instead.
 * A RegExp is tested against the path after `/api`, query included.
 * The first rule (in injection order) that matches, has uses left and fires (see `probability`) applies;
 * rules apply before auth.
 */
export interface FaultRule {
  method?: string;
  path?: string | RegExp;
  /** How many matching requests this rule answers. Default 1; Infinity allowed. */
  times?: number;
  /** Respond with this status (default 500 when `body` or `headers` is given, 200 for `html`). */
  status?: number;
  /** Response body: a string is sent as text/plain, anything else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Wait this long first: then handle normally (delay only) or apply the rest of the rule. A request handled
   * normally is applied even when its client has gone away meanwhile; only the response is lost.
   */
  delayMs?: number;
  /** Destroy the socket without any response (before routing: nothing is applied). */
  drop?: boolean;
  /** Respond with an HTML sign-in page (a proxy or SSO in front of the server). */
  html?: boolean;
  /**
   * Chance (0..1, default 1) that a matching request takes this rule. A draw that misses leaves the rule
   * untouched (no hit, no use taken) and the request goes on to the next matching rule, or is handled normally.
   */
  probability?: number;
}

export interface FaultHandle {
  /** Requests this rule has applied to so far. */
  readonly hits: number;
  /** Uses left (Infinity for a permanent rule). */
  readonly remaining: number;
  remove(): void;
}

export interface FaultController {
  inject(rule: FaultRule): FaultHandle;
  clear(): void;
}

export interface ConnectorFileRecord {
  fileId: string;
  /** null: the name list is shorter than the file list, so the server shows the file id as name. */
  fileName: string | null;
  /** Bytes, or null (missing blob or no file record). */
  size: number | null;
  /** null: no file record. */
  uploadedAt: Date | null;
}

export interface ConnectorFileSeed {
  fileId?: string;
  fileName?: string | null;
  size?: number | null;
  uploadedAt?: Date | string | null;
}

export interface ConnectorRecord {
  id: number;
  name: string;
  source: string;
  inputType: 'load_state' | 'poll';
  /** connector_specific_config for non-file connectors (file connectors derive theirs from `files`). */
  config: Record<string, unknown>;
  /** Files of a file connector, in stored order. */
  files: ConnectorFileRecord[];
  refreshFreq: number | null;
  pruneFreq: number | null;
  timeCreated: Date;
  timeUpdated: Date;
}

export interface PairRecord {
  id: number;
  name: string;
  connectorId: number;
  credentialId: number;
  accessType: 'public' | 'private' | 'sync';
  groups: number[];
  creatorId: string | null;
}

export interface CredentialRecord {
  id: number;
  name: string | null;
  source: string;
  credentialJson: Record<string, unknown>;
  adminPublic: boolean;
  curatorPublic: boolean;
  groups: number[];
  /** Owner's user id; null for public credentials such as credential 0. */
  userId: string | null;
  timeCreated: Date;
  timeUpdated: Date;
}

export interface CredentialSeed {
  name?: string | null;
  source?: string;
  credentialJson?: Record<string, unknown>;
  adminPublic?: boolean;
  curatorPublic?: boolean;
  groups?: number[];
}

export interface UserFileRecord {
  /** User-file id (what the statuses route takes). */
  id: string;
  /** File-store id (what `image_file_id` takes). */
  fileId: string;
  name: string;
  userId: string;
  status: UserFileStatus;
  /** Content-Type of the uploaded part, if any. */
  contentType: string | null;
  kind: FileKind;
  size: number;
  tokenCount: number | null;
  chunkCount: number | null;
  tempId: string | null;
  createdAt: Date;
  lastAccessedAt: Date | null;
}

export interface UserFileSeed {
  name?: string;
  status?: UserFileStatus;
  contentType?: string | null;
  size?: number;
  createdAt?: Date;
}

export interface StoredSection {
  type: 'text' | 'image' | 'tabular';
  text: string | null;
  link: string | null;
  imageFileId: string | null;
  heading: string | null;
}

export interface StoredDocument {
  /** The stored id: normalised with make_url_compatible in the observed dialect, as sent in the spec dialect. */
  id: string;
  /** The `document` object of the last accepted request, exactly as received. */
  received: unknown;
  /** The pair of the last accepted request. */
  ccPairId: number;
  /** Every pair the document was ingested into. */
  ccPairIds: number[];
  /** Observed `from_ingestion_api`: false for a document a connector indexed (its DELETE answers 400). */
  fromIngestionApi: boolean;
  /** Who ingested it last. */
  owner: { principal: PrincipalName | null; userId: string; email: string };
  /** Accepted requests for this id (the creation included). */
  upserts: number;
  /** Times the content was written (creation included); unchanged re-ingests are skipped in the observed dialect. */
  writes: number;
  semanticIdentifier: string;
  title: string | null;
  source: string;
  metadata: Record<string, string | string[]>;
  sections: StoredSection[];
  /** `image_file_id`s that name no uploaded file (the real server indexes "[Image could not be processed]"). */
  missingImageFileIds: string[];
  /** doc_updated_at as stored (ISO, UTC), or the ingestion time when none was sent. */
  docUpdatedAt: string;
  contentHash: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface ConnectorDocumentSeed {
  /** Stored as given. */
  id: string;
  title: string;
  ccPairId: number;
  link?: string;
}

export interface LocalService {
  /** `http://127.0.0.1:PORT/api`. */
  readonly baseUrl: string;
  readonly port: number;
  readonly dialect: DialectName;
  /** Relative to baseUrl: `service-api/ingestion` (spec) or `onyx-api/ingestion` (observed). */
  readonly ingestionPath: string;
  /** Relative to baseUrl: `user/file/upload` (spec) or `user/projects/file/upload` (observed). */
  readonly uploadPath: string;
  readonly keys: Readonly<Record<PrincipalName, string>>;
  readonly users: Readonly<Record<PrincipalName, UserRef>>;
  /** Every request received, oldest first (live array). */
  readonly requests: readonly RequestRecord[];
  clearRequests(): void;
  readonly faults: FaultController;
  /** Live counters of ingestion requests, e.g. to check a client never had more than N in flight. */
  readonly ingestionStats: IngestionStats;
  /** Changes ingestLatencyMs for ingestion requests that reach the handler from now on. */
  setIngestLatency(ms: number): void;
  /** Changes the search settings for requests from now on. */
  setSearch(change: Partial<SearchSettings>): void;

  documents(): StoredDocument[];
  document(id: string): StoredDocument | undefined;
  credentials(): CredentialRecord[];
  credential(id: number): CredentialRecord | undefined;
  userFiles(): UserFileRecord[];
  userFile(id: string): UserFileRecord | undefined;
  connectors(): ConnectorRecord[];
  connectorFiles(connectorId: number): ConnectorFileRecord[];
  pairs(): PairRecord[];

  addConnectorFiles(connectorId: number, files: number | ConnectorFileSeed[]): ConnectorFileRecord[];
  addUserFile(owner: PrincipalName | string, init?: UserFileSeed): UserFileRecord;
  addCredential(owner: PrincipalName | string | null, init?: CredentialSeed): CredentialRecord;
  /** A document a connector indexed (not through the ingestion route): listed for its pair, never deletable. */
  addConnectorDocument(init: ConnectorDocumentSeed): StoredDocument;
  setUserFileStatus(id: string, status: UserFileStatus): void;
  completeUserFile(id: string): void;
  failUserFile(id: string): void;
  /** Removes a user file, as the real server does once a deletion finished: the status route stops returning it. */
  deleteUserFile(id: string): void;

  close(): Promise<void>;
}
