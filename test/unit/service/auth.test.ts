import assert from 'node:assert/strict';
import { startService, type LocalService } from '../../service';
import { probe } from '../../service/probe';

const doc = { id: 'auth-doc', semantic_identifier: 'Auth', sections: [{ text: 'hello' }], source: 'file', metadata: {} };

describe('local service: authentication and errors (observed dialect)', () => {
  let service: LocalService;
  before(async () => { service = await startService({ dialect: 'observed' }); });
  after(async () => { await service.close(); });

  const notAuthenticated = { detail: 'Access denied. User is not authenticated.' };

  it('answers a missing Authorization header with 403, never 401', async () => {
    const r = await probe(service, 'user/projects/file/statuses', { json: { file_ids: [] } });
    assert.equal(r.status, 403);
    assert.deepEqual(r.json, notAuthenticated);
  });

  it('answers an unknown on_ key with 403 "not authenticated"', async () => {
    const r = await probe(service, 'user/projects/file/statuses', { key: 'on_doesnotexist0123456789', json: { file_ids: [] } });
    assert.equal(r.status, 403);
    assert.deepEqual(r.json, notAuthenticated);
  });

  it('takes a bearer token without a known prefix for a session token', async () => {
    const r = await probe(service, 'user/projects/file/statuses', { key: 'randomgarbage', json: { file_ids: [] } });
    assert.equal(r.status, 403);
    assert.deepEqual(r.json, { error_code: 'SESSION_UNRECOGNIZED', detail: 'Session not recognized. Please log in again.' });
  });

  it('refuses a service account without permissions everywhere', async () => {
    const r = await probe(service, 'user/projects/file/statuses', { key: service.keys.limited, json: { file_ids: [] } });
    assert.equal(r.status, 403);
    assert.deepEqual(r.json, { detail: 'Access denied. User has limited permissions.' });
  });

  it('accepts an API key without "Bearer" and in X-Onyx-Authorization', async () => {
    const raw = await probe(service, 'user/projects/file/statuses', { headers: { authorization: service.keys.basic }, json: { file_ids: [] } });
    assert.equal(raw.status, 200);
    assert.deepEqual(raw.json, []);
    const onyx = await probe(service, 'user/projects/file/statuses', {
      headers: { 'x-onyx-authorization': `Bearer ${service.keys.basic}`, authorization: 'Bearer wrong' }, json: { file_ids: [] },
    });
    assert.equal(onyx.status, 200);
  });

  it('answers a missing permission with INSUFFICIENT_PERMISSIONS', async () => {
    const r = await probe(service, service.ingestionPath, { key: service.keys.basic, json: { document: doc, cc_pair_id: 2 } });
    assert.equal(r.status, 403);
    assert.deepEqual(r.json, { error_code: 'INSUFFICIENT_PERMISSIONS', detail: 'You do not have the required permissions for this action.' });
    assert.equal(service.document('auth-doc'), undefined);
  });

  it('rejects malformed JSON with the custom 422 body before authentication', async () => {
    const r = await probe(service, service.ingestionPath, { body: '{"document": ', headers: { 'content-type': 'application/json' } });
    assert.equal(r.status, 422);
    const body = r.json as { status_code: number; message: string; data: unknown };
    assert.equal(body.status_code, 422);
    assert.equal(body.data, null);
    assert.match(body.message, /^1 validation error: \{'type': 'json_invalid', 'loc': \('body', \d+\), 'msg': 'JSON decode error'/);
    assert.match(body.message, / {3}POST \/onyx-api\/ingestion$/);
  });

  it('checks authentication before path validation', async () => {
    const r = await probe(service, 'manage/admin/connector/abc/files');
    assert.equal(r.status, 403);
  });

  it('answers unknown routes with 404 Not Found and wrong methods with 405', async () => {
    const unknown = await probe(service, 'no/such/route', { key: service.keys.admin });
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.json, { detail: 'Not Found' });
    const wrongMethod = await probe(service, 'manage/admin/connector/status', { key: service.keys.admin, method: 'DELETE' });
    assert.equal(wrongMethod.status, 405);
    assert.equal(wrongMethod.headers.get('allow'), 'GET');
  });

  it('tells who a key belongs to on GET /me and 403 Unauthorized without one', async () => {
    const r = await probe(service, 'me', { key: service.keys.groupManager });
    assert.equal(r.status, 200);
    const me = r.json as { email: string; is_group_manager: boolean; effective_permissions: string[] };
    assert.equal(me.email, service.users.groupManager.email);
    assert.equal(me.is_group_manager, true);
    const anonymous = await probe(service, 'me', { key: 'on_unknown' });
    assert.equal(anonymous.status, 403);
    assert.deepEqual(anonymous.json, { detail: 'Unauthorized' });
  });

  it('logs every request with its status', async () => {
    service.clearRequests();
    await probe(service, 'me?x=1', { key: service.keys.admin });
    assert.equal(service.requests.length, 1);
    const [rec] = service.requests;
    assert.equal(rec?.method, 'GET');
    assert.equal(rec?.path, '/api/me?x=1');
    assert.equal(rec?.status, 200);
    assert.equal(rec?.headers.authorization, `Bearer ${service.keys.admin}`);
  });
});

describe('local service: authentication and errors (spec dialect)', () => {
  let service: LocalService;
  before(async () => { service = await startService({ dialect: 'spec' }); });
  after(async () => { await service.close(); });

  it('answers missing and unknown keys with 401 Not authenticated', async () => {
    for (const key of [undefined, 'on_doesnotexist', 'randomgarbage']) {
      const r = await probe(service, 'user/projects/file/statuses', { key, json: { file_ids: [] } });
      assert.equal(r.status, 401, `key ${key}`);
      assert.deepEqual(r.json, { detail: 'Not authenticated' });
      assert.equal(r.headers.get('www-authenticate'), 'Bearer');
    }
  });

  it('requires the Bearer scheme', async () => {
    const r = await probe(service, 'user/projects/file/statuses', { headers: { authorization: service.keys.basic }, json: { file_ids: [] } });
    assert.equal(r.status, 401);
  });

  it('treats a service account without permissions as basic', async () => {
    const statuses = await probe(service, 'user/projects/file/statuses', { key: service.keys.limited, json: { file_ids: [] } });
    assert.equal(statuses.status, 200);
    const ingest = await probe(service, service.ingestionPath, { key: service.keys.limited, json: { document: doc, cc_pair_id: 2 } });
    assert.equal(ingest.status, 403);
  });

  it('answers a missing permission with 403 {detail}', async () => {
    const r = await probe(service, service.ingestionPath, { key: service.keys.basic, json: { document: doc, cc_pair_id: 2 } });
    assert.equal(r.status, 403);
    assert.deepEqual(Object.keys(r.json as object), ['detail']);
  });

  it('rejects malformed JSON with an HTTPValidationError before authentication', async () => {
    const r = await probe(service, service.ingestionPath, { body: '{"document": ', headers: { 'content-type': 'application/json' } });
    assert.equal(r.status, 422);
    const body = r.json as { detail: { type: string; loc: unknown[]; msg: string }[] };
    assert.equal(body.detail.length, 1);
    assert.equal(body.detail[0]?.type, 'json_invalid');
    assert.equal(body.detail[0]?.loc[0], 'body');
  });

  it('has no observed-only routes', async () => {
    for (const path of ['me', 'manage/admin/connector/status', 'onyx-api/ingestion', 'user/projects/file/upload']) {
      const r = await probe(service, path, { key: service.keys.admin, method: path.includes('upload') || path.includes('ingestion') ? 'POST' : 'GET' });
      assert.equal(r.status, 404, path);
      assert.deepEqual(r.json, { detail: 'Not Found' });
    }
  });
});
