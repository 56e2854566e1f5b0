/** A virtual clock and a fake status endpoint for the status poller's unit tests. */
import type { UserFileRecord, UserFileStatus } from '../../../src/core/api/schemas';
import type { PollerTimer } from '../../../src/core/polling';

/** Lets pending promise callbacks (the poller awaiting the fake request) run. */
export const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

interface Timeout {
  readonly handle: number;
  readonly at: number;
  readonly fn: () => void;
}

/** Time moves only when `advance` is called; timeouts run in due order, each followed by `settle()`. */
export class FakeClock {
  now = 0;
  private nextHandle = 1;
  private queue: Timeout[] = [];

  readonly timer: PollerTimer = {
    setTimeout: (fn, ms) => {
      const handle = this.nextHandle++;
      this.queue.push({ handle, at: this.now + Math.max(0, ms), fn });
      return handle;
    },
    clearTimeout: (handle) => {
      this.queue = this.queue.filter((t) => t.handle !== handle);
    },
  };

  /** Delays from now of the pending timeouts, soonest first. */
  pending(): number[] {
    return this.queue.map((t) => t.at - this.now).sort((a, b) => a - b);
  }

  async advance(ms: number): Promise<void> {
    const target = this.now + ms;
    await settle();
    for (;;) {
      const next = [...this.queue].sort((a, b) => a.at - b.at || a.handle - b.handle)[0];
      if (!next || next.at > target) break;
      this.queue = this.queue.filter((t) => t !== next);
      this.now = next.at;
      next.fn();
      await settle();
    }
    this.now = target;
  }
}

export interface Call {
  readonly ids: string[];
  readonly at: number;
  readonly signal: AbortSignal;
}

/**
 * The status endpoint: answers from `files`, omitting ids it does not hold (docs/architecture.md#user-files).
 * `fail` makes the next answers throw; `hold` keeps answers pending until `release()`.
 */
export class FakeServer {
  readonly files = new Map<string, UserFileRecord>();
  readonly calls: Call[] = [];
  fail: unknown = undefined;
  hold = false;
  private held: Array<() => void> = [];

  constructor(private readonly clock: FakeClock) {}

  set(id: string, status: UserFileStatus, name = `${id}.png`): void {
    this.files.set(id, { id, name, status, file_id: `blob-${id}` });
  }

  readonly fetchStatuses = (ids: string[], signal: AbortSignal): Promise<UserFileRecord[]> => {
    this.calls.push({ ids: [...ids], at: this.clock.now, signal });
    const answer = (): UserFileRecord[] => {
      if (this.fail !== undefined) throw this.fail;
      return ids.flatMap((id) => {
        const r = this.files.get(id);
        return r ? [{ ...r }] : [];
      });
    };
    if (!this.hold) return Promise.resolve().then(answer);
    return new Promise((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      this.held.push(() => {
        try {
          resolve(answer());
        } catch (err) {
          reject(err);
        }
      });
    });
  };

  /** Answers every held request. */
  release(): void {
    this.hold = false;
    for (const answer of this.held.splice(0)) answer();
  }

  /** The times between consecutive requests. */
  gaps(): number[] {
    return this.calls.slice(1).map((c, i) => c.at - (this.calls[i]?.at ?? 0));
  }
}
