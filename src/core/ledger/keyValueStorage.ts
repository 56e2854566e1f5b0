/**
 * The ledger under one key of a key-value store: the editor keeps it in VS Code's workspace state (a Memento). A
 * stored record this version cannot read whole is kept under another key of the same store before anything
 * replaces it, and said once through `onSetAside`.
 */
import type { LedgerData } from './schema';
import type { LedgerStorage } from './storage';
import { unreadableConsequence, unreadableLedger } from './unreadable';

/** The part of a Memento the storage uses. */
export interface KeyValueStore {
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void>;
}

export function keyValueLedgerStorage(store: KeyValueStore, key: string, onSetAside?: (notice: string) => void): LedgerStorage {
  return {
    async read() {
      const raw = store.get(key);
      const unreadable = unreadableLedger(raw);
      if (!unreadable) return raw;
      // Never over an earlier copy: a second copy of the same kind takes the time in its key.
      const first = `${key}.${unreadable.label}`;
      const kept = store.get(first) === undefined ? first : `${first}-${new Date().toISOString()}`;
      await store.update(kept, raw);
      onSetAside?.(`The record of past ingestions ${unreadable.what}: it is kept in this workspace's state as ${kept}, and ${unreadableConsequence(unreadable)}.`);
      return unreadable.salvaged;
    },
    write: async (data: LedgerData) => {
      await store.update(key, data);
    },
  };
}
