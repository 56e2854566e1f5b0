// Issue 24, item 6: `doc-ingest ingest --prune` deletes what this repository published whose file is gone or now
// builds another id, after a complete run only, within --max-delete and half of the pair; --dry-run previews it.
import assert from 'node:assert/strict';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DIALECTS, doc } from '../../support/serviceHarness';
import { usePruneService, writePages } from './pruneHarness';
import { interruptWhen } from '../../support/runCli';

describe('doc-ingest ingest --prune (issue 24)', function () {
  // Each test runs the command line three to six times, a process each.
  this.timeout(60_000);
  for (const dialect of DIALECTS) {
    describe(dialect, () => {
      const h = usePruneService(dialect);
      const prefix = dialect === 'spec' ? 'service-api' : 'onyx-api';
      const deletes = () => h.service.requests.filter((r) => r.method === 'DELETE');
      /** A fresh process learns the route: the real server's dialect answers the specification's prefix with 404 first. */
      const learnt = (method: string, rest: string) => (dialect === 'observed' ? [`${method} service-api/${rest} 404`, `${method} onyx-api/${rest} 200`] : [`${method} service-api/${rest} 200`]);

      it('deletes the document of a deleted file, lists it in the report and the table, and the ledger forgets it', async () => {
        await writePages(h.folder, 4);
        assert.equal((await h.cli(['ingest'])).code, 0);
        await rm(path.join(h.folder.root, 'page-3.md'));
        h.service.clearRequests();
        const { run, report } = await h.report(['ingest', '--prune']);
        assert.equal(run.code, 0, run.stderr);
        assert.deepEqual(report.prune?.documents, [
          { documentId: 'page-3.md', title: 'page 3', path: 'page-3.md', outcome: 'deleted', reason: 'sourceGone', reasonText: 'page-3.md is gone' },
        ]);
        assert.equal(report.prune?.totals.deleted, 1);
        assert.equal(report.prune?.held, 4, 'the pair listed what it held after the run');
        assert.deepEqual(h.requestLines(), [...learnt('GET', 'connector-docs/1'), `DELETE ${prefix}/ingestion/page-3.md 200`], 'no file sent again; one list, one delete');
        assert.equal(h.service.document('page-3.md'), undefined, 'gone from the service');
        assert.deepEqual(h.service.documents().map((d) => d.id).sort(), ['page-0.md', 'page-1.md', 'page-2.md']);
        assert.deepEqual(await h.ledgerIds(), ['page-0.md', 'page-1.md', 'page-2.md'], 'the ledger forgot it');

        await rm(path.join(h.folder.root, 'page-2.md'));
        const table = await h.cli(['ingest', '--prune']);
        assert.equal(table.code, 0, table.stderr);
        assert.match(table.stdout, /^page-2\.md +deleted +page 2 +page-2\.md is gone$/m, 'the table names the document, the outcome, the title and why');
        assert.match(table.stdout, /^prune \(pair 1, which held 3\): 1 deleted$/m);
        assert.equal(h.service.document('page-2.md'), undefined);
      });

      it('a file renamed between two runs is published under its new id and the old document deleted; the ledger keeps only the new one', async () => {
        const text = '# Setup\n\nInstall it.\n\n## Linux\n\nRun the script.\n';
        await h.folder.write('guide/setup.md', text);
        await writePages(h.folder, 2);
        const first = await h.report(['ingest', '--prune', '--cc-pair-id', '2']);
        assert.equal(first.run.code, 0, first.run.stderr);
        assert.equal(first.report.prune?.documents.length, 0, 'nothing to prune after the first run');
        assert.ok(h.service.document('guide~setup.md'));

        await rename(path.join(h.folder.root, 'guide/setup.md'), path.join(h.folder.root, 'guide/install.md'));
        h.service.clearRequests();
        const { run, report } = await h.report(['ingest', '--prune', '--cc-pair-id', '2']);
        assert.equal(run.code, 0, run.stderr);
        assert.deepEqual(report.files.filter((f) => f.outcome !== 'unchanged').map((f) => [f.path, f.documentId, f.outcome]), [['guide/install.md', 'guide~install.md', 'created']]);
        assert.deepEqual(report.prune?.documents.map((d) => [d.documentId, d.path, d.outcome, d.reason]), [['guide~setup.md', 'guide/setup.md', 'deleted', 'sourceGone']]);
        assert.deepEqual(h.requestLines(), [
          ...learnt('POST', 'ingestion'),
          `GET ${prefix}/connector-docs/2 200`,
          `DELETE ${prefix}/ingestion/guide~setup.md 200`,
        ], 'sent the new one, then listed, then deleted the old one');
        assert.equal(h.service.document('guide~setup.md'), undefined, 'the old document is gone');
        assert.equal(JSON.stringify(h.service.document('guide~install.md')?.received).includes('Run the script.'), true, 'the new one is there with the text');
        assert.deepEqual(await h.ledgerIds(), ['guide~install.md', 'page-0.md', 'page-1.md']);
      });

      it('a delete that times out is unknown: the ledger keeps the entry, the exit code is 1, and the next --prune deletes it', async () => {
        await writePages(h.folder, 3);
        assert.equal((await h.cli(['ingest'])).code, 0);
        await rm(path.join(h.folder.root, 'page-0.md'));
        h.service.faults.inject({ method: 'DELETE', delayMs: 600_000 });
        const { run, report } = await h.report(['ingest', '--prune', '--timeout', '0.5']);
        assert.equal(run.code, 1, run.stderr);
        const [item] = report.prune?.documents ?? [];
        assert.equal(item?.outcome, 'unknown');
        assert.equal(item?.errorKind, 'timeout');
        assert.match(item?.error ?? '', /did not answer the delete of "page-0\.md" in time: it may or may not have been deleted/);
        assert.match(run.stderr, /^doc-ingest: pruning: 0 deleted, 0 failed, 1 unknown \(the server may or may not have deleted them\); their ledger entries stay/m);
        assert.deepEqual(await h.ledgerIds(), ['page-0.md', 'page-1.md', 'page-2.md'], 'the entry stays');
        assert.equal(deletes().length, 1, 'sent once, never repeated');

        h.service.faults.clear();
        const again = await h.report(['ingest', '--prune']);
        assert.equal(again.run.code, 0, again.run.stderr);
        assert.equal(again.report.prune?.documents[0]?.outcome, 'deleted');
        assert.equal(h.service.document('page-0.md'), undefined);
        assert.deepEqual(await h.ledgerIds(), ['page-1.md', 'page-2.md']);
      });

      it('--dry-run --prune lists what would be deleted and deletes nothing; over --max-delete it is refused with exit 5, as the real run would be', async () => {
        await writePages(h.folder, 4);
        assert.equal((await h.cli(['ingest'])).code, 0);
        await rm(path.join(h.folder.root, 'page-1.md'));
        const ledgerFile = path.join(h.folder.root, '.doc-ingest/ledger.json');
        const before = await readFile(ledgerFile, 'utf8');
        h.service.clearRequests();
        const { run, report } = await h.report(['ingest', '--dry-run', '--prune']);
        assert.equal(run.code, 0, run.stderr);
        assert.equal(report.dryRun, true);
        assert.deepEqual(report.prune?.documents.map((d) => [d.documentId, d.outcome, d.reasonText]), [['page-1.md', 'wouldDelete', 'page-1.md is gone']]);
        assert.deepEqual(h.requestLines(), learnt('GET', 'connector-docs/1'), 'only the list was asked');
        assert.ok(h.service.document('page-1.md'), 'still held');
        assert.equal(await readFile(ledgerFile, 'utf8'), before, 'the ledger is untouched');

        const text = await h.cli(['ingest', '--dry-run', '--prune']);
        assert.match(text.stdout, /^page-1\.md +would be deleted +page 1 +page-1\.md is gone$/m);

        const refused = await h.report(['ingest', '--dry-run', '--prune', '--max-delete', '0']);
        assert.equal(refused.run.code, 5);
        assert.equal(refused.report.prune?.refused?.reason, 'maxDelete');
        assert.match(refused.run.stderr, /^doc-ingest: not pruning: 1 document would be deleted, more than --max-delete 0, and nothing was deleted\. .*--max-delete 1\.$/m);
        assert.equal(deletes().length, 0);
      });

      it('prunes after a finished run with a failed file (a broken image): the failed page keeps its document, the gone one goes (issue 38)', async () => {
        await writePages(h.folder, 3);
        assert.equal((await h.cli(['ingest'])).code, 0);
        await h.folder.write('page-1.md', '# Page 1\n\n![shot](missing.png)\n');
        await rm(path.join(h.folder.root, 'page-2.md'));
        h.service.clearRequests();
        const { run, report } = await h.report(['ingest', '--prune']);
        assert.equal(run.code, 1, 'the failed file\'s exit code');
        assert.equal(report.prune?.refused, undefined, run.stderr);
        assert.deepEqual(deletes().map((r) => decodeURIComponent(r.path.split('/').pop() ?? '')), ['page-2.md'], 'only the page that is gone');
        assert.ok(h.service.document('page-1.md'), 'the failed page keeps its document');
        assert.ok((await h.ledgerIds()).includes('page-1.md'));
      });

      it('refused when a file\'s id cannot be read: nothing deleted, the report and stderr name the file', async () => {
        await writePages(h.folder, 3);
        assert.equal((await h.cli(['ingest'])).code, 0);
        await rm(path.join(h.folder.root, 'page-2.md'));
        await h.folder.write('broken.md', '---\nid: [unclosed\n---\n# Broken\n');
        h.service.clearRequests();
        const { run, report } = await h.report(['ingest', '--prune']);
        assert.equal(run.code, 1, 'the failed file\'s exit code');
        assert.equal(report.prune?.refused?.reason, 'incompleteRun');
        assert.deepEqual(report.prune?.documents, []);
        assert.match(run.stderr, /^doc-ingest: not pruning: the document id of 1 file \(broken\.md\) is unknown, so this run is no evidence of which pages are gone, and nothing was deleted\. Fix what failed, then run again with --prune\.$/m);
        assert.equal(deletes().length, 0, 'no delete sent');
        assert.equal(h.service.requests.filter((r) => r.path.includes('connector-docs')).length, 0, 'not even listed');
        assert.ok(h.service.document('page-2.md'), 'still held');
      });

      it('refused when it would delete more than --max-delete (the flag or DOC_INGEST_MAX_DELETE), naming the number and the flag', async () => {
        await writePages(h.folder, 8);
        assert.equal((await h.cli(['ingest'])).code, 0);
        for (const i of [0, 1, 2]) await rm(path.join(h.folder.root, `page-${i}.md`));
        const cases: [string[], Record<string, string>, string][] = [
          [['--max-delete', '2'], {}, '--max-delete 2'],
          [[], { DOC_INGEST_MAX_DELETE: '2' }, 'DOC_INGEST_MAX_DELETE'],
        ];
        for (const [args, env, what] of cases) {
          const { run, report } = await h.report(['ingest', '--prune', ...args], env);
          assert.equal(run.code, 5, `${what}: ${run.stderr}`);
          assert.equal(report.prune?.refused?.reason, 'maxDelete');
          assert.deepEqual(report.prune?.documents.map((d) => d.outcome), ['notDeleted', 'notDeleted', 'notDeleted'], 'listed, not deleted');
          assert.match(run.stderr, /not pruning: 3 documents would be deleted, more than --max-delete 2, and nothing was deleted\. Check the list \(--dry-run --prune shows it\), then run again with --max-delete 3\./);
        }
        assert.equal(deletes().length, 0, 'nothing deleted');
        assert.equal(h.service.documents().length, 8);
        assert.equal((await h.ledgerIds()).length, 8, 'nothing forgotten');

        const allowed = await h.report(['ingest', '--prune', '--max-delete', '3']);
        assert.equal(allowed.run.code, 0, allowed.run.stderr);
        assert.equal(allowed.report.prune?.totals.deleted, 3);
        assert.equal(h.service.documents().length, 5);
      });

      it('refused when it would delete more than half of what the pair holds, unless --max-delete is typed on the command line', async () => {
        await writePages(h.folder, 4);
        assert.equal((await h.cli(['ingest', '--cc-pair-id', '3'])).code, 0);
        for (const i of [0, 1, 2]) await rm(path.join(h.folder.root, `page-${i}.md`));
        const { run, report } = await h.report(['ingest', '--prune', '--cc-pair-id', '3']);
        assert.equal(run.code, 5, run.stderr);
        assert.equal(report.prune?.refused?.reason, 'mostOfPair');
        assert.equal(report.prune?.held, 4);
        assert.equal(report.prune?.ours, 4);
        assert.match(run.stderr, /^doc-ingest: not pruning: 3 of the 4 documents this repository held in pair 3 before the run would be deleted, more than half, and nothing was deleted\. If that is what you want, run again with --max-delete 3 typed on the command line \(DOC_INGEST_MAX_DELETE and the Action's max-delete do not lift this\)\.$/m);
        const standing = await h.cli(['ingest', '--prune', '--cc-pair-id', '3'], { DOC_INGEST_MAX_DELETE: '10' });
        assert.equal(standing.code, 5, 'a standing limit from the environment does not lift the half rule');
        assert.equal(deletes().length, 0);
        assert.equal(h.service.documents().length, 4);

        const typed = await h.report(['ingest', '--prune', '--cc-pair-id', '3', '--max-delete', '3']);
        assert.equal(typed.run.code, 0, typed.run.stderr);
        assert.deepEqual(typed.report.prune?.documents.map((d) => [d.documentId, d.outcome]), [['page-0.md', 'deleted'], ['page-1.md', 'deleted'], ['page-2.md', 'deleted']]);
        assert.deepEqual(h.service.documents().map((d) => d.id), ['page-3.md']);
      });

      it('never deletes a document this repository did not publish, unless it carries the id prefix; one the pair no longer holds is forgotten without a request', async () => {
        await writeFile(path.join(h.folder.root, '.doc-ingest.json'), JSON.stringify({ idPrefix: 'kb~' }));
        await writePages(h.folder, 5);
        assert.equal((await h.cli(['ingest'])).code, 0);
        // Sent by someone else: another team without a prefix, and this repository's prefix from a ledger since lost.
        for (const id of ['other-team.md', 'kb~retired.md']) {
          const res = await fetch(`${h.service.baseUrl}/${h.service.ingestionPath}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${h.service.keys.admin}`, 'content-type': 'application/json' },
            body: JSON.stringify({ document: doc(id) }),
          });
          assert.equal(res.status, 200, await res.text());
        }
        // Deleted elsewhere (the editor, an admin) while the ledger still records it.
        await rm(path.join(h.folder.root, 'page-4.md'));
        const gone = await fetch(`${h.service.baseUrl}/${prefix}/ingestion/kb~page-4.md`, { method: 'DELETE', headers: { authorization: `Bearer ${h.service.keys.admin}` } });
        assert.equal(gone.status, 200);
        h.service.clearRequests();
        const { run, report } = await h.report(['ingest', '--prune']);
        assert.equal(run.code, 0, run.stderr);
        assert.deepEqual(report.prune?.documents.map((d) => [d.documentId, d.outcome, d.reason, d.reasonText]), [
          ['kb~retired.md', 'deleted', 'noSource', 'no file builds it'],
          ['kb~page-4.md', 'alreadyGone', 'notHeld', 'pair 1 no longer holds it'],
        ]);
        assert.deepEqual(deletes().map((r) => r.path), [`/api/${prefix}/ingestion/kb~retired.md`], 'one delete: the prefixed one; none for what is already gone');
        assert.ok(h.service.document('other-team.md'), 'another team\'s document stays');
        assert.deepEqual(await h.ledgerIds(), ['kb~page-0.md', 'kb~page-1.md', 'kb~page-2.md', 'kb~page-3.md'], 'the ledger forgot the one already gone');
      });

      it('a pair it may not list, or a server without the listing: one line says so, and only what the ledger records is pruned', async () => {
        await writePages(h.folder, 4);
        assert.equal((await h.cli(['ingest', '--cc-pair-id', '2'])).code, 0);
        // Every key that may ingest into a pair may list it: the refusal and the missing route are injected.
        const answers: [number, RegExp][] = [
          [403, /^This key may not list the documents of connector-credential pair 2 \(HTTP 403\).* Pruning only what the ledger records as sent from here\.$/],
          [404, /^This server does not list the documents of connector-credential pair 2 \(HTTP 404\)\. Pruning only what the ledger records as sent from here\.$/],
        ];
        for (const [i, [status, said]] of answers.entries()) {
          await rm(path.join(h.folder.root, `page-${i}.md`));
          h.service.faults.clear();
          h.service.faults.inject({ method: 'GET', path: /connector-docs/, status, body: { detail: status === 403 ? 'Forbidden' : 'Not Found' }, times: Infinity });
          const { run, report } = await h.report(['ingest', '--prune', '--cc-pair-id', '2']);
          assert.equal(run.code, 0, run.stderr);
          assert.equal(report.prune?.held, undefined, 'the pair\'s size is unknown');
          assert.match(report.prune?.listing ?? '', said);
          assert.equal(run.stderr, `doc-ingest: ${report.prune?.listing ?? ''}\n`, 'one line on stderr');
          assert.deepEqual(report.prune?.documents.map((d) => [d.documentId, d.outcome]), [[`page-${i}.md`, 'deleted']]);
          assert.equal(h.service.document(`page-${i}.md`), undefined);
        }
      });
    });
  }

  describe('what a run that has not seen the whole tree may not do', () => {
    const h = usePruneService('observed');

    it('refused on a --changed run or a run limited to paths: exit 2, one sentence, nothing sent or deleted', async () => {
      await writePages(h.folder, 3);
      assert.equal((await h.cli(['ingest'])).code, 0);
      await rm(path.join(h.folder.root, 'page-0.md'));
      await h.folder.write('page-1.md', '# page 1\n\nEdited.\n');
      h.service.clearRequests();
      const changed = await h.cli(['ingest', '--changed', '--prune', '--json']);
      assert.equal(changed.code, 2);
      assert.equal(changed.stdout, '');
      assert.match(changed.stderr, /^doc-ingest: --prune needs a run over the whole tree, and --changed looks at the changed files only: drop --changed \(files the ledger knows unchanged are still not sent again\)\.\n$/);
      const named = await h.cli(['ingest', '--prune', 'page-1.md']);
      assert.equal(named.code, 2);
      assert.match(named.stderr, /^doc-ingest: --prune needs a run over the whole tree, and page-1\.md limits it to part of it: run doc-ingest ingest --prune without paths/);
      assert.equal(h.service.requests.length, 0, 'nothing reached the server');
      assert.ok(h.service.document('page-0.md'));
    });

    it('refused after Ctrl+C: exit 130, nothing deleted, the report says why', async () => {
      await writePages(h.folder, 3, 'old');
      assert.equal((await h.cli(['ingest'])).code, 0);
      await rm(path.join(h.folder.root, 'old-0.md'));
      await writePages(h.folder, 20, 'new');
      h.service.setIngestLatency(250);
      h.service.clearRequests();
      const posts = () => h.service.requests.filter((r) => r.method === 'POST' && r.status === 200).length;
      const ctrlC = interruptWhen(() => posts() >= 2);
      const run = await h.cli(['ingest', '--prune', '--json', '--concurrency', '2'], {}, ctrlC.started);
      assert.ok(ctrlC.interrupted());
      assert.equal(run.code, 130, run.stderr);
      const report = JSON.parse(run.stdout) as { prune?: { refused?: { reason: string } } };
      assert.equal(report.prune?.refused?.reason, 'incompleteRun');
      assert.match(run.stderr, /not pruning: the run was interrupted, so this run is no evidence of which pages are gone, and nothing was deleted/);
      assert.equal(h.service.requests.filter((r) => r.method === 'DELETE').length, 0);
      assert.ok(h.service.document('old-0.md'), 'still held');
    });

    it('--help documents --prune, --max-delete and exit code 5', async () => {
      const help = await h.cli(['ingest', '--help']);
      assert.equal(help.code, 0);
      assert.match(help.stdout, /--prune /);
      assert.match(help.stdout, /--max-delete N +--prune deletes at most N documents, else nothing \(default 25;/);
      assert.match(help.stdout, /^ {2}5 {4}ingest --prune refused/m);
    });
  });
});
