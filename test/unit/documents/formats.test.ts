// Issue 25, item 7: Jupyter notebooks and HTML pages become Markdown before the build. The payload of each fixture
// under test/fixtures/formats/ is checked in beside it (`<name>.payload.json`) and compared byte for byte, so that
// a change in what is sent is a reviewed diff. After an intended change, write them again with
// DOC_INGEST_WRITE_EXPECTED=1 npm run test:unit, and read the diff.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildDocument, buildSelectionDocument } from '../../../src/core/documents';
import type { DocumentOptions } from '../../../src/core/documents';
import { prepareIngestion, requestBody } from '../../../src/core/ingest/pipeline';
import { build, documentError, FORMAT_FIXTURES, NOW, texts } from '../../support/documents';

const LINKS = 'https://docs.example.com/{path}#{anchor}';

function fixture(name: string): Buffer {
  return fs.readFileSync(path.join(FORMAT_FIXTURES, name));
}

/** The request body of `guide/<name>` as the preview shows it. */
function payload(name: string, options: DocumentOptions = {}): string {
  const built = buildDocument(fixture(name), `guide/${name}`, { now: NOW, linkTemplate: LINKS, ...options });
  return `${requestBody(prepareIngestion(built, { idPrefix: '' }).request, 2)}\n`;
}

describe('notebooks and HTML pages (issue 25, item 7)', () => {
  describe('the payload of each fixture is the one checked in', () => {
    for (const name of ['sales.ipynb', 'counting.ipynb', 'exported.html', 'legacy.html']) {
      it(name, () => {
        const expectedFile = path.join(FORMAT_FIXTURES, `${name}.payload.json`);
        const actual = payload(name);
        if (process.env.DOC_INGEST_WRITE_EXPECTED === '1') fs.writeFileSync(expectedFile, actual);
        assert.equal(actual, fs.readFileSync(expectedFile, 'utf8'));
      });
    }
  });

  describe('.ipynb', () => {
    it('Markdown cells are text whose headings make sections; code is fenced with the kernel language', () => {
      const result = build(fixture('sales.ipynb'), 'guide/sales.ipynb');
      assert.equal(result.document.id, 'guide~sales.ipynb');
      assert.equal(result.document.title, 'Analysing sales');
      assert.deepEqual(result.document.sections.map((s) => s.heading), ['Analysing sales', 'Totals', 'Errors']);
      const [intro, totals, errors] = texts(result);
      assert.ok(intro?.startsWith('# Analysing sales\n\nThis notebook loads the **sales** figures and plots them.\n\n```python\nimport pandas as pd\n'), intro);
      assert.ok(totals?.includes("```python\nsales.groupby('region').sum()\n```"), totals);
      // A fence longer than the backticks inside the code.
      assert.ok(errors?.endsWith("````python\ndoc = '''\n```\nfenced inside\n```\n'''\n````"), errors);
    });

    it('text outputs are kept, fenced as output: streams joined, a carriage return overwriting its line, tracebacks without colours', () => {
      const [intro, totals, errors] = texts(build(fixture('sales.ipynb'), 'guide/sales.ipynb'));
      assert.ok(intro?.endsWith('```output\nLoading data...\nDownloading 100%\nLoaded 3 rows\n```\n\n```output\nUserWarning: old format\n```'), intro);
      assert.ok(totals?.includes('```output\nregion  total\nnorth      12\nsouth       7\n```'), totals);
      assert.ok(errors?.includes('```output\n-----'), errors);
      assert.ok(errors?.includes('Cell In[5], line 1\n----> 1 1/0\n'), errors);
      assert.ok(errors?.includes('ZeroDivisionError: division by zero\n```'), errors);
      assert.ok(!errors?.includes('\u001b'), 'no ANSI escape is left');
    });

    it('images (in cells and outputs), widgets, JavaScript, HTML-only output and raw cells are left out', () => {
      const all = texts(build(fixture('sales.ipynb'), 'guide/sales.ipynb')).join('\n');
      for (const gone of ['logo.png', 'Logo', '<Figure', 'iVBOR', 'IntSlider(value', 'console.log', '<table>', 'raw text for nbconvert']) {
        assert.ok(!all.includes(gone), `“${gone}” is left out`);
      }
      // The code of those cells stays.
      assert.ok(all.includes('```python\nsales.plot()\n```'));
      assert.ok(all.includes('ipywidgets.IntSlider(5)'));
    });

    it('the notebook metadata title wins over the first heading; the language comes from language_info when the kernel has none', () => {
      const result = build(fixture('counting.ipynb'), 'counting.ipynb');
      assert.equal(result.document.title, 'Counting in R');
      assert.equal(result.document.semantic_identifier, 'Counting in R');
      assert.deepEqual(result.document.metadata, { source_path: 'counting.ipynb' });
      assert.deepEqual(texts(result), ['Counting in R.\n\n```r\nlength(c(1, 2, 3))\n```\n\n```output\n[1] 3\n```']);
    });

    it('without a title or heading, the title is the file name, as for Markdown', () => {
      const notebook = { cells: [{ cell_type: 'code', metadata: {}, source: 'x = 1', outputs: [] }], metadata: {}, nbformat: 4, nbformat_minor: 5 };
      const result = build(JSON.stringify(notebook), 'notes/Scratch Pad.ipynb');
      assert.equal(result.document.title, 'Scratch Pad');
      assert.equal(result.document.id, 'notes~scratch-pad.ipynb');
      assert.deepEqual(texts(result), ['```\nx = 1\n```']);
    });

    it('a problem names the cell and stands at the cell’s line in the .ipynb', () => {
      const result = build(fixture('counting.ipynb'), 'counting.ipynb');
      const json = fixture('counting.ipynb').toString('utf8');
      const cellLine = json.slice(0, json.indexOf('"cell_type"')).split('\n').length;
      assert.deepEqual(result.problems, [
        { severity: 'info', code: 'noHeadings', message: 'no headings: the whole file is one section (cell 1)', line: cellLine },
      ]);
    });

    it('a Markdown cell starting with a rule is text, not front matter', () => {
      const notebook = { cells: [{ cell_type: 'markdown', metadata: {}, source: '---\ntitle: no\n---\n\n# Real' }], metadata: {}, nbformat: 4, nbformat_minor: 5 };
      const result = build(JSON.stringify(notebook), 'rule.ipynb');
      assert.deepEqual(result.document.metadata, { source_path: 'rule.ipynb' });
      assert.equal(result.document.title, 'Real');
      assert.ok(texts(result).join('\n').startsWith('---\ntitle: no\n---'), texts(result).join('\n'));
    });

    it('the same notebook as bytes, as editor text with CRLF and a BOM builds the same payload', () => {
      const bytes = fixture('sales.ipynb');
      const text = `\uFEFF${bytes.toString('utf8').replace(/\n/g, '\r\n')}`;
      assert.deepEqual(build(text, 'guide/sales.ipynb').document, build(bytes, 'guide/sales.ipynb').document);
    });

    it('malformed notebooks are refused in one sentence saying what is wrong and where', () => {
      const broken = documentError(() => build(fixture('broken.ipynb'), 'broken.ipynb'));
      assert.equal(broken.code, 'notebook');
      assert.equal(broken.message, '“broken.ipynb” is not a notebook: its text is not valid JSON (cut short, or a merge left conflict markers?); open it in Jupyter and save it again.');
      const old = documentError(() => build(fixture('version3.ipynb'), 'version3.ipynb'));
      assert.equal(old.message, '“version3.ipynb” is a version 3 notebook; open it in Jupyter and save it to convert it to version 4.');
      const bad = documentError(() => build(fixture('badcell.ipynb'), 'badcell.ipynb'));
      assert.equal(bad.message, '“badcell.ipynb” is not a valid notebook (nbformat 4): cell 2: “outputs” is missing; open it in Jupyter and save it again.');
      const badJson = fixture('badcell.ipynb').toString('utf8');
      assert.equal(bad.line, badJson.slice(0, badJson.lastIndexOf('"cell_type"')).split('\n').length);
      const kind = documentError(() => build(JSON.stringify({ cells: [{ cell_type: 'heading', source: '' }], nbformat: 4 }), 'k.ipynb'));
      assert.equal(kind.message, '“k.ipynb” is not a valid notebook (nbformat 4): cell 1: “cell_type” is not one of markdown, code, raw; open it in Jupyter and save it again.');
      const list = documentError(() => build('[]', 'l.ipynb'));
      assert.equal(list.message, '“l.ipynb” is not a valid notebook (nbformat 4): its text is not a JSON object with cells; open it in Jupyter and save it again.');
    });

    it('a notebook of images and widgets only has no text to ingest', () => {
      const error = documentError(() => build(fixture('images-only.ipynb'), 'images-only.ipynb'));
      assert.equal(error.code, 'empty');
      assert.equal(error.message, '“images-only.ipynb” has no text to ingest: its cells are empty or hold only images and widgets.');
    });
  });

  describe('.html and .htm', () => {
    it('the main content only: navigation, headers, footers, asides, forms, scripts, hidden text and images are left out', () => {
      const result = build(fixture('exported.html'), 'site/install.html');
      const all = texts(result).join('\n');
      for (const gone of ['Skip to content', 'Example Docs\n', 'Search', 'Go<', '[Home]', '[Install]', 'window.dataLayer', 'font-family', 'Last updated',
        'diagram.png', 'How the agent talks', 'Ads and related', 'Hidden text', 'Enable JavaScript', 'Edit this page', 'Privacy', '¶', '\u200b']) {
        assert.ok(!all.includes(gone), `“${gone}” is left out`);
      }
      assert.deepEqual(result.document.sections.map((s) => s.heading), ['Install the agent', 'Linux', 'macOS']);
    });

    it('headings make sections; links, emphasis, lists, code with its language and tables stay readable', () => {
      const [intro, linux, macos] = texts(build(fixture('exported.html'), 'site/install.html'));
      assert.equal(intro, '# Install the agent\n\nThe agent runs on **Linux** and *macOS*. See [Configure](configure.html) after installing.');
      assert.equal(linux, '## Linux\n\n1. Download the package.\n2. Install it:\n   ```bash\n   sudo dpkg -i agent.deb\n   agent --version\n   ```');
      assert.equal(macos, '## macOS\n\nUse Homebrew:\n\n```shell\nbrew install agent\n```\n\n| Platform | Package     |\n| -------- | ----------- |\n| Linux    | `agent.deb` |\n| macOS    | Homebrew    |');
    });

    it('the page’s <title> is the title and its description goes into metadata, unless the key is ignored', () => {
      const result = build(fixture('exported.html'), 'site/install.html');
      assert.equal(result.document.title, 'Install the agent – Example Docs');
      assert.equal(result.document.semantic_identifier, 'Install the agent – Example Docs');
      assert.deepEqual(result.document.metadata, { description: 'How to install the agent on Linux and macOS.', source_path: 'site/install.html' });
      assert.deepEqual(build(fixture('exported.html'), 'site/install.html', { ignoreKeys: ['description'] }).document.metadata, { source_path: 'site/install.html' });
    });

    it('without <main> or <article>, the block holding most of the text outside links wins over menus and side columns', () => {
      const result = build(fixture('legacy.html'), 'legacy.htm');
      assert.equal(result.document.id, 'legacy.htm');
      assert.equal(result.document.title, 'Release notes');
      assert.deepEqual(result.document.sections.map((s) => s.heading), ['Release 3.0', 'New features', 'Fixes']);
      const all = texts(result).join('\n');
      for (const gone of ['Example product', 'Release 1.0', 'long awaited', 'newsletter', 'track()']) assert.ok(!all.includes(gone), `“${gone}” is left out`);
      // The H1 is no part of the title (“Release notes”): it stays in the heading path (issue 25 item 4).
      assert.ok(all.includes('## Release 3.0 › Fixes\n\n- Dates in reports use the reader\'s time zone.\n- Large uploads no longer time out.'), all);
    });

    it('[role=main] is the content; aria-hidden text is left out', () => {
      const html = '<div role="main"><h1>T</h1><p>Keep <span aria-hidden="true">icon</span>this.</p></div><div>Other text outside that is long enough to matter.</div>';
      assert.deepEqual(texts(build(html, 'r.html')), ['# T\n\nKeep this.']);
    });

    it('<article> is the content when there is no <main>; the largest one when there are several', () => {
      const html = '<body><div>Intro outside.</div><article><h1>Short</h1><p>One.</p></article><article><h1>Long</h1><p>A longer article text.</p></article></body>';
      assert.deepEqual(texts(build(html, 'a.html')), ['# Long\n\nA longer article text.']);
    });

    it('without <title>, the first level-1 heading, else the file name; a problem stands at the main content’s line', () => {
      assert.equal(build('<main><h1>Heading</h1><p>Text.</p></main>', 'x.html').document.title, 'Heading');
      const plain = build('<!doctype html>\n<html>\n<body>\n<nav>menu</nav>\n<main>\n<p>Only text.</p>\n</main>\n</body>\n</html>\n', 'Page One.html');
      assert.equal(plain.document.title, 'Page One');
      assert.deepEqual(plain.problems.filter((p) => p.code === 'noHeadings'), [{ severity: 'info', code: 'noHeadings', message: 'no headings: the whole file is one section', line: 5 }]);
    });

    it('a page with nothing in its main content but images and scripts has no text to ingest', () => {
      const error = documentError(() => build(fixture('chrome-only.html'), 'chrome-only.html'));
      assert.equal(error.code, 'empty');
      assert.equal(error.message, '“chrome-only.html” has no text in its main content; there is nothing to ingest.');
    });

    it('malformed HTML is read as a browser reads it', () => {
      const result = build('<main><h2>Broken</h3><p>Text <b>bold <i>both</b> after</main', 'broken.html');
      assert.deepEqual(result.document.sections.map((s) => s.heading), ['Broken']);
      assert.ok(texts(result)[0]?.includes('Text **bold _both_**_ after_'), texts(result)[0]);
    });
  });

  describe('the Markdown way around them', () => {
    it('an editor reading the file as Markdown builds it as written', () => {
      const result = build('# Title\n\n<main>kept as written</main>\n', 'page.html', { markdown: true });
      assert.deepEqual(texts(result), ['# Title\n\n<main>kept as written</main>']);
    });

    it('a selection of a notebook or page is refused: the whole file is sent instead', () => {
      const error = documentError(() => buildSelectionDocument('<main><p>x</p></main>', 'page.html', 0, 5, { now: NOW }));
      assert.equal(error.code, 'invalidSelection');
      assert.equal(error.message, 'A selection of an HTML page cannot be sent on its own; send the whole file with Ingest Current File.');
      assert.match(documentError(() => buildSelectionDocument('{}', 'n.ipynb', 0, 1)).message, /^A selection of a notebook cannot be sent/);
    });

    it('the HTML parsers are loaded only when a page is built', () => {
      const documents = path.resolve(__dirname, '../../../src/core/documents');
      const script = `const d = require(${JSON.stringify(documents)});
        const loaded = () => Object.keys(require.cache).some((k) => /formats[\\/]html\.js$/.test(k));
        const before = loaded();
        d.buildDocument('# x', 'a.md'); d.buildDocument('{"cells": [], "nbformat": 4, "metadata": {}}'.replace('[]', '[{"cell_type": "raw", "source": "r"}, {"cell_type": "markdown", "source": "m"}]'), 'b.ipynb');
        const afterOthers = loaded();
        d.buildDocument('<p>x</p>', 'c.html');
        process.stdout.write(JSON.stringify([before, afterOthers, loaded()]));`;
      assert.equal(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }), '[false,false,true]');
    });
  });
});
