// Issue 24, item 6: `doc-ingest documents` lists what the pair holds, each with the file of this repository it
// comes from, or "not in this workspace".
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DocumentRow } from '../../../src/cli/commands/documents';
import { DIALECTS } from '../../support/serviceHarness';
import { usePruneService } from './pruneHarness';

describe('doc-ingest documents (issue 24)', function () {
  this.timeout(60_000);
  for (const dialect of DIALECTS) {
    describe(dialect, () => {
      const h = usePruneService(dialect);
      const prefix = dialect === 'spec' ? 'service-api' : 'onyx-api';

      /** Two pages sent from here, one excluded since (the ledger knows it), one a connector's. */
      async function holdings(): Promise<void> {
        await writeFile(path.join(h.folder.root, '.doc-ingest.json'), JSON.stringify({ linkTemplate: 'https://docs.example.com/{path}#{anchor}' }));
        await h.folder.write('guide/setup.md', '# Setup\n\nInstall it.\n');
        await h.folder.write('notes.md', '---\nid: team-notes\ntitle: Team notes\n---\nNotes.\n');
        await h.folder.write('drafts/plan.md', '# Plan\n\nLater.\n');
        assert.equal((await h.cli(['ingest', '--cc-pair-id', '2'])).code, 0);
        await writeFile(path.join(h.folder.root, '.doc-ingest.json'), JSON.stringify({ linkTemplate: 'https://docs.example.com/{path}#{anchor}', exclude: ['drafts/**'] }));
        h.service.addConnectorDocument({ id: 'https://wiki.example.com/page', title: 'Crawled page', ccPairId: 2, link: 'https://wiki.example.com/page' });
        h.service.clearRequests();
      }

      it('--json: an array of every document the pair holds, with the file it comes from, or null', async () => {
        await holdings();
        const run = await h.cli(['documents', '--cc-pair-id', '2', '--json']);
        assert.equal(run.code, 0, run.stderr);
        const rows = JSON.parse(run.stdout) as DocumentRow[];
        assert.deepEqual(rows, [
          { documentId: 'drafts~plan.md', title: 'Plan', link: 'https://docs.example.com/drafts/plan#plan', path: 'drafts/plan.md' },
          { documentId: 'guide~setup.md', title: 'Setup', link: 'https://docs.example.com/guide/setup#setup', path: 'guide/setup.md' },
          { documentId: 'https://wiki.example.com/page', title: 'Crawled page', link: 'https://wiki.example.com/page', path: null },
          { documentId: 'team-notes', title: 'Team notes', link: 'https://docs.example.com/notes', path: 'notes.md' },
        ]);
        assert.deepEqual(h.service.requests.map((r) => `${r.method} ${r.status}`).slice(-1), ['GET 200']);
        assert.ok(h.service.requests.every((r) => r.method === 'GET' && r.path.includes('/connector-docs/2')), 'only the listing was asked');
        assert.ok(h.service.requests.some((r) => r.path === `/api/${prefix}/connector-docs/2`));
      });

      it('the table: title, id, link and the file, or "not in this workspace"', async () => {
        await holdings();
        const run = await h.cli(['documents', '--cc-pair-id', '2']);
        assert.equal(run.code, 0, run.stderr);
        assert.match(run.stdout, /^title +document id +link +file$/m);
        assert.match(run.stdout, /^Setup +guide~setup\.md +https:\/\/docs\.example\.com\/guide\/setup#setup +guide\/setup\.md$/m);
        assert.match(run.stdout, /^Crawled page +https:\/\/wiki\.example\.com\/page +https:\/\/wiki\.example\.com\/page +not in this workspace$/m);
        assert.match(run.stdout, /^Plan +drafts~plan\.md +\S+ +drafts\/plan\.md$/m, 'matched through the ledger: left out by the globs, still there');
        assert.match(run.stdout, /^4 documents in pair 2: 3 in this workspace, 1 not$/m);
      });

      it('a pair the key may not list, or no listing route: one sentence and the exit code of that kind', async () => {
        const refused = await h.cli(['documents', '--cc-pair-id', '3'], { DOC_INGEST_API_KEY: h.service.keys.groupManager });
        assert.equal(refused.code, 3, refused.stderr);
        assert.match(refused.stderr, /^doc-ingest: This key may not list the documents of connector-credential pair 3 \(HTTP 403\)[^\n]*\n$/);
        assert.equal(refused.stdout, '');
        h.service.faults.inject({ method: 'GET', path: /connector-docs/, status: 404, body: { detail: 'Not Found' }, times: Infinity });
        const missing = await h.cli(['documents', '--cc-pair-id', '2']);
        assert.equal(missing.code, 4, missing.stderr);
        assert.match(missing.stderr, /^doc-ingest: This server does not list the documents of connector-credential pair 2 \(HTTP 404\)[^\n]*\n$/);
        const help = await h.cli(['documents', '--help']);
        assert.equal(help.code, 0);
        assert.match(help.stdout, /^Usage: doc-ingest documents/);
        assert.match(help.stdout, /Exit codes/);
      });
    });
  }
});
