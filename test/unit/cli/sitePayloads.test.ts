// Issue 25: what is indexed from each page of the fixture sites is checked in (test/fixtures/sites/expected/), so a
// change in what is sent is a reviewed diff. Each page is sent by one `doc-ingest ingest` run (a batch) to the local
// service and previewed by `doc-ingest preview`: both must give the same bytes, and those bytes the expected payload.
// The sites are copied outside any repository with fixed modification times, so nothing depends on git or the
// clock. After an intended change: DOC_INGEST_WRITE_EXPECTED=1 npm run test:unit, and read the diff.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { cp, readdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import { IngestReportSchema } from '../../../src/cli/report';
import { useService } from '../../support/serviceHarness';
import { SITES } from '../site/fixtures';
import { runCli, serviceEnv } from '../../support/runCli';
import { makeTempFolder, removeFolder } from '../../support/tempFolder';

const MODIFIED = new Date('2026-03-01T09:30:00Z');
const EXPECTED = path.join(SITES, 'expected');

async function filesBelow(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * The local service gives each upload a new random file id: in the checked-in payload each page's ids are named by
 * their order on the page (the same image, the same name), so that the rest of the payload is compared byte for byte.
 */
function stableImageIds(payload: string): string {
  const names = new Map<string, string>();
  return payload.replace(/"image_file_id": "([^"]+)"/g, (_, id: string) => {
    if (!names.has(id)) names.set(id, `<uploaded image ${names.size + 1}>`);
    return `"image_file_id": "${names.get(id) ?? id}"`;
  });
}

describe('the payload of every page of the fixture sites (F15)', function () {
  this.timeout(120_000);
  const h = useService('spec');

  for (const site of ['docusaurus', 'mkdocs', 'mkdocs-images', 'mkdocs-syntax', 'mkdocs-i18n', 'mkdocs-static-i18n', 'mkdocs-blog', 'docusaurus-outside', 'mkdocs-includes', 'mintlify-nav']) {
    it(`${site}: a batch sends what preview shows, byte for byte, and each page's payload is the one checked in`, async () => {
      const root = await makeTempFolder(`doc-ingest-${site}-`);
      try {
        await cp(path.join(SITES, site), root, { recursive: true });
        for (const file of await filesBelow(root)) await utimes(file, MODIFIED, MODIFIED);
        const env = serviceEnv(h.service);
        h.service.clearRequests();
        const run = await runCli(['ingest', '--json'], { cwd: root, env });
        const report = IngestReportSchema.parse(JSON.parse(run.stdout));
        const sent = report.files.filter((f) => f.outcome === 'created' || f.outcome === 'updated');
        assert.ok(sent.length >= 5, `${site}: pages sent: ${JSON.stringify(report.files.map((f) => [f.path, f.outcome, f.error]))}`);
        const bodies = new Map(
          h.service.requests
            .filter((r) => r.method === 'POST' && r.path.includes(h.service.ingestionPath))
            .map((r) => [(r.json as { document: { id: string } }).document.id, r.body]),
        );
        const outcomes: Record<string, string> = {};
        for (const file of report.files) outcomes[file.path] = file.reason ? `${file.outcome}: ${file.reason}` : file.outcome;
        for (const file of sent) {
          const body = bodies.get(file.documentId ?? '');
          assert.ok(body, `${file.path} was sent`);
          const preview = await runCli(['preview', '--compact', file.path], { cwd: root, env });
          assert.equal(preview.stdout.trimEnd(), body, `${file.path}: the batch sends what preview shows`);
          const expectedFile = path.join(EXPECTED, site, `${file.path.replaceAll('/', '~')}.json`);
          const actual = stableImageIds(`${JSON.stringify(JSON.parse(body), null, 2)}\n`);
          if (process.env.DOC_INGEST_WRITE_EXPECTED === '1') {
            fs.mkdirSync(path.dirname(expectedFile), { recursive: true });
            fs.writeFileSync(expectedFile, actual);
          }
          assert.equal(actual, fs.readFileSync(expectedFile, 'utf8'), `${file.path}: the payload checked in`);
        }
        // No payload is checked in for a page no longer sent (a stale file would pass unnoticed).
        const checkedIn = fs.readdirSync(path.join(EXPECTED, site)).filter((f) => f !== 'outcomes.json').sort();
        assert.deepEqual(checkedIn, sent.map((f) => `${f.path.replaceAll('/', '~')}.json`).sort(), `${site}: a payload checked in for each page sent, and no other`);
        const outcomesFile = path.join(EXPECTED, site, 'outcomes.json');
        const actualOutcomes = `${JSON.stringify(outcomes, null, 2)}\n`;
        if (process.env.DOC_INGEST_WRITE_EXPECTED === '1') fs.writeFileSync(outcomesFile, actualOutcomes);
        assert.equal(actualOutcomes, fs.readFileSync(outcomesFile, 'utf8'), `${site}: what each file came to`);
      } finally {
        await removeFolder(root);
      }
    });
  }
});
