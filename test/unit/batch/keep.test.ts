import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { nodeFileAccess, runBatch } from '../../../src/core/batch';
import type { BatchFile } from '../../../src/core/batch';
import { useService } from '../client/harness';
import { diskBatch, Folder, makeFolder, writeDocs } from './harness';

describe('batch runner: each file read and built once', () => {
  const h = useService('observed');
  let folder: Folder;
  beforeEach(async () => {
    folder = await makeFolder();
  });
  afterEach(() => folder.remove());

  const bodies = () => h.service.requests
    .filter((r) => r.method === 'POST' && r.path.includes(h.service.ingestionPath))
    .map((r) => r.body)
    .sort();

  it('sends what pass 1 built without reading the file again, the same bytes as when it is read again', async () => {
    await writeDocs(folder, 8);
    const reads: string[] = [];
    const read = (f: BatchFile) => {
      reads.push(f.relativePath);
      return readFile(f.absolutePath ?? f.key);
    };
    const kept = await runBatch(diskBatch(h.client(), h.service.baseUrl, folder.files, { read }));
    assert.equal(kept.counts.created, 8);
    assert.equal(reads.length, 8, 'each file read once');
    const keptBodies = bodies();
    h.service.clearRequests();
    reads.length = 0;
    const rebuilt = await runBatch(diskBatch(h.client(), h.service.baseUrl, folder.files, { read, keepBudgetBytes: 0 }));
    assert.equal(rebuilt.counts.updated, 8);
    assert.equal(reads.length, 16, 'without a budget, read again when sent');
    assert.deepEqual(bodies(), keptBodies);
  });

  it('keeps no more than the budget: the files beyond it are read again when sent', async () => {
    await writeDocs(folder, 6);
    const size = (await readFile(folder.files[0]!.absolutePath!)).byteLength;
    let reads = 0;
    const read = (f: BatchFile) => {
      reads++;
      return readFile(f.absolutePath ?? f.key);
    };
    const summary = await runBatch(diskBatch(h.client(), h.service.baseUrl, folder.files, { read, keepBudgetBytes: size * 2 + 1 }));
    assert.equal(summary.counts.created + summary.counts.updated, 6);
    assert.equal(reads, 6 + 4, 'two kept, four read again');
  });

  it('reads from the local disk with nodeFileAccess: the bytes, the size and the modification time', async () => {
    const file = await folder.write('a.md', '# A\n\nText.\n');
    const access = nodeFileAccess();
    assert.deepEqual(Buffer.from(await access.read(file)).toString(), '# A\n\nText.\n');
    const stat = await access.stat(file);
    assert.equal(stat?.size, 11);
    assert.ok(stat?.mtime instanceof Date);
    await assert.rejects(access.read({ key: `${folder.root}/missing.md`, relativePath: 'missing.md', source: 'missing.md' }), /ENOENT/);
  });
});
