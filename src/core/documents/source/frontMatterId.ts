/**
 * Writes `doc-ingest-id: <value>` into a Markdown file's front matter, as the one change to the file: a renamed page
 * keeps the document id it was published under (F13). The key is ours alone (issue 35): `id:` would be read by a site
 * generator too (in Docusaurus it is the doc id, which shapes the page's slug: a renamed page then moved to
 * `/docs/site~docs~configure.md`), while no generator reads `doc-ingest-id`, which pins the id in a site and out. The writer's bytes are theirs, so the edit is a pure insertion: one
 * line before the closing `---` of the front matter there is (in that block's line ending), or a new front matter
 * block at the very top (after a byte order mark) when there is none. Comments, key order, quoting, line endings
 * and the body stay as they were, and the result is read back with the builder's own reader before it is offered.
 */
import { isMap, isScalar, parseDocument } from 'yaml';
import { DocumentError } from '../problems/errors';
import { findFrontMatter, readFrontMatter } from './frontMatter';
import * as l10n from '@vscode/l10n';

/** The key written: ours alone, honoured in a docs site and outside one (frontMatter.ts `ID_KEYS`). */
export const WRITTEN_ID_KEY = 'doc-ingest-id';
/**
 * Read as in a site whose generator owns `id`: only an id `doc-ingest-id` pins counts as one the front matter
 * already sets (a Docusaurus `id:` is the generator's, and the written key wins over an `id:` anywhere).
 */
const OWNED_BY_A_GENERATOR = ['id'];

/** Why the id could not be written; `message` is one English sentence (the editor words each kind itself). */
export type FrontMatterIdRefusal =
  | { ok: false; reason: 'notText'; message: string }
  | { ok: false; reason: 'toml'; message: string }
  /** The front matter there is cannot be read; `detail` is the reader's sentence. */
  | { ok: false; reason: 'invalid'; message: string; detail: string }
  /** The front matter already pins an id with `doc-ingest-id`: `existing`. */
  | { ok: false; reason: 'hasId'; message: string; existing: string }
  /** With the line added, the front matter would not read back as this id (flow style, an empty `id:` key...). */
  | { ok: false; reason: 'notKept'; message: string; detail: string };

/** The edit: `inserted` goes at `offset` (UTF-16 code units of the input, as editors count); `text` is the result. */
export type FrontMatterIdEdit = { ok: true; text: string; offset: number; inserted: string } | FrontMatterIdRefusal;

const BOM = '\uFEFF';

/** The text with `doc-ingest-id: <id>` in its front matter; the id is quoted only when YAML would read it plain as something else. */
export function writeFrontMatterId(text: string, id: string): FrontMatterIdEdit {
  const bom = text.startsWith(BOM) ? BOM.length : 0;
  const raw = text.slice(bom);
  // Found exactly as the builder finds it (on LF text), then placed back on the real line endings.
  const lf = raw.replace(/\r\n?/g, '\n');
  const block = findFrontMatter(lf);
  const line = `${WRITTEN_ID_KEY}: ${yamlScalar(id)}`;
  let offset: number;
  let inserted: string;
  if (!block) {
    const eol = /\r\n|\r|\n/.exec(raw)?.[0] ?? '\n';
    offset = bom;
    inserted = `---${eol}${line}${eol}---${eol}`;
  } else {
    if (block.kind === 'toml') {
      return { ok: false, reason: 'toml', message: l10n.t('The file has TOML front matter (+++), which is not read for the id.') };
    }
    let existing: string | undefined;
    try {
      existing = readFrontMatter(block, [], [], OWNED_BY_A_GENERATOR).id;
    } catch (e) {
      const detail = e instanceof DocumentError ? e.message : String(e);
      return { ok: false, reason: 'invalid', message: l10n.t('The front matter cannot be read: {0}', detail), detail };
    }
    if (existing !== undefined) {
      return { ok: false, reason: 'hasId', message: l10n.t('The front matter already sets the id “{0}”.', existing), existing };
    }
    const openLength = /^---[ \t]*\n/.exec(lf)?.[0].length ?? 0;
    const closing = rawOffset(raw, openLength + block.source.length);
    // The closing line follows a line break: the new line ends the way the line above it does.
    const eol = raw.slice(closing - 2, closing) === '\r\n' ? '\r\n' : raw[closing - 1] === '\r' ? '\r' : '\n';
    offset = bom + closing;
    inserted = `${line}${eol}`;
  }
  const result = text.slice(0, offset) + inserted + text.slice(offset);
  const readBack = idOf(result);
  if (readBack !== id) {
    const detail = readBack instanceof Error ? readBack.message : readBack === undefined ? l10n.t('it would have no id.') : l10n.t('it would read as “{0}”.', readBack);
    return { ok: false, reason: 'notKept', message: l10n.t('Adding “{0}” to the front matter would not keep the id: {1}', line, detail), detail };
  }
  return { ok: true, text: result, offset, inserted };
}

/**
 * The same edit on a file's bytes. UTF-8 only (a byte order mark is kept); every byte outside the inserted line is
 * the input's, since valid UTF-8 decodes and encodes back to the same bytes.
 */
export function writeFrontMatterIdBytes(bytes: Uint8Array, id: string): { ok: true; bytes: Uint8Array } | FrontMatterIdRefusal {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return { ok: false, reason: 'notText', message: l10n.t('The file is not UTF-8 text.') };
  }
  if (text.includes('\0')) return { ok: false, reason: 'notText', message: l10n.t('The file is not UTF-8 text.') };
  const edit = writeFrontMatterId(text, id);
  return edit.ok ? { ok: true, bytes: new TextEncoder().encode(edit.text) } : edit;
}

/** Plain when YAML reads it back as this very string (`docs~setup.md`), else double-quoted (`"123"`, `"~"`, `"true"`). */
function yamlScalar(value: string): string {
  return readsAs(`${WRITTEN_ID_KEY}: ${value}`, value) ? value : JSON.stringify(value);
}

function readsAs(source: string, value: string): boolean {
  const doc = parseDocument(source, { schema: 'core', customTags: ['timestamp'] });
  if (doc.errors.length || !isMap(doc.contents)) return false;
  const node: unknown = doc.get(WRITTEN_ID_KEY, true);
  return isScalar(node) && node.value === value;
}

/** The id the builder reads from the text's front matter (in a site or out: the written key wins), or the error it meets. */
function idOf(text: string): string | undefined | Error {
  const block = findFrontMatter(text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'));
  if (!block) return undefined;
  try {
    return readFrontMatter(block, [], [], OWNED_BY_A_GENERATOR).id;
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
}

/** The offset in `raw` of `lfOffset` in its LF-only form (each CRLF counts once there). */
function rawOffset(raw: string, lfOffset: number): number {
  let lf = 0;
  let i = 0;
  while (lf < lfOffset && i < raw.length) {
    i += raw[i] === '\r' && raw[i + 1] === '\n' ? 2 : 1;
    lf++;
  }
  return i;
}
