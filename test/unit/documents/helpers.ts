import assert from 'node:assert/strict';
import path from 'node:path';
import { IngestionDocumentSchema } from '../../../src/core/api/schemas';
import { DocumentError, buildDocument } from '../../../src/core/documents';
import type { DocumentBuildResult, DocumentOptions } from '../../../src/core/documents';

export const NOW = new Date('2026-11-23T10:00:00Z');
export const NOW_TEXT = '2026-11-23T10:00:00Z';

/** Directory of the fixtures (the tests run from out/, the fixtures stay in the source tree). */
export const FIXTURES = path.resolve(__dirname, '../../../../test/unit/documents/fixtures');

/** buildDocument with a fixed clock, checking that the result passes the strict request schema. */
export function build(text: string | Uint8Array, relativePath = 'guide.md', options: DocumentOptions = {}): DocumentBuildResult {
  const result = buildDocument(text, relativePath, { now: NOW, ...options });
  IngestionDocumentSchema.parse(result.document);
  return result;
}

/** Runs `fn`, which must throw a DocumentError, and returns it. */
export function documentError(fn: () => unknown): DocumentError {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof DocumentError, `expected a DocumentError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected a DocumentError');
}

/** Texts of the sections. */
export function texts(result: Omit<DocumentBuildResult, 'problems'>): string[] {
  return result.document.sections.map((s) => s.text ?? '');
}
