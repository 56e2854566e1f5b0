// Bounded work (issue 34, item 11): markup nested thousands deep is a document problem at its line, never "Maximum
// call stack size exceeded"; nesting a page really has builds as before.
import assert from 'node:assert/strict';
import { MAX_MARKUP_DEPTH } from '../../../src/core/documents/text/nesting';
import { build, documentError, texts } from '../../support/documents';

const divs = (n: number) => `${'<div>'.repeat(n)}deep text${'</div>'.repeat(n)}`;

describe('bounded work: deeply nested markup (issue 34, item 11)', () => {
  it('an MDX page with 5,000 nested elements: a syntax problem at their line', () => {
    const error = documentError(() => build(`# Page\n\nIntro.\n\n${divs(5000)}\n`, 'docs/page.mdx'));
    assert.equal(error.code, 'syntax');
    assert.equal(error.line, 5);
    assert.equal(error.message, `“page.mdx” cannot be read as MDX at line 5: its elements are nested more than ${MAX_MARKUP_DEPTH} deep; correct the markup there.`);
  });

  it('an MDX partial nested that deep is left out with a warning at its include, not a failure of the page', () => {
    const includes = new Map([['docs/_deep.mdx', `Text.\n\n${divs(2000)}\n`]]);
    const result = build("import Deep from './_deep.mdx';\n\n# Page\n\n<Deep />\n\nAfter.\n", 'docs/page.mdx', { includes });
    assert.deepEqual(texts(result), ['# Page\n\nAfter.']);
    assert.equal(result.problems.find((p) => p.code === 'includeSyntax')?.line, 5);
  });

  it('an HTML page with 2,000 nested elements: a problem at their line', () => {
    const page = `<html><head><title>Page</title></head>\n<body><main>\n<h1>Page</h1>\n<p>Intro.</p>\n${divs(2000)}\n</main></body></html>\n`;
    const error = documentError(() => build(page, 'site/page.html'));
    assert.equal(error.code, 'syntax');
    assert.equal(error.line, 5);
    assert.equal(error.message, `“page.html” cannot be read: its elements are nested more than ${MAX_MARKUP_DEPTH} deep at line 5; correct the markup there.`);
  });

  it('nesting within the bound builds, in MDX and HTML alike; Markdown quotes and lists 2,000 deep too', () => {
    assert.match(texts(build(`# Page\n\n${divs(100)}\n`, 'docs/page.mdx')).join('\n'), /deep text/);
    assert.match(texts(build(`<html><body><main><h1>Page</h1>${divs(100)}</main></body></html>`, 'page.html')).join('\n'), /deep text/);
    assert.match(texts(build(`# Page\n\n${'>'.repeat(2000)} quoted\n`, 'page.md')).join('\n'), /quoted/);
    assert.match(texts(build(`# Page\n\n${'- '.repeat(2000)}listed\n`, 'page.md')).join('\n'), /listed/);
  });
});
