export * from './client';
export * from './errors';
export * from './masking';
export * from './schemas';
export { DEFAULT_TIMEOUT_MS } from './transport';
export type { CallOptions, FetchLike, RequestLog, TransportOptions } from './transport';
export { DEFAULT_RETRY } from './retry';
export type { RetryPolicy } from './retry';
export * from './probe';
