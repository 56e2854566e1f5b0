import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { startService, type DialectName, type LocalService, type ServiceOptions } from '../../service';
import { probe } from '../../service/probe';

interface Snapshot {
  id: string;
  file_id: string;
  name: string;
  status: string;
  project_id: unknown;
  created_at: string;
  chat_file_type: string;
  chunk_count: number | null;
  temp_id: string | null;
}

interface UploadResult {
  user_files: Snapshot[];
  rejected_files: { file_name: string; reason: string }[];
}

function form(files: { name: string; text: string; type?: string }[], extra: Record<string, string> = {}): FormData {
  const fd = new FormData();
  for (const f of files) fd.append('files', new Blob([f.text], f.type ? { type: f.type } : {}), f.name);
  for (const [k, v] of Object.entries(extra)) fd.append(k, v);
  return fd;
}

/** Polls the service's state until the file has the status, or fails after timeoutMs. */
async function waitForStatus(service: LocalService, id: string, status: string, timeoutMs = 3000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (service.userFile(id)?.status !== status) {
    if (Date.now() > end) assert.fail(`file ${id} stayed ${service.userFile(id)?.status}, expected ${status}`);
    await sleep(10);
  }
}

for (const dialect of ['spec', 'observed'] as DialectName[]) {
  describe(`local service: user files (${dialect} dialect)`, () => {
    let service: LocalService;
    const start = async (options: ServiceOptions = {}) => { service = await startService({ dialect, autoProcess: false, ...options }); };
    afterEach(async () => { await service.close(); });

    const statuses = (key: string, ids: unknown) => probe(service, 'user/projects/file/statuses', { key, json: { file_ids: ids } });

    it('returns only the caller\'s files, in an order clients cannot rely on', async () => {
      await start();
      const mine = [service.addUserFile('basic', { name: 'a.md' }), service.addUserFile('basic', { name: 'b.md' }), service.addUserFile('basic', { name: 'c.md' })];
      const foreign = service.addUserFile('basic2', { name: 'theirs.md' });
      const unknown = '00000000-0000-4000-8000-000000000000';
      const r = await statuses(service.keys.basic, [...mine.map((f) => f.id), foreign.id, unknown]);
      assert.equal(r.status, 200);
      const ids = (r.json as Snapshot[]).map((s) => s.id);
      assert.deepEqual([...ids].sort(), mine.map((f) => f.id).sort());
      assert.notDeepEqual(ids, mine.map((f) => f.id));
    });

    it('treats DELETING files per dialect', async () => {
      await start();
      const f = service.addUserFile('basic', { name: 'gone.md', status: 'DELETING' });
      const r = await statuses(service.keys.basic, [f.id]);
      assert.equal((r.json as Snapshot[]).length, dialect === 'spec' ? 1 : 0);
    });

    it('rejects a non-UUID id with 422', async () => {
      await start();
      const r = await statuses(service.keys.basic, ['not-a-uuid']);
      assert.equal(r.status, 422);
      assert.match(r.text, /uuid_parsing/);
    });

    it('prints the record fields in the dialect\'s shapes', async () => {
      await start();
      const f = service.addUserFile('basic', { name: 'table.csv', createdAt: new Date('2026-09-01T10:00:00.250Z') });
      const [s] = (await statuses(service.keys.basic, [f.id.toUpperCase()])).json as Snapshot[];
      assert.equal(s?.project_id, null);
      assert.equal(s?.chat_file_type, dialect === 'spec' ? 'csv' : 'tabular');
      assert.equal(s?.created_at, dialect === 'spec' ? '2026-09-01T10:00:00.250Z' : '2026-09-01T10:00:00.250000');
    });

    it('stays PROCESSING without autoProcess until told, then reports the new status', async () => {
      await start();
      const f = service.addUserFile('basic', { name: 'doc.md', size: 4096 });
      await sleep(30);
      assert.equal(service.userFile(f.id)?.status, 'PROCESSING');
      service.completeUserFile(f.id);
      const [done] = (await statuses(service.keys.basic, [f.id])).json as Snapshot[];
      assert.equal(done?.status, 'COMPLETED');
      assert.equal(done?.chunk_count, 2);
      service.failUserFile(f.id);
      assert.equal(((await statuses(service.keys.basic, [f.id])).json as Snapshot[])[0]?.status, 'FAILED');
      service.setUserFileStatus(f.id, 'CANCELED');
      assert.equal(service.userFile(f.id)?.status, 'CANCELED');
    });

    it('moves uploads along by timer: COMPLETED, or FAILED for a name containing "fail"', async () => {
      await start({ autoProcess: true, processingMs: 40 });
      const r = await probe(service, service.uploadPath, {
        key: service.keys.basic, body: form([{ name: 'ok.md', text: '# hi' }, { name: 'will-FAIL.md', text: 'x' }]),
      });
      assert.equal(r.status, 200);
      const [ok, bad] = (r.json as UploadResult).user_files;
      assert.equal(ok?.status, 'PROCESSING');
      await waitForStatus(service, ok?.id ?? '', 'COMPLETED');
      await waitForStatus(service, bad?.id ?? '', 'FAILED');
    });

    it('uploads on its own route only; rejects unsupported types with 200; knows images by extension', async () => {
      await start();
      const other = dialect === 'spec' ? 'user/projects/file/upload' : 'user/file/upload';
      const missing = await probe(service, other, { key: service.keys.basic, body: form([{ name: 'a.md', text: 'x' }]) });
      assert.equal(missing.status, 404);
      assert.deepEqual(missing.json, { detail: 'Not Found' });
      const r = await probe(service, service.uploadPath, {
        key: service.keys.basic,
        body: form([{ name: 'tool.exe', text: 'MZ' }, { name: 'shot.png', text: 'png', type: 'image/png' }, { name: 'notes.md', text: 'x' }]),
      });
      assert.equal(r.status, 200);
      const body = r.json as UploadResult;
      assert.deepEqual(body.rejected_files, [{ file_name: 'tool.exe', reason: 'Unsupported file type: .exe' }]);
      assert.deepEqual(body.user_files.map((f) => [f.name, f.chat_file_type]), [['shot.png', 'image'], ['notes.md', 'plain_text']]);
      const stored = service.userFile(body.user_files[0]?.id ?? '');
      assert.equal(stored?.fileId, body.user_files[0]?.file_id);
      assert.equal(stored?.userId, service.users.basic.id);
    });

    it('answers an upload without files with 422', async () => {
      await start();
      const r = await probe(service, service.uploadPath, { key: service.keys.basic, body: form([], { other: 'x' }) });
      assert.equal(r.status, 422);
    });
  });
}

describe('local service: user files (observed specifics)', () => {
  let service: LocalService;
  afterEach(async () => { await service.close(); });

  it('goes PROCESSING -> INDEXING -> COMPLETED with the indexing phase', async () => {
    service = await startService({ dialect: 'observed', processingMs: 40, indexingPhase: true });
    const f = service.addUserFile('basic', { name: 'lite.md' });
    await waitForStatus(service, f.id, 'INDEXING');
    await waitForStatus(service, f.id, 'COMPLETED');
  });

  it('stores a .csv over the token limit as SKIPPED, rejects other large text, and maps temp ids', async () => {
    service = await startService({ dialect: 'observed', uploadTokenLimit: 1000, processingMs: 20 });
    const big = 'x'.repeat(5000);
    const r = await probe(service, service.uploadPath, {
      key: service.keys.basic,
      body: form([{ name: 'big.csv', text: big, type: 'text/csv' }, { name: 'big.md', text: big }, { name: 'small.md', text: 'hi' }],
        { temp_id_map: JSON.stringify({ '2|small.md': 'temp-1' }) }),
    });
    const body = r.json as UploadResult;
    assert.deepEqual(body.user_files.map((f) => [f.name, f.status, f.temp_id]), [['big.csv', 'SKIPPED', null], ['small.md', 'PROCESSING', 'temp-1']]);
    assert.deepEqual(body.rejected_files, [{ file_name: 'big.md', reason: 'Exceeds 1K token limit' }]);
    await sleep(60);
    assert.equal(service.userFile(body.user_files[0]?.id ?? '')?.status, 'SKIPPED', 'SKIPPED is terminal');
  });
});
