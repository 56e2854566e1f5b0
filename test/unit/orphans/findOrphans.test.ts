// Issue 24, orphans: what this workspace published whose source no longer builds it, read against what the local
// service holds after real batches; never a document the workspace did not publish unless it carries its prefix.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { runBatch } from '../../../src/core/batch';
import { collectClaims } from '../../../src/core/batch';
import { Ledger, ledgerScope, memoryLedgerStorage } from '../../../src/core/ledger';
import { findOrphans, orphanReasonText } from '../../../src/core/orphans';
import { diskTree } from '../../../src/core/orphans/diskTree';
import type { RepositoryRoot } from '../../../src/core/orphans/repository';
import { normalizeIdPrefix } from '../../../src/core/documents/ids/ids';
import { nodeFileAccess } from '../../../src/core/batch';
import { DIALECTS, useService } from '../../support/serviceHarness';
import { diskBatch, useFreshFolder } from '../../support/batchFolder';

describe('orphans: what this workspace published and no file builds any more (issue 24)', () => {
  for (const dialect of DIALECTS) {
    describe(dialect, () => {
      const h = useService(dialect);
      const folder = useFreshFolder();

      /** Publishes the folder as it is into pair 2 and returns the ledger. */
      async function publish(ledger: Ledger, idPrefix = ''): Promise<void> {
        const summary = await runBatch(diskBatch(h.client(), h.service.baseUrl, folder.files, { ledger, config: () => ({ idPrefix, ccPairId: 2 }) }));
        assert.equal(summary.counts.failed, 0, JSON.stringify(summary.results.map((r) => r.error).filter(Boolean)));
      }

      /** What the folder builds now, from the files still on disk (as a whole-tree listing would give). */
      async function query(ledger: Ledger, idPrefix = '') {
        const files = folder.files.filter((f) => existsSync(f.absolutePath!));
        const { read } = nodeFileAccess();
        const builds = await collectClaims(files, { read, idPrefix: () => idPrefix, maxFileBytes: 1e9 });
        const scope = ledgerScope(h.service.baseUrl, 2);
        return { published: ledger.entries(scope), builds, roots: roots(idPrefix), held: await h.client().listPairDocuments(2) };
      }

      /** The folder as the one root of a repository with this prefix (claiming under it when it is not empty). */
      function roots(...idPrefixes: string[]): RepositoryRoot[] {
        return idPrefixes.map((p, i) => ({ tree: diskTree(folder.root), keyPrefix: idPrefixes.length > 1 ? `root-${i}/` : '', idPrefix: normalizeIdPrefix(p), claims: p !== '' }));
      }

      it('finds a deleted file\'s document and a renamed file\'s old document, and nothing a file still builds', async () => {
        const ledger = await Ledger.open(memoryLedgerStorage());
        await folder.write('keep.md', '# Keep\n\nStays.\n');
        await folder.write('gone.md', '# Gone\n\nWill be deleted.\n');
        await folder.write('old-name.md', '# Moved\n\nWill be renamed.\n');
        await folder.write('pinned.md', '---\nid: pinned\n---\n# Pinned\n\nRenamed, but keeps its id.\n');
        await publish(ledger);
        await rm(path.join(folder.root, 'gone.md'));
        await rename(path.join(folder.root, 'old-name.md'), path.join(folder.root, 'new-name.md'));
        await rename(path.join(folder.root, 'pinned.md'), path.join(folder.root, 'pinned-2.md'));
        folder.files.splice(0, folder.files.length, ...folder.files.filter((f) => !['gone.md', 'old-name.md', 'pinned.md'].includes(f.relativePath)));
        await folder.write('new-name.md', '# Moved\n\nWill be renamed.\n');
        await folder.write('pinned-2.md', '---\nid: pinned\n---\n# Pinned\n\nRenamed, but keeps its id.\n');
        const { orphans, alreadyGone } = await findOrphans(await query(ledger));
        assert.deepEqual(orphans.map((o) => [o.documentId, o.reason, o.source]), [['gone.md', 'sourceGone', 'gone.md'], ['old-name.md', 'sourceGone', 'old-name.md']]);
        assert.deepEqual(orphans.map((o) => o.title), ['Gone', 'Moved'], 'titles as the service lists them');
        assert.deepEqual(alreadyGone, []);
        assert.equal(orphanReasonText(orphans[0]!), 'gone.md is gone');
      });

      it('finds the old document of a file whose id: was edited, naming the id it builds now', async () => {
        const ledger = await Ledger.open(memoryLedgerStorage());
        await folder.write('setup.md', '---\nid: setup-v1\n---\n# Setup\n\nText.\n');
        await publish(ledger);
        await folder.write('setup.md', '---\nid: setup-v2\n---\n# Setup\n\nText.\n');
        folder.files.splice(0, folder.files.length, folder.files[folder.files.length - 1]!);
        const { orphans } = await findOrphans(await query(ledger));
        assert.equal(orphans.length, 1);
        assert.deepEqual({ ...orphans[0] }, { documentId: 'setup-v1', title: 'Setup', source: 'setup.md', reason: 'idChanged', nowBuilds: 'setup-v2' });
        assert.equal(orphanReasonText(orphans[0]!), 'setup.md now builds “setup-v2”');
      });

      it('never picks a document it did not publish without a prefix, and picks one under its own non-empty prefix', async () => {
        const ledger = await Ledger.open(memoryLedgerStorage());
        await folder.write('guide/a.md', '# A\n\nA.\n');
        await publish(ledger, 'team-docs.');
        // A glued prefix (ending in .) claims a path under a folder of the repository; `team-docs.left-behind` could be
        // another team's prefix `team-docs.left-behind~`, so a first segment the root does not have is no claim.
        for (const id of ['other-team.page', 'team-docs.left-behind', 'team-docs.guide~left-behind.md']) {
          await h.client().ingestDocument({ document: { id, semantic_identifier: id, sections: [{ text: 'x' }], metadata: {}, source: 'file' }, cc_pair_id: 2 });
        }
        const without = await findOrphans({ ...(await query(ledger, 'team-docs.')), roots: roots('') });
        assert.deepEqual(without.orphans, [], 'no prefix: a document only the server knows is never an orphan');
        const withPrefix = await findOrphans(await query(ledger, 'team-docs.'));
        assert.deepEqual(withPrefix.orphans.map((o) => [o.documentId, o.reason]), [['team-docs.guide~left-behind.md', 'noSource']]);
      });

      it('a multi-root workspace gives one prefix per folder: a server-only document under any of them is a candidate, one under none is not', async () => {
        const ledger = await Ledger.open(memoryLedgerStorage());
        await folder.write('a.md', '# A\n\nA.\n');
        await publish(ledger);
        for (const id of ['team.web~left.md', 'team.api~left.md', 'other~left.md']) {
          await h.client().ingestDocument({ document: { id, semantic_identifier: id, sections: [{ text: 'x' }], metadata: {}, source: 'file' }, cc_pair_id: 2 });
        }
        const { orphans } = await findOrphans({ ...(await query(ledger)), roots: roots('team.web~', '', 'team.api~') });
        assert.deepEqual(orphans.map((o) => [o.documentId, o.reason]), [['team.api~left.md', 'noSource'], ['team.web~left.md', 'noSource']]);
        const none = await findOrphans({ ...(await query(ledger)), roots: roots('') });
        assert.deepEqual(none.orphans, [], 'only empty prefixes: no server-only candidate');
      });

      it('an entry of a ledger that builds ids otherwise is an orphan when its source is gone, never because the source builds another id', async () => {
        const ledger = await Ledger.open(memoryLedgerStorage());
        await folder.write('guide.md', '# Guide\n\nG.\n');
        await publish(ledger);
        const q = await query(ledger);
        // As the command line's ledger of one folder reads in a multi-root workspace: the same source, another id.
        const fromCli = q.published.map((p) => ({ documentId: p.documentId, sourcePath: p.sourcePath, onlyGoneCounts: true }));
        const elsewhere = { ...q.builds, idOf: (s: string) => (s === 'guide.md' ? 'web~guide.md' : undefined), sourcesOf: () => [] };
        const there = await findOrphans({ ...q, published: fromCli, builds: elsewhere });
        assert.deepEqual(there.orphans, [], 'the file is still there');
        const editorsToo = await findOrphans({ ...q, published: [...fromCli, ...q.published], builds: elsewhere });
        assert.deepEqual(editorsToo.orphans.map((o) => [o.documentId, o.reason]), [['guide.md', 'idChanged']], 'the editor\'s own entry of the same source still compares ids');
        await rm(path.join(folder.root, 'guide.md'));
        const gone = await findOrphans({ ...q, published: fromCli, builds: elsewhere });
        assert.deepEqual(gone.orphans.map((o) => [o.documentId, o.reason, o.source]), [['guide.md', 'sourceGone', 'guide.md']]);
      });

      it('a file left out by the globs but still on disk is no orphan; a document deleted elsewhere only leaves the ledger', async () => {
        const ledger = await Ledger.open(memoryLedgerStorage());
        await folder.write('draft.md', '# Draft\n\nD.\n');
        await folder.write('deleted-elsewhere.md', '# E\n\nE.\n');
        await publish(ledger);
        await h.client().deleteDocument('deleted-elsewhere.md');
        await rm(path.join(folder.root, 'deleted-elsewhere.md'));
        folder.files.splice(0, folder.files.length); // the globs now include neither
        const { orphans, alreadyGone } = await findOrphans(await query(ledger));
        assert.deepEqual(orphans, []);
        assert.deepEqual(alreadyGone, [{ documentId: 'deleted-elsewhere.md', sourcePath: 'deleted-elsewhere.md' }]);
      });

      it('two ledgers recording one id from two sources: an orphan only when neither source is still there', async () => {
        const ledger = await Ledger.open(memoryLedgerStorage());
        await folder.write('a.md', '---\nid: shared\n---\n# Shared\n\nS.\n');
        await publish(ledger);
        await folder.write('web/a.md', '# Shared, elsewhere\n\nS.\n');
        const q = await query(ledger);
        const both = [...q.published, { documentId: 'shared', sourcePath: 'web/a.md' }];
        const nothingIncluded = await collectClaims([], { read: nodeFileAccess().read, idPrefix: () => '', maxFileBytes: 1 });
        await rm(path.join(folder.root, 'a.md'));
        const gone = await findOrphans({ ...q, builds: nothingIncluded, published: both });
        assert.deepEqual(gone.orphans, [], 'one source is still there');
        await rm(path.join(folder.root, 'web'), { recursive: true });
        const none = await findOrphans({ ...q, builds: nothingIncluded, published: both });
        assert.deepEqual(none.orphans.map((o) => o.documentId), ['shared']);
      });
    });
  }
});
