import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { IngestionDocumentSchema } from '../../../src/core/api/schemas';
import { buildSelectionDocument } from '../../../src/core/documents';
import { findImageReferences } from '../../../src/core/documents/linksAndImages/images';
import type { ImageReference } from '../../../src/core/documents/linksAndImages/images';
import { sitesAfterEdits } from '../../../src/core/documents/linksAndImages/imageSites';
import type { ImageSite } from '../../../src/core/documents/linksAndImages/imageSites';
import { MappedText } from '../../../src/core/documents/readerText';
import type { Edit } from '../../../src/core/documents/readerText';
import { seededRandom } from '../../service';
import { FIXTURES, NOW, build } from '../../support/documents';

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

describe('documents: image sections found in the same parse that put the other images\' alt text (issue 37, goal 7)', () => {
  // The images to send are taken from the parse that finds the others (speed), moved by the alt texts put in before
  // them, where that can change nothing: they must be exactly the images to send that a parse of the edited text
  // finds, which is how the build found them before. Fragments put images beside markup, at line starts, in HTML
  // blocks, with alt texts that make lists, headings, links, tags and blank lines.
  const FRAGMENTS = [
    'Text', 'more text', '', '', '![Shot](img/a.png)', '![](img/b.png)', '![Old](old.gif)', '![](old.gif)', '![1. Intro](old.gif)',
    '![# Title](old.gif)', '![a [b]](old.gif)', '![`x`](old.gif)', '![Remote](https://example.com/r.png)', '<img src="old.gif" alt="Diagram">',
    '<img src="img/a.png" alt="Sent">', '    ![Code](img/b.png)', '- item ![Item](img/a.png)', '> ![Quote](old.gif)', '- ![](old.gif)',
    '!![](old.gif)[b](img/b.png)', '[![Badge](badge.svg)](https://example.com)', 'a ![Old](old.gif)![Shot](img/a.png) b', '1. ![](old.gif)',
    '![Old](old.gif) ![Shot](img/b.png)', '![{{ x }}](old.gif)', '<div>', '</div>', '```', '## Heading ![Old](old.gif)', '===', '---',
    '| ![Old](old.gif) | ![Shot](img/a.png) |', '|---|---|', 'x ![Old](old.gif)\\', '![Old\nwrapped](old.gif)', '*![Old](old.gif)*',
    '![a|b](old.gif)', 'Téxt ![](old.gif)', '  ![Indented](old.gif)', '![Old](old.gif "-->")',
  ];
  const ids = new Map([['docs/img/a.png', 'file-a'], ['docs/img/b.png', 'file-b']]);
  const idOf = (image: ImageReference) => (image.kind === 'local' && image.path !== undefined ? ids.get(image.path) : undefined);

  it('are the images to send a parse of the edited text finds, on 5,000 random pages', () => {
    const random = seededRandom(377);
    let taken = 0;
    let withImages = 0;
    for (let i = 0; i < 5000; i++) {
      const body = Array.from({ length: 2 + Math.floor(random() * 14) }, () => FRAGMENTS[Math.floor(random() * FRAGMENTS.length)]!).join(random() < 0.7 ? '\n' : ' ');
      const before = '\n';
      const sent: ImageSite[] = [];
      const edits: Edit[] = [];
      for (const image of findImageReferences(before + body, 'docs/guide.md')) {
        if (image.templated) continue;
        const start = image.start - 1;
        const end = image.end - 1;
        const id = idOf(image);
        if (id !== undefined) sent.push({ start, end, imageFileId: id, alt: image.alt });
        else edits.push({ start, end, text: image.alt });
      }
      const moved = sitesAfterEdits(body, sent, edits);
      if (moved === undefined) continue;
      taken++;
      const edited = MappedText.identity(body).apply(edits).text;
      const expected = findImageReferences(before + edited, 'docs/guide.md').flatMap((image) => {
        const id = idOf(image);
        return id === undefined ? [] : [{ start: image.start - 1, end: image.end - 1, imageFileId: id, alt: image.alt }];
      });
      if (expected.length > 0) withImages++;
      assert.deepEqual(moved, expected, JSON.stringify(body));
    }
    assert.ok(taken > 500 && withImages > 200, `${taken} pages taken, ${withImages} with images to send`);
  });
});
