/**
 * normalizeRelativePath returns a path already in canonical form as it is (issue 37: a listing of thousands of files
 * calls it several times per file). That shortcut must never take a path the general way would change: here each
 * path is compared with the general way written out (NFC, `\` as `/`, no empty or `.` segments).
 */
import assert from 'node:assert/strict';
import { normalizeRelativePath } from '../../../src/core/documents/text/text';

function generalWay(p: string): string {
  return p.normalize('NFC').replace(/\\/g, '/').split('/').filter((s) => s !== '' && s !== '.').join('/');
}

const PATHS = [
  'docs/guide.md',
  'docs/part-99/page-4999.md',
  'a b/c~d(e)[f]{g}!$&\'+,;=@#%^.md',
  '..hidden/x.md',
  '.hidden/x.md',
  'a/../b.md',
  'a/..',
  '...',
  // What the general way changes: none of these may come back as typed.
  'a//b.md',
  './a.md',
  'a/./b.md',
  'a/.',
  '/a.md',
  'a/',
  'a\\b.md',
  '\\a.md',
  'Cafe\u0301.md',
  'caf\u00e9.md',
  'docs/\u2126.md',
  'tab\there.md',
  'a/.\\b.md',
];

describe('normalizeRelativePath: a canonical path is returned as it is, any other one as before (issue 37)', () => {
  for (const p of PATHS) {
    it(JSON.stringify(p), () => {
      assert.equal(normalizeRelativePath(p), generalWay(p));
    });
  }

  it('every path of two segments built from the characters that matter', () => {
    const parts = ['', '.', '..', 'a', '.a', 'a.', 'e\u0301', '\\'];
    for (const x of parts) {
      for (const y of parts) {
        for (const sep of ['/', '\\', '//']) {
          const p = `${x}${sep}${y}`;
          const expected = generalWay(p);
          if (expected === '') assert.throws(() => normalizeRelativePath(p), p);
          else assert.equal(normalizeRelativePath(p), expected, JSON.stringify(p));
        }
      }
    }
  });
});
