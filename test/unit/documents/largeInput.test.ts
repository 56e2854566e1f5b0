import assert from 'node:assert/strict';
import { buildDocument } from '../../../src/core/documents';
import { bigMarkdown } from '../../../bench/bigMarkdown';
import { NOW } from '../../support/documents';

// How long this takes is measured by `npm run bench`, against a baseline; here only what comes out.
describe('documents: large input', () => {
  it('builds a 1 MB Markdown file into one section per heading', () => {
    const { text, chapters } = bigMarkdown(1024 * 1024);
    const result = buildDocument(text, 'docs/big.md', { now: NOW, linkTemplate: 'https://docs.example.com/{path}#{anchor}' });
    assert.equal(result.document.sections.length, 1 + 2 * chapters);
    assert.equal(result.document.sections[1]?.link, 'https://docs.example.com/docs/big#chapter-0');
    assert.equal(result.document.sections.at(-1)?.link, `https://docs.example.com/docs/big#details-${(chapters - 1) % 9}-${Math.floor((chapters - 1) / 9)}`.replace(/-0$/, ''));
  });
});
