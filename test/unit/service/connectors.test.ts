import assert from 'node:assert/strict';
import { startService, type DialectName, type LocalService } from '../../service';
import { probe } from '../../service/probe';

interface FileInfo {
  file_id: string;
  file_name: string;
  file_size: number | null;
  upload_date: string | null;
}

for (const dialect of ['spec', 'observed'] as DialectName[]) {
  describe(`local service: connector files (${dialect} dialect)`, () => {
    let service: LocalService;
    before(async () => { service = await startService({ dialect }); });
    after(async () => { await service.close(); });

    const files = (key: string, connector: string | number) => probe(service, `manage/admin/connector/${connector}/files`, { key });

    it('lists a file connector\'s files in stored order, with null sizes and dates', async () => {
      const r = await files(service.keys.curator, 2);
      assert.equal(r.status, 200);
      const list = (r.json as { files: FileInfo[] }).files;
      assert.deepEqual(list.map((f) => f.file_name), ['getting-started.md', 'api-reference.md', 'legacy-notes.txt']);
      assert.deepEqual(list.map((f) => f.file_id), service.connectorFiles(2).map((f) => f.fileId));
      assert.equal(list[0]?.file_size, 2048);
      assert.equal(list[0]?.upload_date, dialect === 'observed' ? '2026-08-01T09:00:00.123000+00:00' : '2026-08-01T09:00:00.123Z');
      assert.equal(list[1]?.upload_date, dialect === 'observed' ? '2026-08-02T10:30:00+00:00' : '2026-08-02T10:30:00.000Z');
      assert.equal(list[2]?.file_size, null);
      assert.equal(list[2]?.upload_date, null);
    });

    it('shows files added by the seeding helper, a missing name as the file id', async () => {
      const added = service.addConnectorFiles(3, [{ fileName: null, size: 5 }, {}]);
      assert.equal(service.addConnectorFiles(3, 250).length, 250);
      const list = ((await files(service.keys.admin, 3)).json as { files: FileInfo[] }).files;
      assert.equal(list.length, 2 + 2 + 250);
      assert.equal(list[2]?.file_name, added[0]?.fileId);
      assert.equal(list[2]?.file_size, 5);
    });

    it('refuses group managers and basic users', async () => {
      for (const key of [service.keys.groupManager, service.keys.basic]) {
        const r = await files(key, 2);
        assert.equal(r.status, 403);
      }
    });

    it('answers unknown, non-file, pair-less and non-integer connectors', async () => {
      assert.deepEqual((await files(service.keys.admin, 77)).json, { detail: 'Connector not found' });
      const web = await files(service.keys.admin, 4);
      assert.equal(web.status, 400);
      assert.deepEqual(web.json, { detail: 'This endpoint only works with file connectors' });
      const orphan = await files(service.keys.admin, 5);
      assert.equal(orphan.status, 404);
      assert.deepEqual(orphan.json, { detail: 'No Connector-Credential Pair found for this connector' });
      const bad = await files(service.keys.admin, 'abc');
      assert.equal(bad.status, 422);
      assert.match(bad.text, /connector_id/);
    });
  });

  describe(`local service: credentials (${dialect} dialect)`, () => {
    let service: LocalService;
    beforeEach(async () => { service = await startService({ dialect }); });
    afterEach(async () => { await service.close(); });

    const body = { credential_json: { api_token: 'new-token-value-123456' }, admin_public: false, source: 'file' };
    const patch = (key: string, id: string | number, json: unknown) => probe(service, `manage/credential/${id}`, { key, method: 'PATCH', json });

    it('replaces credential_json of the caller\'s own credential', async () => {
      const r = await patch(service.keys.basic, 1, body);
      assert.equal(r.status, 200);
      assert.deepEqual(service.credential(1)?.credentialJson, { api_token: 'new-token-value-123456' });
      const snap = r.json as Record<string, unknown>;
      assert.equal(snap.id, 1);
      assert.equal(snap.user_id, service.users.basic.id);
      if (dialect === 'observed') {
        assert.deepEqual(snap.credential_json, { api_token: 'new-...3456' });
        assert.equal(snap.user_email, null);
        assert.deepEqual(snap.groups, []);
      } else {
        assert.deepEqual(snap.credential_json, { api_token: 'new-token-value-123456' });
        assert.equal(snap.user_email, service.users.basic.email);
      }
    });

    it('refuses another user\'s credential and an unknown one', async () => {
      for (const id of [2, 999]) {
        const r = await patch(service.keys.basic, id, body);
        assert.equal(r.status, dialect === 'observed' ? 401 : 404);
        assert.deepEqual(r.json, { detail: `Credential ${id} does not exist or does not belong to user` });
      }
      assert.deepEqual(service.credential(2)?.credentialJson, { username: 'bob', password: 'correct-horse-battery-staple' });
    });

    it('validates the id and the body', async () => {
      const badId = await patch(service.keys.basic, 'x', body);
      assert.equal(badId.status, 422);
      const partial = await patch(service.keys.basic, 1, { credential_json: { a: 'b' } });
      assert.equal(partial.status, dialect === 'observed' ? 422 : 200, 'admin_public and source are required by the real server');
      if (dialect === 'observed') assert.match((partial.json as { message: string }).message, /^2 validation errors: /);
      const wrongType = await patch(service.keys.basic, 1, { ...body, credential_json: 'x' });
      assert.equal(wrongType.status, 422);
    });

    it('lets a seeded credential be added and patched by its owner', async () => {
      const c = service.addCredential('basic2', { name: 'extra', credentialJson: { k: 'v' } });
      assert.equal((await patch(service.keys.basic2, c.id, body)).status, 200);
      assert.equal((await patch(service.keys.basic, c.id, body)).status, dialect === 'observed' ? 401 : 404);
    });
  });
}

describe('local service: connector status and credential listing (observed dialect)', () => {
  let service: LocalService;
  before(async () => { service = await startService({ dialect: 'observed' }); });
  after(async () => { await service.close(); });

  interface Status {
    cc_pair_id: number;
    name: string;
    connector: { id: number; source: string; name: string };
    credential: { credential_json: Record<string, unknown> };
    access_type: string;
    groups: number[];
  }

  const status = async (key: string) => {
    const r = await probe(service, 'manage/admin/connector/status', { key });
    return { status: r.status, list: r.json as Status[] };
  };

  it('lists every pair but the default one for admins', async () => {
    const r = await status(service.keys.admin);
    assert.equal(r.status, 200);
    assert.deepEqual(r.list.map((s) => [s.cc_pair_id, s.connector.id, s.connector.source, s.access_type]),
      [[2, 2, 'file', 'private'], [3, 3, 'file', 'public'], [4, 4, 'web', 'private']]);
    assert.deepEqual(r.list[0]?.groups, [1]);
    assert.equal(r.list[0]?.name, 'Product docs');
  });

  it('shows a group manager public pairs and its groups\' pairs only, and refuses basic users', async () => {
    assert.deepEqual((await status(service.keys.groupManager)).list.map((s) => s.cc_pair_id), [2, 3]);
    const basic = await status(service.keys.basic);
    assert.equal(basic.status, 403);
  });

  it('masks credential secrets: long strings, short strings, numbers, nested; keeps booleans and pass-through keys', async () => {
    const r = await probe(service, 'manage/credential/1', { key: service.keys.basic });
    assert.equal(r.status, 200);
    const snap = r.json as { credential_json: Record<string, unknown>; user_email: string; groups: unknown[] };
    assert.deepEqual(snap.credential_json, {
      api_token: 'sk_l...a4Yc',
      username: 'alic....com',
      pin: '••••••••••••',
      port: '*****',
      verify_ssl: true,
      authentication_method: 'oauth',
      scopes: ['read', 'write'],
      oauth: { client_id: '••••••••••••', client_secret: 'cs_9...1706' },
    });
    assert.equal(snap.user_email, service.users.basic.email);
    assert.deepEqual(snap.groups, []);
  });

  it('lists own credentials for basic users and shared-source ones for admins', async () => {
    const ids = async (key: string) => ((await probe(service, 'manage/credential', { key })).json as { id: number }[]).map((c) => c.id);
    assert.deepEqual(await ids(service.keys.basic), [1]);
    assert.deepEqual(await ids(service.keys.admin), [0, 1, 2, 3, 4]);
    assert.equal((await probe(service, 'manage/credential/2', { key: service.keys.basic })).status, 401);
  });
});

describe('local service: demo seed', () => {
  it('has enough files to page through and user files for the demo (admin) key', async () => {
    const service = await startService({ seed: 'demo' });
    try {
      const r = await probe(service, 'manage/admin/connector/2/files', { key: service.keys.admin });
      const files = (r.json as { files: { file_name: string }[] }).files;
      assert.equal(files.length, 303);
      assert.equal(new Set(files.map((f) => f.file_name)).size, 303, 'names are distinct');
      const mine = service.userFiles().filter((f) => f.userId === service.users.admin.id);
      assert.deepEqual(mine.map((f) => f.status), ['COMPLETED', 'COMPLETED', 'FAILED']);
      const statuses = await probe(service, 'user/projects/file/statuses', { key: service.keys.admin, json: { file_ids: mine.map((f) => f.id) } });
      assert.equal((statuses.json as unknown[]).length, 3);
    } finally {
      await service.close();
    }
  });
});
