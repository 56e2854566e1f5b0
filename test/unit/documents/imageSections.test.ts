import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { IngestionDocumentSchema } from '../../../src/core/api/schemas';
import { buildSelectionDocument } from '../../../src/core/documents';
import { FIXTURES, NOW, build } from './helpers';

const template = 'https://docs.example.com/{path}#{anchor}';

const text = [
  'Intro ![Before any heading](pre.png)', '',
  '## Setup', '', 'Before.', '',
  '![Shot one](img/a.png)', '',
  'After ![remote](https://cdn.example.com/y.png) text ![](img/b.png) tail.', '',
  '## Next', '', 'No images here, only ![not uploaded](img/c.png).', '',
].join('\n');
const images = new Map([['docs/pre.png', 'file-pre'], ['docs/img/a.png', 'file-a'], ['docs/img/b.png', 'file-b']]);

describe('documents: image sections', () => {
  it('puts an image section where each uploaded image stands, with its alt text, link and heading; an image not uploaded (remote, or not in the map) reads as its alt text', () => {
    const result = build(text, 'docs/guide.md', { linkTemplate: template, images });
    assert.deepEqual(result.document.sections, [
      { text: 'Intro', link: 'https://docs.example.com/docs/guide' },
      { type: 'image', image_file_id: 'file-pre', text: 'Before any heading', link: 'https://docs.example.com/docs/guide' },
      { text: '## Setup\n\nBefore.', link: 'https://docs.example.com/docs/guide#setup', heading: 'Setup' },
      { type: 'image', image_file_id: 'file-a', text: 'Shot one', link: 'https://docs.example.com/docs/guide#setup', heading: 'Setup' },
      { text: 'Setup\n\nAfter remote text', link: 'https://docs.example.com/docs/guide#setup' },
      { type: 'image', image_file_id: 'file-b', link: 'https://docs.example.com/docs/guide#setup', heading: 'Setup' },
      { text: 'Setup\n\ntail.', link: 'https://docs.example.com/docs/guide#setup' },
      { text: '## Next\n\nNo images here, only not uploaded.', link: 'https://docs.example.com/docs/guide#next', heading: 'Next' },
    ]);
  });

  it('sends an image section without link when there is no link, and <img> and reference images too', () => {
    const source = '# T\n\n<img alt="Html" src="a.png">\n\n![Ref][r]\n\n[r]: b.png\n';
    const result = build(source, 'x.md', { images: new Map([['a.png', 'A'], ['b.png', 'B']]) });
    assert.deepEqual(result.document.sections, [
      { text: '# T', heading: 'T' },
      { type: 'image', image_file_id: 'A', text: 'Html', heading: 'T' },
      { type: 'image', image_file_id: 'B', text: 'Ref', heading: 'T' },
      { text: '[r]: b.png' },
    ]);
  });

  it('leaves images in code as text', () => {
    const source = '# T\n\n```\n![code](a.png)\n```\n';
    const result = build(source, 'x.md', { images: new Map([['a.png', 'A']]) });
    assert.deepEqual(result.document.sections, [{ text: source.trimEnd(), heading: 'T' }]);
  });

  it('builds byte-identical documents when no images are given or the map is empty', () => {
    for (const [source, file] of [[text, 'docs/guide.md'], [fs.readFileSync(path.join(FIXTURES, 'guide.md'), 'utf8'), 'docs/install/guide.md']] as const) {
      const plain = JSON.stringify(build(source, file, { linkTemplate: template }).document);
      assert.equal(JSON.stringify(build(source, file, { linkTemplate: template, images: new Map() }).document), plain);
      assert.equal(JSON.stringify(build(source, file, { linkTemplate: template, images: undefined }).document), plain);
    }
    const withImages = build(text, 'docs/guide.md', { images });
    assert.notEqual(JSON.stringify(withImages.document), JSON.stringify(build(text, 'docs/guide.md').document));
  });

  it('makes image sections of images wholly inside a selection only', () => {
    const start = text.indexOf('Before.');
    const end = text.indexOf('text ![](img/b.png)') + 'text ![](img'.length; // cuts the second image in two
    const result = buildSelectionDocument(text, 'docs/guide.md', start, end, { now: NOW, linkTemplate: template, images });
    IngestionDocumentSchema.parse(result.document);
    assert.deepEqual(result.document.sections, [
      { text: 'Before.', link: 'https://docs.example.com/docs/guide#setup', heading: 'Setup' },
      { type: 'image', image_file_id: 'file-a', text: 'Shot one', link: 'https://docs.example.com/docs/guide#setup', heading: 'Setup' },
      { text: 'After remote text ![](img', link: 'https://docs.example.com/docs/guide#setup' },
    ]);
  });

  it('sends a file holding only an image as one image section', () => {
    const result = build('![Only](only.png)\n', 'only.md', { images: new Map([['only.png', 'X']]) });
    assert.deepEqual(result.document.sections, [{ type: 'image', image_file_id: 'X', text: 'Only' }]);
  });

  it('an image left out of the upload (a GIF, an SVG) reads as its alt text, or as nothing when its alt is empty; an <img> tag too, the HTML around it staying', () => {
    const source = '# T\n\nThe flow: ![Data *flow* diagram](flow.gif) as shown.\n\n![](logo.svg)\n\n![Shot](shot.png)\n\n<p align="center"><img alt="Tag" src="tag.gif"></p>\n';
    const result = build(source, 'docs/t.md', { images: new Map([['docs/shot.png', 'file-shot']]) });
    assert.deepEqual(result.document.sections, [
      { text: '# T\n\nThe flow: Data flow diagram as shown.', heading: 'T' },
      { type: 'image', image_file_id: 'file-shot', text: 'Shot', heading: 'T' },
      { text: '<p align="center">Tag</p>' },
    ]);
  });

  it("code in an image's alt text stays a code span (`<UserPage>` is code, not a tag), in an image section and where the image reads as its alt", () => {
    // Redux's tutorials: ![Profiler capture - `<UserPage>`](/img/x.png).
    const source = '# T\n\n![Capture of `<UserPage>`](a.png)\n\n![Left out `<App>` and ``a`b``](b.gif)\n';
    const result = build(source, 'docs/t.md', { images: new Map([['docs/a.png', 'file-a']]) });
    assert.deepEqual(result.document.sections, [
      { text: '# T', heading: 'T' },
      { type: 'image', image_file_id: 'file-a', text: 'Capture of `<UserPage>`', heading: 'T' },
      { text: 'Left out `<App>` and ``a`b``' },
    ]);
    assert.deepEqual(result.problems.filter((p) => p.code === 'unrenderedMarkup'), []);
  });
});
