// The one image reader of both fronts (issue 23, item 8): images only, by name and magic bytes, under a size
// limit, and on disk only inside the root by real path.
import assert from 'node:assert/strict';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { insideRootCheck, nodeFileAccess } from '../../../src/core/batch';
import { isInside } from '../../../src/core/files/inside';
import { RootOnDisk } from '../../../src/core/files/rootOnDisk';
import { checkedImageReader, diskImageReader, imageKindOfBytes, imageKindOfName, ImageRefusedError } from '../../../src/core/ingest/imageFiles';
import type { ImageLocator } from '../../../src/core/ingest/imageFiles';
import { localImageReferences, readImages } from '../../../src/core/ingest/images';
import { thrown } from '../../support/serviceHarness';
import { PNG } from '../../support/batchFolder';
import { makeTempFolder, removeFolder } from '../../support/tempFolder';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const svg = (text: string) => Buffer.from(text, 'utf8');
const MB = 1024 * 1024;

describe('image files: what an image reference may read (issue 23)', () => {
  it('knows PNG, JPEG, GIF, WebP and SVG by their magic bytes, and nothing else', () => {
    assert.equal(imageKindOfBytes(PNG), 'png');
    assert.equal(imageKindOfBytes(JPEG), 'jpeg');
    assert.equal(imageKindOfBytes(GIF), 'gif');
    assert.equal(imageKindOfBytes(Buffer.from('GIF87a....', 'latin1')), 'gif');
    assert.equal(imageKindOfBytes(WEBP), 'webp');
    assert.equal(imageKindOfBytes(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE')])), undefined, 'a RIFF that is no WebP');
    assert.equal(imageKindOfBytes(PNG.subarray(0, 7)), undefined, 'a PNG signature cut short');
    assert.equal(imageKindOfBytes(Buffer.from('root:x:0:0:root:/root:/bin/bash\n')), undefined);
    assert.equal(imageKindOfBytes(Buffer.from('{"token": "x"}')), undefined);
    assert.equal(imageKindOfBytes(Buffer.alloc(0)), undefined);
  });

  it('knows an SVG by its <svg root after a BOM, an XML declaration, comments and a doctype, within the first 8 KB', () => {
    assert.equal(imageKindOfBytes(svg('<svg xmlns="http://www.w3.org/2000/svg"/>')), 'svg');
    assert.equal(imageKindOfBytes(svg('<svg>')), 'svg');
    assert.equal(imageKindOfBytes(svg('\uFEFF\n  <?xml version="1.0" encoding="UTF-8"?>\n<!-- Generator: Illustrator -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [\n  <!ENTITY ns "x">\n]>\n<SVG viewBox="0 0 1 1"></SVG>')), 'svg');
    assert.equal(imageKindOfBytes(svg(`<!-- ${'licence '.repeat(200)} -->\n<svg/>`)), 'svg', 'a long licence comment');
    assert.equal(imageKindOfBytes(svg(`<!-- ${'x'.repeat(9000)} -->\n<svg/>`)), undefined, 'the root beyond the first 8 KB');
    assert.equal(imageKindOfBytes(svg('<svgfont/>')), undefined);
    assert.equal(imageKindOfBytes(svg('<html><svg/></html>')), undefined, 'an SVG inside HTML is an HTML page');
    assert.equal(imageKindOfBytes(svg('text <svg/>')), undefined);
    assert.equal(imageKindOfBytes(svg('<!DOCTYPE svg [<!ENTITY a "x">]>\n<svg/>')), 'svg');
    // Unclosed prologs of the first 8 KB answer at once (a regular expression took exponential time on these).
    for (const text of [`<!DOCTYPE ${'[]'.repeat(4000)}`, `<!DOCTYPE [${']'.repeat(8000)}`, '<!--'.repeat(2000), ' '.repeat(8000)]) {
      assert.equal(imageKindOfBytes(svg(text)), undefined);
    }
  });

  it('knows image names by their extension only', () => {
    assert.equal(imageKindOfName('img/a.PNG'), 'png');
    assert.equal(imageKindOfName('a.jpg'), 'jpeg');
    assert.equal(imageKindOfName('a.jpeg'), 'jpeg');
    assert.equal(imageKindOfName('a.svg'), 'svg');
    for (const name of ['secrets.json', '.env', '.git/config', 'png', '.png', 'a.png.txt', 'dir.png/config']) assert.equal(imageKindOfName(name), undefined, name);
  });

  describe('checkedImageReader', () => {
    const located: string[] = [];
    const reads: string[] = [];
    const locator = (files: Record<string, Buffer>, sizes: Record<string, number> = {}): ImageLocator => async (p) => {
      located.push(p);
      const bytes = files[p];
      if (!bytes) throw new Error('ENOENT');
      return {
        size: sizes[p] ?? bytes.length,
        head: async (n) => bytes.subarray(0, n),
        read: async () => {
          reads.push(p);
          return bytes;
        },
      };
    };
    beforeEach(() => {
      located.length = 0;
      reads.length = 0;
    });

    it('refuses a name that is no image before looking for the file', async () => {
      const reader = checkedImageReader(locator({ 'secrets.json': PNG }), MB);
      const e = await thrown(() => reader.read('secrets.json'));
      assert.ok(e instanceof ImageRefusedError && e.reason === 'notImage', String(e));
      assert.deepEqual(located, []);
    });

    it('refuses an image over the limit by its size, unread; reads and returns one under it', async () => {
      const reader = checkedImageReader(locator({ 'big.png': PNG, 'small.png': PNG }, { 'big.png': 3 * MB }), 2 * MB);
      const e = await thrown(() => reader.read('big.png'));
      assert.ok(e instanceof ImageRefusedError && e.reason === 'tooLarge');
      assert.match(e.message, /is 3\.0 MB, over the limit of 2\.0 MB \(setting docIngest\.images\.maxSizeMB\)/);
      assert.deepEqual(reads, [], 'not read');
      assert.deepEqual(await reader.read('small.png'), PNG);
    });

    it('refuses content that is not the kind its name says, naming the kind it is', async () => {
      const reader = checkedImageReader(locator({ 'a.png': JPEG, 'b.png': Buffer.from('PASSWORD=x') }), MB);
      assert.match((await thrown(() => reader.read('a.png'))).message, /named as a PNG image but its content is JPEG: rename it/);
      assert.match((await thrown(() => reader.read('b.png'))).message, /named as a PNG image but its content is no PNG image/);
      await assert.rejects(reader.check('b.png'), ImageRefusedError);
      await reader.check('a.jpg').catch((e: unknown) => assert.ok(!(e instanceof ImageRefusedError), 'a missing file is no refusal'));
    });
  });

  // Issue 35, item 7: the server's upload route takes .png, .jpg, .jpeg and .webp only ("Unsupported file type"
  // for any other), so a GIF or an SVG is refused in the dry run, before any upload, and never read whole.
  it('refuses a GIF or an SVG that exists as the upload route does, unread; a missing one is missing', async () => {
    const reads: string[] = [];
    const locate: ImageLocator = async (p) => {
      const bytes = ({ 'a.gif': GIF, 'b.svg': svg('<svg/>') } as Record<string, Buffer>)[p];
      if (!bytes) throw new Error('ENOENT');
      return { size: bytes.length, head: async () => bytes, read: async () => (reads.push(p), bytes) };
    };
    const reader = checkedImageReader(locate, MB);
    for (const [p, kind] of [['a.gif', 'a GIF'], ['b.svg', 'an SVG']]) {
      const e = await thrown(() => reader.read(p ?? ''));
      assert.ok(e instanceof ImageRefusedError && e.reason === 'unsupported', String(e));
      assert.equal(e.message, `is ${kind} image, which the server's upload route refuses (it takes PNG, JPEG and WebP), so the page is sent without it: convert it to PNG to send it`);
      await assert.rejects(reader.check(p ?? ''), (x: unknown) => x instanceof ImageRefusedError && x.reason === 'unsupported');
    }
    assert.deepEqual(reads, []);
    assert.ok(!((await thrown(() => reader.read('none.gif'))) instanceof ImageRefusedError), 'a missing GIF is missing');
  });

  // Issue 35, item 5: an image the published site shows is never a problem of the page. A GIF or SVG is left out
  // (it stays its alt text) with a warning; a missing one still stops the page.
  it('leaves a GIF or an SVG out of a page with a warning, never a problem; a missing GIF is a problem', async () => {
    const locate: ImageLocator = async (p) => {
      const bytes = ({ 'a.gif': GIF, 'b.svg': svg('<svg/>'), 'c.png': PNG } as Record<string, Buffer>)[p];
      if (!bytes) throw new Error('ENOENT');
      return { size: bytes.length, head: async () => bytes, read: async () => bytes };
    };
    const text = '# T\n\n![spin](a.gif)\n\n<img src="b.svg" alt="shape">\n\n![logo](c.png)\n\n![gone](none.gif)\n';
    const images = await readImages(localImageReferences(text, 'page.md'), checkedImageReader(locate, MB));
    assert.deepEqual(images.leftOut.map((p) => [p.path, p.line]), [['a.gif', 3], ['b.svg', 5]]);
    assert.match(images.leftOut[0]?.message ?? '', /^the image a\.gif \(line 3\) is a GIF image, .*so the page is sent without it/);
    assert.deepEqual(images.problems.map((p) => [p.path, p.line]), [['none.gif', 9]]);
    assert.deepEqual([...images.hashes.keys()], ['c.png']);
  });

  describe('on disk', () => {
    let base: string;
    let root: string;
    beforeEach(async () => {
      base = await makeTempFolder('doc-ingest-images-');
      root = path.join(base, 'repo');
      await mkdir(path.join(root, 'img'), { recursive: true });
      await mkdir(path.join(base, 'outside'));
      await writeFile(path.join(base, 'outside/secret.png'), PNG);
      await writeFile(path.join(root, 'img/logo.png'), PNG);
    });
    afterEach(() => removeFolder(base));

    it('reads an image inside the root, also through a link that stays inside, and through a root that is itself a link', async () => {
      await symlink(path.join(root, 'img/logo.png'), path.join(root, 'alias.png'));
      await symlink(path.join(root, 'img'), path.join(root, 'pictures'), 'dir');
      await symlink(root, path.join(base, 'linked-repo'), 'dir');
      for (const r of [root, path.join(base, 'linked-repo')]) {
        const reader = diskImageReader(r, MB);
        for (const p of ['img/logo.png', 'alias.png', 'pictures/logo.png']) assert.deepEqual(await reader.read(p), PNG, `${p} under ${r}`);
      }
    });

    it('refuses an image whose real path is outside the root: a linked file, a linked folder, /etc/passwd', async () => {
      await symlink(path.join(base, 'outside/secret.png'), path.join(root, 'img/secret.png'));
      await symlink(path.join(base, 'outside'), path.join(root, 'shared'), 'dir');
      await symlink('/etc/passwd', path.join(root, 'img/passwd.png'));
      const reader = diskImageReader(root, MB);
      for (const p of ['img/secret.png', 'shared/secret.png', 'img/passwd.png', '../outside/secret.png']) {
        const e = await thrown(() => reader.read(p));
        assert.ok(e instanceof ImageRefusedError && e.reason === 'outside', `${p}: ${String(e)}`);
        await assert.rejects(reader.check(p), (x: unknown) => x instanceof ImageRefusedError && x.reason === 'outside');
      }
    });

    it('a missing image, a link to nowhere, and a folder named like an image', async () => {
      await symlink(path.join(base, 'gone.png'), path.join(root, 'img/dangling.png'));
      await mkdir(path.join(root, 'img/folder.png'));
      const reader = diskImageReader(root, MB);
      for (const p of ['img/none.png', 'img/dangling.png']) assert.ok(!((await thrown(() => reader.read(p))) instanceof ImageRefusedError), p);
      assert.match((await thrown(() => reader.read('img/folder.png'))).message, /is not a file/);
    });

    it('check reads only the head: an image that grew past the limit is still caught by read', async () => {
      await writeFile(path.join(root, 'img/big.png'), Buffer.concat([PNG, Buffer.alloc(2 * MB)]));
      const reader = diskImageReader(root, MB);
      assert.equal((await thrown(() => reader.check('img/big.png')) as ImageRefusedError).reason, 'tooLarge');
      assert.equal((await thrown(() => reader.read('img/big.png')) as ImageRefusedError).reason, 'tooLarge');
    });

    it('readImages reports each refusal with its reason, path and line, and a missing image as missing', async () => {
      await symlink('/etc/passwd', path.join(root, 'img/passwd.png'));
      await writeFile(path.join(root, 'secrets.json'), '{}');
      const text = '# Page\n\n![a](img/passwd.png)\n\n![b](/secrets.json)\n\n![c](img/none.png)\n\n![d](img/logo.png)\n';
      const images = await readImages(localImageReferences(text, 'page.md'), diskImageReader(root, MB));
      assert.deepEqual(images.problems.map((p) => p.message), [
        'the image img/passwd.png (line 3) leads outside the workspace (a symbolic link): nothing outside it is read',
        'the image secrets.json (line 5) is not an image (only PNG, JPEG and WebP files are sent as images)',
        'the image img/none.png (line 7) is missing',
      ]);
      assert.deepEqual([...images.hashes.keys()], ['img/logo.png'], 'the one good image is read');
    });
  });
});

describe('paths inside a root (issue 23, item 15)', () => {
  it('compares segments, not text: ..notes.md is inside, ../notes.md is not', () => {
    assert.equal(isInside('/r', '/r/..notes.md'), true);
    assert.equal(isInside('/r', '/r/..drafts/a.md'), true);
    assert.equal(isInside('/r', '/r'), true);
    assert.equal(isInside('/r', '/notes.md'), false);
    assert.equal(isInside('/r', '/r2/a.md'), false);
    assert.equal(isInside('/r/a', '/r'), false);
    assert.equal(isInside('C:\\r', 'D:\\r\\a.md', path.win32), false, 'another drive');
    assert.equal(isInside('C:\\r', 'C:\\r\\..a.md', path.win32), true);
  });

  describe('on disk', () => {
    let base: string;
    let root: string;
    beforeEach(async () => {
      base = await makeTempFolder('doc-ingest-root-');
      root = path.join(base, 'repo');
      await mkdir(path.join(root, 'docs'), { recursive: true });
      await mkdir(path.join(base, 'sibling'));
      await writeFile(path.join(base, 'sibling/private.md'), '# Private\n');
      await writeFile(path.join(root, 'docs/guide.md'), '# Guide\n');
      await symlink(path.join(base, 'sibling/private.md'), path.join(root, 'docs/private.md'));
      await symlink(path.join(root, 'docs/guide.md'), path.join(root, 'docs/alias.md'));
      await symlink('..', path.join(root, 'docs/loop'), 'dir');
    });
    afterEach(() => removeFolder(base));

    it('a file is direct only when no link is on its way; a linked file or folder is not', async () => {
      const r = await RootOnDisk.open(root);
      assert.equal(await r.isDirect(path.join(root, 'docs/guide.md')), true);
      assert.equal(await r.isDirect(path.join(root, 'docs/alias.md')), false);
      assert.equal(await r.isDirect(path.join(root, 'docs/loop/docs/guide.md')), false);
      assert.equal(await r.isDirect(path.join(root, 'docs/private.md')), false);
      assert.equal(await r.isDirect(path.join(root, 'docs/none.md')), false);
      assert.equal(r.place((await r.resolve(path.join(root, 'docs/loop/docs')))!), path.join(root, 'docs'));
    });

    it('a batch refuses to read a file whose real path leaves its root, naming it; a link inside is read', async () => {
      const file = (relativePath: string) => ({ key: relativePath, relativePath, source: relativePath, absolutePath: path.join(root, relativePath), root });
      const { read } = nodeFileAccess();
      await assert.rejects(read(file('docs/private.md')), /docs\/private\.md leads outside the workspace folder \(a symbolic link\), so it is not read/);
      assert.equal(Buffer.from(await read(file('docs/alias.md'))).toString(), '# Guide\n');
      assert.doesNotThrow(() => insideRootCheck()({ key: 'x', relativePath: 'x', source: 'x', absolutePath: path.join(root, 'docs/private.md') }), 'no root: not judged');
    });
  });
});
