/**
 * The ledger under one key of a key-value store: the editor keeps it in VS Code's workspace state (a Memento). A
 * stored record this version cannot read whole is kept under another key of the same store before anything
 * replaces it, and said once through `onSetAside`.
 */
import type { LedgerData } from './schema';
import type { LedgerStorage } from './storage';
import { unreadableConsequence, unreadableLedger } from './unreadable';
import * as l10n from '@vscode/l10n';

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
      onSetAside?.(l10n.t('The record of past ingestions {0}: it is kept in this workspace\'s state as {1}, and {2}.', unreadable.what, kept, unreadableConsequence(unreadable)));
      return unreadable.salvaged;
    },
    write: async (data: LedgerData) => {
      await store.update(key, data);
    },
  };
}
