// Bounded work (issue 34, item 9): includes that multiply (each file including the next ten times, a few levels
// deep) make a page a problem at the include's line, never a document of hundreds of MB. The same bound holds for
// MkDocs snippets, Obsidian embeds and Docusaurus partials. How long a build takes is the benchmark's business;
// here only what comes out.
import assert from 'node:assert/strict';
import { MAX_INCLUDED_CHARS } from '../../../src/core/documents/readerText';
import { build, documentError, texts } from '../../support/documents';

/** Ten includes a file, `levels` files deep, the last one `leaf`: `10 ** (levels - 1)` copies of it. */
function multiplying(levels: number, leaf: string, include: (level: number) => string, name: (level: number) => string, head: (level: number) => string = () => ''): Map<string, string> {
  const files = new Map<string, string>();
  for (let level = 1; level < levels; level++) {
    files.set(name(level), `${head(level)}${Array.from({ length: 10 }, () => include(level + 1)).join('\n\n')}\n`);
  }
  files.set(name(levels), leaf);
  return files;
}

const LEAF = `${'A sentence of the snippet that is repeated. '.repeat(5)}\n`;

describe('bounded work: includes that multiply (issue 34, item 9)', () => {
  it('MkDocs snippets: past the bound, an error at the include\'s line, not a huge document', () => {
    const includes = multiplying(7, LEAF, (l) => `--8<-- "s/l${l}.md"`, (l) => `s/l${l}.md`);
    assert.ok(10 ** 6 * LEAF.length > MAX_INCLUDED_CHARS, 'the includes would expand past the bound');
    const error = documentError(() => build('# Page\n\nIntro.\n\n--8<-- "s/l1.md"\n', 'page.md', { includes }));
    assert.equal(error.code, 'tooLarge');
    assert.equal(error.line, 5);
    assert.match(error.message, /^The include at line 5 takes in more than 10,000,000 characters/);
  });

  it('Obsidian embeds: the same bound', () => {
    const includes = multiplying(7, LEAF, (l) => `![[e/n${l}]]`, (l) => `e/n${l}.md`);
    const error = documentError(() => build('# Page\n\n![[e/n1]]\n', 'page.md', { includes }));
    assert.equal(error.code, 'tooLarge');
    assert.equal(error.line, 3);
  });

  it('Docusaurus partials: the same bound', () => {
    const includes = multiplying(7, LEAF, () => '<P />', (l) => `docs/_p${l}.mdx`, (l) => `import P from './_p${l + 1}.mdx';\n\n`);
    const error = documentError(() => build("import P from './_p1.mdx';\n\n# Page\n\n<P />\n", 'docs/page.mdx', { includes }));
    assert.equal(error.code, 'tooLarge');
    assert.equal(error.line, 5);
  });

  it('within the bound, a file included many times is there each time, with its problems at each include', () => {
    const includes = multiplying(3, 'Leaf text.\n\n--8<-- "gone.md"\n', (l) => `--8<-- "s/l${l}.md"`, (l) => `s/l${l}.md`);
    const result = build('# Page\n\n--8<-- "s/l1.md"\n\nEnd.\n', 'page.md', { includes });
    assert.equal(texts(result)[0]?.split('Leaf text.').length, 101);
    const missing = result.problems.filter((p) => p.code === 'includeMissing');
    assert.equal(missing.length, 100);
    assert.ok(missing.every((p) => p.line === 3));
  });
});
