import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { runBatch } from '../../../src/core/batch';
import type { BatchOptions, BatchSummary, FileResult } from '../../../src/core/batch';
import { Ledger, memoryLedgerStorage } from '../../../src/core/ledger';
import { DIALECTS, useService } from '../../support/serviceHarness';
import { diskBatch, PNG, useFreshFolder } from '../../support/batchFolder';


describe('batch runner: local images (F8)', () => {
  for (const dialect of DIALECTS) {
    describe(dialect, () => {
      const h = useService(dialect, { maxUploadBytes: 4096 });
      const folder = useFreshFolder();
      const uploads = () => h.service.requests.filter((r) => r.path.includes(h.service.uploadPath));
      const withImages = (extra: Partial<BatchOptions> = {}) =>
        diskBatch(h.client(), h.service.baseUrl, folder.files, {
          images: { read: (_f, p) => readFile(path.join(folder.root, p)) },
          ...extra,
        });

      it('uploads each local image once, then sends it as an image section where it stands', async () => {
        await folder.write('img/logo.png', PNG);
        await folder.write('img/chart.png', Buffer.concat([PNG, Buffer.from('chart')]));
        folder.files.length = 0; // images are not documents of the batch
        await folder.write('docs/guide.md', [
          '# Guide', '', 'Intro.', '', '![The logo](../img/logo.png)', '', 'Between.', '',
          '![Chart][c]', '', '<img src="../img/logo.png" alt="Again">', '', '![remote](https://example.com/x.png)', '',
          '[c]: ../img/chart.png', '',
        ].join('\n'));
        await folder.write('docs/other.md', '# Other\n\n![Logo](/img/logo.png)\n');
        const summary = await runBatch(withImages());
        assert.equal(summary.counts.failed, 0, JSON.stringify(summary.results.map((r) => r.error)));
        assert.equal(uploads().length, 2, 'logo once (three references, two documents), chart once');

        const guide = h.service.document(result(summary, 'docs/guide.md').documentId ?? '');
        const sections = (guide?.received as { sections: { type?: string; text?: string; image_file_id?: string; heading?: string }[] }).sections;
        const images = sections.filter((s) => s.type === 'image');
        assert.deepEqual(images.map((s) => s.text), ['The logo', 'Chart', 'Again']);
        const files = h.service.userFiles();
        for (const s of images) assert.ok(files.some((f) => (f.fileId ?? f.id) === s.image_file_id), `${s.image_file_id} is an uploaded file`);
        assert.equal(images[0]?.image_file_id, images[2]?.image_file_id, 'the same picture, the same file');
        assert.deepEqual(sections.map((s) => s.type ?? 'text'), ['text', 'image', 'text', 'image', 'image', 'text']);
        assert.match(sections[5]?.text ?? '', /^remote\n/, 'a remote image reads as its alt text');
        assert.equal(h.service.documents().find((d) => d.id === guide?.id)?.received !== undefined, true);
      });

      it('a missing image stops its document (path and line), unless images.onProblem is skipImage', async () => {
        await folder.write('a.md', '# A\n\nText.\n\n![gone](pics/gone.png)\n');
        await folder.write('b.md', '# B\n\nFine.\n');
        const stopped = await runBatch(withImages());
        const a = result(stopped, 'a.md');
        assert.equal(a.outcome, 'failed');
        assert.equal(a.line, 5);
        assert.match(a.error ?? '', /pics\/gone\.png \(line 5\) is missing/);
        assert.equal(result(stopped, 'b.md').outcome === 'created' || result(stopped, 'b.md').outcome === 'updated', true);
        assert.equal(h.service.requests.filter((r) => r.path.includes(h.service.ingestionPath)).length, 1, 'a.md was not sent');

        const skipped = await runBatch(withImages({ images: { read: (_f, p) => readFile(path.join(folder.root, p)), onProblem: 'skipImage' } }));
        assert.ok(['created', 'updated'].includes(result(skipped, 'a.md').outcome));
        const received = JSON.stringify(h.service.document(result(skipped, 'a.md').documentId ?? '')?.received);
        assert.match(received, /Text\.\\n\\ngone"/, 'the image skipped reads as its alt text');
        assert.doesNotMatch(received, /pics\/gone\.png/);
      });

      it('an image outside the workspace, and one the server refuses as too large, are reported', async () => {
        await folder.write('big.png', Buffer.alloc(5000, 1));
        folder.files.length = 0;
        await folder.write('outside.md', '# Out\n\n![x](../../elsewhere.png)\n');
        await folder.write('large.md', '# Large\n\nText.\n\n![big](big.png)\n');
        const summary = await runBatch(withImages());
        assert.match(result(summary, 'outside.md').error ?? '', /outside the workspace/);
        const large = result(summary, 'large.md');
        assert.equal(large.outcome, 'failed');
        assert.match(large.error ?? '', /refused the image big\.png \(line 5\)/);
      });

      it('with a ledger, an image uploaded once to this server is not uploaded again; a changed image is', async () => {
        const ledger = await Ledger.open(memoryLedgerStorage());
        await folder.write('pic.png', PNG);
        folder.files.length = 0;
        await folder.write('page.md', '# Page\n\n![pic](pic.png)\n');
        await runBatch(withImages({ ledger }));
        assert.equal(uploads().length, 1);
        h.service.clearRequests();
        const second = await runBatch(withImages({ ledger }));
        assert.equal(result(second, 'page.md').outcome, 'unchanged');
        assert.equal(uploads().length, 0);
        await folder.write('pic.png', Buffer.concat([PNG, Buffer.from('v2')]));
        folder.files.pop();
        const third = await runBatch(withImages({ ledger }));
        assert.equal(result(third, 'page.md').outcome, 'updated', 'a changed picture changes the payload');
        assert.equal(uploads().length, 1);
      });
    });
  }
});

function result(summary: BatchSummary, relativePath: string): FileResult {
  const r = summary.results.find((x) => x.file.relativePath === relativePath);
  assert.ok(r, `a result for ${relativePath}`);
  return r;
}
