// F15: what the site decides goes into the document: section links are the page's site address with the
// heading's anchor when no link template is set (a template, and front matter `link`, still win), links between
// docs become the target's site address, the breadcrumb is metadata, and the site's title is the document's.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isMarkdownPath } from '../../../src/core/documents';
import { resolveLinkTargets } from '../../../src/core/ingest/linkTargets';
import { diskLinkTargets } from '../../../src/core/files/linkTargetSource';
import { buildFile } from '../../../src/core/ingest/pipeline';
import type { IngestConfig, SourceFile } from '../../../src/core/ingest/pipeline';
import { diskSiteFiles, SiteResolver } from '../../../src/core/site';
import { SITES } from './fixtures';

async function built(site: string, page: string, config: Partial<IngestConfig> = {}, text?: string) {
  const root = path.join(SITES, site);
  const sites = new SiteResolver(diskSiteFiles(root));
  const input = text ?? (await readFile(path.join(root, page), 'utf8'));
  const source: SourceFile = { relativePath: page, input, modifiedTime: new Date('2026-01-01T00:00:00Z') };
  source.linkTargets = await resolveLinkTargets(input, page, diskLinkTargets(root, isMarkdownPath), { site: sites });
  // Named, as Ingest Current File and a path on the command line name it: a file no site publishes is built too.
  const facts = await sites.factsOf(page, input, { named: true });
  if (facts) source.site = facts;
  return buildFile(source, { idPrefix: '', ...config }).document;
}

describe('docs sites in the built document (F15)', () => {
  it('Docusaurus: section links are the page address with the anchor; breadcrumb in metadata; the sidebar label as title', async () => {
    const document = await built('docusaurus', 'docs/reference/api.md');
    assert.deepEqual(document.sections.map((s) => s.link), ['https://docs.acme.test/product/guide/api#api-reference', 'https://docs.acme.test/product/guide/api#authentication']);
    assert.equal(document.metadata.breadcrumb, 'Reference › API');
    assert.equal(document.title, 'API');
  });

  it('MkDocs: the nav title wins over front matter title; links between pages become their site addresses', async () => {
    const document = await built('mkdocs', 'docs/getting-started/install.md');
    assert.equal(document.title, 'Install');
    assert.equal(document.metadata.breadcrumb, 'Getting started › Install');
    assert.equal(document.sections[0]?.link, 'https://handbook.acme.test/docs/getting-started/install/#install');
    const text = document.sections.map((s) => s.text).join('\n');
    assert.ok(text.includes('[configure](https://handbook.acme.test/docs/getting-started/configure/#the-config-file)'), text);
    // MkDocs's anchors (toc's slugify): `Proxies & certificates` is `proxies-certificates` there, not GitHub's `proxies--certificates`.
    assert.ok(text.includes('[proxies](https://handbook.acme.test/docs/getting-started/configure/#proxies-certificates)'), text);
  });

  it('MkDocs: section links use MkDocs\'s anchors', async () => {
    const document = await built('mkdocs', 'docs/getting-started/configure.md');
    assert.deepEqual(document.sections.map((s) => s.link), [
      'https://handbook.acme.test/docs/getting-started/configure/#configure-acme',
      'https://handbook.acme.test/docs/getting-started/configure/#the-config-file',
      'https://handbook.acme.test/docs/getting-started/configure/#proxies-certificates',
    ]);
  });

  it('Docusaurus: a link to a number-prefixed .mdx page becomes its address without the prefix', async () => {
    const document = await built('docusaurus', 'docs/intro.md');
    assert.ok(document.sections[0]?.text?.includes('[installing it](https://docs.acme.test/product/guide/getting-started/install)'), document.sections[0]?.text);
    assert.equal(document.sections[0]?.link, 'https://docs.acme.test/product/guide/#welcome-to-acme');
    assert.equal(document.title, 'Welcome to Acme');
  });

  it('a link template still wins for links; the breadcrumb and title still come from the site', async () => {
    const document = await built('docusaurus', 'docs/reference/api.md', { linkTemplate: 'https://x.test/{path}#{anchor}' });
    assert.equal(document.sections[1]?.link, 'https://x.test/docs/reference/api#authentication');
    assert.equal(document.metadata.breadcrumb, 'Reference › API');
  });

  it('front matter link wins, and a front matter breadcrumb is kept', async () => {
    const text = '---\nlink: https://wiki.test/api\nbreadcrumb: Mine\n---\n# API\n\n## Keys\n\nText.\n';
    const document = await built('docusaurus', 'docs/reference/api.md', {}, text);
    assert.equal(document.sections[1]?.link, 'https://wiki.test/api#keys');
    assert.equal(document.metadata.breadcrumb, 'Mine');
  });

  it('a file outside every site builds as before: no breadcrumb, no link', async () => {
    const document = await built('docusaurus', 'README.md', {}, '# Readme\n\nText.\n');
    assert.equal(document.metadata.breadcrumb, undefined);
    assert.equal(document.sections[0]?.link, undefined);
  });
});
