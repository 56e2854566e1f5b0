// Issue 25, items 5 and 6, on the command line over real HTTP: what is ignored, hidden or a draft is neither sent nor
// an orphan candidate; a file named outright is sent unless a .docingestignore line withholds it, then it is reported
// skipped with that file and line (issue 34); a published page that became a draft leaves the service with --prune; --max-document-chars refuses before
// sending; a document the server already held that the ledger never sent is named in the report and the summary.
import assert from 'node:assert/strict';
import path from 'node:path';
import { DIALECTS } from '../../support/serviceHarness';
import { usePruneService } from './pruneHarness';

describe('doc-ingest: what is never published, and what the server would drop (issue 25)', function () {
  this.timeout(60_000);
  for (const dialect of DIALECTS) {
    describe(dialect, () => {
      const h = usePruneService(dialect);
      const posted = () => h.service.requests.filter((r) => r.method === 'POST' && /ingestion/.test(r.path) && r.status === 200).map((r) => r.path);

      async function site(): Promise<void> {
        await h.folder.write('.gitignore', '# local\nnotes/\nscratch.md\n');
        await h.folder.write('docs/.docingestignore', 'internal-*.md\n');
        await h.folder.write('guide.md', '# Guide\n\nText.\n');
        await h.folder.write('notes/todo.md', '# Todo\n\nMine.\n');
        await h.folder.write('scratch.md', '# Scratch\n\nMine.\n');
        await h.folder.write('docs/internal-plan.md', '# Plan\n\nInternal.\n');
        await h.folder.write('.github/CONTRIBUTING.md', '# Contributing\n\nText.\n');
        await h.folder.write('draft.md', '---\ntitle: Draft\ndraft: true\n---\n# Draft\n\nNot yet.\n');
      }

      it('ignored, hidden and draft files are neither sent nor orphan candidates; the draft is skipped with its reason', async () => {
        await site();
        const { run, report } = await h.report(['ingest', '--prune']);
        assert.equal(run.code, 0, run.stderr);
        assert.deepEqual(report.files.map((f) => [f.path, f.outcome, f.reason]), [['draft.md', 'skipped', 'draft'], ['guide.md', 'created', undefined]], 'ignored and hidden files are not listed at all');
        assert.equal(report.files[0]?.line, 3);
        assert.equal(report.files[0]?.error, '“draft.md” is not published: its front matter says draft: true (line 3); remove that line to publish it.');
        assert.equal(report.exitCode, 0, 'a skip is no failure');
        assert.deepEqual(report.prune?.documents, [], 'nothing to prune: the draft and the ignored files were never published');
        assert.deepEqual(h.service.documents().map((d) => d.id), ['guide.md']);

        const table = await h.cli(['ingest', '--force']);
        assert.match(table.stdout, /^draft\.md:3 +skipped: draft +“draft\.md” is not published/m);
        assert.match(table.stdout, /^2 files: .*1 skipped.* \(1 not to be published\)$/m);
      });

      it('a file named outright is sent whatever git\'s files and the hidden rule say; a .docingestignore line keeps it back, naming its file and line (issue 34)', async () => {
        await site();
        h.service.clearRequests();
        const { run, report } = await h.report(['ingest', 'scratch.md', 'notes/todo.md', 'docs/internal-plan.md', '.github/CONTRIBUTING.md', 'notes']);
        assert.equal(run.code, 0, run.stderr);
        assert.deepEqual(report.files.map((f) => [f.path, f.outcome, f.reason, f.error]), [
          ['.github/CONTRIBUTING.md', 'created', undefined, undefined],
          ['docs/internal-plan.md', 'skipped', 'ignored', 'docs/internal-plan.md is not published: docs/.docingestignore line 1 (internal-*.md) ignores it; remove or change that line to publish it.'],
          ['notes/todo.md', 'created', undefined, undefined],
          ['scratch.md', 'created', undefined, undefined],
        ], 'the folder notes/ is a batch: .gitignore keeps it empty');
        assert.deepEqual(h.service.documents().map((d) => d.id).sort(), ['.github~contributing.md', 'notes~todo.md', 'scratch.md']);
        const table = await h.cli(['ingest', 'docs/internal-plan.md']);
        assert.match(table.stdout, /^docs\/internal-plan\.md +skipped: ignored +docs\/internal-plan\.md is not published: docs\/\.docingestignore line 1/m);
        const preview = await h.cli(['preview', 'docs/internal-plan.md']);
        assert.equal(preview.code, 0, 'the body it would be is still shown');
        assert.match(preview.stderr, /^doc-ingest: docs\/internal-plan\.md: warning: docs\/internal-plan\.md is not published: docs\/\.docingestignore line 1 \(internal-\*\.md\) ignores it;/m);
        assert.equal((await h.cli(['preview', 'scratch.md'])).stderr, '', 'named, a .gitignore\'d file is no warning');
        const draft = await h.cli(['preview', 'draft.md']);
        assert.equal(draft.code, 1);
        assert.match(draft.stderr, /^doc-ingest: draft\.md:3: “draft\.md” is not published: its front matter says draft: true \(line 3\)/m);

        const pruned = await h.report(['ingest', '--prune']);
        assert.equal(pruned.run.code, 0, pruned.run.stderr);
        assert.deepEqual(pruned.report.prune?.documents, [], 'what was sent by name is there and no writer\'s rule withholds it: no orphan');
        assert.deepEqual(h.service.documents().map((d) => d.id).sort(), ['.github~contributing.md', 'guide.md', 'notes~todo.md', 'scratch.md']);

        await h.folder.write('.docingestignore', '!/scratch.md\n');
        await h.folder.write('.doc-ingest.json', JSON.stringify({ include: ['**/*.md', '.github/**/*.md'] }));
        const allowed = await h.report(['ingest', '--force']);
        assert.equal(allowed.run.code, 0, allowed.run.stderr);
        assert.deepEqual(allowed.report.files.filter((f) => f.outcome !== 'skipped').map((f) => f.path), ['.github/CONTRIBUTING.md', 'guide.md', 'scratch.md'], 'a batch takes what git ignores only by a negation in .docingestignore, and .github only by a glob');
      });

      it('a published page that became a draft, or that an ignore file now names, leaves the service with --prune', async () => {
        await h.folder.write('guide.md', '# Guide\n\nText.\n');
        await h.folder.write('later.md', '# Later\n\nText.\n');
        await h.folder.write('old.md', '# Old\n\nText.\n');
        await h.folder.write('keep.md', '# Keep\n\nText.\n');
        assert.equal((await h.cli(['ingest'])).code, 0);
        await h.folder.write('later.md', '---\ndraft: true\n---\n# Later\n\nText.\n');
        await h.folder.write('.docingestignore', '# retired\nold.md\n');
        const { run, report } = await h.report(['ingest', '--prune']);
        assert.equal(run.code, 0, run.stderr);
        assert.deepEqual(report.prune?.documents.map((d) => [d.documentId, d.outcome, d.reason, d.reasonText]), [
          ['later.md', 'deleted', 'notPublished', 'later.md is not to be published (draft: true (line 2))'],
          ['old.md', 'deleted', 'notPublished', 'old.md is not to be published (.docingestignore line 2)'],
        ]);
        assert.deepEqual(h.service.documents().map((d) => d.id).sort(), ['guide.md', 'keep.md']);
        assert.deepEqual(await h.ledgerIds(), ['guide.md', 'keep.md']);
      });

      it('--max-document-chars, DOC_INGEST_MAX_DOCUMENT_CHARS and .doc-ingest.json refuse a longer document before sending', async () => {
        await h.folder.write('short.md', '# Short\n\nText.\n');
        await h.folder.write('long.md', `# Long\n\n${'word '.repeat(100)}\n`);
        h.service.clearRequests();
        const { run, report } = await h.report(['ingest', '--max-document-chars', '200']);
        assert.equal(run.code, 1, 'a refused file is a failure');
        const long = report.files.find((f) => f.path === 'long.md');
        assert.equal(long?.outcome, 'failed');
        assert.equal(long?.line, 1);
        assert.match(long?.error ?? '', /^“long\.md” has 5\d\d characters, over the server's limit of 200 \(--max-document-chars or DOC_INGEST_MAX_DOCUMENT_CHARS\): the server would drop it while answering success\./);
        assert.equal(posted().length, 1, 'only short.md was sent');
        assert.equal((await h.report(['ingest'], { DOC_INGEST_MAX_DOCUMENT_CHARS: '200' })).report.files.find((f) => f.path === 'long.md')?.outcome, 'failed');
        await h.folder.write('.doc-ingest.json', JSON.stringify({ maxDocumentChars: 200 }));
        assert.equal((await h.report(['ingest'])).report.files.find((f) => f.path === 'long.md')?.outcome, 'failed');
        const unlimited = await h.report(['ingest', '--max-document-chars', '0']);
        assert.equal(unlimited.report.files.find((f) => f.path === 'long.md')?.outcome, 'created', '0: no check');
        assert.match((await h.cli(['ingest', '--help'])).stdout, /--max-document-chars N/);
        await h.folder.write('.doc-ingest.json', JSON.stringify({ maxDocumentChars: -5 }));
        const refused = await h.cli(['ingest']);
        assert.equal(refused.code, 2);
        assert.match(refused.stderr, /maxDocumentChars: -5 is not a number of characters/);
        await h.folder.write('.doc-ingest.json', '{}');
        const wrong = await h.cli(['ingest', '--max-document-chars', 'many']);
        assert.equal(wrong.code, 2);
        assert.match(wrong.stderr, /--max-document-chars: “many” is not a number of characters/);
      });

      it('a document the server already held, which this ledger never sent, is named in the report and the summary', async () => {
        await h.folder.write('a.md', '# A\n\nText.\n');
        await h.folder.write('b.md', '# B\n\nText.\n');
        assert.equal((await h.cli(['ingest', 'a.md', '--ledger', path.join(h.folder.root, 'elsewhere.json')])).code, 0);
        const { run, report } = await h.report(['ingest']);
        assert.equal(run.code, 0, run.stderr);
        assert.deepEqual(report.files.map((f) => [f.path, f.outcome, f.alreadyHeld]), [['a.md', 'updated', true], ['b.md', 'created', undefined]]);
        await h.folder.write('c.md', '# C\n\nText.\n');
        assert.equal((await h.cli(['ingest', 'c.md', '--ledger', path.join(h.folder.root, 'elsewhere.json')])).code, 0);
        const table = await h.cli(['ingest']);
        assert.match(table.stdout, /^already held: sent from elsewhere\? The server already held this document although this ledger never sent it: c\.md$/m);
      });
    });
  }
});
