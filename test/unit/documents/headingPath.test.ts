import assert from 'node:assert/strict';
import { buildSelectionDocument } from '../../../src/core/documents';
import { NOW, build, texts } from '../../support/documents';

/** Issue 25 item 4: the server embeds a section's text, never its `heading`, so the text carries the heading path. */
describe('documents: the heading path in every section', () => {
  const page = [
    '# Guide', '', 'Welcome.', '',
    '## Install', '', 'Pick one.', '',
    '### Linux', '', 'Run it.', '',
    '#### From a package', '', 'apt install x', '',
    '### macOS', '', 'Use brew.', '',
    '## Usage', '', 'Go.', '',
  ].join('\n');

  it('puts the enclosing headings in front of each heading, leaving out an H1 that is the title', () => {
    assert.deepEqual(texts(build(page)), [
      '# Guide\n\nWelcome.',
      '## Install\n\nPick one.',
      '### Install › Linux\n\nRun it.',
      '#### Install › Linux › From a package\n\napt install x',
      '### Install › macOS\n\nUse brew.',
      '## Usage\n\nGo.',
    ]);
    // The heading field stays the section's own heading.
    assert.deepEqual(build(page).document.sections.map((s) => s.heading), ['Guide', 'Install', 'Linux', 'From a package', 'macOS', 'Usage']);
  });

  it('keeps an H1 that differs from the title (front matter title) in the path', () => {
    const result = build(`---\ntitle: Handbook\n---\n${page}`);
    assert.equal(result.document.title, 'Handbook');
    assert.equal(texts(result)[2], '### Guide › Install › Linux\n\nRun it.');
    assert.equal(texts(result)[1], '## Guide › Install\n\nPick one.');
  });

  it('leaves out an H1 the title holds (a site or page title with more words), not one it does not', () => {
    const site = build(page, 'guide.md', { site: { title: 'Guide – Example Docs' } });
    assert.equal(texts(site)[2], '### Install › Linux\n\nRun it.');
    const other = build(page, 'guide.md', { site: { title: 'Handbook' } });
    assert.equal(texts(other)[2], '### Guide › Install › Linux\n\nRun it.');
  });

  it('skipped levels nest under the nearest shallower heading; a deeper-then-shallower heading closes the deeper ones', () => {
    const text = '# T\n\n### Deep\n\na\n\n## Mid\n\nb\n\n#### Deeper\n\nc\n\n## Next\n\nd\n';
    assert.deepEqual(texts(build(text)), ['# T', '### Deep\n\na', '## Mid\n\nb', '#### Mid › Deeper\n\nc', '## Next\n\nd']);
  });

  it('a page without headings, and the text before the first heading, are left as they are', () => {
    assert.deepEqual(texts(build('Just text.\n\nMore.\n', 'plain.md')), ['Just text.\n\nMore.']);
    assert.deepEqual(texts(build('Intro.\n\n## A\n\nx\n\n### B\n\ny\n', 'p.md')), ['Intro.', '## A\n\nx', '### A › B\n\ny']);
    assert.deepEqual(texts(build('# A\n\n## B\n', 'notes.txt')), ['# A\n\n## B']);
  });

  it('setext headings, explicit ids, closing hashes, markup and empty headings keep their text', () => {
    const text = 'Top\n===\n\nSub\n---\n\nx\n\n### **Bold** `code` {#bold}\n\ny\n\n### Closed ###\n\nz\n\n###\n\nw\n';
    assert.deepEqual(texts(build(text, 'p.md')), [
      'Top\n===',
      'Sub\n---\n\nx',
      '### Sub › **Bold** `code` {#bold}\n\ny',
      '### Sub › Closed ###\n\nz',
      '### Sub\n\nw',
    ]);
  });

  it('headings inside a quote or a list do not start a section and are no part of any path', () => {
    const text = '# T\n\n## A\n\n> ## Quoted\n>\n> q\n\n### B\n\nb\n';
    assert.deepEqual(texts(build(text, 't.md')), ['# T', '## A\n\n> ## Quoted\n>\n> q', '### A › B\n\nb']);
  });

  it('a selection below its heading starts with the whole path; one starting at a heading carries it in the heading', () => {
    const below = buildSelectionDocument(page, 'guide.md', page.indexOf('apt install'), page.indexOf('### macOS'), { now: NOW });
    assert.equal(below.document.title, 'From a package');
    assert.deepEqual(texts(below), ['Guide › Install › Linux › From a package\n\napt install x']);
    const at = buildSelectionDocument(page, 'guide.md', page.indexOf('### Linux'), page.indexOf('### macOS'), { now: NOW });
    assert.deepEqual(texts(at), ['### Guide › Install › Linux\n\nRun it.', '#### Guide › Install › Linux › From a package\n\napt install x']);
    // Under the title heading only: the path would be the title, which the server puts in front already.
    const title = buildSelectionDocument(page, 'guide.md', page.indexOf('Welcome'), page.indexOf('Welcome') + 8, { now: NOW });
    assert.deepEqual(texts(title), ['Welcome.']);
  });

  it('the text after an image starts with the path; image sections keep their alt text and name the heading', () => {
    const text = '# Guide\n\n## Install\n\n### Linux\n\nBefore.\n\n![Shot](shot.png)\n\nAfter.\n';
    const result = build(text, 'guide.md', { images: new Map([['shot.png', 'file-1']]) });
    assert.deepEqual(result.document.sections.map((s) => [s.type ?? 'text', s.text, s.heading]), [
      ['text', '# Guide', 'Guide'],
      ['text', '## Install', 'Install'],
      ['text', '### Install › Linux\n\nBefore.', 'Linux'],
      ['image', 'Shot', 'Linux'],
      ['text', 'Install › Linux\n\nAfter.', undefined],
    ]);
  });
});
