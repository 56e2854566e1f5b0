/**
 * The size limit of the files a run reads (`maxFileSizeMB`; docs/architecture.md, "Bounded"): a page over it is
 * skipped unread, and so is every file read for a page (an include, a link's target, a site's config), measured
 * before it is read. Images have a limit of their own (`imageFiles.ts`).
 */
import { DocumentError } from '../documents/problems/errors';
import * as l10n from '@vscode/l10n';

/** The default of `maxFileSizeMB` (the extension's package.json and the command line's help repeat it). */
export const DEFAULT_MAX_FILE_MB = 10;
export const DEFAULT_MAX_FILE_BYTES = DEFAULT_MAX_FILE_MB * 1024 * 1024;

/** Ends a sentence naming the file: "big.md is 300.0 MB, over the limit of 10.0 MB (setting maxFileSizeMB)". */
export function overSizeLimit(bytes: number, maxBytes: number): string {
  return l10n.t('is {0} MB, over the limit of {1} MB (setting maxFileSizeMB)', megabytes(bytes), megabytes(maxBytes));
}

/** A page over the limit, refused before it is read (a single file's command: a batch skips it instead). */
export function tooLargeToRead(name: string, bytes: number, maxBytes: number): DocumentError {
  return new DocumentError('tooLarge', l10n.t('“{0}” {1}, so it was not read; raise the limit to send it.', name, overSizeLimit(bytes, maxBytes)), { key: 'maxFileSizeMB' });
}

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(bytes < 1024 * 1024 ? 2 : 1);
}
