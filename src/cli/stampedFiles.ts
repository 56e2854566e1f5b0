/**
 * `ingest --changed`, first by the files' stamps: each listed file whose stat gives the stamp the ledger recorded
 * for it is unchanged (its id claimed from the ledger: the bytes it was built from are the same), in one loop without
 * a promise per file. A run with nothing to send ends here, having loaded nothing that builds a document.
 */
import { statSync } from 'node:fs';
import type { BatchFile } from '../core/batch';
import type { IdClaims } from '../core/identity/claims';
import { stampedCheck } from '../core/ingest/stampedCheck';
import type { FileStat, Ledger } from '../core/ledger';

/** What `--changed` says when no file is to be sent (without `--json`, the whole of its output). */
export const NOTHING_TO_SEND = 'Every file is as last ingested.';

/**
 * The files the stamps do not settle: to be read (`changedFiles`), in their order. Withheld files, files over the
 * size limit and files whose stat fails are among them (their own check says why).
 */
export function unsettledByStamps(files: readonly BatchFile[], ledger: Pick<Ledger, 'stampedState'>, scope: string, claims: IdClaims, maxFileBytes: number): BatchFile[] {
  return files.filter((file) => {
    if (file.withheld || file.absolutePath === undefined) return true;
    const stat = statOrUndefined(file.absolutePath);
    const stamped = stat && stat.size <= maxFileBytes ? stampedCheck(ledger, scope, file, stat) : undefined;
    if (stamped) claims.set(file.source, stamped.documentId);
    return !stamped;
  });
}

/** A file's stat for its stamp; undefined when it cannot be taken (the file's own check then says why). */
function statOrUndefined(absolutePath: string): FileStat | undefined {
  try {
    return statSync(absolutePath, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}
