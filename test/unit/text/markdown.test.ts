import assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { escapeMarkdown, markdownTableCell } from '../../../src/core/text/markdown';

// VS Code renders MarkdownStrings with marked (GFM: strikethrough, tables, autolinks); markdown-it with the same
// extensions shows whether a value survives as the text it is.
const md = new MarkdownIt({ linkify: true });

function rendered(markdown: string): string {
  return md.renderInline(markdown);
}

function plainHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

describe('text: escaping values for Markdown', () => {
  it('an id with two ~ is not struck through', () => {
    // VS Code's renderer (marked, GFM) strikes through ~one~ as well as ~~two~~ tildes; markdown-it only the latter.
    const id = 'guide~getting-started.md~install';
    assert.equal(escapeMarkdown(id), 'guide\\~getting\\-started\\.md\\~install');
    const doubled = 'guide~~getting-started.md~~install';
    assert.match(rendered(doubled), /<s>/, 'unescaped, the middle part is struck through');
    assert.equal(rendered(escapeMarkdown(doubled)), plainHtml(doubled));
    assert.equal(rendered(markdownTableCell(doubled)), plainHtml(doubled));
  });

  for (const value of [
    'a_b_c *bold* **x** `code`',
    '[link](https://example.com) ![img](x.png)',
    '<b>html</b> & entity &amp;',
    '# heading-like',
    '1. list-like',
    '- item',
    'back\\slash',
    '$(error) not an icon',
    'https://example.com/a_b',
  ]) {
    it(`renders ${JSON.stringify(value)} as itself`, () => {
      assert.equal(rendered(escapeMarkdown(value)), plainHtml(value));
    });
  }

  it('a table cell holds one line and no column break', () => {
    const cell = markdownTableCell('a | b\nc');
    assert.ok(!cell.includes('\n'));
    assert.ok(!/(^|[^\\])\|/.test(cell), 'every | is escaped');
  });
});
