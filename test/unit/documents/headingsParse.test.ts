import assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { findHeadings } from '../../../src/core/documents';
import { bigMarkdown } from '../../../bench/bigMarkdown';

/**
 * The heading finder keeps only heading tokens (speed: a large file's other tokens are never stored). This pins
 * that it still finds exactly the headings, lines and nesting that a stock markdown-it parse with every token gives.
 */
function stockHeadings(body: string): { level: number; startLine: number; endLine: number; topLevel: boolean; content: string }[] {
  const tokens = new MarkdownIt('default', { html: true }).parse(body, {});
  return tokens.flatMap((t, i) =>
    t.type === 'heading_open' && t.map
      ? [{ level: Number(t.tag.slice(1)), startLine: t.map[0], endLine: t.map[1], topLevel: t.level === 0, content: tokens[i + 1]?.content ?? '' }]
      : [],
  );
}

const TRICKY = [
  '# Title', '', 'Setext heading', '==============', '', 'Para line', 'lazy # not heading', '',
  '> ## Quoted', '> text', '', '- item', '  ## In a list', '- second', '', '1. one', '   ### Ordered nested', '',
  '```', '# fenced', '```', '', '    # indented code', '', '<details>', '# html block', '</details>', '',
  '| a | b |', '|---|---|', '| # x | y |', '## After table', '', 'Another', '---', '', '***', '#NoSpace', '####### seven', '',
  '## Closing ## ', '', '- [ ] task', '', '  ## Two-space indented heading', '',
].join('\n');

describe('documents: headings found from heading tokens only', () => {
  for (const [name, body] of [['a tricky document', TRICKY], ['a large generated document', bigMarkdown(200 * 1024).text]] as const) {
    it(`gives the same headings as a full markdown-it parse: ${name}`, () => {
      const stock = stockHeadings(body);
      const found = findHeadings(body).map((h) => ({ level: h.level, startLine: h.startLine, endLine: h.endLine, topLevel: h.topLevel }));
      assert.ok(stock.length > 5);
      assert.deepEqual(found, stock.map(({ content: _content, ...h }) => h));
    });
  }
});
