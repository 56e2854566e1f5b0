import assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { findHeadings } from '../../../src/core/documents';
import { createBlockParser, findHeadingsAnchoredBy, firstH1Text } from '../../../src/core/documents/markdown/markdown';
import { seededRandom } from '../../service';
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
  '- item', '', '  Multi line', '    setext   heading', '  ---', '', '> Quoted setext', '> ===', '',
  '  Indented  ', ' setext', '=====', '',
].join('\n');

describe('documents: headings found from heading tokens only', () => {
  for (const [name, body] of [['a tricky document', TRICKY], ['a large generated document', bigMarkdown(200 * 1024).text]] as const) {
    it(`gives the same headings as a full markdown-it parse: ${name}`, () => {
      const stock = stockHeadings(body);
      const found = findHeadings(body).map((h) => ({ level: h.level, startLine: h.startLine, endLine: h.endLine, topLevel: h.topLevel, text: h.text }));
      assert.ok(stock.length > 5);
      // Text: these headings hold no inline markup, so their text is their content with whitespace collapsed.
      assert.deepEqual(found, stock.map(({ content, ...h }) => ({ ...h, text: content.replace(/\s+/g, ' ').trim() })));
    });
  }
});

describe('documents: heading text without an inline parse', () => {
  // Headings of plain text skip markdown-it's inline parse (speed); any character an inline rule reacts to must
  // still take the full parse. Every printable ASCII character, alone, doubled and at the ends, pins that.
  const chars = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).concat(['é', 'ü', '😄', '\t']);
  const titles = chars.flatMap((c) => [`a${c}b`, `x ${c}${c} y`, `${c}end`, `start${c}`]);
  const body = titles.map((t) => `## ${t}\n`).join('\n');

  it('is the text a full inline parse gives, for every printable ASCII character', () => {
    const stock = new MarkdownIt('default', { html: true });
    const expected = stock.parse(body, {}).filter((t) => t.type === 'inline').map((t) =>
      (t.children ?? []).map((c) => (['text', 'text_special', 'code_inline'].includes(c.type) ? c.content : c.type.endsWith('break') ? '\n' : '')).join('').replace(/\s+/g, ' ').trim(),
    );
    const found = findHeadings(body);
    assert.equal(found.length, titles.length);
    // `{#id}` endings are explicit anchors, removed from the text before parsing: not what this compares.
    const compared = found.map((h, i) => [h.text, expected[i]] as const).filter((_, i) => !/\{:?\s*#/.test(titles[i]!));
    assert.ok(compared.length > 300);
    for (const [text, stockText] of compared) assert.equal(text, stockText);
  });
});

describe('documents: line tables of the block parser', () => {
  // The heading parser finds line ends with indexOf instead of the stock per-character loop (speed).
  it('are those of the stock markdown-it State, for texts of spaces, tabs, newlines and text', () => {
    const fast = createBlockParser({ headingsOnly: true });
    const stock = new MarkdownIt('default', { html: true });
    assert.equal(fast.block.State.name, 'FastStateBlock', 'the start-up self-check kept the faster State');
    const random = seededRandom(7);
    const alphabet = [' ', '\t', '\n', 'a', '#', '\n\n'];
    const tables = (State: typeof stock.block.State, md: typeof stock, src: string) => {
      const s = new State(src, md, {}, []);
      return [s.bMarks, s.eMarks, s.tShift, s.sCount, s.bsCount, s.lineMax, s.src];
    };
    for (let i = 0; i < 2000; i++) {
      const src = Array.from({ length: Math.floor(random() * 24) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      assert.deepEqual(tables(fast.block.State, fast, src), tables(stock.block.State, stock, src), JSON.stringify(src));
    }
  });
});

describe('documents: a page title from the lines up to its first level-1 heading (issue 37, goal 7)', () => {
  // A site's page title is the first level-1 heading; only a prefix of the page is parsed for it (speed). Lines that
  // change what comes before or after them (fences, HTML blocks, setext underlines, lazy lines, tables, link
  // references defined further down) are mixed at random: the title must be the whole page's every time.
  const POOL = [
    '# Title', '#', '# ', '#\tTab title', '## Second', '### Third # x', 'a # b', 'Para', 'lazy line', '', '', '',
    '===', '=', '---', '> # Quoted', '> ===', '> para', '- # In a list', '- item', '  ===', '1. # Ordered',
    '```', '~~~', '    # indented', '<details>', '</details>', '<!-- # c -->', '<!--', '-->',
    '| a | b |', '|---|---|', '| # x | y |', '# [Guide]', '# [Guide][g]', '[guide]: https://example.com/g', '[g]: /g',
    '# Title {#own-id}', '# `code` title', '# *Emphasised*', '# <span>x</span>', '\t# tabbed',
  ];
  const full = (body: string) => findHeadings(body).find((h) => h.level === 1 && h.text !== '')?.text;

  it('is the title a parse of the whole page gives, on 5,000 random pages', () => {
    const random = seededRandom(37);
    let titled = 0;
    for (let i = 0; i < 5000; i++) {
      const lines = Array.from({ length: 1 + Math.floor(random() * 40) }, () => POOL[Math.floor(random() * POOL.length)]!);
      const body = lines.join('\n') + (random() < 0.5 ? '\n' : '');
      const expected = full(body);
      if (expected !== undefined) titled++;
      assert.equal(firstH1Text(body), expected, JSON.stringify(body));
    }
    assert.ok(titled > 1000, `${titled} pages had a title`);
  });

  it('takes a title that a link reference further down changes, and one after a long page of other headings', () => {
    assert.equal(firstH1Text('# [Guide]\n\ntext\n\n[guide]: https://example.com\n'), 'Guide');
    assert.equal(firstH1Text('# [Guide]\n\ntext\n'), '[Guide]');
    const late = `${Array.from({ length: 500 }, (_, i) => `## Part ${i}\n\ntext\n`).join('\n')}\nTitle\n=====\n`;
    assert.equal(firstH1Text(late), 'Title');
    assert.equal(firstH1Text('```\n# fenced\n'), undefined);
    assert.equal(firstH1Text('Para\n# Title\n'), 'Title');
  });
});

describe('documents: headings with two anchor styles from one parse', () => {
  it('are findHeadings with each style', () => {
    const body = `${TRICKY}\n# Café & Crème\n## Café & Crème\n## Café & Crème {#x}\n## 2.0 release_notes\n`;
    const [github, mkdocs] = findHeadingsAnchoredBy(body, ['github', 'mkdocs']);
    assert.deepEqual(github, findHeadings(body, 'github'));
    assert.deepEqual(mkdocs, findHeadings(body, 'mkdocs'));
    assert.notDeepEqual(github, mkdocs);
  });
});
