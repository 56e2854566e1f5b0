// Issue 34, items 1-5: `doc-ingest ingest --prune` deletes only what is this repository's and gone. Another team's
// documents share the pair (sent by another tool under ids that start with the same letters), a second job prunes
// with its own include globs and ledger, a ledger is lost, a name is stored decomposed, a gateway answers 404, and a
// mass rename doubles the pair: each must leave everything that is not an orphan of this repository where it is.
import assert from 'node:assert/strict';
import { readFile, rename, rm, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { doc } from '../../support/serviceHarness';
import { usePruneService, writePages } from './pruneHarness';

describe('doc-ingest ingest --prune deletes only what is ours (issue 34)', function () {
  this.timeout(60_000);
  const h = usePruneService('observed');
  const deletes = () => h.service.requests.filter((r) => r.method === 'DELETE').map((r) => decodeURIComponent(r.path.replace(/^\/api\/onyx-api\/ingestion\//, '')));

  /** A document another tool sent into the pair (no ledger of ours records it). */
  async function seed(id: string, ccPairId?: number): Promise<void> {
    const res = await fetch(`${h.service.baseUrl}/${h.service.ingestionPath}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.service.keys.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ document: doc(id), ...(ccPairId ? { cc_pair_id: ccPairId } : {}) }),
    });
    assert.equal(res.status, 200, await res.text());
  }
  const config = (c: object) => writeFile(path.join(h.folder.root, '.doc-ingest.json'), JSON.stringify(c));
  const held = (id: string) => h.service.document(id) !== undefined;

  describe('item 1: a prefix claims exactly the ids its scheme produces under it', () => {
    it('"kb" claims kb~..., never kbase~... or kb-legacy~... (the prefix is normalized as the ids are built)', async () => {
      await config({ idPrefix: 'kb' });
      await h.folder.write('docs/a.md', '# A\n\nA.\n');
      // Enough pages of its own that the "more than half" rule cannot hide a wrong deletion.
      await writePages(h.folder, 6);
      assert.equal((await h.cli(['ingest'])).code, 0);
      assert.ok(held('kb~docs~a.md'));
      for (const id of ['kbase~onboarding.md', 'kb-legacy~faq.md', 'kb~Upper.md', 'kb~retired.md']) await seed(id);
      const { run, report } = await h.report(['ingest', '--prune']);
      assert.equal(run.code, 0, run.stderr);
      assert.deepEqual(report.prune?.documents.map((d) => [d.documentId, d.outcome, d.reason]), [['kb~retired.md', 'deleted', 'noSource']]);
      assert.deepEqual(deletes(), ['kb~retired.md']);
      for (const id of ['kbase~onboarding.md', 'kb-legacy~faq.md', 'kb~Upper.md', 'kb~docs~a.md']) assert.ok(held(id), `${id} stays`);
    });

    for (const prefix of ['kb-', 'kb_', 'kb.']) {
      it(`"${prefix}" (glued to the first segment) claims a path under a folder of the repository, not another team's ${prefix}legacy~faq.md`, async () => {
        await config({ idPrefix: prefix });
        await h.folder.write('docs/a.md', '# A\n\nA.\n');
        await writePages(h.folder, 6);
        assert.equal((await h.cli(['ingest'])).code, 0);
        assert.ok(held(`${prefix}docs~a.md`));
        await seed(`${prefix}legacy~faq.md`);
        await seed(`${prefix}docs~old.md`);
        const { run, report } = await h.report(['ingest', '--prune']);
        assert.equal(run.code, 0, run.stderr);
        assert.deepEqual(report.prune?.documents.map((d) => [d.documentId, d.outcome]), [[`${prefix}docs~old.md`, 'deleted']]);
        assert.ok(held(`${prefix}legacy~faq.md`), 'another team\'s document stays');
      });
    }
  });

  describe('item 2: a file that exists is never an orphan, whatever this run included', () => {
    it('a second job with its own --include and ledger deletes nothing of the first job\'s files; --include goes with --prune', async () => {
      await config({ idPrefix: 'kb' });
      await h.folder.write('api/a1.md', '# A1\n\nA.\n');
      await h.folder.write('guides/g1.md', '# G1\n\nG.\n');
      assert.equal((await h.cli(['ingest', '--include', 'api/**', '--ledger', '.doc-ingest/api.json'])).code, 0);
      const second = await h.report(['ingest', '--prune', '--include', 'guides/**', '--ledger', '.doc-ingest/guides.json']);
      assert.equal(second.run.code, 0, second.run.stderr);
      assert.deepEqual(second.report.prune?.documents, []);
      assert.deepEqual(deletes(), []);
      assert.ok(held('kb~api~a1.md') && held('kb~guides~g1.md'));
      const envToo = await h.report(['ingest', '--prune', '--ledger', '.doc-ingest/guides.json'], { DOC_INGEST_INCLUDE: 'guides/**' });
      assert.equal(envToo.run.code, 0, envToo.run.stderr);
      assert.deepEqual(deletes(), []);
      // Once the file is gone, either job's prune deletes its document.
      await rm(path.join(h.folder.root, 'api/a1.md'));
      const gone = await h.report(['ingest', '--prune', '--include', 'guides/**', '--ledger', '.doc-ingest/guides.json']);
      assert.deepEqual(gone.report.prune?.documents.map((d) => [d.documentId, d.outcome, d.reason]), [['kb~api~a1.md', 'deleted', 'noSource']]);
    });

    it('after a lost ledger, a page left out by --exclude, one over the size limit and one whose front matter id another glob leaves out stay', async () => {
      await config({ idPrefix: 'kb' });
      await h.folder.write('docs/a.md', '# A\n\nA.\n');
      await h.folder.write('docs/big.md', '# Big\n\nB.\n');
      await h.folder.write('docs/left-out.md', '# Left out\n\nL.\n');
      await h.folder.write('notes/pinned.md', '---\nid: kb~pinned-page\n---\n# Pinned\n\nP.\n');
      await writePages(h.folder, 6);
      assert.equal((await h.cli(['ingest'])).code, 0);
      await rm(path.join(h.folder.root, '.doc-ingest'), { recursive: true });
      await truncate(path.join(h.folder.root, 'docs/big.md'), 2 * 1024 * 1024);
      const { run, report } = await h.report(['ingest', '--prune', '--exclude', 'docs/left-out.md', '--exclude', 'notes/**', '--max-file-size-mb', '1']);
      assert.equal(run.code, 0, run.stderr);
      assert.deepEqual(report.prune?.documents, []);
      assert.deepEqual(deletes(), []);
      for (const id of ['kb~docs~big.md', 'kb~docs~left-out.md', 'kb~pinned-page']) assert.ok(held(id), `${id} stays`);
    });

    it('a page a file withholds (a draft) is still deleted as not published, found by its front matter id outside the globs', async () => {
      await config({ idPrefix: 'kb' });
      await h.folder.write('docs/a.md', '# A\n\nA.\n');
      await h.folder.write('notes/pinned.md', '---\nid: kb~pinned-page\n---\n# Pinned\n\nP.\n');
      assert.equal((await h.cli(['ingest'])).code, 0);
      await rm(path.join(h.folder.root, '.doc-ingest'), { recursive: true });
      await h.folder.write('notes/pinned.md', '---\nid: kb~pinned-page\ndraft: true\n---\n# Pinned\n\nP.\n');
      const { run, report } = await h.report(['ingest', '--prune', '--exclude', 'notes/**']);
      assert.equal(run.code, 0, run.stderr);
      assert.deepEqual(report.prune?.documents.map((d) => [d.documentId, d.reason, d.path]), [['kb~pinned-page', 'notPublished', 'notes/pinned.md']]);
    });
  });

  describe('item 3: a name stored decomposed (NFD) is there', () => {
    it('an excluded docs/café.md stored as NFD is not deleted as gone; once removed, it is', async () => {
      const nfd = 'docs/cafe\u0301.md';
      await h.folder.write(nfd, '# Café\n\nC.\n');
      await h.folder.write('docs/b.md', '# B\n\nB.\n');
      await h.folder.write('docs/c.md', '# C\n\nC.\n');
      assert.equal((await h.cli(['ingest'])).code, 0);
      const ledger = await readFile(path.join(h.folder.root, '.doc-ingest/ledger.json'), 'utf8');
      assert.ok(ledger.includes('docs/caf\u00e9.md'), 'the ledger keys the source by its NFC name');
      const [id] = h.service.documents().map((d) => d.id).filter((i) => i.startsWith('docs~caf'));
      assert.ok(id);
      const { run, report } = await h.report(['ingest', '--prune', '--exclude', 'docs/caf*']);
      assert.equal(run.code, 0, run.stderr);
      assert.deepEqual(report.prune?.documents, []);
      assert.ok(held(id));
      await rm(path.join(h.folder.root, nfd));
      const gone = await h.report(['ingest', '--prune']);
      assert.deepEqual(gone.report.prune?.documents.map((d) => [d.documentId, d.outcome, d.reason]), [[id, 'deleted', 'sourceGone']]);
    });
  });

  describe('item 4: only the service\'s own "document not found" means gone', () => {
    it('a gateway\'s plain-text 404 on DELETE is a failure: the ledger keeps the document, and the next prune deletes it', async () => {
      await writePages(h.folder, 4);
      assert.equal((await h.cli(['ingest'])).code, 0);
      await rm(path.join(h.folder.root, 'page-3.md'));
      h.service.faults.inject({ method: 'DELETE', status: 404, body: '404 page not found', times: 4 });
      const { run, report } = await h.report(['ingest', '--prune']);
      assert.equal(run.code, 1, run.stderr);
      const [item] = report.prune?.documents ?? [];
      assert.equal(item?.outcome, 'failed');
      assert.match(item?.error ?? '', /HTTP 404 without the service's "document not found" \(the answer said: "404 page not found"\)/);
      assert.ok((await h.ledgerIds()).includes('page-3.md'), 'the ledger keeps it');
      assert.ok(held('page-3.md'));
      h.service.faults.clear();
      const again = await h.report(['ingest', '--prune']);
      assert.equal(again.run.code, 0, again.run.stderr);
      assert.deepEqual(again.report.prune?.documents.map((d) => [d.documentId, d.outcome]), [['page-3.md', 'deleted']]);
      assert.ok(!held('page-3.md'));
    });
  });

  describe('item 5: the half rule judges what this repository held before the run', () => {
    it('a mass rename is refused by the dry run and the real run alike, with another team\'s documents in the pair', async () => {
      await writePages(h.folder, 4);
      assert.equal((await h.cli(['ingest'])).code, 0);
      for (const id of ['other~1.md', 'other~2.md', 'other~3.md', 'other~4.md']) await seed(id);
      for (let i = 0; i < 4; i++) await rename(path.join(h.folder.root, `page-${i}.md`), path.join(h.folder.root, `renamed-${i}.md`));
      const dry = await h.report(['ingest', '--prune', '--dry-run']);
      assert.equal(dry.run.code, 5, dry.run.stderr);
      assert.equal(dry.report.prune?.refused?.reason, 'mostOfPair');
      assert.equal(dry.report.prune?.ours, 4);
      const real = await h.report(['ingest', '--prune']);
      assert.equal(real.run.code, 5, real.run.stderr);
      assert.equal(real.report.prune?.refused?.reason, 'mostOfPair', 'the run\'s four creations do not dilute the measure');
      assert.equal(real.report.prune?.ours, 4);
      assert.equal(real.report.prune?.held, 12);
      assert.match(real.run.stderr, /not pruning: 4 of the 4 documents this repository held in pair 1 before the run would be deleted, more than half/);
      assert.deepEqual(deletes(), []);
    });

    it('a changed id prefix is refused the same way: the old ids are this repository\'s, the new ones its creations', async () => {
      await config({ idPrefix: 'kb' });
      await writePages(h.folder, 4);
      assert.equal((await h.cli(['ingest'])).code, 0);
      await config({ idPrefix: 'handbook' });
      const dry = await h.report(['ingest', '--prune', '--dry-run']);
      assert.equal(dry.run.code, 5, dry.run.stderr);
      assert.deepEqual(dry.report.prune?.documents.map((d) => d.reason), ['idChanged', 'idChanged', 'idChanged', 'idChanged']);
      const real = await h.report(['ingest', '--prune']);
      assert.equal(real.run.code, 5, real.run.stderr);
      assert.equal(real.report.prune?.refused?.reason, 'mostOfPair');
      assert.deepEqual(deletes(), []);
      assert.equal(h.service.documents().length, 8);
    });

    it('documents deleted by the id prefix alone are counted apart, in the report and the table', async () => {
      await config({ idPrefix: 'kb' });
      await writePages(h.folder, 4);
      assert.equal((await h.cli(['ingest'])).code, 0);
      await seed('kb~gone-1.md');
      await seed('kb~gone-2.md');
      await rm(path.join(h.folder.root, 'page-0.md'));
      const { run, report } = await h.report(['ingest', '--prune', '--dry-run']);
      assert.equal(run.code, 0, run.stderr);
      assert.equal(report.prune?.ours, 6);
      assert.equal(report.prune?.byIdPrefix, 2);
      const table = await h.cli(['ingest', '--prune']);
      assert.equal(table.code, 0, table.stderr);
      assert.match(table.stdout, /^prune \(pair 1, which held 6\): 3 deleted, 2 of them by the id prefix alone$/m);
    });
  });
});
