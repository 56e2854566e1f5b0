// Issue 35, item 1: a page of a detected site is identified by the page it publishes. The generator's own front
// matter keys (Docusaurus `id` and `slug`) keep the generator's meaning, so the document id comes from the path
// (unique across versions, whose folders differ); `doc-ingest-id:` pins an id in a site and outside one; outside
// a site `id:` still pins, as docs/documents.md#document-ids (the README's before issue 39) has always said.
import assert from 'node:assert/strict';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IngestReportSchema } from '../../../src/cli/report';
import { buildFile } from '../../../src/core/ingest/pipeline';
import type { SourceFile } from '../../../src/core/ingest/pipeline';
import { claimedIdOf, documentIdOf } from '../../../src/core/identity/documentId';
import { duplicateIdSentence, IdClaims } from '../../../src/core/identity/claims';
import { diskTree } from '../../../src/core/orphans/diskTree';
import { RepositoryFiles } from '../../../src/core/orphans/repository';
import { diskSiteFiles, SiteResolver } from '../../../src/core/site';
import { runCli } from '../../support/runCli';
import { SITES } from './fixtures';
import { makeTempFolder, removeFolder } from '../../support/tempFolder';

const VERSIONS = path.join(SITES, 'docusaurus-versions');

/** The id the build gives the page (with the site's facts, as every run finds them) and the id `documentIdOf` reads. */
async function ids(root: string, page: string, text?: string): Promise<{ built: string | undefined; read: string | undefined; claimed: string | undefined }> {
  const sites = new SiteResolver(diskSiteFiles(root));
  const input = text ?? (await readFile(path.join(root, page), 'utf8'));
  const source: SourceFile = { relativePath: page, input, modifiedTime: new Date('2026-01-01T00:00:00Z') };
  const facts = await sites.factsOf(page, input);
  if (facts) source.site = facts;
  const site = { generatorKeys: facts?.generatorKeys };
  return {
    built: buildFile(source, { idPrefix: '' }).document.id,
    read: documentIdOf(input, page, '', site),
    claimed: claimedIdOf(input, page, '', site)?.id,
  };
}

describe('document ids of the pages of a docs site (issue 35)', function () {
  this.timeout(60_000);

  it('Docusaurus: pages of two versions sharing a front matter id get their path ids, and all are sendable', async () => {
    const root = await makeTempFolder('doc-ingest-versions-');
    try {
      await cp(VERSIONS, root, { recursive: true });
      const run = await runCli(['ingest', '--dry-run', '--json'], { cwd: root });
      const report = IngestReportSchema.parse(JSON.parse(run.stdout));
      const outcomes = Object.fromEntries(report.files.map((f) => [f.path, [f.outcome, f.documentId, f.error]]));
      assert.deepEqual(outcomes, {
        'docs/setup.md': ['wouldSend', 'docs~setup.md', undefined],
        'docs/tuning.md': ['wouldSend', 'docs~tuning.md', undefined],
        'versioned_docs/version-1.0/setup.md': ['wouldSend', 'versioned_docs~version-1.0~setup.md', undefined],
        'versioned_docs/version-1.0/tuning.md': ['wouldSend', 'versioned_docs~version-1.0~tuning.md', undefined],
      });
      assert.equal(run.code, 0, run.stderr);
    } finally {
      await removeFolder(root);
    }
  });

  it('Docusaurus: front matter id and slug do not change the id; the build and documentIdOf agree', async () => {
    for (const page of ['docs/tuning.md', 'versioned_docs/version-1.0/setup.md']) {
      const id = page.replaceAll('/', '~');
      assert.deepEqual(await ids(VERSIONS, page), { built: id, read: id, claimed: id }, page);
    }
  });

  it('doc-ingest-id pins the id in a site, whatever the generator\'s id', async () => {
    const text = '---\nid: setup\ndoc-ingest-id: widgets-setup\n---\n\nInstall it.\n';
    assert.deepEqual(await ids(VERSIONS, 'docs/setup.md', text), { built: 'widgets-setup', read: 'widgets-setup', claimed: 'widgets-setup' });
  });

  it('outside a site, id still pins the id, and doc-ingest-id pins it too (and wins)', async () => {
    const outside = path.join(SITES, 'no-site-here');
    assert.deepEqual(await ids(outside, 'notes/a.md', '---\nid: team-notes\n---\n\nText.\n'), { built: 'team-notes', read: 'team-notes', claimed: 'team-notes' });
    assert.deepEqual(await ids(outside, 'notes/a.md', '---\ndoc-ingest-id: pinned\n---\n\nText.\n'), { built: 'pinned', read: 'pinned', claimed: 'pinned' });
    assert.deepEqual(await ids(outside, 'notes/a.md', '---\ndoc-ingest-id: pinned\nid: other\n---\n\nText.\n'), { built: 'pinned', read: 'pinned', claimed: 'pinned' });
  });

  it('orphans: a file of the repository builds the id its build gives it, with the site fact', async () => {
    const sites = new SiteResolver(diskSiteFiles(VERSIONS));
    const root = { tree: diskTree(VERSIONS), keyPrefix: '', idPrefix: '', claims: false };
    const withSite = new RepositoryFiles([{ ...root, generatorKeys: (p: string, head: string) => sites.generatorKeysOf(p, head) }], new IdClaims());
    assert.deepEqual(await withSite.buildersOf('docs~setup.md'), ['docs/setup.md'], 'the page builds its path id: its document is no orphan');
    assert.deepEqual(await withSite.buildersOf('setup'), [], 'no page builds its Docusaurus id: a document published under it is an orphan');
  });

  it('a duplicate id is met with doc-ingest-id:, which moves no published address (never id: or a rename)', async () => {
    const root = await makeTempFolder('doc-ingest-versions-');
    try {
      await cp(VERSIONS, root, { recursive: true });
      const pinned = '---\nid: setup\ndoc-ingest-id: widgets-setup\n---\n\nText.\n';
      for (const page of ['docs/setup.md', 'versioned_docs/version-1.0/setup.md']) await writeFile(path.join(root, page), pinned);
      const run = await runCli(['ingest', '--dry-run', '--json'], { cwd: root });
      const failed = IngestReportSchema.parse(JSON.parse(run.stdout)).files.filter((f) => f.outcome === 'failed');
      assert.deepEqual(failed.map((f) => f.path).sort(), ['docs/setup.md', 'versioned_docs/version-1.0/setup.md']);
      for (const f of failed) assert.match(f.error ?? '', /would both become the document “widgets-setup”: give one of them another id \(front matter doc-ingest-id:\)/);
    } finally {
      await removeFolder(root);
    }
    assert.doesNotMatch(duplicateIdSentence('a.md', ['b.md'], 'x'), /[^-]id:/);
  });
});
