// Seed data. `test`: small and deterministic. `demo`: the same plus enough to page through and look at.
import { stableApiKey, stableUuid } from './ids';
import type { Principal, Store } from './store';
import type { PrincipalName, SeedName } from './types';

const SEEDED_AT = new Date('2026-08-01T08:00:00.000Z');

function principal(name: PrincipalName, email: string, role: string, extra: Partial<Principal> = {}): Principal {
  return {
    name, key: stableApiKey(name), user: { id: stableUuid(`user-${name}`), email }, role,
    kind: 'user', permissions: ['basic'], managedGroups: [], ...extra,
  };
}

function seedPrincipals(store: Store): void {
  store.principals.push(
    principal('admin', 'admin@example.com', 'admin', { permissions: ['admin'] }),
    principal('curator', 'curator@example.com', 'global_curator', { permissions: ['basic', 'manage:connectors', 'read:connectors'] }),
    principal('groupManager', 'manager@example.com', 'curator', { managedGroups: [1] }),
    principal('basic', 'alice@example.com', 'basic'),
    principal('basic2', 'bob@example.com', 'basic'),
    principal('limited', 'api_key__limited-bot@onyxapikey.ai', 'limited', { kind: 'service_account', permissions: [] }),
  );
}

function seedCredentials(store: Store): void {
  const at = SEEDED_AT;
  store.addCredential(null, { name: null, source: 'ingestion_api', adminPublic: true }, at); // 0: the default pair's
  store.addCredential('basic', { // 1: user A's
    name: 'Docs portal token',
    source: 'file',
    credentialJson: {
      api_token: 'sk_live_51HqR8xT2vLk9PzQa4Yc',
      username: 'alice@example.com',
      pin: '4921',
      port: 8443,
      verify_ssl: true,
      authentication_method: 'oauth',
      scopes: ['read', 'write'],
      oauth: { client_id: 'docs-portal', client_secret: 'cs_9f8e7d6c5b4a39281706' },
    },
  }, at);
  store.addCredential('basic2', { // 2: user B's
    name: 'Wiki login',
    source: 'web',
    credentialJson: { username: 'bob', password: 'correct-horse-battery-staple' },
  }, at);
  store.addCredential('admin', { name: 'File uploads', source: 'file' }, at); // 3: the file pairs'
  store.addCredential('admin', { name: 'Website crawl', source: 'web' }, at); // 4: the web pair's
}

function seedConnectors(store: Store): void {
  const created = SEEDED_AT;
  const base = { inputType: 'load_state' as const, config: {}, refreshFreq: null, pruneFreq: null, created };
  store.addConnector({ ...base, id: 0, name: 'Ingestion API', source: 'ingestion_api' });
  store.addConnector({ ...base, id: 2, name: 'Product docs', source: 'file' });
  store.addConnector({ ...base, id: 3, name: 'Handbook', source: 'file' });
  store.addConnector({
    ...base, id: 4, name: 'Company website', source: 'web', inputType: 'poll', refreshFreq: 86400, pruneFreq: 2592000,
    config: { base_url: 'https://www.example.com/docs', web_connector_type: 'recursive' },
  });
  store.addConnector({ ...base, id: 5, name: 'Orphaned uploads', source: 'file' }); // no pair

  store.addPair({ id: 1, name: 'DefaultCCPair', connectorId: 0, credentialId: 0, accessType: 'public', groups: [], creatorId: null });
  const admin = store.principal('admin').user.id;
  store.addPair({ id: 2, name: 'Product docs', connectorId: 2, credentialId: 3, accessType: 'private', groups: [1], creatorId: admin });
  store.addPair({ id: 3, name: 'Handbook', connectorId: 3, credentialId: 3, accessType: 'public', groups: [], creatorId: admin });
  store.addPair({ id: 4, name: 'Company website', connectorId: 4, credentialId: 4, accessType: 'private', groups: [2], creatorId: admin });

  store.addConnectorFiles(2, [
    { fileName: 'getting-started.md', size: 2048, uploadedAt: '2026-08-01T09:00:00.123Z' },
    { fileName: 'api-reference.md', size: 10240, uploadedAt: '2026-08-02T10:30:00.000Z' },
    { fileName: 'legacy-notes.txt', size: null, uploadedAt: null },
  ]);
  store.addConnectorFiles(3, [
    { fileName: 'employee-handbook.pdf', size: 524288, uploadedAt: '2026-07-15T12:00:00.500Z' },
    { fileName: 'onboarding-checklist.md', size: 4096, uploadedAt: '2026-07-16T08:45:10.000Z' },
  ]);
}

export function seed(store: Store, name: SeedName): void {
  seedPrincipals(store);
  seedCredentials(store);
  seedConnectors(store);
  if (name === 'demo') {
    store.addConnectorFiles(2, 300);
    store.addUserFile('admin', { name: 'architecture-diagram.png', status: 'COMPLETED', size: 48_213, createdAt: SEEDED_AT });
    store.addUserFile('admin', { name: 'release-notes.md', status: 'COMPLETED', size: 6_144, createdAt: SEEDED_AT });
    store.addUserFile('admin', { name: 'broken-export-fail.pdf', status: 'FAILED', size: 91_337, createdAt: SEEDED_AT });
  }
}
