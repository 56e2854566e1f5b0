import type * as vscode from 'vscode';
import { keyValueLedgerStorage } from '../../core/ledger/keyValueStorage';
import { Ledger } from '../../core/ledger/ledger';
import type { Log } from '../services/log';

/** The ledger of this workspace lives in its workspace state (ids, paths, hashes, times; never the key). */
const STATE_KEY = 'docIngest.ledger';

export async function openWorkspaceLedger(state: vscode.Memento, log: Log): Promise<Ledger> {
  // A record it cannot read whole (damaged, a newer version's) is kept beside, never silently replaced.
  const storage = keyValueLedgerStorage(state, STATE_KEY, (notice) => log.warn(notice));
  const ledger = await Ledger.open(storage, undefined, { onWriteError: (e) => log.warn(`Could not save what was ingested: ${e instanceof Error ? e.message : String(e)}`) });
  if (ledger.problem) log.warn(ledger.problem);
  return ledger;
}
