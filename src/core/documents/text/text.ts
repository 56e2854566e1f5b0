/**
 * Text-level helpers: decoding editor text or file bytes, line endings, paths, hashes.
 */
import { DocumentError } from '../problems/errors';
import * as l10n from '@vscode/l10n';

/**
 * Extensions read as Markdown. `.md`, `.markdown` and `.mdx` are the common ones; the rest are the other
 * extensions VS Code itself opens as Markdown.
 */
export const MARKDOWN_EXTENSIONS: readonly string[] = ['.md', '.markdown', '.mdx', '.mdown', '.mkd', '.mkdn', '.mdwn'];

/**
 * Turns the input into a JavaScript string without a byte order mark, or refuses binary input.
 *
 * - `string` (editor text): refused when it contains a NUL character.
 * - bytes: refused when they are UTF-16 (byte order mark FF FE / FE FF), contain a NUL byte, or are not valid UTF-8.
 */
export function decodeDocumentText(input: string | Uint8Array, displayName: string): string {
  let text: string;
  if (typeof input === 'string') {
    text = input;
  } else {
    if (input.length >= 2 && ((input[0] === 0xff && input[1] === 0xfe) || (input[0] === 0xfe && input[1] === 0xff))) {
      throw new DocumentError(
        'binary',
        l10n.t('“{0}” is saved as UTF-16; save it as UTF-8 to ingest it.', displayName),
      );
    }
    if (input.includes(0)) throw binaryError(displayName);
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(input);
    } catch {
      throw new DocumentError(
        'binary',
        l10n.t('“{0}” is not valid UTF-8 text (it may be a binary file); only UTF-8 text files can be ingested.', displayName),
      );
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.includes('\0')) throw binaryError(displayName);
  return text;
}

function binaryError(displayName: string): DocumentError {
  return new DocumentError(
    'binary',
    l10n.t('“{0}” looks like a binary file (it contains NUL bytes), so it cannot be ingested as text.', displayName),
  );
}

/** CRLF and lone CR become LF, so ids, hashes and section texts are the same on every OS. */
export function normalizeNewlines(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/** Text as the build reads it: without a byte order mark, with LF line endings (lines are counted on this). */
export function withoutBomLf(text: string): string {
  return normalizeNewlines(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}

/**
 * A path already in the canonical form, as nearly every listed path is: printable ASCII (which NFC leaves as it is)
 * without `\`, no leading `/`, no empty or `.` segment. Returned as it is: the general way costs a Unicode
 * normalisation and three arrays per call, and a listing of thousands of files calls it several times per file
 * (issue 37: a run with nothing to send).
 */
const CANONICAL_PATH = /^(?!\/)(?!.*(?:^|\/)\.?(?:\/|$))[\x20-\x5b\x5d-\x7e]+$/;

/**
 * Workspace-relative path in one canonical form: `/` separators (a `\` is taken as a separator too, so a
 * Windows-looking path gives the same result), Unicode NFC (macOS file systems hand out decomposed names), no
 * empty or `.` segments, no leading `/` or `./`.
 */
export function normalizeRelativePath(relativePath: string): string {
  if (CANONICAL_PATH.test(relativePath)) return relativePath;
  const normalized = relativePath
    .normalize('NFC')
    .replace(/\\/g, '/')
    .split('/')
    .filter((s) => s !== '' && s !== '.')
    .join('/');
  if (normalized === '') {
    throw new DocumentError('invalidPath', l10n.t('The document has no file path; save it in the workspace before ingesting it.'));
  }
  return normalized;
}

/** The last segment of a normalized path. */
export function baseName(normalizedPath: string): string {
  const i = normalizedPath.lastIndexOf('/');
  return i < 0 ? normalizedPath : normalizedPath.slice(i + 1);
}

/** The Markdown extension of the path (lowercase, with the dot), or undefined. */
export function markdownExtension(normalizedPath: string): string | undefined {
  const name = baseName(normalizedPath);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const ext = name.slice(dot).toLowerCase();
  return MARKDOWN_EXTENSIONS.includes(ext) ? ext : undefined;
}

export function isMarkdownPath(relativePath: string): boolean {
  return markdownExtension(relativePath.replace(/\\/g, '/')) !== undefined;
}

/** The path without its Markdown extension (other extensions are kept). */
export function stripMarkdownExtension(normalizedPath: string): string {
  const ext = markdownExtension(normalizedPath);
  return ext === undefined ? normalizedPath : normalizedPath.slice(0, -ext.length);
}

/** File name without its extension (`Getting Started.md` → `Getting Started`; `.env` stays `.env`). */
export function fileNameWithoutExtension(normalizedPath: string): string {
  const name = baseName(normalizedPath);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? name : name.slice(0, dot);
}

/** First `length` hex characters of the SHA-256 of the UTF-8 text: stable on every OS and run. */
export function shortHash(text: string, length = 12): string {
  return nodeCrypto().createHash('sha256').update(text, 'utf8').digest('hex').slice(0, length);
}

/**
 * node:crypto at the first hash, not when this module loads: the command line's settings rules load it (an id
 * prefix's check), and crypto cost `doc-ingest check` more than its requests (issue 37). Node caches the module.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const nodeCrypto = () => require('node:crypto') as typeof import('node:crypto');

/** True when the text has any non-whitespace character (stops at the first one: cheap on large texts). */
export function hasVisibleText(text: string): boolean {
  return /\S/.test(text);
}

/** Removes leading blank lines and all trailing whitespace, keeping the indentation of the first line. */
export function trimBlankLines(text: string): string {
  const start = /^(?:[ \t]*\n)*/.exec(text)?.[0].length ?? 0;
  return text.slice(start).trimEnd();
}

/** The newlines before `end`: the 0-based line of the offset `end`. */
export function countNewlines(text: string, end: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Offsets at which each line starts (index 0 is 0). One pass over the text. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  let i = text.indexOf('\n');
  while (i !== -1) {
    starts.push(i + 1);
    i = text.indexOf('\n', i + 1);
  }
  return starts;
}

/** `text` as a Markdown code span, its fence longer than any run of backticks inside it. */
export function codeSpan(text: string): string {
  const fence = '`'.repeat(Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length)) + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}
