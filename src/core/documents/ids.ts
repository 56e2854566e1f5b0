/**
 * Document ids derived from workspace-relative paths.
 *
 * The scheme (stable: the same on every OS and every run; readable; injective as far as readability allows):
 *
 * 1. The path is normalized: `\` counts as `/` (a Windows-looking path gives the same id), Unicode NFC (macOS
 *    hands out decomposed names), empty and `.` segments dropped.
 * 2. Each segment is encoded on its own:
 *    - the segment is lowercased first (in every script): a case-only rename (common on Windows and macOS,
 *      whose file systems ignore case) keeps the id, and ids read like the docs site's URLs;
 *    - accented Latin letters lose their accents (`ü` → `u`, `é` → `e`, via NFKD) and a few letters without a
 *      decomposition are spelled out (`ß` → `ss`, `æ` → `ae`, `ø` → `o`, `ł` → `l`...);
 *    - other non-ASCII characters (CJK, Cyrillic, emoji...) become `u` + their code point in hex, set off with
 *      `-` (`指南.md` → `u6307-u5357.md`), so such names still give distinct, stable ids;
 *    - every run of characters other than `a-z 0-9 . _ -` (spaces, `~`, `(`, `&`, `+`, `#`...) becomes one `-`;
 *      `-` next to a `.` and at either end of the segment is dropped; a segment left empty becomes `_`;
 *    - the extension is kept, so `intro.md` and `intro.txt` stay distinct.
 * 3. Segments are joined with `~` (which no encoded segment contains), e.g.
 *    `docs/Getting Started/Intro.md` → `docs~getting-started~intro.md`.
 * 4. The `idPrefix` option goes in front (see {@link normalizeIdPrefix}).
 * 5. Ids longer than {@link MAX_ID_LENGTH} are shortened: the start is kept, then `~`, a 10-character hash of the
 *    full id, `~` and the end of the file-name segment: `docs~very~long~...~3fa9c0d2e1~intro.md`.
 *
 * Known collisions (by design, for readability): paths that differ only in case, in accents, or in runs of
 * punctuation/spaces (`a b.md` and `a-b.md`) give the same id. A front matter `id` is the way out.
 * Ids never contain anything outside `[A-Za-z0-9._~-]` (DOCUMENT_ID_PATTERN), and are never `.` or `..`.
 */
import { DOCUMENT_ID_PATTERN } from '../api/schemas';
import { DocumentError } from './errors';
import { normalizeRelativePath, shortHash } from './text';

/** Ids stay at or under this length (the server keeps longer ones, but URLs and logs suffer). */
export const MAX_ID_LENGTH = 200;

/** Letters that NFKD does not decompose into ASCII + accents. */
const SPELLED_OUT: Readonly<Record<string, string>> = {
  ß: 'ss', ẞ: 'SS', æ: 'ae', Æ: 'AE', œ: 'oe', Œ: 'OE', ø: 'o', Ø: 'O', đ: 'd', Đ: 'D', ð: 'd', Ð: 'D',
  ł: 'l', Ł: 'L', þ: 'th', Þ: 'TH', ı: 'i', ħ: 'h', Ħ: 'H', ŧ: 't', Ŧ: 'T',
};

/** Encodes one path segment (or heading anchor) for use inside an id; see the scheme above. */
export function encodeIdSegment(segment: string): string {
  const decomposed = segment.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');
  let ascii = '';
  for (const ch of decomposed) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp < 0x80) ascii += ch;
    else ascii += SPELLED_OUT[ch] ?? `-u${cp.toString(16)}-`;
  }
  const encoded = ascii
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/-*\.-*/g, '.')
    .replace(/^-+|-+$/g, '');
  return encoded === '' ? '_' : encoded;
}

/**
 * The prefix as it goes in front of path-derived ids. It must only use id characters; when it does not end in
 * one of `~ - _ .`, a `~` is added, so `handbook` gives `handbook~docs~intro.md` and `handbook-` gives
 * `handbook-docs~intro.md`.
 */
export function normalizeIdPrefix(idPrefix: string | undefined): string {
  if (idPrefix === undefined || idPrefix === '') return '';
  if (!DOCUMENT_ID_PATTERN.test(idPrefix)) {
    throw new DocumentError(
      'invalidOption',
      `The id prefix “${idPrefix}” may only contain letters, digits and . _ ~ -; change the id prefix setting.`,
      { key: 'idPrefix' },
    );
  }
  return /[~\-_.]$/.test(idPrefix) ? idPrefix : `${idPrefix}~`;
}

/** The id of the file at `relativePath`; see the scheme at the top of this file. */
export function documentIdFromPath(relativePath: string, idPrefix?: string): string {
  const segments = normalizeRelativePath(relativePath).split('/');
  return shortenId(normalizeIdPrefix(idPrefix) + segments.map(encodeIdSegment).join('~'));
}

/** Keeps an id at or under {@link MAX_ID_LENGTH}: start + `~` + hash of the whole id + `~` + end of the last segment. */
export function shortenId(id: string): string {
  if (id.length <= MAX_ID_LENGTH) return id;
  const hash = shortHash(id, 10);
  const lastSegment = id.slice(id.lastIndexOf('~') + 1);
  const tail = lastSegment.slice(-60);
  const head = id.slice(0, MAX_ID_LENGTH - tail.length - hash.length - 2);
  return `${head}~${hash}~${tail}`;
}

/** Checks an explicit id (front matter `id`) and returns it unchanged, or throws naming `key`. */
export function validateExplicitId(id: string, key: string, line?: number): string {
  if (!DOCUMENT_ID_PATTERN.test(id) || id === '.' || id === '..') {
    const suggestion = encodeIdSegment(id);
    throw new DocumentError(
      'invalidField',
      `The front matter ${key} “${id}” may only contain letters, digits and . _ ~ - (for example “${suggestion}”).`,
      { key, line },
    );
  }
  return id;
}
