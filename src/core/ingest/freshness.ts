/**
 * Has a file changed since its newest confirmed ingestion? The one check behind `ingest --changed`, Ingest Changed
 * Files and the Explorer's badges: first by the file's stamp (`ledger/stat.ts`: the stat cache), else by its bytes,
 * hashed as the ledger records a source's (with the files it includes, `includes.ts`).
 *
 * A file read and found unchanged whose stamp can vouch for its bytes leaves its stamp in the ledger, so the next
 * check takes it on its stat: a ledger written before stamps were kept costs one run of reading every file.
 *
 * What the check does not cover, by design (as before the stat cache): the images a page shows and the files its
 * links lead to enter its payload, not its source hash, so a change in them alone is found by a full run (which
 * builds every file and compares payloads), never by these checks. A page that includes files is never taken on
 * its stamp: it is read, and its includes with it, every time.
 */
import type { Ledger, SourceState } from '../ledger';
import { trustedStamp } from '../ledger/stat';
import type { FileStat } from '../ledger/stat';
import { includedSourceHash, mayInclude, resolveIncludes } from './includes';
import type { IncludeCache, IncludeSource } from './includes';
import { stampedCheck } from './stampedCheck';
import type { FreshnessFile } from './stampedCheck';

export { stampedCheck } from './stampedCheck';
export type { FreshnessFile } from './stampedCheck';

export type FreshnessLedger = Pick<Ledger, 'stampedState' | 'sourceState' | 'noteStamp'>;

export interface FreshnessAccess {
  /** The file's stat, taken at `statAt` (`Date.now()` just before it), before its bytes are read. */
  stat: FileStat;
  statAt: number;
  read(): Promise<Uint8Array>;
  /** Where its includes are read; without it, none are (the hash is of its bytes). */
  includes?: IncludeSource;
  includeCache?: IncludeCache;
}

export type SourceCheck =
  /** Taken on its stamp: not read. */
  | { state: 'unchanged'; documentId: string; bytes?: undefined; hash?: undefined }
  /** Read and hashed. */
  | { state: SourceState; bytes: Uint8Array; hash: string; documentId?: undefined };

export async function checkSource(ledger: FreshnessLedger, scope: string, file: FreshnessFile, access: FreshnessAccess): Promise<SourceCheck> {
  const stamped = stampedCheck(ledger, scope, file, access.stat);
  if (stamped) return stamped;
  const bytes = await access.read();
  const text = new TextDecoder().decode(bytes);
  const includes = await resolveIncludes(text, file.relativePath, access.includes, { cache: access.includeCache });
  const hash = includedSourceHash(bytes, includes);
  const state = ledger.sourceState(scope, file.source, hash);
  if (state === 'unchanged' && !mayInclude(text, file.relativePath)) {
    const stamp = trustedStamp(access.stat, access.statAt);
    if (stamp !== undefined) ledger.noteStamp(scope, file.source, hash, stamp);
  }
  return { state, bytes, hash };
}
