// Issue 25, items 5 and 6: pages whose front matter keeps them from being published are skipped with their reason;
// what the server would drop (no text, over MAX_DOCUMENT_CHARS) or rewrite (the id) is said before sending; a
// document the server already held though the ledger never sent it is named; a published page now withheld leaves
// the service as an orphan. Batches run against the local service over real HTTP.
import assert from 'node:assert/strict';
import path from 'node:path';
import { runBatch } from '../../../src/core/batch';
import { nodeFileAccess } from '../../../src/core/batch';
import { buildDocument, buildSelectionDocument, DocumentError, problemsOf } from '../../../src/core/documents';
import { checkForServer, codePoints, serverCharCount, serverDocumentId } from '../../../src/core/documents/problems/serverLimits';
import { documentIdOf, publishSwitchOf } from '../../../src/core/identity';
import { collectClaims } from '../../../src/core/batch';
import { buildFile } from '../../../src/core/ingest/pipeline';
import { Ledger, ledgerScope, memoryLedgerStorage } from '../../../src/core/ledger';
import { findOrphans, orphanReasonText } from '../../../src/core/orphans';
import { diskTree } from '../../../src/core/orphans/diskTree';
import type { IngestionDocument } from '../../../src/core/api/schemas';
import { DIALECTS, useService } from '../../support/serviceHarness';
import { diskBatch, useFolder } from '../../support/batchFolder';

function thrown(f: () => unknown): DocumentError {
  try {
    f();
  } catch (e) {
    if (e instanceof DocumentError) return e;
    throw e;
  }
  assert.fail('expected a DocumentError');
}

describe('what is never published, and what the server would drop (issue 25)', () => {
  describe('front matter switches', () => {
    const cases: [string, string, string][] = [
      ['draft: true', 'draft', 'draft: true'],
      ['unlisted: true', 'unlisted', 'unlisted: true'],
      ['publish: false', 'publish', 'publish: false'],
      ['doc-ingest: false', 'doc-ingest', 'doc-ingest: false'],
    ];
    for (const [line, key, says] of cases) {
      it(`${line} keeps the page from being built, with its line, as a skip`, () => {
        const e = thrown(() => buildDocument(`---\ntitle: Guide\n${line}\n---\n# Guide\n\nText.\n`, 'docs/guide.md'));
        assert.equal(e.code, 'notPublished');
        assert.equal(e.key, key);
        assert.equal(e.line, 3);
        assert.equal(e.message, `“guide.md” is not published: its front matter says ${says} (line 3); remove that line to publish it.`);
        assert.equal(problemsOf(e)[0]?.severity, 'info', 'a diagnostic that informs, not an error');
        assert.equal(documentIdOf(`---\n${line}\nid: guide\n---\n# Guide\n`, 'docs/guide.md', ''), undefined, 'a withheld page claims no id');
        assert.equal(publishSwitchOf(`---\n${line}\n---\n# Guide\n`, 'docs/guide.md'), `${says} (line 2)`);
      });
    }

    it('the opposite values publish, and no switch is ever metadata', () => {
      const built = buildDocument('---\ndraft: false\nunlisted: false\npublish: true\ndoc-ingest: true\nteam: docs\n---\n# Guide\n\nText.\n', 'guide.md');
      assert.deepEqual(built.document.metadata, { team: 'docs', source_path: 'guide.md' });
      assert.equal(documentIdOf('---\ndraft: false\n---\n# Guide\n', 'guide.md', ''), 'guide.md');
      assert.equal(publishSwitchOf('---\ndraft: false\n---\n# Guide\n', 'guide.md'), undefined);
      assert.equal(publishSwitchOf('# Guide\n\ndraft: true\n', 'guide.md'), undefined, 'only front matter counts');
    });

    it('a selection of a draft is not published either', () => {
      const text = '---\ndraft: true\n---\n# Guide\n\nText.\n';
      assert.equal(thrown(() => buildSelectionDocument(text, 'guide.md', text.indexOf('Text'), text.length)).code, 'notPublished');
    });
  });

  describe('what the server would drop or rewrite', () => {
    it('ids: the server keeps [A-Za-z0-9_.~-], makes spaces _ and percent-encodes the rest (UTF-8), again on every request', () => {
      assert.equal(serverDocumentId('a/b c'), 'a%2Fb_c');
      assert.equal(serverDocumentId('100%'), '100%25');
      assert.equal(serverDocumentId('a%2Fb_c'), 'a%252Fb_c');
      assert.equal(serverDocumentId('Über'), '%C3%9Cber');
      assert.equal(serverDocumentId('guide~install.md'), 'guide~install.md');
      const e = thrown(() => buildDocument('---\nid: my guide/v2\n---\n# Guide\n\nText.\n', 'guide.md'));
      assert.equal(e.line, 2);
      assert.match(e.message, /the server would store it as “my_guide%2Fv2”/);
      const direct = thrown(() => checkForServer({ id: 'a b', semantic_identifier: 'A', title: 'A', sections: [{ text: 'x' }], source: 'file', metadata: {} }, 'a.md'));
      assert.equal(direct.code, 'idRewritten');
      assert.match(direct.message, /“a_b”/);
    });

    it('counts what the server counts: the title (else the semantic identifier) and text sections, in code points', () => {
      assert.equal(codePoints('a😀b'), 3, 'a surrogate pair is one, as Python counts');
      assert.equal(codePoints('\ud800x'), 2, 'a lone surrogate is one');
      const doc: IngestionDocument = {
        id: 'a.md',
        semantic_identifier: 'Semantic',
        title: 'Tïtle',
        sections: [{ text: 'ab😀' }, { type: 'image', image_file_id: 'f1', text: 'alt text not counted' }, { text: 'c', link: 'https://x' }],
        source: 'file',
        metadata: { team: 'not counted' },
      };
      assert.equal(serverCharCount(doc), 5 + 3 + 1);
      assert.equal(serverCharCount({ ...doc, title: '' }), 8 + 3 + 1, 'an empty title: the semantic identifier');
    });

    it('over maxDocumentChars: refused with the count, the limit and the setting; at the limit or without one: built', () => {
      const text = '# T\n\n' + 'x'.repeat(100) + '\n';
      const built = buildFile({ relativePath: 'big.md', input: text }, { idPrefix: '' });
      const count = serverCharCount(built.document);
      assert.equal(count, 'T'.length + '# T\n\n'.length + 100, 'the title T, then the section "# T\\n\\nxxx..."');
      buildFile({ relativePath: 'big.md', input: text }, { idPrefix: '', maxDocumentChars: count });
      buildFile({ relativePath: 'big.md', input: text }, { idPrefix: '', maxDocumentChars: 0 });
      const e = thrown(() => buildFile({ relativePath: 'big.md', input: text }, { idPrefix: '', maxDocumentChars: count - 1 }));
      assert.equal(e.code, 'serverWouldDrop');
      assert.equal(e.key, 'maxDocumentChars');
      assert.equal(e.message, `“big.md” has ${count} characters, over the server's limit of ${count - 1} (setting docIngest.maxDocumentChars): the server would drop it while answering success. Split the page, or raise the setting if the server's MAX_DOCUMENT_CHARS is higher.`);
      assert.equal(problemsOf(e)[0]?.severity, 'error');
    });

    it('no text the service can index: images only (alt text rides on the image section, which the server does not index as text)', () => {
      for (const input of ['![](a.png)\n', '![A diagram](a.png)\n']) {
        const e = thrown(() => buildFile({ relativePath: 'pics.md', input, images: new Map([['a.png', 'file-1']]) }, { idPrefix: '' }));
        assert.equal(e.code, 'empty', 'skipped, as a page of only front matter is');
        assert.equal(e.message, '“pics.md” has no text the service can index, only images (the server indexes no image\'s text unless it analyses images); add text to the page.');
      }
      buildFile({ relativePath: 'pics.md', input: 'A diagram:\n\n![A diagram](a.png)\n', images: new Map([['a.png', 'file-1']]) }, { idPrefix: '' });
      assert.equal(thrown(() => buildFile({ relativePath: 'front.md', input: '---\ntitle: T\n---\n' }, { idPrefix: '' })).code, 'empty', 'only front matter: as before');
    });
  });

  for (const dialect of DIALECTS) {
    describe(`batch (${dialect})`, () => {
      const h = useService(dialect);
      const folder = useFolder(h);
      const posted = () => h.service.requests.filter((r) => r.method === 'POST' && r.path.includes(h.service.ingestionPath)).length;

      it('a draft is skipped with its reason, a withheld file is skipped unread, one too long fails naming the setting; none is sent', async () => {
        await folder.write('guide.md', '# Guide\n\nText.\n');
        await folder.write('draft.md', '---\ndraft: true\n---\n# Draft\n\nText.\n');
        await folder.write('long.md', `# Long\n\n${'x'.repeat(500)}\n`);
        const ignored = await folder.write('ignored.md', '# Ignored\n\nText.\n');
        ignored.withheld = { reason: 'ignored', error: 'ignored.md is not published: .docingestignore line 1 (ignored.md) ignores it; ...' };
        let reads = 0;
        const access = nodeFileAccess();
        const summary = await runBatch(diskBatch(h.client(), h.service.baseUrl, folder.files, {
          read: (f) => {
            if (f.relativePath === 'ignored.md') reads++;
            return access.read(f);
          },
          config: () => ({ idPrefix: '', maxDocumentChars: 200 }),
        }));
        const rows = Object.fromEntries(summary.results.map((r) => [r.file.relativePath, r]));
        assert.equal(rows['guide.md']?.outcome, 'created');
        assert.deepEqual([rows['draft.md']?.outcome, rows['draft.md']?.reason, rows['draft.md']?.line], ['skipped', 'draft', 2]);
        assert.deepEqual([rows['ignored.md']?.outcome, rows['ignored.md']?.reason], ['skipped', 'ignored']);
        assert.equal(reads, 0, 'a withheld file is never read');
        assert.deepEqual([rows['long.md']?.outcome, rows['long.md']?.setting, rows['long.md']?.errorKind], ['failed', 'maxDocumentChars', 'document']);
        assert.equal(posted(), 1, 'only the guide was sent');
        assert.equal(h.service.document('draft.md'), undefined);
      });

      it('a document the server already held, which the ledger never sent, is marked; one the ledger sent is not', async () => {
        await folder.write('a.md', '# A\n\nText.\n');
        await folder.write('b.md', '# B\n\nText.\n');
        const elsewhere = await Ledger.open(memoryLedgerStorage());
        await runBatch(diskBatch(h.client(), h.service.baseUrl, [folder.files[0]!], { ledger: elsewhere }));
        const ledger = await Ledger.open(memoryLedgerStorage());
        const first = await runBatch(diskBatch(h.client(), h.service.baseUrl, folder.files, { ledger }));
        assert.deepEqual(first.results.map((r) => [r.file.relativePath, r.outcome, !!r.alreadyHeld]), [['a.md', 'updated', true], ['b.md', 'created', false]]);
        const again = await runBatch(diskBatch(h.client(), h.service.baseUrl, folder.files, { ledger, force: true }));
        assert.deepEqual(again.results.map((r) => !!r.alreadyHeld), [false, false], 'sent from here since: not marked');
      });

      it('a published page that became a draft is an orphan, not to be published, and a never-published draft is none', async () => {
        const ledger = await Ledger.open(memoryLedgerStorage());
        await folder.write('keep.md', '# Keep\n\nText.\n');
        await folder.write('later.md', '# Later\n\nText.\n');
        await runBatch(diskBatch(h.client(), h.service.baseUrl, folder.files, { ledger, config: () => ({ idPrefix: '', ccPairId: 2 }) }));
        await folder.write('later.md', '---\ndraft: true\n---\n# Later\n\nText.\n');
        folder.files.pop();
        await folder.write('never.md', '---\nunlisted: true\n---\n# Never\n\nText.\n');
        folder.files.pop();
        const { read } = nodeFileAccess();
        const builds = await collectClaims(folder.files, { read, idPrefix: () => '', maxFileBytes: 1e9 });
        const { orphans } = await findOrphans({
          published: ledger.entries(ledgerScope(h.service.baseUrl, 2)),
          builds,
          roots: [{ tree: diskTree(folder.root), keyPrefix: '', idPrefix: '', claims: false }],
          withheld: async (source) => publishSwitchOf(await read({ key: source, relativePath: source, source, absolutePath: path.join(folder.root, source) }), source),
          held: await h.client().listPairDocuments(2),
        });
        assert.deepEqual(orphans.map((o) => [o.documentId, o.reason, o.why]), [['later.md', 'notPublished', 'draft: true (line 2)']]);
        assert.equal(orphanReasonText(orphans[0]!), 'later.md is not to be published (draft: true (line 2))');
        const without = await findOrphans({ published: ledger.entries(ledgerScope(h.service.baseUrl, 2)), builds, roots: [{ tree: diskTree(folder.root), keyPrefix: '', idPrefix: '', claims: false }] });
        assert.deepEqual(without.orphans, [], 'without the withheld question, a file that is there is no orphan (as before)');
      });
    });
  }
});
