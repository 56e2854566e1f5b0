import assert from 'node:assert/strict';
import { runBatch } from '../../../src/core/batch';
import { readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Ledger, ledgerScope, memoryLedgerStorage, sha256Hex } from '../../../src/core/ledger';
import type { BatchSummary, FileResult } from '../../../src/core/batch';
import { DIALECTS, useService } from '../../support/serviceHarness';
import { diskBatch, useFolder, writeDocs } from '../../support/batchFolder';

describe('batch runner (F9)', () => {
  for (const dialect of DIALECTS) {
    describe(dialect, () => {
      const h = useService(dialect);
      const folder = useFolder(h);
      const ingestions = () => h.service.requests.filter((r) => r.method === 'POST' && r.path.includes(h.service.ingestionPath));
      const batch = (extra: Parameters<typeof diskBatch>[3] = {}) => diskBatch(h.client(), h.service.baseUrl, folder.files, extra);

      it('sends every file once, each as its own document, and counts what the server said', async () => {
        await writeDocs(folder, 12);
        const summary = await runBatch(batch());
        assert.equal(sent(summary), 12);
        assert.equal(summary.results.length, 12);
        assert.deepEqual(summary.results.map((r) => r.file.relativePath), folder.files.map((f) => f.relativePath), 'results keep the listing order');
        for (const r of summary.results) assert.ok(h.service.document(r.documentId ?? ''), `${r.documentId} is held`);
        assert.equal(ingestions().length, 12);
        const again = await runBatch(batch());
        assert.equal(again.counts.updated, 12, 'without a ledger, a second run replaces');
      });

      it('never has more requests in flight than the concurrency, and reaches it', async () => {
        await writeDocs(folder, 24);
        h.service.setIngestLatency(40);
        h.service.ingestionStats.resetPeak();
        const summary = await runBatch(batch({ concurrency: 3 }));
        assert.equal(sent(summary), 24);
        assert.equal(h.service.ingestionStats.peak, 3, 'counted at the service');
      });

      it('continues past failures: a refused document and an invalid file do not stop the others', async () => {
        await writeDocs(folder, 6);
        await folder.write('broken.md', '---\ntitle: [unclosed\n---\n# Broken\n\nText.\n');
        h.service.faults.inject({ path: new RegExp(h.service.ingestionPath), status: 500, body: { detail: 'boom' } });
        const summary = await runBatch(batch({ concurrency: 2 }));
        assert.equal(summary.counts.failed, 2);
        assert.equal(sent(summary), 5);
        const broken = byPath(summary, 'broken.md');
        assert.equal(broken.outcome, 'failed');
        assert.equal(broken.errorKind, 'document');
        assert.match(broken.error ?? '', /front matter/i);
        const refused = summary.results.find((r) => r.errorKind === 'server');
        assert.ok(refused, 'the 500 is reported on its file');
        assert.equal(summary.stop, undefined);
      });

      it('Retry Failed: running the failed files again sends only those, and they succeed', async () => {
        await writeDocs(folder, 8, 'retry');
        h.service.faults.inject({ path: new RegExp(h.service.ingestionPath), status: 500, times: 2, body: { detail: 'boom' } });
        const first = await runBatch(batch({ concurrency: 1 }));
        const failed = first.results.filter((r) => r.outcome === 'failed').map((r) => r.file);
        assert.equal(failed.length, 2);
        h.service.clearRequests();
        const retry = await runBatch(diskBatch(h.client(), h.service.baseUrl, failed));
        assert.equal(sent(retry), 2);
        assert.equal(ingestions().length, 2);
        assert.equal(h.service.documents().filter((d) => d.id.startsWith('retry-')).length, 8);
      });

      it('cancelling stops new requests, aborts those in flight, and says which files were sent and which not', async () => {
        await writeDocs(folder, 20);
        h.service.setIngestLatency(150);
        const abort = new AbortController();
        const seen: FileResult[] = [];
        const summary = await runBatch(batch({
          concurrency: 2,
          signal: abort.signal,
          onResult: (r) => {
            seen.push(r);
            if (seen.length === 3) abort.abort();
          },
        }));
        assert.equal(summary.stop?.reason, 'cancelled');
        assert.equal(sent(summary), 3);
        assert.equal(summary.counts.cancelled + summary.counts.notSent, 17);
        assert.ok(summary.counts.cancelled <= 1, 'at most the one request still in flight');
        for (const r of summary.results.filter((x) => x.outcome === 'notSent')) {
          assert.ok(!ingestions().some((q) => (q.json as { document?: { id?: string } })?.document?.id === r.documentId && r.documentId), `${r.file.relativePath} was not sent`);
        }
        assert.ok(ingestions().length <= 4, `${ingestions().length} requests: none after the cancel`);
      });

      it('a Retry-After from the server pauses every worker, not only the one that was told', async () => {
        await writeDocs(folder, 10);
        h.service.faults.inject({ path: new RegExp(h.service.ingestionPath), status: 429, headers: { 'Retry-After': '1' }, body: { detail: 'slow down' } });
        const summary = await runBatch(batch({ concurrency: 4 }));
        assert.equal(sent(summary), 10);
        const all = ingestions();
        const limited = all.find((r) => r.status === 429);
        assert.ok(limited);
        const limitedAt = limited.time.getTime();
        // Requests already under way when the 429 came may land; once it is known, nothing starts for a second.
        const late = all.filter((r) => r.time.getTime() > limitedAt + 100 && r.time.getTime() < limitedAt + 950);
        assert.deepEqual(late.map((r) => r.path), [], 'no request went out during the pause');
      });

      it('cancelled while waiting out a server-asked pause: a file whose request never left is not sent, not under way', async () => {
        await writeDocs(folder, 6);
        h.service.faults.inject({ path: new RegExp(h.service.ingestionPath), status: 429, headers: { 'Retry-After': '30' }, body: { detail: 'slow down' } });
        const abort = new AbortController();
        const run = runBatch(batch({ concurrency: 3, signal: abort.signal }));
        // The 429 makes every worker wait 30 s before its next request; the cancel comes while they wait.
        while (!ingestions().some((r) => r.status === 429)) await new Promise((r) => setTimeout(r, 10));
        await new Promise((r) => setTimeout(r, 200));
        abort.abort();
        const summary = await run;
        const left = new Set(ingestions().map((q) => (q.json as { document?: { id?: string } })?.document?.id));
        for (const r of summary.results) {
          if (r.outcome === 'cancelled') assert.ok(left.has(r.documentId), `${r.file.relativePath}: "under way", so its request left`);
          if (!left.has(r.documentId)) assert.equal(r.outcome, 'notSent', `${r.file.relativePath}: no request left for it`);
        }
        assert.ok(summary.counts.notSent >= 1, 'files were waiting on the pause');
      });

      it('a key that stops working stops the batch at once with one stop, the rest not sent', async () => {
        await writeDocs(folder, 30);
        h.service.faults.inject({ path: new RegExp(h.service.ingestionPath), status: 401, times: Infinity, body: { detail: 'Invalid API key' } });
        const summary = await runBatch(batch({ concurrency: 4 }));
        assert.equal(summary.stop?.reason, 'failure');
        assert.equal(summary.stop?.errorKind, 'auth');
        assert.ok(ingestions().length <= 4, `${ingestions().length} requests: at most one per worker`);
        assert.equal(summary.counts.failed + summary.counts.notSent, 30);
        assert.ok(summary.counts.notSent >= 26);
      });

      it('two files that would become one document are reported, naming both, and neither is sent', async () => {
        await writeDocs(folder, 3);
        await folder.write('a/intro.md', '---\nid: shared-intro\n---\n# Intro A\n\nA.\n');
        await folder.write('b/intro.md', '---\nid: shared-intro\n---\n# Intro B\n\nB.\n');
        const summary = await runBatch(batch());
        assert.deepEqual(summary.duplicates?.map((d) => [d.documentId, d.files.map((f) => f.relativePath)]), [['shared-intro', ['a/intro.md', 'b/intro.md']]]);
        assert.match(byPath(summary, 'a/intro.md').error ?? '', /b\/intro\.md/);
        assert.match(byPath(summary, 'b/intro.md').error ?? '', /a\/intro\.md/);
        assert.equal(h.service.document('shared-intro'), undefined);
        assert.equal(sent(summary), 3);
      });

      it('binary, empty, undecodable and too large files are reported per file and skipped', async () => {
        await writeDocs(folder, 2);
        await folder.write('logo.md', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]));
        await folder.write('empty.md', '   \n\n');
        await folder.write('latin1.txt', new Uint8Array([0x47, 0x72, 0xfc, 0xdf, 0x65]));
        await folder.write('huge.md', `# Huge\n\n${'x'.repeat(3000)}\n`);
        const summary = await runBatch(batch({ maxFileBytes: 2048 }));
        for (const name of ['logo.md', 'empty.md', 'latin1.txt', 'huge.md']) {
          const r = byPath(summary, name);
          assert.equal(r.outcome, 'skipped', name);
          assert.ok(r.error?.includes(name), `${name}: ${r.error}`);
        }
        assert.equal(byPath(summary, 'huge.md').setting, 'maxFileSizeMB');
        assert.equal(sent(summary), 2);
      });

      it('with a ledger: unchanged files are not sent, changed and new ones are, and force sends all', async () => {
        const ledger = await Ledger.open(memoryLedgerStorage());
        await writeDocs(folder, 5, 'ledger');
        await runBatch(batch({ ledger }));
        await folder.write('ledger-2.md', '# ledger 2\n\nEdited.\n');
        folder.files.pop();
        await folder.write('ledger-new.md', '# New\n\nNew file.\n');
        h.service.clearRequests();
        const second = await runBatch(batch({ ledger }));
        assert.deepEqual(
          second.results.filter((r) => r.outcome !== 'unchanged').map((r) => r.file.relativePath).sort(),
          ['ledger-2.md', 'ledger-new.md'],
        );
        assert.equal(second.counts.unchanged, 4);
        assert.equal(ingestions().length, 2);
        h.service.clearRequests();
        const forced = await runBatch(batch({ ledger, force: true }));
        assert.equal(sent(forced), 6);
        assert.equal(ingestions().length, 6);
      });

      it('new bytes of the same payload (CRLF, same date): unchanged, and the ledger takes the new bytes', async () => {
        const ledger = await Ledger.open(memoryLedgerStorage());
        const file = await folder.write('crlf.md', '# Line endings\n\nSame text.\n');
        const { mtime } = await stat(file.key);
        await runBatch(batch({ ledger }));
        const crlf = '# Line endings\r\n\r\nSame text.\r\n';
        await writeFile(file.key, crlf);
        await utimes(file.key, mtime, mtime); // the date is part of the payload
        const scope = ledgerScope(h.service.baseUrl, undefined);
        assert.equal(ledger.sourceState(scope, 'crlf.md', sha256Hex(crlf)), 'changed', 'the bytes changed');
        h.service.clearRequests();
        const second = await runBatch(batch({ ledger }));
        assert.equal(byPath(second, 'crlf.md').outcome, 'unchanged');
        assert.equal(ingestions().length, 0);
        assert.equal(ledger.sourceState(scope, 'crlf.md', sha256Hex(crlf)), 'unchanged');
      });

      it('a dry run builds and checks every file, sends and uploads nothing, and leaves the ledger as it was', async () => {
        const storage = memoryLedgerStorage();
        const ledger = await Ledger.open(storage);
        await writeDocs(folder, 3, 'dry');
        await runBatch(batch({ ledger }));
        await ledger.flush();
        const before = JSON.stringify(storage.data);
        await folder.write('dry-1.md', '# dry 1\n\nEdited.\n');
        folder.files.pop();
        await folder.write('img.md', '# With image\n\n![d](pic.png)\n');
        await folder.write('pic.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
        folder.files.pop();
        await folder.write('bad.md', '---\nid: [oops\n---\n# Bad\n');
        h.service.clearRequests();
        const dry = await runBatch({ ...batch({ ledger, dryRun: true, images: { read: (_f, p) => readFile(path.join(folder.root, p)) } }), client: undefined });
        assert.deepEqual(
          dry.results.map((r) => [r.file.relativePath, r.outcome]),
          [['dry-0.md', 'unchanged'], ['dry-1.md', 'wouldSend'], ['dry-2.md', 'unchanged'], ['img.md', 'wouldSend'], ['bad.md', 'failed']],
        );
        assert.equal(dry.counts.wouldSend, 2);
        assert.equal(h.service.requests.length, 0, 'no request at all: no upload, no ingestion');
        await ledger.flush();
        assert.equal(JSON.stringify(storage.data), before, 'the ledger is untouched');
      });

      it('no files: nothing is sent and the summary is empty', async () => {
        const summary = await runBatch(batch());
        assert.deepEqual(summary.results, []);
        assert.equal(ingestions().length, 0);
      });
    });
  }
});

function byPath(summary: BatchSummary, relativePath: string): FileResult {
  const r = summary.results.find((x) => x.file.relativePath === relativePath);
  assert.ok(r, `a result for ${relativePath}`);
  return r;
}

/** Files the server stored, new or replaced (tests share one service, so an earlier test may have made the document). */
function sent(summary: BatchSummary): number {
  return summary.counts.created + summary.counts.updated;
}
