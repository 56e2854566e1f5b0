import assert from 'node:assert/strict';
import { localImageReferences } from '../../../src/core/ingest/images';
import { findImageReferences, localImagePaths } from '../../../src/core/documents';
import type { ImageReference } from '../../../src/core/documents';

/** The references of `text` in `docs/guide.md`, each checked to point at its markup. */
function images(text: string, relativePath = 'docs/guide.md'): ImageReference[] {
  const found = findImageReferences(text, relativePath);
  for (const image of found) {
    const markup = text.slice(image.start, image.end);
    assert.match(markup, image.syntax === 'html' ? /^<img\b[\s\S]*>$/i : /^!\[[\s\S]*[\])]$/, markup);
    assert.equal(text.slice(0, image.start).split('\n').length, image.line, `line of ${markup}`);
  }
  return found;
}

describe('documents: image references', () => {
  it('finds an inline image with its alt text, title, path and place', () => {
    const text = 'Intro\n\nSee ![The *main* window](img/main.png "Main window") here.\n';
    assert.deepEqual(images(text), [{
      syntax: 'inline', alt: 'The main window', title: 'Main window', target: 'img/main.png', kind: 'local',
      path: 'docs/img/main.png', line: 3, start: 11, end: 59,
    }]);
  });

  it('decodes <angle bracket> paths with spaces and %-encoded paths', () => {
    const found = images('![a](<my pic.png>) ![b](my%20pic.png) ![c](%E6%8C%87%E5%8D%97.png) ![d](a%23b.png)');
    assert.deepEqual(found.map((i) => [i.target, i.path]), [
      ['my pic.png', 'docs/my pic.png'],
      ['my pic.png', 'docs/my pic.png'],
      ['指南.png', 'docs/指南.png'],
      ['a#b.png', 'docs/a#b.png'],
    ]);
  });

  it('resolves reference-style images through definitions, labels matched case-insensitively', () => {
    const text = [
      '![Full][Shot]  ![shot][]  ![SHOT]', '', '![missing][nope]', '', '[shot]: ../img/shot.png "The shot"',
      '[other]: <a b.png>',
    ].join('\n');
    const found = images(text);
    assert.deepEqual(found.map((i) => [i.syntax, i.alt, i.path, i.title, text.slice(i.start, i.end)]), [
      ['reference', 'Full', 'img/shot.png', 'The shot', '![Full][Shot]'],
      ['reference', 'shot', 'img/shot.png', 'The shot', '![shot][]'],
      ['reference', 'SHOT', 'img/shot.png', 'The shot', '![SHOT]'],
    ]);
  });

  it('finds <img> in HTML blocks and inline HTML, in any attribute order and quoting', () => {
    const text = [
      '<p align="center">',
      '  <img width=10 src="logo.png" alt="Logo &amp; name"/>',
      '  <!-- <img src="commented.png"> -->',
      '</p>',
      '',
      'Text <IMG ALT=\'Single quoted\' SRC=\'single.png\'> and <img alt=bare src=bare.png title="T"> end.',
      '',
      '<img src="alone.png">',
      '',
      '<img alt="no source">',
    ].join('\n');
    const found = images(text);
    assert.deepEqual(found.map((i) => [i.syntax, i.alt, i.path, i.line]), [
      ['html', 'Logo & name', 'docs/logo.png', 2],
      ['html', 'Single quoted', 'docs/single.png', 6],
      ['html', 'bare', 'docs/bare.png', 6],
      ['html', '', 'docs/alone.png', 8],
    ]);
    assert.equal(found[2]?.title, 'T');
  });

  it('ignores images in code fences, indented code, code spans and front matter', () => {
    const text = [
      '---', 'image: ![fm](fm.png)', 'banner: <img src="fm2.png">', '---',
      '```md', '![fenced](fenced.png)', '<img src="fenced2.png">', '```', '',
      '~~~', '![tilde](tilde.png)', '~~~', '',
      '    ![indented](indented.png)', '',
      'Use `![span](span.png)` or ``<img src="span2.png">``, then ![real](real.png).',
    ].join('\n');
    assert.deepEqual(images(text).map((i) => [i.path, i.line]), [['docs/real.png', 16]]);
  });

  it('counts lines in the whole file, front matter included, through quotes, lists and tables', () => {
    const text = [
      '---', 'title: T', '---', '# Title', '',
      '> Quoted ![q](q.png)', '> > ![nested', '> > alt](n.png)', '',
      '- item', '', '  ![listed](l.png)', '',
      '| a | ![c](c.png) |', '|---|---|', '| ![c](c.png) | d |',
    ].join('\n');
    const found = images(text);
    assert.deepEqual(found.map((i) => [i.alt, i.line]), [['q', 6], ['nested alt', 7], ['listed', 12], ['c', 14], ['c', 16]]);
    assert.notEqual(found[3]?.start, found[4]?.start);
  });

  it('tells remote targets from local ones', () => {
    const found = images([
      '![a](https://example.com/a.png) ![b](http://x/b.png) ![c](data:image/png;base64,iVBO)',
      '![d](//cdn.example.com/d.png) ![e](ftp://host/e.png) ![f](local.png) <img src="HTTPS://X/y.png">',
    ].join('\n'));
    assert.deepEqual(found.map((i) => [i.kind, i.path]), [
      ['remote', undefined], ['remote', undefined], ['remote', undefined], ['remote', undefined], ['remote', undefined],
      ['local', 'docs/local.png'], ['remote', undefined],
    ]);
  });

  it('resolves ./ and ../, a leading / from the workspace root, and strips ?query and #fragment', () => {
    const found = images('![a](./img/../pics/a.png?raw=true) ![b](/static/b.png#dark) ![c](../c.png) ![d](img\\d.png)', 'docs/guide/intro.md');
    assert.deepEqual(found.map((i) => i.path), ['docs/guide/pics/a.png', 'static/b.png', 'docs/c.png', 'docs/guide/img/d.png']);
    assert.ok(found.every((i) => i.outside === undefined));
  });

  it('marks targets that leave the workspace', () => {
    const found = images('![a](../../a.png) ![b](/../b.png) ![c](C:\\pics\\c.png) ![d](../ok.png)', 'docs/guide.md');
    assert.deepEqual(found.map((i) => [i.path, i.outside]), [
      ['../a.png', true], ['../b.png', true], ['C:/pics/c.png', true], ['ok.png', undefined],
    ]);
  });

  it('gives no path to a target that names no file', () => {
    const found = images('![a]() ![b](#top) ![c](?x=1)');
    assert.deepEqual(found.map((i) => [i.kind, i.path, i.target]), [['local', undefined, ''], ['local', undefined, '#top'], ['local', undefined, '?x=1']]);
  });

  it('finds nothing in a file without image markup, and lists each local path once', () => {
    assert.deepEqual(findImageReferences('# Title\n\n[a link](a.png) and ! [not] an image\n', 'a.md'), []);
    assert.deepEqual(
      localImagePaths('![a](a.png) ![a again](./a.png) ![r](https://x/r.png) ![o](../../o.png) <img src="b.png">', 'docs/x.md'),
      ['docs/a.png', 'docs/b.png'],
    );
  });

  it('finds an image inside a link and in a heading', () => {
    const text = '## Logo ![logo](logo.svg)\n\n[![badge](badge.svg)](https://ci.example.com)\n';
    assert.deepEqual(images(text).map((i) => [i.alt, i.line]), [['logo', 1], ['badge', 3]]);
  });
});

describe('documents: local image references of a text as the build reads it', () => {
  it('counts lines past a BOM and CR or CRLF endings as the build does, and keeps only local images of Markdown', () => {
    const text = '\uFEFF# Title\r\rIntro.\r\n\r\n![Chart](img/chart.png)\r\n![Remote](https://example.com/x.png)\r\n';
    assert.deepEqual(localImageReferences(text, 'docs/guide.md').map((r) => [r.path, r.line]), [['docs/img/chart.png', 5]]);
    assert.deepEqual(localImageReferences(text, 'docs/notes.txt'), [], 'not Markdown');
    assert.equal(localImageReferences(text, 'docs/notes.txt', true).length, 1, 'Markdown by the editor\'s language');
  });
});
