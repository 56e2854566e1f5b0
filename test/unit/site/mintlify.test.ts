// Issue 35, items 2 and 6 for Mintlify: what a Mintlify site publishes (its navigation with `$ref` parts,
// languages, versions, tabs, groups with root pages; `snippets/`, `.mintignore` and Mintlify's default ignores) and
// where (`seo.metatags.canonical`), as Mintlify's "Navigation", "Settings", "Hidden pages", "Exclude files" and
// "SEO" docs say.
import assert from 'node:assert/strict';
import { SiteResolver } from '../../../src/core/site';
import { memoryFiles } from './memoryFiles';

const page = (title: string) => `---\ntitle: ${title}\n---\n\nText.\n`;

describe('Mintlify sites (issue 35)', () => {
  it('languages from $ref files give each translated page its tabs and groups, and a language is no label', async () => {
    const resolver = new SiteResolver(memoryFiles({
      'docs.json': JSON.stringify({
        navigation: {
          languages: [
            { language: 'en', tabs: [{ tab: 'Guides', groups: [{ group: 'Start', pages: ['index', 'setup'] }] }] },
            { $ref: './nav/fr.json' },
          ],
        },
      }),
      // Nested references resolve relative to the file that names them, and sibling keys are laid over the part.
      'nav/fr.json': JSON.stringify({ language: 'fr', tabs: [{ $ref: 'fr-tab.json', tab: 'Guides FR' }] }),
      'nav/fr-tab.json': JSON.stringify({ tab: 'overridden', groups: [{ group: 'Départ', pages: ['fr/setup'] }] }),
    }));
    assert.deepEqual((await resolver.pageOf('setup.mdx', page('Setup')))?.breadcrumb, ['Guides', 'Start', 'Setup']);
    assert.deepEqual((await resolver.pageOf('fr/setup.mdx', page('Installer')))?.breadcrumb, ['Guides FR', 'Départ', 'Installer']);
    const site = await resolver.siteOf('fr/setup.mdx');
    assert.deepEqual(site?.rules.find((r) => r.name === '$ref')?.value, 'nav/fr.json, nav/fr-tab.json');
  });

  it('versions add no label; anchors, dropdowns, products, menu items and groups do; a root page is labelled by its group; an empty group adds nothing', async () => {
    const resolver = new SiteResolver(memoryFiles({
      'docs.json': JSON.stringify({
        navigation: {
          versions: [{
            version: 'v2',
            anchors: [{
              anchor: 'Docs',
              dropdowns: [{
                dropdown: 'Platform',
                products: [{ product: 'Core', tabs: [{ tab: 'API', menu: [{ item: 'Reference', groups: [{ group: 'Users', root: 'api/users/index', pages: ['api/users/get', { group: ' ', pages: ['api/users/list'] }] }] }] }] }],
              }],
            }],
          }],
        },
      }),
    }));
    assert.deepEqual((await resolver.pageOf('api/users/get.mdx', page('Get a user')))?.breadcrumb, ['Docs', 'Platform', 'Core', 'API', 'Reference', 'Users', 'Get a user']);
    assert.deepEqual((await resolver.pageOf('api/users/index.mdx', page('About users')))?.breadcrumb, ['Docs', 'Platform', 'Core', 'API', 'Reference', 'Users']);
    assert.deepEqual((await resolver.pageOf('api/users/list.mdx', page('List users')))?.breadcrumb, ['Docs', 'Platform', 'Core', 'API', 'Reference', 'Users', 'List users']);
  });

  it('mint.json: a top-level tab owns the pages under its url', async () => {
    const resolver = new SiteResolver(memoryFiles({
      'mint.json': JSON.stringify({ tabs: [{ name: 'API', url: 'api-reference' }], navigation: [{ group: 'Endpoints', pages: ['api-reference/get'] }, { group: 'Start', pages: ['intro'] }] }),
    }));
    assert.deepEqual((await resolver.pageOf('api-reference/get.mdx', page('Get')))?.breadcrumb, ['API', 'Endpoints', 'Get']);
    assert.deepEqual((await resolver.pageOf('intro.mdx', page('Intro')))?.breadcrumb, ['Start', 'Intro']);
  });

  it('seo.metatags.canonical is the address: the path without extension, an index its folder; no address warning then', async () => {
    const resolver = new SiteResolver(memoryFiles({
      'docs/docs.json': JSON.stringify({ navigation: { pages: ['index'] }, seo: { metatags: { canonical: 'https://docs.acme.test/help/' } } }),
    }));
    assert.equal((await resolver.pageOf('docs/index.mdx', page('Home')))?.url, 'https://docs.acme.test/help');
    assert.equal((await resolver.pageOf('docs/guides/index.mdx', page('Guides')))?.url, 'https://docs.acme.test/help/guides');
    assert.equal((await resolver.pageOf('docs/guides/install.md', page('Install')))?.url, 'https://docs.acme.test/help/guides/install');
    const site = await resolver.siteOf('docs/index.mdx');
    assert.equal(site?.baseUrl, 'https://docs.acme.test/help/');
    assert.deepEqual(site?.warnings, []);
  });

  it('snippets/, .mintignore and Mintlify\'s default ignores are no pages and never published; a page out of the navigation is (hidden)', async () => {
    const resolver = new SiteResolver(memoryFiles({
      'docs.json': JSON.stringify({ navigation: { pages: ['index'] } }),
      '.mintignore': '# drafts\ndrafts/\n*.draft.mdx\n',
    }));
    const notPage = async (p: string) => {
      const found = await resolver.pageOf(p, page('X'));
      return [found?.notPage, found?.unpublished];
    };
    assert.deepEqual(await notPage('snippets/intro.mdx'), ['a reusable snippet (under snippets/): imported into pages, never published itself', true]);
    assert.deepEqual(await notPage('drafts/plan.mdx'), ['excluded by .mintignore (drafts/): Mintlify does not publish it', true]);
    assert.deepEqual(await notPage('guides/new.draft.mdx'), ['excluded by .mintignore (*.draft.mdx): Mintlify does not publish it', true]);
    assert.deepEqual(await notPage('README.md'), ['ignored by Mintlify by default (README.md): never published', true]);
    assert.deepEqual(await notPage('node_modules/pkg/doc.mdx'), ['ignored by Mintlify by default (node_modules/): never published', true]);
    const hidden = await resolver.pageOf('guides/hidden.mdx', page('Hidden'));
    assert.deepEqual([hidden?.notPage, hidden?.breadcrumb], [undefined, ['Hidden']]);
  });

  it('a $ref that is missing, outside the docs root or a loop is a warning, and the rest of the config is read', async () => {
    const resolver = new SiteResolver(memoryFiles({
      'docs/docs.json': JSON.stringify({ navigation: { tabs: [{ $ref: 'missing.json' }, { $ref: '../outside.json' }, { $ref: 'a.json' }, { tab: 'Kept', pages: ['kept'] }] } }),
      'outside.json': '{}',
      'docs/a.json': JSON.stringify({ tab: 'A', groups: [{ $ref: 'a.json' }] }),
    }));
    assert.deepEqual((await resolver.pageOf('docs/kept.mdx', page('Kept page')))?.breadcrumb, ['Kept', 'Kept page']);
    const warnings = (await resolver.siteOf('docs/kept.mdx'))?.warnings.filter((w) => w.setting === '$ref').map((w) => w.message) ?? [];
    assert.equal(warnings.length, 3);
    assert.match(warnings[0] ?? '', /“missing\.json” names docs\/missing\.json, which does not exist/);
    assert.match(warnings[1] ?? '', /“\.\.\/outside\.json” is not a relative path inside docs/);
    assert.match(warnings[2] ?? '', /leads back to itself \(docs\/docs\.json → docs\/a\.json → docs\/a\.json\)/);
  });
});
