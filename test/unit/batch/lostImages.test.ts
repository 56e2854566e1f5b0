// Issue 23 item 6: an uploaded image the server lost (failed, being deleted, gone) is uploaded again, not reused.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { runBatch } from '../../../src/core/batch';
import type { BatchSummary } from '../../../src/core/batch';
import { Ledger, memoryLedgerStorage } from '../../../src/core/ledger';
import { DIALECTS, useService } from '../client/harness';
import { diskBatch, Folder, makeFolder, PNG } from './harness';


describe('batch runner: images the server lost (issue 23)', () => {
  for (const dialect of DIALECTS) {
    describe(dialect, () => {
      const h = useService(dialect);
      let folder: Folder;
      beforeEach(async () => {
        folder = await makeFolder();
      });
      afterEach(() => folder.remove());
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
