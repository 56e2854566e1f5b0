/** One file's failure as the batch reports it: the sentence, its kind, the setting it names, the line it is on. */
import { isServiceError, TimeoutError } from '../api/errors';
import type { ErrorKind } from '../api/errors';
import { DocumentError } from '../documents/problems/errors';
import { seconds } from './silence';
import type { WithheldReason } from './types';
import * as l10n from '@vscode/l10n';

export interface FailureDescription {
  error: string;
  errorKind?: ErrorKind | 'document' | 'image';
  setting?: string;
  line?: number;
  /** A page its front matter keeps from being published: which switch. */
  reason?: WithheldReason;
}

export function describeFailure(e: unknown): FailureDescription {
  // The generic sentence says "try again"; of a file the writer needs to know that it may be in the index anyway.
  if (e instanceof TimeoutError) {
    return {
      error: l10n.t('The server did not answer within {0} and may still apply it; if the server is only slow, raise the ingestion timeout (setting docIngest.ingestTimeoutSeconds).', seconds(e.timeoutMs)),
      errorKind: 'timeout',
      setting: 'ingestTimeoutSeconds',
    };
  }
  if (isServiceError(e)) return { error: e.message, errorKind: e.kind, ...(e.setting ? { setting: e.setting } : {}) };
  if (e instanceof DocumentError) {
    return {
      error: e.message,
      errorKind: 'document',
      ...(e.line ? { line: e.line } : {}),
      ...(e.code === 'notPublished' && e.key ? { reason: e.key as WithheldReason } : {}),
      ...(e.code === 'serverWouldDrop' && e.key === 'maxDocumentChars' ? { setting: 'maxDocumentChars' } : {}),
      ...(e.code === 'tooLarge' && e.key === 'maxFileSizeMB' ? { setting: 'maxFileSizeMB' } : {}),
    };
  }
  return { error: e instanceof Error ? e.message : String(e) };
}
