/**
 * What the real server would drop or rewrite, said before sending (F15, docs/architecture.md#ingestion): it answers
 * 200 either way, so a document it drops would otherwise look sent.
 *
 * - No text: a document without a text section that has visible text is indexed as its title alone (and dropped
 *   outright when the title is blank too): nothing in it can be found. Image sections carry no text unless the
 *   server analyses images.
 * - Too long: the server skips a document whose title (else its semantic identifier) plus the text of its text
 *   sections is longer than its `MAX_DOCUMENT_CHARS`, counted in Unicode code points as Python's `len` counts; image
 *   sections do not count (`indexing_pipeline.py`, `filter_documents`). The limit is set per deployment and no route
 *   reports it, so the writer gives it (`maxDocumentChars`; empty or 0: no check).
 * - Rewritten id: the server stores an id with spaces as `_` and everything outside `[A-Za-z0-9_.~-]`
 *   percent-encoded (`make_url_compatible`), on every request; such an id would not be the one the ledger, a delete
 *   or the next send names.
 */
import type { IngestionDocument } from '../../api/schemas';
import { DocumentError } from './errors';
import * as l10n from '@vscode/l10n';

/** The id the real server stores for `id` (`make_url_compatible`): spaces become `_`, the rest outside the safe set is percent-encoded (UTF-8). */
export function serverDocumentId(id: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(id.replace(/ /g, '_'))) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9_.~-]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Unicode code points, as Python's `len` counts a `str` (a surrogate pair is one). */
export function codePoints(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** The characters the server compares with its `MAX_DOCUMENT_CHARS`: the title (else the semantic identifier) and every text section's text. */
export function serverCharCount(document: IngestionDocument): number {
  let n = codePoints(document.title || document.semantic_identifier);
  for (const section of document.sections) {
    if (section.type === 'image' || 'image_file_id' in section) continue;
    n += codePoints(section.text ?? '');
  }
  return n;
}

function hasText(document: IngestionDocument): boolean {
  return document.sections.some((s) => s.type !== 'image' && !('image_file_id' in s) && /\S/.test(s.text ?? ''));
}

/**
 * Throws when the server would drop the document or store it under another id. `name`: the file as messages name it.
 * @param maxDocumentChars the server's `MAX_DOCUMENT_CHARS`; undefined or 0: not checked
 * @throws DocumentError `empty` (no text: skipped), `serverWouldDrop` (too long, key `maxDocumentChars`), `idRewritten`
 */
export function checkForServer(document: IngestionDocument, name: string, maxDocumentChars?: number): void {
  if (!hasText(document)) {
    const images = document.sections.some((s) => s.type === 'image' || 'image_file_id' in s);
    throw new DocumentError(
      'empty',
      images
        ? l10n.t('“{0}” has no text the service can index, only images (the server indexes no image\'s text unless it analyses images); add text to the page.', name)
        : l10n.t('“{0}” has no text the service can index; add text.', name),
    );
  }
  if (maxDocumentChars) {
    const count = serverCharCount(document);
    if (count > maxDocumentChars) {
      throw new DocumentError(
        'serverWouldDrop',
        l10n.t('“{0}” has {1} characters, over the server\'s limit of {2} (setting docIngest.maxDocumentChars): the server would drop it while answering success. Split the page, or raise the setting if the server\'s MAX_DOCUMENT_CHARS is higher.', name, count.toLocaleString('en-US'), maxDocumentChars.toLocaleString('en-US')),
        { key: 'maxDocumentChars', line: 1 },
      );
    }
  }
  const id = document.id;
  if (id !== undefined && id !== '') {
    const stored = serverDocumentId(id);
    if (stored !== id) {
      throw new DocumentError('idRewritten', l10n.t('The document id “{0}” would be stored by the server as “{1}”; use only letters, digits and . _ ~ - in ids.', id, stored), { key: 'id', line: 1 });
    }
  }
}
