// Issue 35, item 5: images as the site resolves them. A site-root path (`/img/a.png`) is in the site's static
// folder (Docusaurus `staticDirectories`, MkDocs `docs_dir`, Mintlify's docs root); a relative `<img src>` of raw
// HTML resolves from the page's published address (MkDocs with `use_directory_urls`: one folder deeper than the
// file); a templated path is no image. What the site shows is never a problem; what it would not show stays one.
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { findImageReferences } from '../../../src/core/documents/linksAndImages/images';
import { localImageReferences, readImages } from '../../../src/core/ingest/images';
import { diskImageReader } from '../../../src/core/ingest/imageFiles';
import { diskSiteFiles, SiteResolver } from '../../../src/core/site';
import { listedFiles } from './memoryFiles';
import { makeTempFolder, removeFolder } from '../../support/tempFolder';

/**
 * The root-relative path of each local image of `page`, as the site resolves it. The page is named (as Ingest
 * Current File names it): a file no site publishes is then built, not skipped, and its images resolved too.
 */
async function imagePaths(files: Record<string, string>, page: string): Promise<(string | undefined)[]> {
  const facts = await new SiteResolver(listedFiles(files)).factsOf(page, files[page] ?? '', { named: true });
  return findImageReferences(files[page] ?? '', page, facts?.images).filter((r) => r.kind === 'local').map((r) => r.path);
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('images as the site resolves them (issue 35, item 5)', () => {
  describe('Docusaurus: a site-root path is in the static folder', () => {
    const config = "module.exports = { url: 'https://x.test', baseUrl: '/', presets: [['classic', { docs: { path: 'docs' } }]] };";

    it('of a doc page, and of a file of the site that is no doc page (a blog post)', async () => {
      const files = {
        'website/docusaurus.config.js': config,
        'website/docs/intro.md': '# Intro\n\n![logo](/img/logo.png)\n\n![here](./here.png)\n',
        'website/blog/2020-01-01-hello.md': '# Hello\n\n![shot](/img/blog/shot.png)\n',
      };
      assert.deepEqual(await imagePaths(files, 'website/docs/intro.md'), ['website/static/img/logo.png', 'website/docs/here.png']);
      assert.deepEqual(await imagePaths(files, 'website/blog/2020-01-01-hello.md'), ['website/static/img/blog/shot.png']);
    });

    it('of a doc page beside the site (path: ../docs): the site\'s static folder too', async () => {
      const files = {
        'website/docusaurus.config.js': "module.exports = { url: 'https://x.test', baseUrl: '/', presets: [['classic', { docs: { path: '../docs' } }]] };",
        'docs/intro.md': '# Intro\n\n![logo](/img/logo.png)\n',
      };
      assert.deepEqual(await imagePaths(files, 'docs/intro.md'), ['website/static/img/logo.png']);
    });

    it('staticDirectories names the folder', async () => {
      const files = {
        'docusaurus.config.js': "module.exports = { url: 'https://x.test', staticDirectories: ['public', 'static'] };",
        'docs/intro.md': '# Intro\n\n<img src="/img/logo.png" />\n',
      };
      assert.deepEqual(await imagePaths(files, 'docs/intro.md'), ['public/img/logo.png']);
    });
  });

  describe('MkDocs: a site-root path is in docs_dir', () => {
    it('with a docs_dir of its own, beside a per-language config', async () => {
      const files = {
        'docs/en/mkdocs.yml': 'site_name: X\nsite_url: https://x.test/\ndocs_dir: docs\n',
        'docs/en/docs/tutorial/first.md': '# First\n\n<img src="/img/tutorial/shot.png">\n\n![md](/img/md.png)\n',
      };
      assert.deepEqual(await imagePaths(files, 'docs/en/docs/tutorial/first.md'), ['docs/en/docs/img/tutorial/shot.png', 'docs/en/docs/img/md.png']);
    });

    it('with use_directory_urls (the default), raw HTML resolves from the page\'s address, one folder deeper; Markdown from the file', async () => {
      const files = {
        'mkdocs.yml': 'site_name: X\n',
        'docs/setup/colors.md': '# Colors\n\n<img src="../../assets/screen.png">\n\n![md](../assets/screen.png)\n',
        'docs/setup/index.md': '# Setup\n\n<img src="../assets/screen.png">\n',
      };
      assert.deepEqual(await imagePaths(files, 'docs/setup/colors.md'), ['docs/assets/screen.png', 'docs/assets/screen.png']);
      // An index page is published at its folder: no deeper.
      assert.deepEqual(await imagePaths(files, 'docs/setup/index.md'), ['docs/assets/screen.png']);
    });

    it('without use_directory_urls, raw HTML resolves from the file\'s folder (`setup/colors.html`)', async () => {
      const files = {
        'mkdocs.yml': 'site_name: X\nuse_directory_urls: false\n',
        'docs/setup/colors.md': '# Colors\n\n<img src="../assets/screen.png">\n',
      };
      assert.deepEqual(await imagePaths(files, 'docs/setup/colors.md'), ['docs/assets/screen.png']);
    });

    it('a file outside docs_dir is no file of the site: its images resolve as without a site', async () => {
      const files = { 'mkdocs.yml': 'site_name: X\n', 'README.md': '# Readme\n\n<img src="/img/a.png">\n' };
      assert.deepEqual(await imagePaths(files, 'README.md'), ['img/a.png']);
    });
  });

  it('a static folder the config names outside the repository leaves it: the image is outside, never read', async () => {
    const files = {
      'docusaurus.config.js': "module.exports = { url: 'https://x.test', staticDirectories: ['../secrets'] };",
      'docs/intro.md': '# Intro\n\n![a](/a.png)\n',
    };
    const facts = await new SiteResolver(listedFiles(files)).factsOf('docs/intro.md', files['docs/intro.md'], { named: true });
    const [ref] = findImageReferences(files['docs/intro.md'], 'docs/intro.md', facts?.images);
    assert.equal(ref?.outside, true, JSON.stringify(ref));
    assert.deepEqual(localImageReferences(files['docs/intro.md'], 'docs/intro.md', undefined, facts).map((r) => r.outside), [true]);
  });

  it('Mintlify: a site-root path is in the docs root (the config\'s folder)', async () => {
    const files = {
      'site/docs.json': '{ "name": "X", "navigation": { "pages": ["guides/start"] } }',
      'site/guides/start.mdx': '# Start\n\n<img src="/images/start.png" />\n\n![rel](./here.png)\n',
    };
    assert.deepEqual(await imagePaths(files, 'site/guides/start.mdx'), ['site/images/start.png', 'site/guides/here.png']);
  });

  it('a templated path (macros, JSX expression, ${...}) is no image path and never a problem', () => {
    const text = [
      '# T', '',
      '{% for sponsor in sponsors %}<a href="{{ sponsor.url }}"><img src="{{ sponsor.img }}"></a>{% endfor %}', '',
      '![x]({{page.image}})', '',
      '<img src="{% static \'a.png\' %}">', '',
      '<img src="${base}/a.png">', '',
      '<img src={logo} />', '',
      '![real](real.png)', '',
    ].join('\n');
    const refs = findImageReferences(text, 'docs/index.md');
    assert.deepEqual(refs.filter((r) => r.templated).map((r) => r.target), ['{{ sponsor.img }}', '{{page.image}}', "{% static 'a.png' %}", '${base}/a.png', '{logo}']);
    assert.ok(refs.filter((r) => r.templated).every((r) => r.path === undefined));
    assert.deepEqual(localImageReferences(text, 'docs/index.md').map((r) => r.path), ['docs/real.png']);
  });

  describe('on disk: what the site shows is no problem, what it would not show stays one', () => {
    let root: string;
    before(async () => {
      root = await makeTempFolder('doc-ingest-site-images-');
      await mkdir(path.join(root, 'docs/en/docs/img'), { recursive: true });
      await mkdir(path.join(root, 'img'), { recursive: true });
      await writeFile(path.join(root, 'docs/en/mkdocs.yml'), 'site_name: X\ndocs_dir: docs\n');
      await writeFile(path.join(root, 'docs/en/docs/img/shown.png'), PNG);
      // At the repository's root, where a Markdown viewer would look, but not in docs_dir: the site never shows it.
      await writeFile(path.join(root, 'img/not-published.png'), PNG);
    });
    after(() => removeFolder(root));

    async function problemsOf(text: string): Promise<string[]> {
      const page = 'docs/en/docs/index.md';
      const facts = await new SiteResolver(diskSiteFiles(root)).factsOf(page, text);
      const refs = localImageReferences(text, page, undefined, facts);
      const images = await readImages(refs, diskImageReader(root, 1024 * 1024));
      return images.problems.map((p) => p.message);
    }

    it('a site-root path found in docs_dir is read', async () => {
      assert.deepEqual(await problemsOf('# A\n\n<img src="/img/shown.png">\n'), []);
    });

    it('a site-root path missing from docs_dir is missing, even when the repository root has it', async () => {
      assert.deepEqual(await problemsOf('# A\n\n<img src="/img/not-published.png">\n'), ['the image docs/en/docs/img/not-published.png (line 3) is missing']);
    });
  });
});
