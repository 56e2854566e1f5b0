import assert from 'node:assert/strict';
import { PageParses } from '../../../src/core/documents/build/pageParses';
import { readerText } from '../../../src/core/documents/readerText';
import { localImageReferences } from '../../../src/core/ingest/images';
import { build } from '../../support/documents';

/**
 * A batch looks for a page's images in its reader text before building it, and the build makes the same reader
 * text and finds the same images again; one PageParses per page lets the build take them (issue 37, goal 7). It
 * must take them only where it would make the same, and build the same document either way.
 */
const page = [
  '# Guide', '', '!!! note "Look"', '    ![Inside](img/a.png) and ![Remote](https://example.com/r.png)', '',
  '## Setup {#setup-id}', '', '![Shot](img/b.png)', '', '--8<-- "snippet.md"', '',
].join('\n');
const site = { syntax: 'mkdocs' as const, images: { siteRoot: 'docs' } };
const images = new Map([['docs/img/a.png', 'file-a'], ['docs/img/b.png', 'file-b']]);

describe('documents: a page\'s reader text and images made once for its images and its build (issue 37, goal 7)', () => {
  it('gives the build the reader text and images the batch made, and the same document as a build of its own', () => {
    const parses = new PageParses();
    const refs = localImageReferences(page, 'docs/guide.md', undefined, site, undefined, parses);
    assert.deepEqual(refs.map((r) => r.path), ['docs/img/a.png', 'docs/img/b.png']);
    const taken = build(page, 'docs/guide.md', { site, images, pageParses: parses });
    const own = build(page, 'docs/guide.md', { site, images });
    assert.deepEqual(taken.document, own.document);
    assert.deepEqual(taken.problems, own.problems);
    assert.ok(taken.document.sections.some((s) => s.type === 'image' && s.image_file_id === 'file-a'));
  });

  it('makes each reader text once, and again for other options or when the build expands an include', () => {
    const parses = new PageParses();
    const options = { path: 'docs/guide.md', mdx: false, mkdocs: true };
    const first = parses.readerText(page, options);
    assert.equal(parses.readerText(page, { ...options, dropPatterns: [] }), first, 'no drop patterns is none given');
    assert.equal(parses.readerText(page, { ...options, includes: new Map() }), first, 'no includes is none given');
    assert.notEqual(parses.readerText(page, { ...options, dropPatterns: [/^--8<--/] }), first);
    assert.notEqual(parses.readerText(page, { ...options, mkdocs: false }), first);
    const expanded = parses.readerText(page, { ...options, includes: new Map([['docs/snippet.md', 'Included text.']]) });
    assert.deepEqual(expanded, readerText(page, { ...options, includes: new Map([['docs/snippet.md', 'Included text.']]) }));
    assert.match(expanded!.mapped.text, /Included text\./);
    assert.doesNotMatch(first!.mapped.text, /Included text\./);
  });

  it('finds each text\'s images once per path and site', () => {
    const parses = new PageParses();
    const text = '\n![a](img/a.png)\n';
    const first = parses.findImageReferences(text, 'docs/guide.md');
    assert.equal(parses.findImageReferences(text, './docs/guide.md'), first);
    assert.notEqual(parses.findImageReferences(text, 'docs/other/guide.md'), first);
    assert.notEqual(parses.findImageReferences(text, 'docs/guide.md', { siteRoot: 'docs' }), first);
  });
});
