/** The batch (F9): many files through the one ingestion pipeline. Plain Node: no `vscode` here. */
export { BUILDS_AT_ONCE, BUILT_AHEAD, DEFAULT_CONCURRENCY, MAX_CONCURRENCY, RETRY_ROUNDS, runBatch } from './runner';
export { emptyCounts } from './report';
export { insideRootCheck } from './insideRoot';
export { claimOf, collectClaims } from './collectClaims';
export type { ClaimSources } from './collectClaims';
export { nodeFileAccess } from './nodeFiles';
export { stopsBatch, worthAnotherRound } from './failures';
export { ServerSilence, SILENT_TIMEOUTS_TO_STOP } from './silence';
export type { BatchLedger, BatchOptions } from './options';
export { WITHHELD_REASONS } from './types';
export type * from './types';
