// Issue 36, item 6: the local service's search routes rank what it holds, per server version, as the real server does.
import assert from 'node:assert/strict';
import { startService, type LocalService } from '../../service';
import { probe } from '../../service/probe';
import { CHUNK_CHARS } from '../../service/searchIndex';

interface Entry { document_id: string; chunk_ind: number; semantic_identifier: string; link: string | null; source_type: string; score: number; match_highlights: string[]; blurb: string }

const long = (word: string) => Array.from({ length: Math.ceil((CHUNK_CHARS * 1.5) / 6) }, () => word).join(' ');

describe('local service: search (issue 36)', () => {
  let service: LocalService;
  before(async () => { service = await startService({ dialect: 'observed' }); });
  after(async () => { await service.close(); });
  beforeEach(() => service.setSearch({ version: 'v4.6.1', llm: true, vectorIndex: true }));

  async function ingest(id: string, title: string, sections: { text: string; link?: string }[], extra: Record<string, unknown> = {}): Promise<void> {
    const r = await probe(service, service.ingestionPath, {
      key: service.keys.admin, json: { document: { id, semantic_identifier: title, sections, metadata: {}, ...extra }, cc_pair_id: 2 },
    });
    assert.equal(r.status, 200, r.text);
  }

  async function send(query: string, extra: Record<string, unknown> = {}, key = service.keys.basic): Promise<Entry[]> {
    const r = await probe(service, 'search/send-search-message', { key, json: { search_query: query, filters: {}, stream: false, ...extra } });
    assert.equal(r.status, 200, r.text);
    return (r.json as { search_docs: Entry[] }).search_docs;
  }

  before(async () => {
    await ingest('install', 'Installing the widget', [
      { text: 'Installing on Linux: unpack the tarball and run the installer script.', link: 'https://docs.example.com/install#linux' },
      { text: 'Installing on Windows: run the setup wizard.', link: 'https://docs.example.com/install#windows' },
    ]);
    await ingest('old-install', 'Old install notes', [{ text: 'The installer script used to need root on Linux.' }], { source: 'file' });
    await ingest('billing', 'Billing', [{ text: 'Invoices arrive monthly.' }]);
    await ingest('big', 'Glossary', [{ text: long('gizmo'), link: 'https://docs.example.com/glossary#a' }, { text: `Wombat ${long('gizmo')}`, link: 'https://docs.example.com/glossary#b' }]);
  });

  it('send-search-message ranks the held chunks: the page that says it first, one entry per matching chunk', async () => {
    const docs = await send('installer script linux');
    assert.deepEqual(docs.map((d) => d.document_id).slice(0, 2).sort(), ['install', 'old-install']);
    assert.ok(!docs.some((d) => d.document_id === 'billing'));
    const install = docs.find((d) => d.document_id === 'install')!;
    assert.equal(install.link, 'https://docs.example.com/install#linux', 'the section holding the words is the citation');
    assert.equal(install.semantic_identifier, 'Installing the widget');
    assert.ok(install.score > 0);
    assert.ok(install.match_highlights.some((h) => h.includes('<hi>Linux</hi>')), JSON.stringify(install.match_highlights));
    const glossary = await send('gizmo');
    // Each section is one and a half chunks long: cut into a full piece and a half, and a half never takes a full one.
    assert.deepEqual(glossary.map((d) => `${d.document_id}#${d.chunk_ind}`).sort(), ['big#0', 'big#1', 'big#2', 'big#3']);
    assert.equal((await send('wombat'))[0]?.link, 'https://docs.example.com/glossary#b');
  });

  it('the title is in every chunk; num_hits bounds the entries', async () => {
    const byTitle = await send('glossary');
    assert.equal(byTitle.length, 4, 'each chunk starts with the title');
    assert.equal((await send('glossary', { num_hits: 2 })).length, 2);
  });

  it('a document is searchable as soon as its POST returned, a changed one as changed, a deleted one gone', async () => {
    await ingest('fresh', 'Fresh page', [{ text: 'Quokkas are friendly.' }]);
    assert.deepEqual((await send('quokkas')).map((d) => d.document_id), ['fresh']);
    await ingest('fresh', 'Fresh page', [{ text: 'Numbats eat termites.' }]);
    assert.deepEqual(await send('quokkas'), []);
    assert.deepEqual((await send('numbats')).map((d) => d.document_id), ['fresh']);
    const del = await probe(service, 'onyx-api/ingestion/fresh', { method: 'DELETE', key: service.keys.admin });
    assert.equal(del.status, 200, del.text);
    assert.deepEqual(await send('numbats'), []);
  });

  it('filters by source_type; before v4.1 a document sent without source reads as file', async () => {
    assert.deepEqual((await send('installer', { filters: { source_type: ['file'] } })).map((d) => d.document_id), ['old-install']);
    assert.deepEqual((await send('installer', { filters: { source_type: ['ingestion_api'] } })).map((d) => d.document_id), ['install']);
    service.setSearch({ version: 'v4.0.3' });
    assert.deepEqual((await send('installer', { filters: { source_type: ['file'] } })).map((d) => d.document_id).sort(), ['install', 'old-install']);
  });

  it('v2.5 to v2.9: document-search instead of send-search-message, failing without an LLM', async () => {
    service.setSearch({ version: 'v2.7.0' });
    const gone = await probe(service, 'search/send-search-message', { json: { search_query: 'linux' } });
    assert.equal(gone.status, 404, 'missing before authentication');
    assert.deepEqual(gone.json, { detail: 'Not Found' });
    const r = await probe(service, 'query/document-search', {
      key: service.keys.basic, json: { message: 'installer linux', retrieval_options: { filters: {}, enable_auto_detect_filters: false, offset: 0, limit: 1 }, evaluation_type: 'skip' },
    });
    assert.equal(r.status, 200, r.text);
    assert.equal((r.json as { top_documents: Entry[] }).top_documents.length, 1);
    service.setSearch({ llm: false });
    const noLlm = await probe(service, 'query/document-search', { key: service.keys.basic, json: { message: 'linux' } });
    assert.equal(noLlm.status, 400);
    assert.deepEqual(noLlm.json, { message: 'No default LLM provider found' });
    service.setSearch({ version: 'v2.10.0' });
    assert.equal((await probe(service, 'query/document-search', { key: service.keys.basic, json: { message: 'linux' } })).status, 404, 'removed in v2.10');
  });

  it('admin/search: curators and admins only, the best chunk per document, on every version', async () => {
    service.setSearch({ version: 'v2.0.0' });
    const basic = await probe(service, 'admin/search', { key: service.keys.basic, json: { query: 'gizmo', filters: {} } });
    assert.equal(basic.status, 403);
    for (const key of [service.keys.admin, service.keys.curator, service.keys.groupManager]) {
      const r = await probe(service, 'admin/search', { key, json: { query: 'gizmo', filters: {} } });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual((r.json as { documents: Entry[] }).documents.map((d) => d.document_id), ['big']);
    }
  });

  it('without a vector index every search route answers 501 before authentication; GET version needs no key', async () => {
    service.setSearch({ vectorIndex: false, version: 'v3.2.1' });
    for (const path of ['search/send-search-message', 'admin/search']) {
      const r = await probe(service, path, { json: { query: 'x', search_query: 'x' } });
      assert.equal(r.status, 501, path);
    }
    const v = await probe(service, 'version', { key: 'on_not_a_key' });
    assert.equal(v.status, 200);
    assert.deepEqual(v.json, { backend_version: 'v3.2.1' });
  });

  it('an invalid body is the dialect\'s 422', async () => {
    const r = await probe(service, 'search/send-search-message', { key: service.keys.basic, json: { query: 'x' } });
    assert.equal(r.status, 422);
    assert.match(r.text, /search_query/);
  });
});
