import * as vscode from 'vscode';
import { Ledger } from '../../core/ledger';
import type { LedgerStorage } from '../../core/ledger';
import type { Log } from '../log';

/** The ledger of this workspace lives in its workspace state (ids, paths, hashes, times; never the key). */
const STATE_KEY = 'docIngest.ledger';

export async function openWorkspaceLedger(state: vscode.Memento, log: Log): Promise<Ledger> {
  const storage: LedgerStorage = {
    read: async () => state.get(STATE_KEY),
    write: async (data) => state.update(STATE_KEY, data),
  };
  const ledger = await Ledger.open(storage, undefined, { onWriteError: (e) => log.warn(`Could not save what was ingested: ${e instanceof Error ? e.message : String(e)}`) });
  if (ledger.problem) log.warn(ledger.problem);
  return ledger;
}
