/** How long to wait between two polls: fast after a change, multiplied while nothing changes, capped. */
export interface BackoffOptions {
  /** The first delay, and the delay after every change. */
  readonly fastIntervalMs: number;
  /** The longest delay. */
  readonly maxIntervalMs: number;
  /** What each unchanged (or failed) poll multiplies the delay by. */
  readonly backoffFactor: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { fastIntervalMs: 2_000, maxIntervalMs: 60_000, backoffFactor: 2 };

export class Backoff {
  private currentMs: number;

  constructor(private readonly options: BackoffOptions = DEFAULT_BACKOFF) {
    const { fastIntervalMs, maxIntervalMs, backoffFactor } = options;
    if (!(Number.isFinite(fastIntervalMs) && fastIntervalMs > 0)) {
      throw new RangeError(`fastIntervalMs must be a positive number, not ${fastIntervalMs}`);
    }
    if (!(Number.isFinite(maxIntervalMs) && maxIntervalMs >= fastIntervalMs)) {
      throw new RangeError(`maxIntervalMs must be at least fastIntervalMs (${fastIntervalMs}), not ${maxIntervalMs}`);
    }
    if (!(Number.isFinite(backoffFactor) && backoffFactor >= 1)) {
      throw new RangeError(`backoffFactor must be at least 1, not ${backoffFactor}`);
    }
    this.currentMs = fastIntervalMs;
  }

  /** The delay before the next poll. */
  get current(): number {
    return this.currentMs;
  }

  get max(): number {
    return this.options.maxIntervalMs;
  }

  /** Back to the fast interval (a change, new work, the view shown again, a refresh). */
  reset(): void {
    this.currentMs = this.options.fastIntervalMs;
  }

  /** One more poll without change: multiply, never beyond the maximum. */
  grow(): void {
    this.currentMs = Math.min(this.options.maxIntervalMs, this.currentMs * this.options.backoffFactor);
  }
}
