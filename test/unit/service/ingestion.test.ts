import assert from 'node:assert/strict';
import { startService, type DialectName, type LocalService } from '../../service';
import { probe } from '../../service/probe';

function doc(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { id: 'guide', semantic_identifier: 'Guide', sections: [{ text: 'Hello' }], source: 'file', metadata: {}, ...extra };
}

for (const dialect of ['spec', 'observed'] as DialectName[]) {
  describe(`local service: ingestion permissions and upserts (${dialect} dialect)`, () => {
    let service: LocalService;
    beforeEach(async () => { service = await startService({ dialect }); });
    afterEach(async () => { await service.close(); });

    const ingest = (key: string, body: unknown) => probe(service, service.ingestionPath, { key, json: body });

    it('lets a group manager ingest into its group\'s pair 2 but not into the default pair or others', async () => {
      const key = service.keys.groupManager;
      assert.equal((await ingest(key, { document: doc({ id: 'gm-2' }), cc_pair_id: 2 })).status, 200);
      assert.equal(service.document('gm-2')?.ccPairId, 2);
      for (const body of [
        { document: doc({ id: 'gm-1' }), cc_pair_id: 1 },
        { document: doc({ id: 'gm-none' }) },
        { document: doc({ id: 'gm-3' }), cc_pair_id: 3 }, // public
        { document: doc({ id: 'gm-4' }), cc_pair_id: 4 }, // group 2, not managed
      ]) {
        const r = await ingest(key, body);
        assert.equal(r.status, 403, JSON.stringify(body));
        assert.match(JSON.stringify(r.json), /Connection not found for current user's permissions/);
      }
      assert.deepEqual(service.documents().map((d) => d.id), ['gm-2']);
    });

    it('lets admin and curator ingest into any pair; no cc_pair_id means the default pair', async () => {
      assert.equal((await ingest(service.keys.curator, { document: doc({ id: 'c-1' }), cc_pair_id: 4 })).status, 200);
      assert.equal((await ingest(service.keys.admin, { document: doc({ id: 'a-1' }) })).status, 200);
      assert.equal(service.document('a-1')?.ccPairId, 1);
      assert.equal(service.document('a-1')?.owner.principal, 'admin');
    });

    it('answers an unknown pair with 404', async () => {
      const r = await ingest(service.keys.admin, { document: doc(), cc_pair_id: 99 });
      assert.equal(r.status, 404);
      const expected = dialect === 'observed'
        ? { error_code: 'CONNECTOR_NOT_FOUND', detail: 'Connector-Credential Pair specified does not exist' }
        : { detail: 'Connector-Credential Pair specified does not exist' };
      assert.deepEqual(r.json, expected);
    });

    it('creates, then updates: already_existed false, then true, counted per id', async () => {
      const first = await ingest(service.keys.admin, { document: doc(), cc_pair_id: 2 });
      const second = await ingest(service.keys.admin, { document: doc({ sections: [{ text: 'Changed' }] }), cc_pair_id: 2 });
      const expectFirst = dialect === 'observed' ? { document_id: 'guide', already_existed: false } : { already_existed: false };
      const expectSecond = dialect === 'observed' ? { document_id: 'guide', already_existed: true } : { already_existed: true };
      assert.deepEqual(first.json, expectFirst);
      assert.deepEqual(second.json, expectSecond);
      const stored = service.document('guide');
      assert.equal(stored?.upserts, 2);
      assert.equal(stored?.writes, 2);
      assert.equal(stored?.sections[0]?.text, 'Changed');
      assert.deepEqual((stored?.received as { sections: unknown }).sections, [{ text: 'Changed' }]);
      assert.equal(service.documents().length, 1);
    });

    it('refuses an id that names a user file with 400', async () => {
      const file = service.addUserFile('admin', { name: 'x.md' });
      const r = await ingest(service.keys.admin, { document: doc({ id: file.id }), cc_pair_id: 2 });
      assert.equal(r.status, 400);
      assert.match(r.text, /Document ID is reserved for a user file/);
    });

    it('records image sections and image ids that name no upload', async () => {
      const file = service.addUserFile('admin', { name: 'pic.png' });
      const sections = [{ type: 'image', image_file_id: file.fileId, text: 'caption' }, { image_file_id: 'nope' }, { text: 't', image_file_id: 'x' }];
      const r = await ingest(service.keys.admin, { document: doc({ sections }), cc_pair_id: 2 });
      assert.equal(r.status, 200);
      const stored = service.document('guide');
      assert.deepEqual(stored?.sections.map((s) => s.type), ['image', 'image', 'text']);
      assert.deepEqual(stored?.missingImageFileIds, ['nope', 'x']);
    });
  });
}

describe('local service: ingestion documents (observed dialect)', () => {
  let service: LocalService;
  beforeEach(async () => { service = await startService({ dialect: 'observed' }); });
  afterEach(async () => { await service.close(); });

  const ingest = (body: unknown) => probe(service, service.ingestionPath, { key: service.keys.admin, json: body });

  it('normalises ids with make_url_compatible, on every request', async () => {
    const cases: [string, string][] = [['a/b c', 'a%2Fb_c'], ['100%', '100%25'], ['a%2Fb_c', 'a%252Fb_c'], ['ok-._~', 'ok-._~'], ['é', '%C3%A9']];
    for (const [sent, stored] of cases) {
      const r = await ingest({ document: doc({ id: sent }), cc_pair_id: 2 });
      assert.deepEqual(r.json, { document_id: stored, already_existed: false }, sent);
      assert.ok(service.document(stored));
    }
  });

  it('derives a missing id from the title, so id-less documents with one title overwrite each other', async () => {
    const { id: _id, ...noId } = doc({ semantic_identifier: 'Release notes 2.0' });
    const first = await ingest({ document: noId, cc_pair_id: 2 });
    const second = await ingest({ document: { ...noId, sections: [{ text: 'other' }] }, cc_pair_id: 2 });
    assert.deepEqual(first.json, { document_id: 'ingestion_api_Release_notes_2.0', already_existed: false });
    assert.deepEqual(second.json, { document_id: 'ingestion_api_Release_notes_2.0', already_existed: true });
  });

  it('requires metadata (422) and answers a non-object metadata with 500', async () => {
    const { metadata: _m, ...noMeta } = doc();
    const missing = await ingest({ document: noMeta, cc_pair_id: 2 });
    assert.equal(missing.status, 422);
    assert.match((missing.json as { message: string }).message, /\{'type': 'missing', 'loc': \('body', 'document', 'metadata'\), 'msg': 'Field required'/);
    const notObject = await ingest({ document: doc({ metadata: null }), cc_pair_id: 2 });
    assert.equal(notObject.status, 500);
    assert.deepEqual(notObject.json, { detail: "'NoneType' object has no attribute 'items'" });
  });

  it('turns metadata values into strings as Python str() does', async () => {
    await ingest({ document: doc({ metadata: { n: 1, b: true, z: null, l: ['x', 2, false], s: 'text' } }), cc_pair_id: 2 });
    assert.deepEqual(service.document('guide')?.metadata, { n: '1', b: 'True', z: 'None', l: ['x', '2', 'False'], s: 'text' });
  });

  it('stores an omitted source as ingestion_api and rejects an unknown one', async () => {
    const { source: _s, ...noSource } = doc();
    assert.equal((await ingest({ document: noSource, cc_pair_id: 2 })).status, 200);
    assert.equal(service.document('guide')?.source, 'ingestion_api');
    const bad = await ingest({ document: doc({ source: 'File' }), cc_pair_id: 2 });
    assert.equal(bad.status, 422);
    assert.match((bad.json as { message: string }).message, /'type': 'enum', 'loc': \('body', 'document', 'source'\)/);
  });

  it('treats cc_pair_id 0 as the default pair', async () => {
    await ingest({ document: doc(), cc_pair_id: 0 });
    assert.equal(service.document('guide')?.ccPairId, 1);
  });

  it('reports a section matching no member once per member, with class names in loc', async () => {
    const r = await ingest({ document: doc({ sections: [{ link: 'https://x' }] }), cc_pair_id: 2 });
    assert.equal(r.status, 422);
    const message = (r.json as { message: string }).message;
    assert.match(message, /^\d validation errors: /);
    assert.match(message, /'loc': \('body', 'document', 'sections', 0, 'TextSection', 'text'\)/);
    assert.match(message, /'loc': \('body', 'document', 'sections', 0, 'ImageSection', 'image_file_id'\)/);
  });

  it('skips an unchanged re-ingest with the same doc_updated_at, and a naive doc_updated_at on an existing doc', async () => {
    const at = '2026-09-01T10:00:00Z';
    await ingest({ document: doc({ doc_updated_at: at }), cc_pair_id: 2 });
    const again = await ingest({ document: doc({ doc_updated_at: at }), cc_pair_id: 2 });
    assert.deepEqual(again.json, { document_id: 'guide', already_existed: true });
    assert.equal(service.document('guide')?.writes, 1);
    assert.equal(service.document('guide')?.upserts, 2);
    await ingest({ document: doc({ doc_updated_at: '2026-09-02T10:00:00', sections: [{ text: 'new' }] }), cc_pair_id: 2 });
    assert.equal(service.document('guide')?.sections[0]?.text, 'Hello', 'a naive timestamp changes nothing');
    await ingest({ document: doc({ doc_updated_at: '2026-09-02T10:00:00+02:00', sections: [{ text: 'new' }] }), cc_pair_id: 2 });
    assert.equal(service.document('guide')?.sections[0]?.text, 'new');
    assert.equal(service.document('guide')?.docUpdatedAt, '2026-09-02T08:00:00.000Z');
  });

  it('drops a document without a usable title or text, still answering 200', async () => {
    const r = await ingest({ document: doc({ semantic_identifier: ' ', sections: [] }), cc_pair_id: 2 });
    assert.deepEqual(r.json, { document_id: 'guide', already_existed: true });
    assert.equal(service.document('guide'), undefined);
  });

  it('lists a pair\'s documents and deletes by stored id, with the scoped rules', async () => {
    await ingest({ document: doc({ id: 'a/b', sections: [{ text: 'x', link: 'https://docs/a' }] }), cc_pair_id: 2 });
    const listed = await probe(service, 'onyx-api/connector-docs/2', { key: service.keys.groupManager });
    assert.deepEqual(listed.json, [{ document_id: 'a%2Fb', semantic_id: 'Guide', link: 'https://docs/a' }]);
    const hidden = await probe(service, 'onyx-api/connector-docs/1', { key: service.keys.groupManager });
    assert.equal(hidden.status, 403);
    const missingPair = await probe(service, 'onyx-api/connector-docs/99', { key: service.keys.admin });
    assert.equal(missingPair.status, 403, 'a missing pair is 403, never 404');
    const decoded = await probe(service, 'onyx-api/ingestion/a%2Fb', { key: service.keys.admin, method: 'DELETE' });
    assert.equal(decoded.status, 404, 'an encoded slash reaches the router decoded');
    assert.deepEqual(decoded.json, { detail: 'Not Found' });
    const deleted = await probe(service, 'onyx-api/ingestion/a%252Fb', { key: service.keys.groupManager, method: 'DELETE' });
    assert.equal(deleted.status, 200);
    assert.equal(deleted.text, 'null');
    assert.equal(service.documents().length, 0);
    const gone = await probe(service, 'onyx-api/ingestion/a%252Fb', { key: service.keys.admin, method: 'DELETE' });
    assert.deepEqual(gone.json, { error_code: 'DOCUMENT_NOT_FOUND', detail: 'Document not found' });
  });
});

describe('local service: ingestion documents (spec dialect)', () => {
  let service: LocalService;
  beforeEach(async () => { service = await startService({ dialect: 'spec' }); });
  afterEach(async () => { await service.close(); });

  const ingest = (body: unknown) => probe(service, service.ingestionPath, { key: service.keys.admin, json: body });

  it('stores the id as sent and accepts a document without metadata', async () => {
    const { metadata: _m, ...noMeta } = doc({ id: 'a/b c' });
    const r = await ingest({ document: noMeta, cc_pair_id: 2 });
    assert.deepEqual(r.json, { already_existed: false });
    assert.ok(service.document('a/b c'));
  });

  it('answers validation errors as HTTPValidationError with loc, msg and type', async () => {
    const { source: _s, ...noSource } = doc({ metadata: { n: 1 } });
    const r = await ingest({ document: noSource, cc_pair_id: 'two' });
    assert.equal(r.status, 422);
    const detail = (r.json as { detail: { loc: unknown[]; msg: string; type: string }[] }).detail;
    const summary = detail.map((d) => `${d.type} ${d.loc.join('.')}`);
    assert.ok(summary.includes('int_parsing body.cc_pair_id'), summary.join('; '));
    assert.ok(summary.includes('missing body.document.source'), summary.join('; '));
    assert.ok(summary.includes('string_type body.document.metadata.n.str'), summary.join('; '));
    for (const d of detail) assert.equal(typeof d.msg, 'string');
  });
});
