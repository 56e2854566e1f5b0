// hasNoText tells, without building, what the build refuses as a page with no text: the editor's badges and Ingest
// Changed Files count such a page neither new nor changed, as a batch skips it on every run.
import assert from 'node:assert/strict';
import { hasNoText } from '../../../src/core/identity/documentId';
import { DocumentError } from '../../../src/core/documents/problems/errors';
import { build } from '../../support/documents';

/** What the build says of the text: 'empty' when it refuses it for having no text, else 'text' (or its other refusal). */
function built(text: string, path: string): string {
  try {
    build(text, path);
    return 'text';
  } catch (e) {
    if (e instanceof DocumentError) return e.code === 'empty' ? 'empty' : e.code;
    throw e;
  }
}

describe('hasNoText: a page the build refuses as empty, told without building', () => {
  const pages: Array<[string, string]> = [
    ['', 'a.md'],
    ['\n  \n\t\n', 'a.md'],
    ['\uFEFF\r\n\r\n', 'a.md'],
    ['---\ntitle: Soon\n---\n', 'a.md'],
    ['---\ntitle: Soon\n---\n\n   \n', 'docs/a.mdx'],
    ['+++\ntitle = "Soon"\n+++\n', 'a.md'],
    ['# Title\n', 'a.md'],
    ['---\ntitle: Soon\n---\nOne line.\n', 'a.md'],
    ['---\n', 'a.md'],
    ['---\ntitle: [unclosed\n---\n', 'a.md'],
    ['Text.', 'notes.md'],
  ];
  for (const [text, path] of pages) {
    it(`${JSON.stringify(text)} as ${path}: as the build says`, () => {
      assert.equal(hasNoText(text, path), built(text, path) === 'empty');
    });
  }

  it('says nothing of files that are not Markdown (their emptiness is the conversion\'s), nor of bytes that are not text', () => {
    assert.equal(hasNoText('', 'notebook.ipynb'), false);
    assert.equal(hasNoText('   ', 'notes.txt'), false);
    assert.equal(hasNoText(new Uint8Array([0xff, 0xfe, 0x00, 0x00]), 'a.md'), false);
  });
});
