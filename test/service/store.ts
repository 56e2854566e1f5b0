// The in-memory state of the local service: principals, connectors, pairs, credentials, user files and
// ingested documents, with the helpers that seed them.
import { contentTypeFor, fileKind } from './fileKinds';
import { newUuid, stableUuid } from './ids';
import { SearchIndex } from './searchIndex';
import type {
  ConnectorDocumentSeed, ConnectorFileRecord, ConnectorFileSeed, ConnectorRecord, CredentialRecord, CredentialSeed, PairRecord,
  PrincipalName, StoredDocument, UserFileRecord, UserFileSeed, UserRef,
} from './types';

export type Permission = 'admin' | 'manage:connectors' | 'read:connectors' | 'basic';

export interface Principal {
  name: PrincipalName;
  key: string;
  user: UserRef;
  /** The real server's role name, shown by GET /me. */
  role: string;
  kind: 'user' | 'service_account';
  permissions: Permission[];
  /** Groups this principal manages (a scoped "group manager"). */
  managedGroups: number[];
}

export const DEFAULT_PAIR_ID = 1;

/** Chunks of a processed user file: one per 512 tokens, at least one. */
export function chunksFor(tokens: number): number {
  return Math.max(1, Math.ceil(tokens / 512));
}

export class Store {
  readonly principals: Principal[] = [];
  readonly connectors = new Map<number, ConnectorRecord>();
  readonly pairs = new Map<number, PairRecord>();
  readonly credentials = new Map<number, CredentialRecord>();
  readonly userFiles = new Map<string, UserFileRecord>();
  readonly documents = new Map<string, StoredDocument>();
  /** What the search routes rank: kept in step through saveDocument and deleteDocument. */
  readonly index = new SearchIndex();
  private fileCounter = 0;

  /** Stores a document (new or changed in place) and makes it searchable at once. */
  saveDocument(d: StoredDocument): void {
    this.documents.set(d.id, d);
    this.index.put(d);
  }

  deleteDocument(id: string): void {
    this.documents.delete(id);
    this.index.remove(id);
  }

  principalByKey(key: string): Principal | undefined {
    return this.principals.find((p) => p.key === key);
  }

  principal(name: PrincipalName): Principal {
    const p = this.principals.find((x) => x.name === name);
    if (!p) throw new Error(`no principal ${name}`);
    return p;
  }

  userById(id: string | null): UserRef | undefined {
    return this.principals.find((p) => p.user.id === id)?.user;
  }

  /** A principal name or a user id to a user id. */
  resolveUser(owner: PrincipalName | string): string {
    return this.principals.find((p) => p.name === owner)?.user.id ?? owner;
  }

  fileConnector(connectorId: number): ConnectorRecord {
    const c = this.connectors.get(connectorId);
    if (!c || c.source !== 'file') throw new Error(`connector ${connectorId} is not a file connector`);
    return c;
  }

  addConnectorFiles(connectorId: number, files: number | ConnectorFileSeed[]): ConnectorFileRecord[] {
    const connector = this.fileConnector(connectorId);
    const seeds: ConnectorFileSeed[] = typeof files === 'number'
      ? Array.from({ length: files }, () => ({}))
      : files;
    const added = seeds.map((seed) => {
      const n = ++this.fileCounter;
      const record: ConnectorFileRecord = {
        fileId: seed.fileId ?? stableUuid(`connector-file-${connectorId}-${n}`),
        fileName: seed.fileName === undefined ? `document-${String(connector.files.length + 1).padStart(5, '0')}.md` : seed.fileName,
        size: seed.size === undefined ? 1024 + ((n * 7919) % 250_000) : seed.size,
        uploadedAt: seed.uploadedAt === undefined
          ? new Date(Date.UTC(2026, 7, 1, 9, 0, 0) + n * 61_001)
          : seed.uploadedAt === null ? null : new Date(seed.uploadedAt),
      };
      connector.files.push(record);
      return record;
    });
    connector.timeUpdated = new Date();
    return added;
  }

  addCredential(owner: PrincipalName | string | null, init: CredentialSeed = {}, now = new Date()): CredentialRecord {
    const id = Math.max(-1, ...this.credentials.keys()) + 1;
    const record: CredentialRecord = {
      id,
      name: init.name === undefined ? `Credential ${id}` : init.name,
      source: init.source ?? 'file',
      credentialJson: init.credentialJson ?? {},
      adminPublic: init.adminPublic ?? false,
      curatorPublic: init.curatorPublic ?? false,
      groups: init.groups ?? [],
      userId: owner === null ? null : this.resolveUser(owner),
      timeCreated: now,
      timeUpdated: now,
    };
    this.credentials.set(id, record);
    return record;
  }

  addUserFile(owner: PrincipalName | string, init: UserFileSeed & { tempId?: string | null; byNameFallback?: boolean } = {}): UserFileRecord {
    const name = init.name ?? 'notes.md';
    const contentType = init.contentType === undefined ? contentTypeFor(name) : init.contentType;
    const size = init.size ?? 2048;
    const now = init.createdAt ?? new Date();
    const status = init.status ?? 'PROCESSING';
    const record: UserFileRecord = {
      id: newUuid(),
      fileId: newUuid(),
      name,
      userId: this.resolveUser(owner),
      status,
      contentType,
      kind: fileKind(name, contentType, init.byNameFallback ?? true),
      size,
      tokenCount: Math.ceil(size / 4),
      chunkCount: status === 'COMPLETED' ? chunksFor(Math.ceil(size / 4)) : null,
      tempId: init.tempId ?? null,
      createdAt: now,
      lastAccessedAt: now,
    };
    this.userFiles.set(record.id, record);
    return record;
  }

  addConnectorDocument(init: ConnectorDocumentSeed, now = new Date()): StoredDocument {
    const record: StoredDocument = {
      id: init.id,
      received: null,
      ccPairId: init.ccPairId,
      ccPairIds: [init.ccPairId],
      fromIngestionApi: false,
      owner: { principal: null, userId: '', email: '' },
      upserts: 0,
      writes: 1,
      semanticIdentifier: init.title,
      title: init.title,
      source: 'file',
      metadata: {},
      sections: [{ type: 'text', text: init.title, link: init.link ?? null, imageFileId: null, heading: null }],
      missingImageFileIds: [],
      docUpdatedAt: now.toISOString(),
      contentHash: '',
      createdAt: now,
      updatedAt: now,
    };
    this.saveDocument(record);
    return record;
  }

  addConnector(c: Omit<ConnectorRecord, 'files' | 'timeCreated' | 'timeUpdated'> & { created: Date }): ConnectorRecord {
    const record: ConnectorRecord = { ...c, files: [], timeCreated: c.created, timeUpdated: c.created };
    this.connectors.set(record.id, record);
    return record;
  }

  addPair(p: PairRecord): PairRecord {
    this.pairs.set(p.id, p);
    return p;
  }
}
