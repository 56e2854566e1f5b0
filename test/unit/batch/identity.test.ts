// Issue 23, identity: one document id per source and one source per document id, whatever part sends the file; an
// image upload the server lost is uploaded again.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { runBatch } from '../../../src/core/batch';
import type { BatchFile, BatchSummary } from '../../../src/core/batch';
import { IdClaims } from '../../../src/core/identity';
import { Ledger, memoryLedgerStorage } from '../../../src/core/ledger';
import { DIALECTS, useService } from '../../support/serviceHarness';
import { diskBatch, PNG, useFreshFolder } from '../../support/batchFolder';

describe('batch runner: identity (issue 23)', () => {
  for (const dialect of DIALECTS) {
    describe(dialect, () => {
      const h = useService(dialect);
      const folder = useFreshFolder();
      const ingestions = () => h.service.requests.filter((r) => r.method === 'POST' && r.path.includes(h.service.ingestionPath));
      const heldText = (id: string) => JSON.stringify(h.service.document(id)?.received ?? null);
      const result = (s: BatchSummary, relativePath: string) => {
        const r = s.results.find((x) => x.file.relativePath === relativePath);
        assert.ok(r, `a result for ${relativePath}`);
        return r;
      };

      it('a new file claiming the id of a published, unchanged file is refused with it on every run, and the service keeps the published text', async () => {
        const ledger = await Ledger.open(memoryLedgerStorage());
        await folder.write('a.md', '---\nid: setup\n---\n# Setup A\n\nThe text of a.\n');
        const first = await runBatch(diskBatch(h.client(), h.service.baseUrl, folder.files, { ledger }));
        assert.equal(first.counts.created, 1);
        await folder.write('b.md', '---\nid: setup\n---\n# Setup B\n\nThe text of b.\n');
        h.service.clearRequests();
        for (let run = 1; run <= 3; run++) {
          const summary = await runBatch(diskBatch(h.client(), h.service.baseUrl, folder.files, { ledger }));
          assert.equal(result(summary, 'a.md').outcome, 'failed', `run ${run}: the unchanged file is part of the conflict`);
          assert.equal(result(summary, 'b.md').outcome, 'failed', `run ${run}`);
          assert.match(result(summary, 'b.md').error ?? '', /b\.md and a\.md would both become the document “setup”/);
          assert.match(result(summary, 'a.md').error ?? '', /a\.md and b\.md/);
          assert.deepEqual(summary.duplicates?.map((d) => d.documentId), ['setup']);
          assert.equal(ingestions().length, 0, `run ${run}: nothing sent`);
          assert.match(heldText('setup'), /The text of a\./, `run ${run}: the published text stays`);
        }
      });

      it('a run of some files refuses a file whose id an included file outside the run builds, naming both', async () => {
        await folder.write('guide/a.md', '---\nid: setup\n---\n# A\n\nA.\n');
        const b = await folder.write('guide/b.md', '---\nid: setup\n---\n# B\n\nB.\n');
        await folder.write('c.md', '# C\n\nC.\n');
        const claims = new IdClaims();
        claims.set('guide/a.md', 'setup');
        claims.set('guide/b.md', 'setup'); // the run's own file: its claim is the run's to judge
        claims.set('c.md', 'c.md');
        const summary = await runBatch(diskBatch(h.client(), h.service.baseUrl, [b], { claims }));
        const r = result(summary, 'guide/b.md');
        assert.equal(r.outcome, 'failed');
        assert.equal(r.errorKind, 'document');
        assert.match(r.error ?? '', /guide\/b\.md and guide\/a\.md would both become the document “setup”/);
        assert.deepEqual(summary.duplicates, [{ documentId: 'setup', files: [b], otherSources: ['guide/a.md'] }]);
        assert.equal(ingestions().length, 0);

        const alone = new IdClaims();
        alone.set('c.md', 'c.md');
        const sent = await runBatch(diskBatch(h.client(), h.service.baseUrl, [b], { claims: alone }));
        assert.equal(sent.counts.created + sent.counts.updated, 1, 'no other claim: sent');
      });

      it('two folders\' files with the same relative path are two sources in the ledger and two images (Windows paths too)', async () => {
        // Two roots with the same tree: docs/guide.md showing docs/img/a.png, each folder its own picture.
        const pictures = new Map([['C:\\ws\\api', Buffer.concat([PNG, Buffer.from('api')])], ['C:\\ws\\web', Buffer.concat([PNG, Buffer.from('web')])]]);
        const text = '# Guide\n\n![a](img/a.png)\n';
        const files: BatchFile[] = [...pictures.keys()].map((root) => ({
          key: `${root}\\docs\\guide.md`,
          relativePath: 'docs/guide.md',
          source: `${root.slice(-3)}/docs/guide.md`,
          root,
          absolutePath: `${root}\\docs\\guide.md`,
        }));
        const ledger = await Ledger.open(memoryLedgerStorage());
        const summary = await runBatch({
          client: h.client(),
          server: h.service.baseUrl,
          files,
          read: async () => new TextEncoder().encode(text),
          config: (f) => ({ idPrefix: `${f.source.slice(0, 3)}~` }),
          ledger,
          images: { read: async (f, p) => (assert.equal(p, 'docs/img/a.png'), pictures.get(f.root ?? '') ?? Buffer.alloc(0)) },
        });
        assert.equal(summary.counts.created, 2, JSON.stringify(summary.results.map((r) => r.error)));
        const imageIds = ['api~docs~guide.md', 'web~docs~guide.md'].map((id) => {
          const sections = (h.service.document(id)?.received as { sections: { image_file_id?: string }[] }).sections;
          return sections.find((s) => s.image_file_id)?.image_file_id;
        });
        assert.ok(imageIds[0] && imageIds[1]);
        assert.notEqual(imageIds[0], imageIds[1], 'each folder\'s picture was uploaded');
        assert.deepEqual(ledger.toData().scopes.flatMap((s) => s.documents.map((d) => d.sourcePath)).sort(), ['api/docs/guide.md', 'web/docs/guide.md']);
      });

      // Item 6: an uploaded image the server lost (failed, being deleted, gone) is uploaded again, not reused.
      const uploads = () => h.service.requests.filter((r) => r.path.includes(h.service.uploadPath));
      const imageIdOf = (s: BatchSummary) => {
        const sections = (h.service.document(s.results[0]?.documentId ?? '')?.received as { sections: { image_file_id?: string }[] }).sections;
        return sections.find((x) => x.image_file_id)?.image_file_id;
      };

      for (const [how, lose] of [
        ['failed', (id: string) => h.service.failUserFile(id)],
        ['being deleted', (id: string) => h.service.setUserFileStatus(id, 'DELETING')],
        ['gone', (id: string) => h.service.deleteUserFile(id)],
      ] as const) {
        it(`an image whose upload is ${how} is uploaded again by the next run that sends its page; a kept one is reused`, async () => {
          const ledger = await Ledger.open(memoryLedgerStorage());
          await folder.write('img/a.png', Buffer.concat([PNG, Buffer.from(how)]));
          folder.files.length = 0;
          await folder.write('page.md', '# Page\n\n![a](img/a.png)\n');
          const batch = () => runBatch(diskBatch(h.client(), h.service.baseUrl, folder.files, { ledger, images: { read: (_f, p) => readFile(path.join(folder.root, p)) } }));
          const first = await batch();
          assert.equal(first.counts.created + first.counts.updated, 1, JSON.stringify(first.results));
          assert.equal(uploads().length, 1);
          const firstImage = imageIdOf(first);

          await folder.write('page.md', '# Page\n\n![a](img/a.png)\n\nEdited.\n');
          folder.files.pop();
          const kept = await batch();
          assert.equal(uploads().length, 1, 'the server still has it: reused');
          assert.equal(imageIdOf(kept), firstImage);

          const record = h.service.userFiles().find((f) => (f.fileId ?? f.id) === firstImage);
          assert.ok(record, 'the upload is a user file of the service');
          lose(record.id);
          await folder.write('page.md', '# Page\n\n![a](img/a.png)\n\nEdited twice.\n');
          folder.files.pop();
          const again = await batch();
          assert.equal(again.counts.failed, 0, JSON.stringify(again.results));
          assert.equal(uploads().length, 2, 'uploaded again');
          assert.notEqual(imageIdOf(again), firstImage, 'the page names the new upload');
        });
      }
    });
  }
});
