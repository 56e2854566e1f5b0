// Every relative link and anchor of the README and of docs/ leads somewhere, as GitHub renders them (issue 39): the
// README is the Marketplace's and npm's page and leads into docs/, and the pages lead into each other. Comments in
// the code that cite a page of docs/ (`docs/architecture.md#errors`) are held to the same rule.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brokenReferences, pageReferences, readPage, type Reference } from './markdownLinks';

const root = path.resolve(__dirname, '../../../..');

function files(dir: string, keep: (file: string) => boolean): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'fixtures' || e.name === 'node_modules' ? [] : files(p, keep);
    return keep(p) ? [p] : [];
  });
}

const pages = () => [path.join(root, 'README.md'), ...files(path.join(root, 'docs'), (f) => f.endsWith('.md'))];

/**
 * The sections of docs/ that comments cite, by page and anchor, on the comment's line. Only citations with an anchor
 * count: a bare path in a comment is as often an example of a repository's docs (`docs/setup.md`) as this one's.
 */
function commentReferences(file: string): Reference[] {
  return fs.readFileSync(file, 'utf8').split('\n').flatMap((line, i) => {
    const comment = /^\s*(?:\/\/|\/\*|\*)(.*)$/.exec(line)?.[1] ?? /\s\/\/\s(.*)$/.exec(line)?.[1] ?? '';
    return [...comment.matchAll(/\bdocs\/([\w.-]+\.md)#([\w-]+)/g)].map((m) => ({
      from: `${path.relative(root, file)}:${i + 1}`, href: m[0], file: path.join(root, 'docs', m[1]!), anchor: m[2]!,
    }));
  });
}

describe('links in the README and docs/', () => {
  it('every relative link of the README and docs/ leads to a file, and every anchor to a heading or an <a id> there', () => {
    const all = pages().flatMap((f) => pageReferences(f, root));
    assert.ok(all.length > 100, `links found: ${all.length}`);
    assert.ok(all.some((r) => r.anchor !== undefined && r.file !== path.join(root, 'README.md')), 'links between pages with anchors');
    assert.deepEqual(brokenReferences(all, root), []);
  });

  it('every docs/ page a comment in src, test, bench or scripts cites exists, with the anchor cited', () => {
    const code = ['src', 'test', 'bench', 'scripts'].flatMap((d) => files(path.join(root, d), (f) => /\.(ts|mjs)$/.test(f)));
    const all = code.flatMap(commentReferences);
    assert.ok(all.length > 20, `cited anchors: ${all.length}`);
    assert.deepEqual(brokenReferences(all, root), []);
  });

  it('finds a planted broken link and anchor, and takes GitHub\'s anchors only', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-ingest-links-'));
    try {
      fs.mkdirSync(path.join(dir, 'docs'));
      fs.writeFileSync(path.join(dir, 'docs/page.md'), [
        '# The page', '', '## In CI: the `doc-ingest` command line', '', '## Twice', '', '## Twice', '',
        '<a id="errors"></a>', '', '### Errors and authentication {#errors-attr}', '',
      ].join('\n'));
      fs.writeFileSync(path.join(dir, 'README.md'), [
        '# Readme', '',
        '[fine](docs/page.md) [fine](docs/page.md#in-ci-the-doc-ingest-command-line) [fine](docs/page.md#twice-1)',
        '[fine](docs/page.md#errors) [fine](#readme) ![fine](docs/page.md)', '',
        '[gone](docs/gone.md) and [no anchor](docs/page.md#nowhere)', '',
        '[shown, not rendered](docs/page.md#errors-attr) [outside](../elsewhere.md) [web](https://example.com/x#y)', '',
        '`[code](docs/gone.md)`', '', '```', '[fence](docs/gone.md)', '```', '',
      ].join('\n'));
      const broken = brokenReferences(pageReferences(path.join(dir, 'README.md'), dir), dir);
      assert.deepEqual(broken, [
        'README.md:6: docs/gone.md: there is no docs/gone.md',
        'README.md:6: docs/page.md#nowhere: docs/page.md has no heading or anchor #nowhere',
        'README.md:8: docs/page.md#errors-attr: docs/page.md has no heading or anchor #errors-attr',
        'README.md:8: ../elsewhere.md leads outside the repository',
      ]);
      assert.ok(readPage('# Café & Crème\n').anchors.has('café--crème'), 'GitHub keeps letters of any script');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
