/**
 * Document ids derived from workspace-relative paths (docs/documents.md#document-ids,
 * docs/architecture.md#document-ids).
 *
 * Goals, in this order: two different files never get the same id by accident (an id names the document an
 * ingestion replaces); the same file gets the same id on every OS and every run; a published id never moves;
 * ids are readable.
 *
 * 1. The path is normalized: `\` counts as `/` (a Windows-looking path gives the same id), Unicode NFC (macOS
 *    hands out decomposed names), empty and `.` segments dropped.
 * 2. Each segment is encoded on its own, from its lowercase (NFC) form: a case-only rename (common on Windows and
 *    macOS, whose file systems ignore case) keeps the id in every script.
 *    - **ASCII segments** keep the encoding they have always had, byte for byte, so no published id moves: every
 *      run of characters other than `a-z 0-9 . _ -` (spaces, `~`, `(`, `&`, `+`, `#`...) becomes one `-`; `-`
 *      next to a `.` and at either end is dropped; a segment left empty becomes `_`; the extension is kept
 *      (`intro.md` and `intro.txt` stay distinct). `Getting Started` → `getting-started`. This folds names that
 *      differ only in runs of punctuation (`a b.md` and `a-b.md` both give `a-b.md`); the batch's duplicate-id
 *      check (src/core/batch/runner.ts) refuses such files, naming both, and a front matter `id` is the way out.
 *    - **Segments with any other character** are spelled in ASCII for reading, then marked and hashed so they can
 *      never fold into another name: Latin letters lose their accents (`ü` → `u`, via NFKD; a few letters without a
 *      decomposition are spelled out, `ß` → `ss`, `ø` → `o`...), other characters become `u` + their NFC code point
 *      in hex set off by `-` (`指南` → `u6307-u5357`, `が` → `u304c`, `कि` → `u915-u93f`: marks of other scripts
 *      are kept, they are no accents there), punctuation folds as above. Then `--` and the first 8 hex digits of the
 *      SHA-256 of the lowercase NFC segment go before the extension: `über.md` → `uber--<hash>.md`,
 *      `指南.md` → `u6307-u5357--<hash>.md`.
 *      Why this cannot collide: an ASCII segment's encoding never contains `--` (runs of `-` are collapsed), so no
 *      plain name, not even one typed as `uber--1a2b3c4d.md`, gives a marked encoding; the readable part never
 *      contains `--` either, so the hash is always the 8 characters after the only `--`, and two marked segments
 *      with the same encoding have the same hash: the same name, barring a 32-bit hash collision between two
 *      names that also read alike (which the duplicate-id check would then refuse, not overwrite).
 *      Why a hash and not a reversible escape: an escape would have to spell out every folded accent, mark and
 *      punctuation run (`über a` and `über-a` differ only in one), making long ids that nobody reads; the hash
 *      adds 10 characters and covers every kind of folding with one rule. The tests check, over many generated
 *      names, that case is the only difference a non-ASCII name loses.
 * 3. Segments are joined with `~` (which no encoded segment contains), e.g.
 *    `docs/Getting Started/Intro.md` → `docs~getting-started~intro.md`; distinct segments make distinct paths.
 * 4. The `idPrefix` option goes in front (see {@link normalizeIdPrefix}).
 * 5. Ids longer than {@link MAX_ID_LENGTH} are shortened: the start is kept, then `~`, a 10-character hash of the
 *    full id, `~` and the end of the file-name segment: `docs~very~long~...~3fa9c0d2e1~intro.md`.
 *
 * Heading anchors in selection ids and folder names in multi-root ids (workspaceIds.ts) are encoded as segments
 * too, with the same guarantees. The readable part alone, as earlier builds made ids of non-ASCII names
 * (`u6307-u5357.md`, `uber.md`), let `が.md` and `か.md`, or `指南.md` and a file named `u6307-u5357.md`, share an
 * id. Lowercasing and normalization use the JavaScript engine's Unicode tables, which the editor and the
 * command line share for every character but ones added in the newest Unicode versions.
 * Ids never contain anything outside `[A-Za-z0-9._~-]` (DOCUMENT_ID_PATTERN), and are never `.` or `..`.
 */
import { serverDocumentId } from '../problems/serverLimits';
import { DOCUMENT_ID_PATTERN } from '../../api/vocabulary';
import { DocumentError } from '../problems/errors';
import { normalizeRelativePath, shortHash } from '../text/text';
import * as l10n from '@vscode/l10n';

/** Ids stay at or under this length (the server keeps longer ones, but URLs and logs suffer). */
export const MAX_ID_LENGTH = 200;

/** Lowercase letters that NFKD does not decompose into ASCII + accents (segments are lowercased first). */
const SPELLED_OUT: Readonly<Record<string, string>> = {
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i', ħ: 'h', ŧ: 't',
};

const ASCII = /^[\x00-\x7f]*$/;
const MARK = /\p{M}/u;
/** Hex digits of the hash that sets a non-ASCII segment apart (see the scheme above). */
const SEGMENT_HASH_LENGTH = 8;

/** Encodes one path segment (or heading anchor, or folder name) for use inside an id; see the scheme above. */
export function encodeIdSegment(segment: string): string {
  const name = lowercaseNfc(segment);
  if (ASCII.test(name)) return foldAscii(name);
  const readable = readableAscii(name);
  const dot = readable.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [readable.slice(0, dot), readable.slice(dot)] : [readable, ''];
  return `${stem}--${shortHash(name, SEGMENT_HASH_LENGTH)}${extension}`;
}

/** The name as ids tell names apart: case-only differences and Unicode normal forms dropped. */
function lowercaseNfc(text: string): string {
  return text.normalize('NFC').toLowerCase().normalize('NFC');
}

/**
 * The readable ASCII spelling of a lowercase NFC name: for an ASCII name its encoding, otherwise a spelling that
 * many names share (only for reading; {@link encodeIdSegment} adds what tells them apart).
 */
function readableAscii(name: string): string {
  let spelled = '';
  for (const ch of name) {
    if (ch < '\x80') {
      spelled += ch;
      continue;
    }
    const unaccented = ch.normalize('NFKD').replace(/\p{M}/gu, '');
    const latin = unaccented !== '' && ASCII.test(unaccented) ? unaccented : SPELLED_OUT[ch];
    if (latin !== undefined) spelled += latin;
    // An accent left over on a Latin letter (`İ` lowercases to `i` + U+0307) goes; other scripts' marks are spelled.
    else if (!(MARK.test(ch) && /[a-z0-9]$/.test(spelled))) spelled += `-u${(ch.codePointAt(0) ?? 0).toString(16)}-`;
  }
  return foldAscii(spelled);
}

/** The ASCII encoding (unchanged since the first version: published ids depend on it byte for byte). */
function foldAscii(ascii: string): string {
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
      l10n.t('The id prefix “{0}” may only contain letters, digits and . _ ~ -; change the id prefix setting.', idPrefix),
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
    // A chosen id only needs to be valid: the readable spelling, without the hash that keeps path segments apart.
    const suggestion = readableAscii(lowercaseNfc(id));
    throw new DocumentError(
      'invalidField',
      l10n.t('The front matter {0} “{1}” may only contain letters, digits and . _ ~ - (for example “{2}”): the server would store it as “{3}”.', key, id, suggestion, serverDocumentId(id)),
      { key, line },
    );
  }
  return id;
}
