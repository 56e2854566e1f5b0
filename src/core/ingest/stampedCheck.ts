/**
 * The first half of `checkSource` (`freshness.ts`), apart from it: what it needs is the ledger and the file's stat,
 * not the includes' reader, so a run with nothing to send loads no Markdown parser to settle its files.
 */
import type { Ledger } from '../ledger';
import { statStamp } from '../ledger/stat';
import type { FileStat } from '../ledger/stat';

export interface FreshnessFile {
  /** The source key (what the ledger keys the file by). */
  source: string;
  /** Relative to its root, `/`-separated: how its includes are resolved. */
  relativePath: string;
}

/**
 * `unchanged` (with the document id) when the file's stat gives the stamp the ledger recorded for it, else undefined
 * (its bytes must be read: `checkSource`). A run over thousands of unchanged files settles them all here, one stat
 * each, with no promise per file.
 */
export function stampedCheck(ledger: Pick<Ledger, 'stampedState'>, scope: string, file: FreshnessFile, stat: FileStat): { state: 'unchanged'; documentId: string } | undefined {
  return ledger.stampedState(scope, file.source, statStamp(stat));
}
