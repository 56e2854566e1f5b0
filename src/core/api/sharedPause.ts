/**
 * One pause for many requests: when the server tells one request to wait (429 or 503 with `Retry-After`, or a
 * transient failure's backoff), every request sharing this object waits too before its next attempt. A batch
 * passes one to all its workers, so that four workers do not keep hitting a server that asked for quiet.
 */
import { sleep } from './retry';

export class SharedPause {
  private until = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Nobody sharing this pause sends before `ms` from now (a longer pause already set is kept). */
  pause(ms: number): void {
    this.until = Math.max(this.until, this.now() + ms);
  }

  /** Milliseconds until requests may go again (0: now). */
  remainingMs(): number {
    return Math.max(0, this.until - this.now());
  }

  /** Resolves when no pause is set (re-checked: another request may extend it meanwhile); rejects on abort. */
  async wait(signal?: AbortSignal): Promise<void> {
    for (let ms = this.remainingMs(); ms > 0; ms = this.remainingMs()) await sleep(ms, signal);
  }
}
