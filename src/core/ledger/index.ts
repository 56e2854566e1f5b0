/**
 * The ledger of confirmed ingestions (F10): what was sent where, so unchanged files are skipped and the
 * Explorer can mark changed ones. Plain Node; the storage is injected.
 */
export { sha256Hex } from './hash';
export { memoryStamp, RACY_MS, statStamp, trustedStamp } from './stat';
export type { FileStat } from './stat';
export { jsonFileLedgerStorage } from './fileStorage';
export type { FileLedgerOptions, LedgerFileSystem } from './fileStorage';
export { keyValueLedgerStorage } from './keyValueStorage';
export type { KeyValueStore } from './keyValueStorage';
export { Ledger, needsSending } from './ledger';
export type { LedgerChange, LedgerDecision, LedgerOptions, LedgerRecord, SourceState } from './ledger';
export { LEDGER_VERSION, parseLedgerData } from './schema';
export type { ImageUpload, LedgerData, LedgerEntry, ParsedLedger } from './schema';
export { ledgerScope, ledgerServer } from './scope';
export { memoryLedgerStorage } from './storage';
export type { LedgerStorage, MemoryLedgerStorage } from './storage';
