/**
 * Retries for requests that are safe to repeat: jittered exponential backoff that honours `Retry-After`,
 * a bounded number of attempts, and a wait that ends at once when the caller cancels.
 */
import { ServiceError } from './errors';

export interface RetryPolicy {
  /** Total attempts, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the error goes to the user instead. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 500, maxDelayMs: 8000, maxRetryAfterMs: 60000 };

/** Network errors, 429 and 502/503/504: the failures where the same request may succeed a moment later. */
export function isRetryable(e: unknown): boolean {
  return e instanceof ServiceError && e.transient && e.kind !== 'timeout';
}

/** How long to wait before attempt `attempt + 1` (attempt counts from 1), or undefined to give up. */
export function retryDelay(e: unknown, attempt: number, policy: RetryPolicy, random: () => number = Math.random): number | undefined {
  if (attempt >= policy.attempts || !isRetryable(e)) return undefined;
  // The server's own Retry-After (429, or 503 during maintenance) beats our guess.
  if (e instanceof ServiceError && e.retryAfterMs !== undefined) {
    return e.retryAfterMs <= policy.maxRetryAfterMs ? e.retryAfterMs : undefined;
  }
  // "Full jitter": spreads retries of many clients instead of synchronising them.
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(random() * ceiling);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
