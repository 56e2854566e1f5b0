import assert from 'node:assert/strict';
import {
  DocumentError, appendAnchor, linkTemplateProblem, publishedLinkFor, renderLink, validateLinkTemplate,
} from '../../../src/core/documents';
import { linkRenderer } from '../../../src/core/documents/linksAndImages/links';

const template = 'https://docs.example.com/{path}#{anchor}';

describe('documents: link templates', () => {
  it('fills {path} without the Markdown extension, URL-encoded per segment', () => {
    assert.equal(
      renderLink(template, 'docs/Getting Started/intro.md', 'install'),
      'https://docs.example.com/docs/Getting%20Started/intro#install',
    );
    assert.equal(renderLink(template, 'guide.mdx', 'a'), 'https://docs.example.com/guide#a');
    assert.equal(renderLink(template, 'guide.markdown', 'a'), 'https://docs.example.com/guide#a');
    assert.equal(renderLink(template, 'Q&A/100%.md', 'a'), 'https://docs.example.com/Q%26A/100%25#a');
  });

  it('keeps other extensions in {path}', () => {
    assert.equal(renderLink(template, 'notes/todo.txt'), 'https://docs.example.com/notes/todo.txt');
  });

  it('drops #{anchor} cleanly when there is no anchor', () => {
    assert.equal(renderLink(template, 'guide.md'), 'https://docs.example.com/guide');
    assert.equal(renderLink(template, 'guide.md', ''), 'https://docs.example.com/guide');
    assert.equal(renderLink('https://x.example/view?doc={path}&h={anchor}', 'a.md'), 'https://x.example/view?doc=a&h=');
  });

  it('encodes unicode anchors', () => {
    assert.equal(renderLink(template, 'a.md', 'über-uns'), 'https://docs.example.com/a#%C3%BCber-uns');
  });

  it('fills {file} with the extension and {page} with index pages as folders', () => {
    assert.equal(
      renderLink('https://git.example.com/org/docs/blob/main/{file}#{anchor}', 'docs/My Guide.md', 'x'),
      'https://git.example.com/org/docs/blob/main/docs/My%20Guide.md#x',
    );
    const page = 'https://docs.example.com/{page}#{anchor}';
    assert.equal(renderLink(page, 'guide/index.md', 'setup'), 'https://docs.example.com/guide/#setup');
    assert.equal(renderLink(page, 'guide/README.md'), 'https://docs.example.com/guide/');
    assert.equal(renderLink(page, 'content/_index.md'), 'https://docs.example.com/content/');
    assert.equal(renderLink(page, 'README.md', 'intro'), 'https://docs.example.com/#intro');
    assert.equal(renderLink(page, 'guide/setup.md'), 'https://docs.example.com/guide/setup');
    assert.equal(renderLink(page, 'guide/index.txt'), 'https://docs.example.com/guide/index.txt');
  });

  it('reports unknown placeholders', () => {
    assert.equal(linkTemplateProblem(template), undefined);
    assert.equal(
      linkTemplateProblem('https://docs.example.com/{pth}'),
      'The link template has an unknown placeholder “{pth}”; use {path}, {file}, {page} or {anchor}.',
    );
    assert.throws(
      () => validateLinkTemplate('https://docs.example.com/{slug}'),
      (e: unknown) => e instanceof DocumentError && e.code === 'invalidOption' && e.key === 'linkTemplate',
    );
  });

  it('appends an anchor to a page link without a fragment only', () => {
    assert.equal(appendAnchor('https://wiki.example.com/page', 'setup'), 'https://wiki.example.com/page#setup');
    assert.equal(appendAnchor('https://wiki.example.com/page#top', 'setup'), 'https://wiki.example.com/page#top');
    assert.equal(appendAnchor('https://wiki.example.com/page'), 'https://wiki.example.com/page');
  });

  describe('published links of links between documents (for F14)', () => {
    const from = 'docs/guide/intro.md';
    it('resolves relative Markdown links with their anchors', () => {
      assert.equal(publishedLinkFor(template, from, '../setup.md#install'), 'https://docs.example.com/docs/setup#install');
      assert.equal(publishedLinkFor(template, from, './faq.mdx'), 'https://docs.example.com/docs/guide/faq');
      assert.equal(publishedLinkFor(template, from, 'sub/My%20Page.md?plain=1#%C3%BCber'), 'https://docs.example.com/docs/guide/sub/My%20Page#%C3%BCber');
      assert.equal(publishedLinkFor(template, from, '<../my page.md>'), 'https://docs.example.com/docs/my%20page');
    });

    it('resolves same-page links to the document itself', () => {
      assert.equal(publishedLinkFor(template, from, '#options'), 'https://docs.example.com/docs/guide/intro#options');
    });

    it('leaves alone what it cannot publish', () => {
      for (const href of ['https://example.com/a.md', 'mailto:a@example.com', '/docs/a.md', 'image.png', '../../../out.md', 'bad%zz.md', '']) {
        assert.equal(publishedLinkFor(template, from, href), href === '' ? 'https://docs.example.com/docs/guide/intro' : undefined, href);
      }
    });
  });
});

describe('documents: a link template filled once per file', () => {
  const templates = [
    'https://docs.example.com/{path}#{anchor}',
    'https://git.example.com/blob/main/{file}?plain=1#{anchor}',
    'https://docs.example.com/{page}',
    '{page}/{anchor}/{path}#{anchor}',
    'https://x.example/#{anchor}',
    'https://x.example/{pa{anchor}th}',
  ];
  const paths = ['docs/Getting Started/intro.md', 'guide/index.md', 'README.md', 'Q&A/100%.md', 'notes/todo.txt'];
  const anchors = [undefined, '', 'install', 'über-uns', 'a b#c'];
  it('gives exactly what renderLink gives, for every template, path and anchor', () => {
    let compared = 0;
    for (const template of templates) {
      for (const path of paths) {
        const link = linkRenderer(template, path);
        for (const anchor of anchors) {
          assert.equal(link(anchor), renderLink(template, path, anchor), `${template} ${path} ${String(anchor)}`);
          compared++;
        }
      }
    }
    assert.equal(compared, templates.length * paths.length * anchors.length);
  });
});
