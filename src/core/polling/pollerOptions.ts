/** What the status poller is given (the request, a timer, a clock, its pace) and the state it shows of itself. */
import type { UserFileRecord } from '../api/schemas';

export interface PollerTimer {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface StatusPollerDeps {
  /** One request for all `ids` (the client batches); returns the records the server returned, in any order. */
  fetchStatuses(ids: string[], signal: AbortSignal): Promise<UserFileRecord[]>;
  timer: PollerTimer;
  now(): number;
  /** Where an exception thrown by a listener goes; ignored by default so one listener cannot stop polling. */
  reportListenerError?(err: unknown): void;
}

export interface StatusPollerOptions {
  fastIntervalMs?: number;
  maxIntervalMs?: number;
  backoffFactor?: number;
  giveUpAfterMs?: number;
  notFoundAfterMisses?: number;
  /** Errors after which polling stops until `refresh()` (authentication, permission). */
  isFatal?(err: unknown): boolean;
}

export const DEFAULT_POLLER_OPTIONS = {
  fastIntervalMs: 2_000,
  maxIntervalMs: 60_000,
  backoffFactor: 2,
  giveUpAfterMs: 30 * 60_000,
  notFoundAfterMisses: 3,
} as const;

/** The poller's own state, for the view's message line and for tests. */
export interface PollerState {
  readonly visible: boolean;
  readonly workUnderWay: boolean;
  readonly inFlight: boolean;
  /** `now()` at which the next poll is scheduled; `undefined` when none is (stopped, paused, or in flight). */
  readonly nextPollAt: number | undefined;
  /** The current backoff delay. */
  readonly intervalMs: number;
  /** The fatal error that stopped polling, until `refresh()`. */
  readonly stoppedBy: unknown;
}

export interface Disposer {
  dispose(): void;
}
