// Issue 35, item 4: markup nobody rendered is reported at its source line, never silently indexed; a team names its
// site's own syntax (`dropPatterns`) to leave such lines out. Each kind is written in miniature; the texts are ours.
import assert from 'node:assert/strict';
import { MARKUP_KINDS, unrenderedKinds } from '../../../src/core/documents/markup/unrendered';
import { dropPatternRule } from '../../../src/core/documents/readerText/dropPatterns';
import { build, documentError, texts } from '../../support/documents';

/** One line of each kind, as a page would carry it when no rule of ours read it. */
const ONE_OF_EACH: Record<string, string> = {
  htmlComment: 'Before <!-- a note',
  contentTabs: '=== "Second tab"',
  blocks: '/// note | Heads up',
  details: '??? question "Why"',
  attrList: 'A lead paragraph {: .lead }',
  admonition: '!!!warning',
  macro: 'Version {{ config.version }} is out.',
  mkdocstrings: '::: shop.cart.Basket',
  snippet: '--8<-- "parts/legal.md"',
  customInclude: '{* ../../examples/basket.py hl[3] *}',
  directive: '{! parts/footer.md !}',
  jsx: '<Callout kind="info">',
  import: "import Chart from '@site/src/Chart';",
  docusaurusFence: ':::caution[Careful]',
};

/** Kinds a plain Markdown page never keeps: a rule reads them as the generator renders them. */
const READ_BY_A_RULE = new Set(['htmlComment', 'details', 'admonition', 'mkdocstrings', 'snippet', 'docusaurusFence']);

function markupWarnings(text: string, path = 'notes.md', options = {}): Array<[number | undefined, string | undefined]> {
  return build(text, path, options).problems.filter((p) => p.code === 'unrenderedMarkup').map((p) => [p.line, p.markup]);
}

describe('unrendered markup (issue 35, item 4)', () => {
  it('knows every kind, each at its own line', () => {
    assert.deepEqual(Object.keys(ONE_OF_EACH).sort(), MARKUP_KINDS.map((k) => k.id).sort());
    for (const kind of MARKUP_KINDS) {
      const line = ONE_OF_EACH[kind.id]!;
      assert.deepEqual(unrenderedKinds(`Plain words.\n\n${line}\n`), [kind.id], kind.id);
      // In a page: the warning stands at the source line (front matter counted), unless a rule of ours reads the
      // markup as the generator does (comments go from every page; `???`, `!!! x`, `:::x`, snippets are read).
      const page = `---\ntitle: T\n---\n# Title\n\nSome words.\n\n${line}\n\nMore words.\n`;
      assert.deepEqual(markupWarnings(page), READ_BY_A_RULE.has(kind.id) ? [] : [[8, kind.id]], kind.id);
    }
  });

  it('finds nothing in fenced code or code spans: examples of the syntax are content', () => {
    const all = Object.values(ONE_OF_EACH);
    const text = ['# Syntax', '', '```md', ...all, '```', '', '~~~~', ...all, '~~~~', '', ...all.map((l) => `Write \`${l}\` for it.`)].join('\n');
    assert.deepEqual(unrenderedKinds(text), []);
    assert.deepEqual(markupWarnings(text), []);
    // An inner fence indented 4 does not close the outer one.
    assert.deepEqual(unrenderedKinds('```mdx\n<Steps>\n    ```bash\n    npm i\n    ```\n</Steps>\n```\n'), []);
  });

  it('finds nothing in a fence inside a block quote, nested or not; after the fence closes, prose again', () => {
    // MkDocs's theme guide and Prettier's blog quote templates: `> > ```django` with `{% for %}` lines inside.
    const quoted = ['> > ```django', '> >   {%- for path in extra_javascript %}', '> >   <!-- a note -->', '> >   {%- endfor %}', '> > ```', '', '> ````md', '> <!-- prettier-ignore -->', '> ````'].join('\n');
    assert.deepEqual(unrenderedKinds(quoted), []);
    assert.deepEqual(unrenderedKinds(`${quoted}\n\n> {{ left }}\n`), ['macro']);
  });

  it('says each kind once, at its first line, with how many more lines carry it', () => {
    const text = ['# T', '', '{* a.py *}', '', 'Words.', '', '{* b.py *}', '', '{* c.py *}', '', '<Tip>'].join('\n');
    const problems = build(text, 'notes.md').problems.filter((p) => p.code === 'unrenderedMarkup');
    assert.deepEqual(problems.map((p) => [p.line, p.markup, p.severity]), [[3, 'customInclude', 'warning'], [11, 'jsx', 'warning']]);
    assert.match(problems.find((p) => p.markup === 'customInclude')!.message, /^Line 3 \(and 2 more lines\) carries markup readers of the site never see \(\{\* \.\.\. \*\} include line\).*dropPatterns in \.doc-ingest\.json/);
  });

  it('does not stop the page: the text is sent as built', () => {
    assert.deepEqual(texts(build('# T\n\n{* a.py *}\n\nWords.\n', 'notes.md')), ['# T\n\n{* a.py *}\n\nWords.']);
  });

  it('reads ordinary prose as prose', () => {
    const prose = ['# Prices', '', 'It costs {price} and {count} items; a < b and c > d.', 'Use == and === in JavaScript.', 'Write a/b, then // a comment? No.', 'Import data from a CSV file.', 'A set {1, 2} and {#} alone.', '## Heading {#own-anchor}'].join('\n');
    assert.deepEqual(unrenderedKinds(prose), []);
  });

  it('scans a long line in linear time', () => {
    const started = performance.now();
    unrenderedKinds(`${'{#a {{ {: {# <A '.repeat(20_000)}\n`.repeat(5));
    assert.ok(performance.now() - started < 500, `took ${performance.now() - started} ms`);
  });
});

describe('dropPatterns: a site\'s own syntax left out (issue 35, item 4)', () => {
  it('drops each matching line outside code, and no warning is left', () => {
    const text = ['# Use', '', 'First:', '', '{* ../../examples/basket.py hl[3] *}', '', 'Then:', '{* x.py *}', '', '```md', '{* kept.py *}', '```'].join('\n');
    const result = build(text, 'notes.md', { dropPatterns: ['^\\{\\*.*\\*\\}$'] });
    assert.deepEqual(texts(result), ['# Use\n\nFirst:\n\nThen:\n\n```md\n{* kept.py *}\n```']);
    assert.deepEqual(result.problems.filter((p) => p.code === 'unrenderedMarkup'), []);
  });

  it('keeps the lines of later problems where the writer wrote them', () => {
    const result = build('# T\n\n{* a.py *}\n\n<Tip>\n', 'notes.md', { dropPatterns: ['^\\{\\*'] });
    assert.deepEqual(result.problems.filter((p) => p.code === 'unrenderedMarkup').map((p) => p.line), [5]);
  });

  it('drops lines of an MDX page before it is parsed', () => {
    assert.deepEqual(texts(build('# T\n\n{* not an expression *}\n\nWords.\n', 'page.mdx', { dropPatterns: ['^\\{\\*'] })), ['# T\n\nWords.']);
  });

  it('refuses a pattern that is none, that matches an empty line, or that can backtrack without end', () => {
    assert.match(dropPatternRule('^{* (') ?? '', /^is not a regular expression \(.*\): write one in JavaScript's syntax/);
    assert.match(dropPatternRule('x*') ?? '', /^matches an empty line/);
    assert.match(dropPatternRule('^(a+)+$') ?? '', /^repeats a group that repeats itself/);
    assert.equal(dropPatternRule('^\\{\\*.*\\*\\}$'), undefined);
    const error = documentError(() => build('# T\n', 'notes.md', { dropPatterns: ['('] }));
    assert.equal(error.code, 'invalidOption');
    assert.equal(error.key, 'dropPatterns');
  });
});
