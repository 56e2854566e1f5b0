// Issue 37: a file's reader text is made for its images and again for its build; the MDX parse, nine tenths of the
// cost, is made once (the batch keeps one `mdxParses` per file). The document must be the one built without it.
import assert from 'node:assert/strict';
import { buildDocument } from '../../../src/core/documents';
import type { MdxParses } from '../../../src/core/documents/readerText';
import { localImageReferences } from '../../../src/core/ingest/images';

const PAGE = '---\ntitle: Guide\n---\n\n# Guide\n\n<Note>\n  Read this first.\n\n  ![A diagram](./img/diagram.png)\n</Note>\n\n<Frame caption="The flow">\n  <img src="./img/flow.png" alt="Flow" />\n</Frame>\n\nText with {props.version} in it.\n';

describe('MDX trees parsed once per file (issue 37)', () => {
  it('finds the images and builds the page from one parse of each text, and builds the same document', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const parses: MdxParses = new Map();
    const images = localImageReferences(PAGE, 'docs/guide.mdx', undefined, undefined, parses);
    assert.deepEqual(images.map((i) => i.path), ['docs/img/diagram.png', 'docs/img/flow.png']);
    assert.equal(parses.size, 1, 'the page was parsed for its images');
    const texts = [...parses.keys()];
    const built = buildDocument(PAGE, 'docs/guide.mdx', { now, mdxParses: parses });
    assert.deepEqual([...parses.keys()], texts, 'the build parsed nothing new');
    assert.deepEqual(built.document, buildDocument(PAGE, 'docs/guide.mdx', { now }).document);
  });
});
