/** The ids of files a run does not send but must know (the command line's `--changed` and named files). */
import type { BatchFile } from './types';
import { forEachConcurrently } from '../pool';
import type { SiteResolver } from '../site/detect';
import { IdClaims } from '../identity/claims';
import { documentIdOf } from '../identity/documentId';

export interface ClaimSources {
  read(file: BatchFile): Promise<Uint8Array>;
  stat?(file: BatchFile): Promise<{ size: number } | undefined>;
  /** The id prefix of the file's root (a multi-root folder's label included). */
  idPrefix(file: BatchFile): string;
  /** Larger files are skipped unread by a run, so they claim nothing. */
  maxFileBytes: number;
  /** The docs sites of the file's root, as the run's builds find them: a site's generator may own front matter `id`. */
  site?(file: BatchFile): SiteResolver | undefined;
}

/** The id the file builds, read as its build reads it (`documentIdOf` with its site's generator keys). */
export async function claimOf(bytes: Uint8Array, file: BatchFile, from: Pick<ClaimSources, 'idPrefix' | 'site'>): Promise<string | undefined> {
  const generatorKeys = await from.site?.(file)?.generatorKeysOf(file.relativePath, bytes);
  return documentIdOf(bytes, file.relativePath, from.idPrefix(file), { generatorKeys });
}

/** Reads each file (front matter only is parsed) and records the id it builds under its source key. */
export async function collectClaims(files: readonly BatchFile[], from: ClaimSources, claims = new IdClaims(), concurrency = 8): Promise<IdClaims> {
  await forEachConcurrently(files, concurrency, async (file) => {
    try {
      const stat = await from.stat?.(file);
      if (stat && stat.size > from.maxFileBytes) return;
      claims.set(file.source, await claimOf(await from.read(file), file, from));
    } catch {
      // Unreadable (deleted meanwhile): it builds nothing.
    }
  });
  return claims;
}
