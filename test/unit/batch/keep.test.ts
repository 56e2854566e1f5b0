import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { BUILDS_AT_ONCE, BUILT_AHEAD, nodeFileAccess, runBatch } from '../../../src/core/batch';
import type { BatchFile } from '../../../src/core/batch';
import { useService } from '../../support/serviceHarness';
import { diskBatch, useFreshFolder, writeDocs } from '../../support/batchFolder';

describe('batch runner: each file built once, in a window ahead of the senders', () => {
  const h = useService('observed');
  const folder = useFreshFolder();

  const bodies = () => h.service.requests
    .filter((r) => r.method === 'POST' && r.path.includes(h.service.ingestionPath))
    .map((r) => r.body)
    .sort();

  it('reads each file once for its id and once to build it, and sends what it built: the same bytes on every run', async () => {
    await writeDocs(folder, 8);
    const reads: string[] = [];
    const read = (f: BatchFile) => {
      reads.push(f.relativePath);
      return readFile(f.absolutePath ?? f.key);
    };
    const first = await runBatch(diskBatch(h.client(), h.service.baseUrl, folder.files, { read }));
    assert.equal(first.counts.created, 8);
    assert.deepEqual(reads.slice().sort(), folder.files.flatMap((f) => [f.relativePath, f.relativePath]).sort(), 'each file read twice: its id, its build');
    const firstBodies = bodies();
    h.service.clearRequests();
    const again = await runBatch(diskBatch(h.client(), h.service.baseUrl, folder.files, { read }));
    assert.equal(again.counts.updated, 8);
    assert.deepEqual(bodies(), firstBodies);
  });

  for (const concurrency of [2, 8]) it(`builds no further ahead of ${concurrency} senders than its window, whatever their number: memory stays flat however many files`, async function () {
    this.timeout(20_000);
    await writeDocs(folder, 60);
    h.service.setIngestLatency(15);
    const sent = () => h.service.requests.filter((r) => r.method === 'POST' && r.path.includes(h.service.ingestionPath)).length;
    const behind: number[] = [];
    let reads = 0;
    const read = (f: BatchFile) => {
      reads++;
      // Reads beyond the 60 of pass 1 are builds: how far each runs ahead of the requests answered.
      if (reads > 60) behind.push(reads - 60 - sent());
      return readFile(f.absolutePath ?? f.key);
    };
    try {
      const summary = await runBatch(diskBatch(h.client(), h.service.baseUrl, folder.files, { read, concurrency }));
      assert.equal(summary.counts.created + summary.counts.updated, 60);
    } finally {
      h.service.setIngestLatency(0);
    }
    assert.equal(behind.length, 60, 'each file built once');
    // Before issue 37 (goal 5) the window was 2 per sender: 16 built requests held for 8 senders.
    const window = BUILT_AHEAD;
    assert.ok(Math.max(...behind) <= window + concurrency + 1, `built at most ${window} ahead of the ${concurrency} in flight: ${Math.max(...behind)}`);
  });

  it('sends the first file as soon as it is built, not once the whole window is (issue 37, goal 6)', async () => {
    await writeDocs(folder, 40);
    const concurrency = 8;
    let reads = 0;
    let builtBeforeFirstSend: number | undefined;
    const read = (f: BatchFile) => {
      reads++;
      return readFile(f.absolutePath ?? f.key);
    };
    const fetch: typeof h.http.fetch = (input, init) => {
      // Reads beyond the 40 of pass 1 are builds.
      if (builtBeforeFirstSend === undefined && init?.method === 'POST') builtBeforeFirstSend = reads - 40;
      return h.http.fetch(input, init);
    };
    const summary = await runBatch(diskBatch(h.client('admin', { fetch }), h.service.baseUrl, folder.files, { read, concurrency }));
    assert.equal(summary.counts.created + summary.counts.updated, 40);
    // Before, all of the window (16 files ahead of 8 senders) and one more were built before any request went out.
    assert.ok(builtBeforeFirstSend !== undefined && builtBeforeFirstSend <= BUILDS_AT_ONCE + 1, `files read for their build before the first request: ${builtBeforeFirstSend}`);
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
