/** The command line's ledger: the file `--ledger` names (default `.doc-ingest/ledger.json` under the root). */
import type { Ledger } from '../core/ledger/ledger';
import type { CliConfig } from './config';
import type { CliIo } from './io';

/** Opens it, saying on stderr what of it could not be read (the run then counts those files as never ingested). */
export async function openLedger(config: CliConfig, io: CliIo): Promise<Ledger> {
  // Loaded here, not with the command: `check` and `status` open none (issue 37). The two modules, not the ledger's
  // index: a run with nothing to send loads no other storage.
  const [{ jsonFileLedgerStorage }, { Ledger }] = await Promise.all([import('../core/ledger/fileStorage.js'), import('../core/ledger/ledger.js')]);
  const storage = jsonFileLedgerStorage(config.ledger, undefined, { onSetAside: (notice) => io.stderr.write(`doc-ingest: warning: ${notice}\n`) });
  return Ledger.open(storage, () => new Date(), {
    onWriteError: (e) => io.stderr.write(`doc-ingest: warning: the ledger ${config.ledger} was not written yet: ${e instanceof Error ? e.message : String(e)}\n`),
  }).then((ledger) => {
    if (ledger.problem) io.stderr.write(`doc-ingest: warning: ${config.ledger}: ${ledger.problem}\n`);
    return ledger;
  });
}
