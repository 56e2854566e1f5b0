import assert from 'node:assert/strict';
import { Slugger, githubSlug } from '../../../src/core/documents';

describe('documents: GitHub-style slugs', () => {
  // Expected values are github-slugger's published fixtures (which mirror github.com) and headings as GitHub
  // renders them.
  const cases: Array<[string, string]> = [
    ['alpha', 'alpha'],
    ['bravoCharlieDelta', 'bravocharliedelta'],
    ['Getting Started', 'getting-started'],
    ['heading with a - dash', 'heading-with-a---dash'],
    ['heading with an _ underscore', 'heading-with-an-_-underscore'],
    ['heading with a period.txt', 'heading-with-a-periodtxt'],
    ['exchange.bind_headers(exchange, routing [, bindCallback])', 'exchangebind_headersexchange-routing--bindcallback'],
    ['apostrophe’s should be trimmed', 'apostrophes-should-be-trimmed'],
    ["What's new in v2.0?", 'whats-new-in-v20'],
    ['I ♥ unicode', 'i--unicode'],
    ['en–dash', 'endash'],
    ['😄 unicode emoji', '-unicode-emoji'],
    ['😄_😄 unicode emoji', '_-unicode-emoji'],
    [':smile: - a gemoji', 'smile---a-gemoji'],
    [':ok_hand: Single', 'ok_hand-single'],
    ['Привет non-latin 你好', 'привет-non-latin-你好'],
    ['Über uns', 'über-uns'],
    ['Ⅰ Ⅱ roman numerals', 'ⅰ-ⅱ-roman-numerals'],
    ['a$ ¢ £ €b', 'a---b'],
    ['a\u2028b', 'ab'],
    ['tab\there', 'tabhere'],
    [' a ', '-a-'],
    ['C++ & C#', 'c--c'],
    ['', ''],
  ];
  for (const [input, expected] of cases) {
    it(`slugs ${JSON.stringify(input)} as ${JSON.stringify(expected)}`, () => {
      assert.equal(githubSlug(input), expected);
    });
  }

  it('numbers repeated slugs -1, -2 and skips slugs already taken, like github-slugger', () => {
    const slugger = new Slugger();
    const inputs = ['echo', 'echo', 'echo 1', 'echo-1', 'echo', 'foxtrot-1', 'foxtrot', 'foxtrot', '-a-', '-a-'];
    assert.deepEqual(inputs.map((i) => slugger.slug(i)), [
      'echo', 'echo-1', 'echo-1-1', 'echo-1-2', 'echo-2', 'foxtrot-1', 'foxtrot', 'foxtrot-2', '-a-', '-a--1',
    ]);
  });

  it('has no prototype pitfalls and forgets everything on reset', () => {
    const slugger = new Slugger();
    assert.equal(slugger.slug('__proto__'), '__proto__');
    assert.equal(slugger.slug('__proto__'), '__proto__-1');
    assert.equal(slugger.slug('hasOwnProperty'), 'hasownproperty');
    slugger.reset();
    assert.equal(slugger.slug('__proto__'), '__proto__');
  });
});

describe('documents: slugs of plain ASCII headings', () => {
  // ASCII text takes a shorter path (speed); it must give what the Unicode property classes give.
  const REFERENCE = /[^\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc}\p{Alphabetic} -]/gu;
  it('equals the Unicode-class slug for every ASCII character', () => {
    for (let code = 0; code < 128; code++) {
      const c = String.fromCharCode(code);
      for (const text of [`A${c}z`, `${c}${c} Mixed Case ${c}`]) {
        assert.equal(githubSlug(text), text.toLowerCase().replace(REFERENCE, '').replace(/ /g, '-'), JSON.stringify(text));
      }
    }
  });
});
