import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { findHeadings } from '../../../src/core/documents';
import { FIXTURES, build, texts } from '../../support/documents';

const template = 'https://docs.example.com/{path}#{anchor}';

describe('documents: Markdown sections', () => {
  it('splits a realistic guide into one section per heading, keeping the source exactly', () => {
    const source = fs.readFileSync(path.join(FIXTURES, 'guide.md'), 'utf8');
    const result = build(source, 'docs/install/guide.md', { linkTemplate: template });
    const doc = result.document;
    assert.equal(doc.id, 'docs~install~guide.md');
    assert.equal(doc.title, 'Installation Guide');
    assert.deepEqual(doc.sections.map((s) => s.heading), [undefined, 'Installation Guide', 'Linux', 'macOS', 'Windows', 'Troubleshooting', 'Linux']);
    assert.deepEqual(doc.sections.map((s) => s.link), [
      'https://docs.example.com/docs/install/guide',
      'https://docs.example.com/docs/install/guide#installation-guide',
      'https://docs.example.com/docs/install/guide#linux',
      'https://docs.example.com/docs/install/guide#macos',
      'https://docs.example.com/docs/install/guide#windows',
      'https://docs.example.com/docs/install/guide#faq',
      'https://docs.example.com/docs/install/guide#linux-1',
    ]);
    assert.equal(doc.sections[0]?.text, 'This page explains how to install the tool.');
    assert.equal(doc.sections[2]?.text, [
      '## Linux', '', '```bash', '# Debian and Ubuntu', 'sudo apt-get install tool', '```', '',
      '| Distribution | Package |', '|--------------|---------|', '| Debian       | `tool`  |', '| Fedora       | `tool`  |',
    ].join('\n'));
    assert.ok((doc.sections[3]?.text ?? "").includes('    # an indented code block, not a heading\n'));
    assert.ok((doc.sections[3]?.text ?? "").includes('<details>\n<summary>Apple silicon</summary>\n# not a heading inside HTML\n</details>'));
    assert.equal(doc.sections[4]?.text, 'Windows\n-------\n\nDownload the installer.');
    assert.equal(doc.sections[5]?.text, '## Troubleshooting {#faq}', 'an empty section keeps its heading');
    // Every character of the body is in exactly one section (apart from blank lines between them).
    const body = source.slice(source.indexOf('\n---\n') + 5);
    assert.equal(texts(result).join('\n\n'), body.trim());
    assert.deepEqual(doc.metadata, {
      description: 'How to install the tool on every platform.',
      tags: ['install', 'setup'],
      team: 'platform-docs',
      version: '2.10',
      reviewed: '2026-03-01',
      source_path: 'docs/install/guide.md',
    });
    assert.deepEqual(doc.primary_owners, [{ display_name: 'Jane Doe', email: 'jane@example.com' }, { email: 'ops@example.com' }]);
    assert.deepEqual(result.warnings, []);
  });

  it('does not split at # lines inside fenced code, tilde fences, indented code or HTML blocks', () => {
    const text = [
      '# Real', '', '```', '# fenced', '```', '', '~~~python', '## tilde fenced', '~~~', '', '    # indented', '',
      '<div>', '# inside html', '</div>', '', '<!--', '# inside a comment', '-->',
    ].join('\n');
    const result = build(text, 'code.md');
    assert.equal(result.document.sections.length, 1);
    assert.equal(result.document.sections[0]?.heading, 'Real');
    // The comment is no heading, and no text either (issue 35: HTML comments are never text).
    assert.equal(result.document.sections[0]?.text, text.slice(0, text.indexOf('\n\n<!--')));
  });

  it('recognises setext headings of both levels', () => {
    const result = build('Title\n=====\n\nIntro.\n\nPart two\n--------\n\nMore.\n', 'setext.md');
    assert.deepEqual(result.document.sections.map((s) => [s.heading, s.text]), [
      ['Title', 'Title\n=====\n\nIntro.'],
      ['Part two', 'Part two\n--------\n\nMore.'],
    ]);
    assert.equal(result.document.title, 'Title');
  });

  it('reads CRLF text like LF text', () => {
    const lf = '---\ntitle: T\n---\n# One\n\nText\r\n\n## Two\n\n```\n# no\n```\n';
    const crlf = lf.replace(/\r?\n/g, '\r\n');
    const a = build(lf, 'a.md').document;
    const b = build(crlf, 'a.md').document;
    assert.deepEqual(b, a);
    assert.ok(b.sections.every((s) => !s.text?.includes('\r')));
    assert.deepEqual(b.sections.map((s) => s.text), ['# One\n\nText', '## One › Two\n\n```\n# no\n```']);
  });

  it('reads a lone CR as a line break', () => {
    assert.deepEqual(texts(build('# A\rtext\r# B\r', 'cr.md')), ['# A\ntext', '# B']);
  });

  it('strips a byte order mark and still finds the front matter', () => {
    const result = build('\uFEFF---\ntitle: With BOM\n---\n# Heading\n', 'bom.md');
    assert.equal(result.document.title, 'With BOM');
    assert.deepEqual(texts(result), ['# Heading']);
  });

  it('keeps text before the first heading as its own section, unless it is blank', () => {
    assert.deepEqual(texts(build('Intro line.\n\n# A\n\nBody\n', 'x.md')), ['Intro line.', '# A\n\nBody']);
    assert.deepEqual(texts(build('\n\n  \n# A\n\nBody\n', 'x.md')), ['# A\n\nBody']);
  });

  it('gives a document without headings one section', () => {
    const result = build('Just a paragraph.\n\nAnd another.\n', 'plain.md', { linkTemplate: template });
    assert.deepEqual(result.document.sections, [{ text: 'Just a paragraph.\n\nAnd another.', link: 'https://docs.example.com/plain' }]);
  });

  it('numbers duplicate anchors like GitHub, counting nested headings too', () => {
    const result = build('# Setup\n## Setup\n> ## Setup\n\n## Setup\n', 'dup.md', { linkTemplate: '{anchor}' });
    assert.deepEqual(result.document.sections.map((s) => s.link), ['setup', 'setup-1', 'setup-3']);
    assert.equal(result.document.sections[1]?.text, '## Setup\n> ## Setup', 'a quoted heading does not cut the quote out');
  });

  it('uses explicit {#id} anchors and removes them from the heading text', () => {
    const result = build('## Install it {#install}\n\n## Options {#opts .wide}\n\n## Kramdown {: #kd}\n\n## Plain\n', 'ids.md', { linkTemplate: '{anchor}' });
    assert.deepEqual(result.document.sections.map((s) => [s.heading, s.link]), [
      ['Install it', 'install'], ['Options', 'opts'], ['Kramdown', 'kd'], ['Plain', 'plain'],
    ]);
    assert.equal(result.document.sections[0]?.text, '## Install it {#install}', 'the source text stays as written');
  });

  it('makes anchors and heading texts from the rendered text of the heading', () => {
    const headings = findHeadings('## The `config` *file* [link](x.md) <span>html</span>\n## Über uns 😄\n## Привет мир\n## Q&amp;A \\# escaped\n## ???\n');
    assert.deepEqual(headings.map((h) => [h.text, h.anchor]), [
      ['The config file link html', 'the-config-file-link-html'],
      ['Über uns 😄', 'über-uns-'],
      ['Привет мир', 'привет-мир'],
      ['Q&A # escaped', 'qa--escaped'],
      ['???', undefined],
    ]);
  });

  it('joins the lines of a multi-line setext heading', () => {
    const [heading] = findHeadings('Two line\nheading\n---\n');
    assert.equal(heading?.text, 'Two line heading');
    assert.equal(heading?.anchor, 'two-lineheading');
    assert.deepEqual([heading?.startLine, heading?.endLine], [0, 3]);
  });

  it('links sections with the template, the front matter link, or not at all', () => {
    const text = 'Intro\n\n# A\n\ntext\n';
    assert.deepEqual(build(text, 'd/x.md').document.sections.map((s) => s.link), [undefined, undefined]);
    assert.deepEqual(build(text, 'd/x.md', { linkTemplate: template }).document.sections.map((s) => s.link), [
      'https://docs.example.com/d/x', 'https://docs.example.com/d/x#a',
    ]);
    const withLink = `---\nlink: https://wiki.example.com/page\n---\n${text}`;
    assert.deepEqual(build(withLink, 'd/x.md', { linkTemplate: template }).document.sections.map((s) => s.link), [
      'https://wiki.example.com/page', 'https://wiki.example.com/page#a',
    ]);
  });

  it('reads .mdx and .markdown files as Markdown', () => {
    const mdx = "---\ntitle: Component\n---\nimport Tabs from '@theme/Tabs';\n\n## Usage\n\n<Tabs>\n\n## Inside JSX\n\n</Tabs>\n";
    const doc = build(mdx, 'docs/comp.mdx', { linkTemplate: template }).document;
    // The import is no text a reader sees (F15): no section before the first heading.
    assert.deepEqual(doc.sections.map((s) => s.heading), ['Usage', 'Inside JSX']);
    assert.equal(doc.sections[0]?.link, 'https://docs.example.com/docs/comp#usage');
    assert.deepEqual(build('# Hi\n', 'a.markdown').document.sections.map((s) => s.heading), ['Hi']);
  });

  it('can be told to read any file as Markdown, or a Markdown file as plain text', () => {
    assert.deepEqual(build('# A\n\n# B\n', 'notes.txt', { markdown: true }).document.sections.length, 2);
    assert.deepEqual(texts(build('---\ntitle: x\n---\n# A\n', 'a.md', { markdown: false })), ['---\ntitle: x\n---\n# A']);
  });
});
