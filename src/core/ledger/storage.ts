/** Where the ledger lives is the caller's choice: VS Code's workspaceState, a JSON file, memory in tests. */
import type { LedgerData } from './schema';

export interface LedgerStorage {
  /** The stored data as last written, or undefined when nothing was written yet. May throw; the ledger copes. */
  read(): Promise<unknown>;
  write(data: LedgerData): Promise<void>;
}

export interface MemoryLedgerStorage extends LedgerStorage {
  /** What was last written (a JSON copy, as a real store would hold it). */
  readonly data: unknown;
  /** How many times `write` was called. */
  readonly writes: number;
}

/** Storage in memory, for tests; `initial` is returned by `read` until the first write. */
export function memoryLedgerStorage(initial?: unknown): MemoryLedgerStorage {
  let data: unknown = initial;
  let writes = 0;
  return {
    get data() {
      return data;
    },
    get writes() {
      return writes;
    },
    read: () => Promise.resolve(data),
    write: (next) => {
      writes++;
      // Like workspaceState: a serialized copy, so later changes to the ledger do not leak into what was stored.
      data = JSON.parse(JSON.stringify(next));
      return Promise.resolve();
    },
  };
}
