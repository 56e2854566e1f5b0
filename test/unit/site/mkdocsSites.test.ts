// Issue 35, items 2 and 6 for MkDocs: INHERIT, per-language layouts, exclude_docs, Material's blog plugin, mike and
// nav sections without a title, read through the site object as a run reads them. Each row cites the rule it checks.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { diskSiteFiles, SiteResolver } from '../../../src/core/site';
import type { Site } from '../../../src/core/site';
import { formatDate, slugifyTitle } from '../../../src/core/site/mkdocsBlog';
import { SITES } from './fixtures';
import { memoryFiles } from './memoryFiles';

async function siteIn(files: Record<string, string>, folder: string): Promise<Site> {
  const site = await new SiteResolver(memoryFiles(files)).siteIn(folder);
  assert.ok(site, `a site in ${folder || 'the root'}`);
  return site;
}

async function pageOf(site: Site, files: Record<string, string>, path: string) {
  return site.page(path, files[path] ?? '');
}

const LANGUAGES_CONFIG = [
  'site_url: https://tool.example.test/',
  'theme:',
  '  name: material',
  '  language: en',
  'nav:',
  '- Home: index.md',
  '- "":',
  '  - guide/index.md',
  '  - "":',
  '    - guide/start.md',
  '- Reference:',
  '  - reference.md',
  'extra:',
  '  alternate:',
  '  - link: /',
  '    name: en - English',
  '  - link: /de/',
  '    name: de - Deutsch',
  '  - link: /pt/',
  '    name: pt - português',
  '  - link: /xx/',
  '    name: xx - nowhere',
  '',
].join('\n');

const LANGUAGES: Record<string, string> = {
  'docs/en/mkdocs.yml': LANGUAGES_CONFIG,
  'docs/en/docs/index.md': '# Tool\n',
  'docs/en/docs/guide/index.md': '# Guide\n',
  'docs/en/docs/guide/start.md': '# Starting\n\n<img src="/img/start.png">\n',
  'docs/en/docs/reference.md': '# Reference\n',
  'docs/en/docs/img/start.png': 'png',
  'docs/de/docs/index.md': '# Werkzeug\n',
  'docs/de/docs/guide/start.md': '# Anfangen\n\n<img src="/img/start.png">\n',
  'docs/pt/mkdocs.yml': 'INHERIT: ../en/mkdocs.yml\n',
  'docs/pt/docs/index.md': '# Ferramenta\n',
  'docs/pt/docs/reference.md': '# Referência\n',
  // A folder named like a language the selector does not name is no translation; one the selector names without a
  // docs folder of the same layout neither.
  'docs/fr/docs/index.md': '# Outil\n',
  'docs/xx/index.md': '# Nowhere\n',
};

describe('MkDocs sites: languages, INHERIT, exclude_docs, the blog, mike (issue 35)', () => {
  describe('sibling language folders (docs/en/mkdocs.yml, docs/<lang>/docs, the languages of extra.alternate)', () => {
    it("the main site lists the translations' folders that exist and that the selector names, each under /<lang>/", async () => {
      const site = await siteIn(LANGUAGES, 'docs/en');
      assert.deepEqual(site.docsDirs, ['docs/en/docs', 'docs/de/docs', 'docs/pt/docs']);
      const de = await pageOf(site, LANGUAGES, 'docs/de/docs/guide/start.md');
      assert.equal(de.url, 'https://tool.example.test/de/guide/start/');
      assert.deepEqual(de.breadcrumb, ['Anfangen']);
      assert.equal(de.notPage, undefined);
      assert.equal((await pageOf(site, LANGUAGES, 'docs/de/docs/index.md')).url, 'https://tool.example.test/de/');
      assert.equal((await pageOf(site, LANGUAGES, 'docs/en/docs/guide/start.md')).url, 'https://tool.example.test/guide/start/');
      assert.ok((await pageOf(site, LANGUAGES, 'docs/fr/docs/index.md')).notPage?.startsWith('not under docs_dir'));
    });

    it("a translated page takes the main config's nav titles and syntax; its site-root images are the root language's", async () => {
      const site = await siteIn(LANGUAGES, 'docs/en');
      const de = await pageOf(site, LANGUAGES, 'docs/de/docs/index.md');
      assert.equal(de.title, 'Home');
      assert.equal(de.syntax, 'mkdocs');
      assert.deepEqual(await site.imagesOf('docs/de/docs/guide/start.md'), { siteRoot: 'docs/en/docs', htmlFolder: 'docs/de/docs/guide/start' });
    });

    it('a per-language config with INHERIT takes the parent settings; without a site_url of its own it publishes under its language', async () => {
      const site = await siteIn(LANGUAGES, 'docs/pt');
      assert.deepEqual(site.docsDirs, ['docs/pt/docs']);
      const pt = await pageOf(site, LANGUAGES, 'docs/pt/docs/reference.md');
      assert.equal(pt.url, 'https://tool.example.test/pt/reference/');
      assert.deepEqual(pt.breadcrumb, ['Reference', 'Referência']);
      assert.deepEqual(await site.imagesOf('docs/pt/docs/index.md'), { siteRoot: 'docs/en/docs' });
      assert.ok(site.rules.some((r) => r.name === 'INHERIT' && r.value === 'docs/en/mkdocs.yml'));
    });

    it('nav sections titled "" add no label; no label is ever empty (item 6)', async () => {
      const site = await siteIn(LANGUAGES, 'docs/en');
      assert.deepEqual((await pageOf(site, LANGUAGES, 'docs/en/docs/guide/start.md')).breadcrumb, ['Starting']);
      assert.deepEqual((await pageOf(site, LANGUAGES, 'docs/en/docs/guide/index.md')).breadcrumb, ['Guide']);
    });
  });

  describe('INHERIT', () => {
    it('deep-merges the parent under the child: mappings key by key, lists replaced; docs_dir relative to the child', async () => {
      const files = {
        'base.yml': 'site_url: https://base.example.test/\nuse_directory_urls: false\nextra:\n  a: 1\n  b: 2\nnav:\n- One: one.md\n',
        'site/mkdocs.yml': 'INHERIT: ../base.yml\nextra:\n  b: 3\nnav:\n- Two: two.md\n',
        'site/docs/two.md': '# Two\n',
      };
      const site = await siteIn(files, 'site');
      const page = await pageOf(site, files, 'site/docs/two.md');
      assert.equal(page.url, 'https://base.example.test/two.html');
      assert.deepEqual(page.breadcrumb, ['Two']);
    });

    it('a missing parent or a loop is a warning, never a hang', async () => {
      const files = { 'a/mkdocs.yml': 'INHERIT: ../b/mkdocs.yml\nsite_url: https://a.test/\n', 'b/mkdocs.yml': 'INHERIT: ../a/mkdocs.yml\n', 'c/mkdocs.yml': 'INHERIT: nowhere.yml\n' };
      const a = await siteIn(files, 'a');
      assert.ok(a.warnings.some((w) => w.setting === 'INHERIT'));
      const c = await siteIn(files, 'c');
      assert.ok(c.warnings.some((w) => w.setting === 'INHERIT' && w.message.includes('c/nowhere.yml')));
    });
  });

  describe('mkdocs-static-i18n', () => {
    const config = (structure: string) =>
      [
        'site_url: https://i18n.example.test/',
        'nav:',
        '- Start: index.md',
        '- Guide:',
        '  - guide/setup.md',
        'plugins:',
        '- search',
        '- i18n:',
        `    docs_structure: ${structure}`,
        '    languages:',
        '    - locale: en',
        '      default: true',
        '      name: English',
        '    - locale: fr',
        '      name: Français',
        '      nav_translations:',
        '        Guide: Guide pratique',
        '    - locale: es',
        '      name: Español',
        '      build: false',
        '',
      ].join('\n');

    it('suffix: page.fr.md under /fr/, page.md and page.en.md at the root, a language not built is not published', async () => {
      const files = {
        'mkdocs.yml': config('suffix'),
        'docs/index.md': '# Start\n',
        'docs/index.fr.md': '# Accueil\n',
        'docs/guide/setup.en.md': '# Setup\n',
        'docs/guide/setup.fr.md': '# Installation\n',
        'docs/guide/setup.es.md': '# Instalación\n',
      };
      const site = await siteIn(files, '');
      assert.equal((await pageOf(site, files, 'docs/index.md')).url, 'https://i18n.example.test/');
      assert.equal((await pageOf(site, files, 'docs/index.fr.md')).url, 'https://i18n.example.test/fr/');
      assert.equal((await pageOf(site, files, 'docs/guide/setup.en.md')).url, 'https://i18n.example.test/guide/setup/');
      const fr = await pageOf(site, files, 'docs/guide/setup.fr.md');
      assert.equal(fr.url, 'https://i18n.example.test/fr/guide/setup/');
      assert.deepEqual(fr.breadcrumb, ['Guide pratique', 'Installation']);
      // Raw HTML resolves from the address, `fr/guide/setup/`: in the French build that is the folder of `setup`.
      assert.deepEqual(await site.imagesOf('docs/guide/setup.fr.md'), { siteRoot: 'docs', htmlFolder: 'docs/guide/setup' });
      const es = await pageOf(site, files, 'docs/guide/setup.es.md');
      assert.equal(es.unpublished, true);
      assert.match(es.notPage ?? '', /build: false/);
    });

    it('folder: en/page.md at the root, fr/page.md under /fr/', async () => {
      const files = { 'mkdocs.yml': config('folder'), 'docs/en/guide/setup.md': '# Setup\n', 'docs/fr/guide/setup.md': '# Installation\n' };
      const site = await siteIn(files, '');
      const en = await pageOf(site, files, 'docs/en/guide/setup.md');
      assert.equal(en.url, 'https://i18n.example.test/guide/setup/');
      assert.deepEqual(en.breadcrumb, ['Guide', 'Setup']);
      assert.equal((await pageOf(site, files, 'docs/fr/guide/setup.md')).url, 'https://i18n.example.test/fr/guide/setup/');
    });
  });

  describe('docs_dir and exclude_docs', () => {
    const files = {
      'mkdocs.yml': 'site_url: https://x.test/\nexclude_docs: |\n  drafts/\n  *.tmp.md\n  /api/**/internal.md\n  !keep.tmp.md\n',
      'docs/a.md': '# A\n',
      'docs/drafts/b.md': '# B\n',
      'docs/x/c.tmp.md': '# C\n',
      'docs/keep.tmp.md': '# Keep\n',
      'docs/api/v1/deep/internal.md': '# Internal\n',
      'docs/.hidden/d.md': '# D\n',
      'docs/templates/e.md': '# E\n',
      'docs/guide/README.md': '# Readme\n',
      'docs/guide/index.md': '# Guide\n',
      'README.md': '# Repo\n',
    };
    it('gitignore-style lines after MkDocs defaults (.*, /templates/); the last matching line decides', async () => {
      const site = await siteIn(files, '');
      for (const path of ['docs/drafts/b.md', 'docs/x/c.tmp.md', 'docs/api/v1/deep/internal.md', 'docs/.hidden/d.md', 'docs/templates/e.md']) {
        const page = await pageOf(site, files, path);
        assert.equal(page.unpublished, true, path);
      }
      assert.equal((await pageOf(site, files, 'docs/keep.tmp.md')).notPage, undefined);
      assert.equal((await pageOf(site, files, 'docs/a.md')).notPage, undefined);
    });

    it('a README.md beside an index.md is left out; a file outside docs_dir is no page (and not marked unpublished: naming it sends it)', async () => {
      const site = await siteIn(files, '');
      const readme = await pageOf(site, files, 'docs/guide/README.md');
      assert.equal(readme.unpublished, true);
      const outside = await pageOf(site, files, 'README.md');
      assert.ok(outside.notPage?.startsWith('not under docs_dir'));
      assert.equal(outside.unpublished, undefined);
    });
  });

  describe("Material's blog plugin", () => {
    const post = (front: string, body = '# A Post Title\n\nText.\n') => `---\n${front}\n---\n\n${body}`;
    const files = {
      'mkdocs.yml': 'site_url: https://blog.example.test/\nnav:\n- Home: index.md\n- News:\n  - blog/index.md\nplugins:\n- search\n- blog\n',
      'docs/index.md': '# Home\n',
      'docs/blog/index.md': '# News\n',
      'docs/blog/posts/first.md': post('date: 2024-01-31'),
      'docs/blog/posts/nested/second.md': post('date:\n  created: 2023-07-04\n  updated: 2023-08-01\nslug: custom-slug'),
      'docs/blog/posts/draft.md': post('date: 2024-02-01\ndraft: true'),
      'docs/blog/posts/titled.md': post('date: 2022-12-05T23:30:00+00:00\ntitle: "Café & Co: what’s new?"'),
    };

    it('posts at blog/{date}/{slug}/ (yyyy/MM/dd; slug: or the title slugified); the posts folder is in no address', async () => {
      const site = await siteIn(files, '');
      const first = await pageOf(site, files, 'docs/blog/posts/first.md');
      assert.equal(first.url, 'https://blog.example.test/blog/2024/01/31/a-post-title/');
      assert.deepEqual(first.breadcrumb, ['News', 'A Post Title']);
      assert.equal((await pageOf(site, files, 'docs/blog/posts/nested/second.md')).url, 'https://blog.example.test/blog/2023/07/04/custom-slug/');
      assert.equal((await pageOf(site, files, 'docs/blog/posts/titled.md')).url, 'https://blog.example.test/blog/2022/12/05/caf%C3%A9--co-whats-new/');
      assert.equal((await pageOf(site, files, 'docs/blog/index.md')).url, 'https://blog.example.test/blog/');
    });

    it('a draft is not published unless the plugin says draft: true', async () => {
      const site = await siteIn(files, '');
      const draft = await pageOf(site, files, 'docs/blog/posts/draft.md');
      assert.equal(draft.unpublished, true);
      const withDrafts = { ...files, 'mkdocs.yml': files['mkdocs.yml'].replace('- blog\n', '- blog:\n    draft: true\n') };
      const site2 = await siteIn(withDrafts, '');
      assert.equal((await pageOf(site2, withDrafts, 'docs/blog/posts/draft.md')).url, 'https://blog.example.test/blog/2024/02/01/a-post-title/');
    });

    it('blog_dir, post_url_format and post_url_date_format', async () => {
      const custom = { ...files, 'mkdocs.yml': 'site_url: https://blog.example.test/\nplugins:\n- blog:\n    blog_dir: news\n    post_url_format: "{date}/{file}"\n    post_url_date_format: yyyy/MM\n', 'docs/news/posts/first.md': files['docs/blog/posts/first.md'] };
      const site = await siteIn(custom, '');
      assert.equal((await pageOf(site, custom, 'docs/news/posts/first.md')).url, 'https://blog.example.test/news/2024/01/first/');
    });

    it('dates and slugs as babel and pymdownx.slugs make them', () => {
      const date = new Date(Date.UTC(2024, 0, 5));
      assert.equal(formatDate(date, 'yyyy/MM/dd'), '2024/01/05');
      assert.equal(formatDate(date, 'yyyy/M/d'), '2024/1/5');
      assert.equal(formatDate(date, "yy-MMM'x'"), '24-Janx');
      assert.equal(slugifyTitle('Hello,  <b>World</b> – 2.0!', '-'), 'hello--world--20');
    });
  });

  describe('mike', () => {
    it("addresses under extra.version.default (Material's default alias), or mike's canonical_version, or latest", async () => {
      const base = 'site_url: https://v.example.test/docs/\n';
      const cases: [string, string][] = [
        ['extra:\n  version:\n    provider: mike\n    default: stable\n', 'https://v.example.test/docs/stable/guide/'],
        ['extra:\n  version:\n    provider: mike\n    default: [stable, dev]\n', 'https://v.example.test/docs/stable/guide/'],
        ['extra:\n  version:\n    provider: mike\n', 'https://v.example.test/docs/latest/guide/'],
        ['plugins:\n- mike:\n    canonical_version: "2.0"\nextra:\n  version:\n    provider: mike\n    default: stable\n', 'https://v.example.test/docs/2.0/guide/'],
        ['', 'https://v.example.test/docs/guide/'],
      ];
      for (const [more, url] of cases) {
        const files = { 'mkdocs.yml': base + more, 'docs/guide.md': '# Guide\n' };
        const site = await siteIn(files, '');
        assert.equal((await pageOf(site, files, 'docs/guide.md')).url, url, more);
      }
    });
  });

  describe('the fixture sites on disk: each address by its rule', () => {
    const rows: { site: string; config: string; page: string; url?: string; breadcrumb?: string[]; notPage?: RegExp; rule: string }[] = [
      { site: 'mkdocs-i18n', config: 'docs/en', page: 'docs/en/docs/index.md', url: 'https://kettle.example.test/', breadcrumb: ['Kettle'], rule: 'the root language at site_url' },
      { site: 'mkdocs-i18n', config: 'docs/en', page: 'docs/en/docs/guide/boil.md', url: 'https://kettle.example.test/guide/boil/', breadcrumb: ['Boiling water'], rule: 'sections titled "" add no label' },
      { site: 'mkdocs-i18n', config: 'docs/en', page: 'docs/de/docs/guide/boil.md', url: 'https://kettle.example.test/de/guide/boil/', breadcrumb: ['Wasser kochen'], rule: 'a sibling language folder the selector names, under its link /de/' },
      { site: 'mkdocs-i18n', config: 'docs/es', page: 'docs/es/docs/about.md', url: 'https://kettle.example.test/es/about/', breadcrumb: ['About'], rule: "INHERIT: the parent's nav and site_url, under the language's link /es/" },
      { site: 'mkdocs-static-i18n', config: '', page: 'docs/index.fr.md', url: 'https://lamp.example.test/fr/', breadcrumb: ['Accueil'], rule: 'suffix .fr under /fr/, nav_translations' },
      { site: 'mkdocs-static-i18n', config: '', page: 'docs/guide/setup.en.md', url: 'https://lamp.example.test/guide/setup/', breadcrumb: ['Guide', 'Setup'], rule: 'the default language at the root, its suffix dropped' },
      { site: 'mkdocs-static-i18n', config: '', page: 'docs/guide/setup.fr.md', url: 'https://lamp.example.test/fr/guide/setup/', breadcrumb: ["Mode d'emploi", 'Installation'], rule: 'suffix .fr, nav_translations of the section and the title' },
      { site: 'mkdocs-static-i18n', config: '', page: 'docs/guide/setup.es.md', notPage: /build: false/, rule: 'a language not built' },
      { site: 'mkdocs-blog', config: '', page: 'docs/blog/posts/seeds.md', url: 'https://garden.example.test/stable/blog/2025/04/first-seeds--sprouts/', breadcrumb: ['Journal', 'First seeds & sprouts!'], rule: 'post_url_date_format yyyy/MM, the title slugified as pymdownx does (each space one dash), under mike\'s default alias' },
      { site: 'mkdocs-blog', config: '', page: 'docs/blog/posts/travel/watering.md', url: 'https://garden.example.test/stable/blog/2025/06/summer-watering/', rule: 'date: {created}, slug:, a nested posts folder in no address' },
      { site: 'mkdocs-blog', config: '', page: 'docs/blog/posts/autumn.md', notPage: /draft/, rule: 'a draft' },
      { site: 'mkdocs-blog', config: '', page: 'docs/drafts/someday.md', notPage: /exclude_docs/, rule: 'exclude_docs' },
      { site: 'mkdocs-blog', config: '', page: 'docs/tips.md', url: 'https://garden.example.test/stable/tips/', breadcrumb: ['Tips'], rule: 'not_in_nav: published, the page alone' },
    ];
    for (const row of rows) {
      it(`${row.site}: ${row.page} → ${row.url ?? row.notPage?.source} (${row.rule})`, async () => {
        const root = path.join(SITES, row.site);
        const site = await new SiteResolver(diskSiteFiles(root)).siteIn(row.config);
        assert.ok(site);
        const page = await site.page(row.page, await readFile(path.join(root, row.page), 'utf8'));
        if (row.notPage) {
          assert.match(page.notPage ?? '', row.notPage);
          assert.equal(page.unpublished, true);
          return;
        }
        assert.equal(page.notPage, undefined);
        assert.equal(page.url, row.url);
        if (row.breadcrumb) assert.deepEqual(page.breadcrumb, row.breadcrumb);
      });
    }
  });
});
