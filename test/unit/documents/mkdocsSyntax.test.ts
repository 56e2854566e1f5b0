// Issue 35, item 3 (MkDocs): the common syntax of MkDocs sites becomes the text a reader of the site sees, and HTML
// comments are never text in any Markdown page. Each construct is written in miniature; the texts are ours.
import assert from 'node:assert/strict';
import type { DocumentOptions } from '../../../src/core/documents';
import { build, texts } from '../../support/documents';

/** A page of an MkDocs site (with the macros plugin: MACROS), as the site resolver hands it to the build. */
const MKDOCS: DocumentOptions = { site: { syntax: 'mkdocs', pageUrl: 'https://docs.example.com/guide/', anchors: 'mkdocs' } };
const MACROS: DocumentOptions = { site: { ...MKDOCS.site, syntax: 'mkdocs-macros' } };

function mkdocsText(lines: string[], options = MKDOCS): string {
  return texts(build(lines.join('\n'), 'docs/guide.md', options)).join('\n\n');
}

function warnings(lines: string[], options = MKDOCS): Array<[number | undefined, string]> {
  return build(lines.join('\n'), 'docs/guide.md', options).problems.filter((p) => p.severity === 'warning').map((p) => [p.line, p.code]);
}

describe('reader text: HTML comments are never text (issue 35)', () => {
  it('a comment on its own lines goes with them, one inside a line goes alone, an excerpt marker too', () => {
    const text = ['# T', '', 'Intro.', '', '<!-- more -->', '', 'Body <!-- hidden --> text.', '', '<!--', 'a note', 'for writers', '-->', '', 'End.'].join('\n');
    assert.deepEqual(texts(build(text, 'a.md')), ['# T\n\nIntro.\n\nBody text.\n\nEnd.']);
  });

  it('comments in fenced code and code spans are code a reader sees; an MkDocs page drops them too', () => {
    const text = ['# T', '', 'Write `<!-- x -->` to hide.', '', '```html', '<!-- kept -->', '```', '', '<!-- gone -->'].join('\n');
    assert.deepEqual(texts(build(text, 'a.md')), ['# T\n\nWrite `<!-- x -->` to hide.\n\n```html\n<!-- kept -->\n```']);
    assert.equal(mkdocsText(['# T', '', 'A <!-- b --> c.']), '# T\n\nA c.');
  });
});

describe('reader text: MkDocs attribute lists (issue 35)', () => {
  it('go from headings (the #id is the anchor), paragraphs, images and links; [](){#x} goes whole', () => {
    const result = build([
      '# Guide { #top .big }', '',
      '[](){#old-name}', 'Some text.', '{: .lead }', '',
      '![A chart](chart.png){ width="300" loading=lazy }', '',
      'See [the list](list.md){ .md-button } now.', '',
      '## Setup {: #setup-steps }', '',
      'Keep {name} as written.',
    ].join('\n'), 'docs/guide.md', MKDOCS);
    assert.deepEqual(texts(result), [
      '# Guide\n\nSome text.\n\nA chart\n\nSee [the list](list.md) now.',
      '## Setup\n\nKeep {name} as written.',
    ]);
    assert.deepEqual(result.document.sections.map((s) => s.link), ['https://docs.example.com/guide/#top', 'https://docs.example.com/guide/#setup-steps']);
  });

  it('stay on a page of no MkDocs site, and in code', () => {
    assert.deepEqual(texts(build('# T\n\nText.\n{: .lead }\n', 'a.md')), ['# T\n\nText.\n{: .lead }']);
    assert.equal(mkdocsText(['# T', '', '```md', '## X { #x }', '```', '', 'Use `{ .class }` here.']), '# T\n\n```md\n## X { #x }\n```\n\nUse `{ .class }` here.');
  });
});

describe('reader text: pymdownx.blocks /// (issue 35)', () => {
  it('admonition, tip, details, tab and html blocks show their titles and texts; options go; nested ones too', () => {
    assert.equal(mkdocsText([
      '# T', '',
      '/// admonition | Mind this', '    type: warning', '', 'Careful.', '', '///', '',
      '/// tip', 'Short.', '///', '',
      '//// details | More', '', 'Outer.', '', '/// note', 'Inner.', '///', '', '////', '',
      '/// tab | Linux', 'Run it.', '///', '',
      '/// html | div', 'Plain.', '///', '',
      '/// admonition', '    type: danger', 'Typed.', '///',
    ]), [
      '# T', '',
      '**Mind this**', '', 'Careful.', '',
      '**Tip**', '', 'Short.', '',
      '**More**', '', 'Outer.', '', '**Note**', '', 'Inner.', '',
      '**Linux**', '', 'Run it.', '',
      'Plain.', '',
      '**Danger**', '', 'Typed.',
    ].join('\n'));
  });
});

describe('reader text: content tabs, details and admonitions of MkDocs (issue 35)', () => {
  it('=== "Title" tabs show each title, then the text dedented', () => {
    assert.equal(mkdocsText([
      '# T', '',
      '=== "Linux"', '', '    Use apt.', '', '    ```bash', '    apt install x', '    ```', '',
      '===+ "macOS"', '    Use brew.', '',
      'After.',
    ]), '# T\n\n**Linux**\n\nUse apt.\n\n```bash\napt install x\n```\n\n**macOS**\n\nUse brew.\n\nAfter.');
  });

  it('an empty tab keeps its title on its own line; a fence indented past the example\'s own stays inside it', () => {
    assert.equal(mkdocsText(['# T', '', '=== "One"', '', '=== "Two"', '', 'Text.']), '# T\n\n**One**\n\n**Two**\n\nText.');
    assert.equal(mkdocsText(['# T', '', '```', '!!! note', '    ```', '    x', '    ```', '```', '', '!!! tip', '    Real.']), '# T\n\n```\n!!! note\n    ```\n    x\n    ```\n```\n\n**Tip**\n\nReal.');
  });

  it('a tab or an admonition inside a list item stays in the item: its title indented as its text, no code block', () => {
    const text = mkdocsText([
      '# T', '',
      '* Generic classes work:', '',
      '    === "Old syntax"', '',
      '        ```python', '        class Foo(Generic[T]): ...', '        ```', '',
      '        Then `Foo[int]`.', '',
      '    !!! note', '        Noted.', '',
      '* Next item.',
    ]);
    assert.equal(text, '# T\n\n* Generic classes work:\n\n    **Old syntax**\n\n    ```python\n    class Foo(Generic[T]): ...\n    ```\n\n    Then `Foo[int]`.\n\n    **Note**\n\n    Noted.\n\n* Next item.');
  });

  it(':emoji:{ .class } loses its attribute list', () => {
    assert.equal(mkdocsText(['# T', '', '- :rocket:{ .big } __Fast__']), '# T\n\n- :rocket: __Fast__');
  });

  it('???/???+ details and !!!note without a space become their title and text', () => {
    assert.equal(mkdocsText([
      '# T', '', '???+ question "Why?"', '    Because.', '', '!!!note', '    Noted.', '', '???tip', '    Tipped.',
    ]), '# T\n\n**Why?**\n\nBecause.\n\n**Note**\n\nNoted.\n\n**Tip**\n\nTipped.');
  });
});

describe('reader text: what only the MkDocs build makes (issue 35)', () => {
  it('a mkdocstrings ::: line becomes the name it documents (its options go), with a warning at its line; it is no admonition', () => {
    const lines = ['# Reference', '', 'The client.', '', '::: shop.client.Client', '    options:', '      show_source: false', '', 'After.'];
    assert.equal(mkdocsText(lines), '# Reference\n\nThe client.\n\nshop.client.Client\n\nAfter.');
    assert.deepEqual(warnings(lines), [[5, 'apiReference']]);
  });

  it('a page of mkdocstrings references alone still has text: the names it documents', () => {
    assert.equal(mkdocsText(['::: shop.orders', '', '::: shop.carts.Cart']), 'shop.orders\n\nshop.carts.Cart');
  });

  it('macros {{ }} and {% %} go with a warning at their lines; a loop goes whole and is never an image path', () => {
    const lines = [
      '# T', '',
      'Version {{ config.version }} is out.', '',
      '{% for item in items %}', '<img src="{{ item.logo }}">', '{% endfor %}', '',
      '{% raw %}', 'Literal.', '{% endraw %}', '',
      '{% raw %}', '', '```jinja', 'Hi {{ name }}', '```', '', '{% endraw %}', '',
      'Code: `{{ kept }}`.',
    ];
    assert.equal(mkdocsText(lines, MACROS), '# T\n\nVersion is out.\n\nLiteral.\n\n```jinja\nHi {{ name }}\n```\n\nCode: `{{ kept }}`.');
    assert.deepEqual(warnings(lines, MACROS), [[3, 'templateMarkup'], [5, 'templateMarkup']]);
  });

  it('without the macros plugin, {{ name }} is text a reader sees', () => {
    assert.equal(mkdocsText(['# T', '', 'Type {{ name }} here.']), '# T\n\nType {{ name }} here.');
  });

  it('Markdown inside <div markdown> is read as Markdown: its tags go, its headings make sections', () => {
    const result = build(['# T', '', '<div class="grid" markdown>', '## Inside', '*Bold* words.', '</div>', '', 'After.'].join('\n'), 'docs/guide.md', MKDOCS);
    assert.deepEqual(texts(result), ['# T', '## Inside\n*Bold* words.\n\nAfter.']);
    assert.equal(mkdocsText(['# T', '', 'Before.', '', '<div markdown="1">', '', '**Safe**', '', '</div>', '', 'After.']), '# T\n\nBefore.\n\n**Safe**\n\nAfter.');
  });
});
