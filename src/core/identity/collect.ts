/** The ids of files a run does not send but must know (the command line's `--changed` and named files). */
import type { BatchFile } from '../batch/types';
import { forEachConcurrently } from '../pool';
import { IdClaims } from './claims';
import { documentIdOf } from './documentId';

export interface ClaimSources {
  read(file: BatchFile): Promise<Uint8Array>;
  stat?(file: BatchFile): Promise<{ size: number } | undefined>;
  /** The id prefix of the file's root (a multi-root folder's label included). */
  idPrefix(file: BatchFile): string;
  /** Larger files are skipped unread by a run, so they claim nothing. */
  maxFileBytes: number;
}

/** Reads each file (front matter only is parsed) and records the id it builds under its source key. */
export async function collectClaims(files: readonly BatchFile[], from: ClaimSources, claims = new IdClaims(), concurrency = 8): Promise<IdClaims> {
  await forEachConcurrently(files, concurrency, async (file) => {
    try {
      const stat = await from.stat?.(file);
      if (stat && stat.size > from.maxFileBytes) return;
      claims.set(file.source, documentIdOf(await from.read(file), file.relativePath, from.idPrefix(file)));
    } catch {
      // Unreadable (deleted meanwhile): it builds nothing.
    }
  });
  return claims;
}
