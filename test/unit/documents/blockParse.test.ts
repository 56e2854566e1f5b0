import assert from 'node:assert/strict';
import { parseBlocks } from '../../../src/core/documents/build/sharedBlockParse';
import type { BlockParses } from '../../../src/core/documents/markdown/blockParse';
import { findImageReferences } from '../../../src/core/documents/linksAndImages/images';
import { findLinkSites, MAY_HAVE_LINK, MAY_HAVE_LOCAL_LINK, MAY_HAVE_PAGE_LINK } from '../../../src/core/documents/linksAndImages/linkSites';
import { findHeadingsAnchoredBy } from '../../../src/core/documents/markdown/markdown';
import { PageParses } from '../../../src/core/documents/build/pageParses';
import { bigMarkdown } from '../../../bench/bigMarkdown';
import { seededRandom } from '../../service';

/**
 * A batch's page is block-parsed once for its headings, links and images (issue 37, `blockParse.ts`), each finder
 * keeping its own inline parse. Lines that change the blocks around them (setext underlines, lazy lines, fences,
 * HTML blocks, tables, reference definitions used above or below them) are mixed at random with headings, links and
 * images of every kind: each finder must find exactly what its own parse finds, on every page.
 */
const POOL = [
  '# Title', '## [Guide](guide.md#install) and ![logo](img/logo.png)', '### Heading {#own-id}', 'Setext with [a link](a.md)',
  'Setext ![pic](p.png)', '===', '---', '=', '', '', '', 'Para with [link](../other.md#part) and [page](#local).',
  'lazy line with ![inline](i.png "title")', 'text ![ref image][logo] and [ref link][guide] and [guide][]', '[guide]: ./guide.md#setup',
  '[logo]: img/logo.png "Logo"', '[far]:', '  ../far.md', '> ## Quoted [x](x.md)', '> ![q](q.png)', '> ===', '- [item](item.md)',
  '- ![item image](ii.png)', '  ===', '1. # Ordered [o](o.md)', '```', '~~~', '    # indented [code](c.md) ![c](c.png)',
  '<details>', '</details>', '<a href="h.md#x">h</a>', '<img src="html.png" alt="Html">', '<p><a href=\'q.md\'>q</a> <img src=x.png></p>',
  '<!-- [c](comment.md) ![c](c.png) -->', '<!--', '-->', '| a | b |', '|---|---|', '| [cell](cell.md) | ![cell](cell.png) |',
  '| `[code](x.md)` | <img src="t.png"> |', 'inline <a href="in.md">in</a> and <img src="in.png"> html', '`![not](n.png)` [x](<a b.md>)',
  '[](){#anchor}', '![](empty.png)', '![Émoji 😄](é.png)', '[Café](café.md#crème)', '# Café & Crème', '## 2.0 release_notes', '\t# tabbed',
];

function randomPage(random: () => number): string {
  const lines = Array.from({ length: 1 + Math.floor(random() * 40) }, () => POOL[Math.floor(random() * POOL.length)]!);
  return lines.join('\n') + (random() < 0.5 ? '\n' : '');
}

const shared: BlockParses = (body) => parseBlocks(body);

function assertSameFinds(body: string): { headings: number; links: number; images: number } {
  const why = JSON.stringify(body);
  const headings = findHeadingsAnchoredBy(body, ['github', 'mkdocs']);
  assert.deepEqual(findHeadingsAnchoredBy(body, ['github', 'mkdocs'], shared), headings, why);
  let links = 0;
  for (const may of [MAY_HAVE_LINK, MAY_HAVE_LOCAL_LINK, MAY_HAVE_PAGE_LINK]) {
    const own = findLinkSites(body, may);
    links += own.length;
    assert.deepEqual(findLinkSites(body, may, undefined, shared), own, why);
  }
  let images = 0;
  for (const text of [body, `\n${body}`, `---\ntitle: T\n---\n${body}`]) {
    const own = findImageReferences(text, 'docs/page.md', { siteRoot: 'docs' });
    images += own.length;
    assert.deepEqual(findImageReferences(text, 'docs/page.md', { siteRoot: 'docs' }, shared), own, why);
  }
  return { headings: headings[0]!.length, links, images };
}

describe('documents: one block parse for headings, links and images (issue 37)', () => {
  it('finds what each finder\'s own parse finds, on 3,000 random pages', () => {
    const random = seededRandom(3737);
    const seen = { headings: 0, links: 0, images: 0 };
    for (let i = 0; i < 3000; i++) {
      const found = assertSameFinds(randomPage(random));
      seen.headings += found.headings;
      seen.links += found.links;
      seen.images += found.images;
    }
    // The pages hold plenty of each, so each finder was compared on real finds.
    assert.ok(seen.headings > 3000 && seen.links > 10000 && seen.images > 10000, JSON.stringify(seen));
  });

  it('finds the same in a large generated page', () => {
    assertSameFinds(bigMarkdown(100 * 1024).text);
  });

  it('reads a setext heading whose lines hold no link or image (its text is not copied while parsing)', () => {
    const body = 'Plain setext title\n==================\n\nText with [a](a.md).\n\nSecond plain\n---\n';
    const [headings] = findHeadingsAnchoredBy(body, ['github'], shared);
    assert.deepEqual(headings!.map((h) => h.text), ['Plain setext title', 'Second plain']);
  });

  it('finds images after a leading blank line where a parse of the whole text finds them, one line further down', () => {
    // `\n` + body (no front matter) is read as the body after one line; behind front matter that blank line is
    // parsed as part of the body. Both must place every image alike.
    const random = seededRandom(99);
    for (let i = 0; i < 1000; i++) {
      const body = randomPage(random);
      const frontMatter = '---\n---\n';
      const skipped = findImageReferences(`\n${body}`, 'docs/page.md');
      const parsed = findImageReferences(`${frontMatter}\n${body}`, 'docs/page.md')
        .map((r) => ({ ...r, start: r.start - frontMatter.length, end: r.end - frontMatter.length, line: r.line - 2 }));
      assert.deepEqual(skipped, parsed, JSON.stringify(body));
    }
  });

  it('is made once per text in a page\'s parses, and refused for another text', () => {
    const parses = new PageParses();
    const body = '# A\n\n[b](b.md)\n';
    assert.equal(parses.blocks(body), parses.blocks(`${'# A\n\n'}[b](b.md)\n`));
    assert.throws(() => findLinkSites('[c](c.md)\n', MAY_HAVE_LINK, undefined, () => parses.blocks(body)), /another text/);
  });
});
