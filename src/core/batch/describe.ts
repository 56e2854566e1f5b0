/** One file's failure as the batch reports it: the sentence, its kind, the setting it names, the line it is on. */
import { isServiceError } from '../api/errors';
import type { ErrorKind } from '../api/errors';
import { DocumentError } from '../documents/errors';

export interface FailureDescription {
  error: string;
  errorKind?: ErrorKind | 'document' | 'image';
  setting?: string;
  line?: number;
}

export function describeFailure(e: unknown): FailureDescription {
  if (isServiceError(e)) return { error: e.message, errorKind: e.kind, ...(e.setting ? { setting: e.setting } : {}) };
  if (e instanceof DocumentError) return { error: e.message, errorKind: 'document', ...(e.line ? { line: e.line } : {}) };
  return { error: e instanceof Error ? e.message : String(e) };
}
