/**
 * The status polling model of the user files view (docs/architecture.md#user-files-view): which tracked user
 * files to ask about, when, and what their answers mean. Pure apart from what is injected (the request, a timer, a clock).
 *
 * Rules (docs/architecture.md#user-files):
 * - One request per poll, carrying every *pollable* id: tracked, not in a final status, not "not-found" and not
 *   "stalled". A `refresh()` asks about every tracked id, final ones included (that is how a deleted file is
 *   noticed). Never two requests at once: a refresh asked for during a poll runs right after it.
 * - Poll while something is pollable and (the view is visible or work is under way). Work is under way from
 *   `noteWork()` or `track()` of a file that is not final until nothing is pollable any more. With the view hidden
 *   and no work under way, polling pauses; a file uploaded with the view hidden is still followed to its end, so
 *   its FAILED notification arrives.
 * - The delay starts at `fastIntervalMs`, is multiplied by `backoffFactor` after every poll in which no status
 *   changed (and after every failed poll), up to `maxIntervalMs`. It is reset to fast by any status change,
 *   `track()` of a file not final, `noteWork()`, `refresh()` and the view becoming visible. A poll is never
 *   sooner than the current delay after the previous one ended; the very first poll is immediate.
 * - A tracked id not answered yet shows "unknown" with `record === undefined`; it is polled at the normal pace.
 * - Statuses the extension does not know ("unknown", a newer server's value) are not final and stay polled, but
 *   when they are all that is left to poll, at `maxIntervalMs`: they may never change.
 * - The server silently omits unknown, foreign and deleting ids: an id missing from `notFoundAfterMisses`
 *   consecutive answers becomes "not-found" and is no longer polled (until `refresh()`, or `track()` again).
 * - A file whose status has not changed for `giveUpAfterMs` (PROCESSING has no timeout on the server) becomes
 *   "stalled" and is no longer polled until `refresh()`, which gives it another `giveUpAfterMs`.
 * - A failed request records the error on the files it asked about, keeps every status, and backs off. An error
 *   for which `isFatal(err)` holds (an authentication error) stops polling until `refresh()`.
 * - `onDidFail` fires once per tracked file when it is seen FAILED, also when first seen so (by a poll or by
 *   `track(id, record)`), but not for a file restored from persisted state that already said FAILED.
 * - Ids are compared in canonical form (lower case, with dashes): the server answers with its own UUID form.
 */
import type { UserFileRecord } from '../api/schemas';
import { Backoff } from './backoff';
import { DEFAULT_POLLER_OPTIONS } from './pollerOptions';
import type { Disposer, PollerState, StatusPollerDeps, StatusPollerOptions } from './pollerOptions';
import { isSettled, parseSerializedPollerState } from './trackedFiles';
import type { DisplayStatus, SerializedPollerState, TrackedFile } from './trackedFiles';
import { canonicalUserFileId } from './userFileId';


interface Entry {
  id: string;
  name: string | undefined;
  display: DisplayStatus;
  record: UserFileRecord | undefined;
  lastChangeAt: number;
  lastError: unknown;
  misses: number;
  failNotified: boolean;
}

const isPollable = (e: Entry): boolean => !isSettled(e.display);

export class StatusPoller {
  private readonly entries = new Map<string, Entry>();
  private backoff: Backoff;
  private readonly backoffFactor: number;
  private readonly giveUpAfterMs: number;
  private readonly notFoundAfterMisses: number;
  private readonly isFatal: (err: unknown) => boolean;
  private readonly changeListeners = new Set<(files: readonly TrackedFile[]) => void>();
  private readonly failListeners = new Set<(record: UserFileRecord) => void>();

  private visible = false;
  private work = false;
  private fatal: { error: unknown } | undefined;
  private disposed = false;
  private scheduled: { handle: unknown; dueAt: number } | undefined;
  private inFlight: AbortController | undefined;
  private lastPollEndedAt: number | undefined;
  private refreshQueued = false;
  private refreshWaiters: Array<() => void> = [];
  private dirty = false;
  private readonly pendingFailures: UserFileRecord[] = [];

  constructor(private readonly deps: StatusPollerDeps, options: StatusPollerOptions = {}) {
    const o = { ...DEFAULT_POLLER_OPTIONS, ...withoutUndefined(options) };
    this.backoffFactor = o.backoffFactor;
    this.backoff = this.pace(o.fastIntervalMs, options.maxIntervalMs);
    if (!(o.giveUpAfterMs > 0)) throw new RangeError(`giveUpAfterMs must be positive, not ${o.giveUpAfterMs}`);
    if (!(Number.isInteger(o.notFoundAfterMisses) && o.notFoundAfterMisses >= 1)) {
      throw new RangeError(`notFoundAfterMisses must be a positive integer, not ${o.notFoundAfterMisses}`);
    }
    this.giveUpAfterMs = o.giveUpAfterMs;
    this.notFoundAfterMisses = o.notFoundAfterMisses;
    this.isFatal = options.isFatal ?? (() => false);
  }

  // ------------------------------------------------------------------------------------------------ events

  onDidChange(listener: (files: readonly TrackedFile[]) => void): Disposer {
    this.changeListeners.add(listener);
    return { dispose: () => void this.changeListeners.delete(listener) };
  }

  onDidFail(listener: (record: UserFileRecord) => void): Disposer {
    this.failListeners.add(listener);
    return { dispose: () => void this.failListeners.delete(listener) };
  }

  // ------------------------------------------------------------------------------------------------ commands

  /**
   * Follows `id` (again). `initial` is what the caller already knows, such as the record of an upload response.
   * Tracking an id already tracked keeps its place; if it was "not-found" or "stalled" it is polled again.
   */
  track(id: string, initial?: UserFileRecord): void {
    if (this.disposed) return;
    const key = canonicalUserFileId(id);
    const now = this.deps.now();
    let e = this.entries.get(key);
    if (!e) {
      e = { id: key, name: undefined, display: 'unknown', record: undefined, lastChangeAt: now, lastError: undefined, misses: 0, failNotified: false };
      this.entries.set(key, e);
      this.dirty = true;
    } else if (e.display === 'not-found' || e.display === 'stalled') {
      this.setDisplay(e, e.record?.status ?? 'unknown', now);
      e.misses = 0;
    }
    if (initial) this.observe(e, { ...initial, id: key }, now);
    if (isPollable(e)) {
      this.work = true;
      this.backoff.reset();
    }
    this.reschedule();
    this.flush();
  }

  untrack(id: string): void {
    if (this.disposed) return;
    if (this.entries.delete(canonicalUserFileId(id))) this.dirty = true;
    this.reschedule();
    this.flush();
  }

  /**
   * Polls now, every tracked id included, after clearing a fatal stop and giving stalled files another
   * `giveUpAfterMs`. Resolves when that poll is done (its errors show in the snapshot; it never rejects).
   */
  refresh(): Promise<void> {
    if (this.disposed) return Promise.resolve();
    this.fatal = undefined;
    const now = this.deps.now();
    for (const e of this.entries.values()) {
      if (e.display === 'stalled') this.setDisplay(e, e.record?.status ?? 'unknown', now);
    }
    this.backoff.reset();
    this.flush();
    if (this.inFlight) {
      this.refreshQueued = true;
      return new Promise((resolve) => this.refreshWaiters.push(resolve));
    }
    return this.poll(true);
  }

  setVisible(visible: boolean): void {
    if (this.disposed || visible === this.visible) return;
    this.visible = visible;
    if (visible) this.backoff.reset();
    this.reschedule();
  }

  /**
   * A new pace (the user changed the poll interval): the delay starts again at the new fast interval and the next
   * poll is rescheduled. Without `maxIntervalMs`, the maximum is the default one or the fast interval if longer.
   * Throws a RangeError for intervals that would poll in a loop, and then keeps the current pace.
   */
  setIntervals(options: { fastIntervalMs: number; maxIntervalMs?: number }): void {
    if (this.disposed) return;
    this.backoff = this.pace(options.fastIntervalMs, options.maxIntervalMs);
    this.reschedule();
  }

  /** A backoff from `fastIntervalMs`; without `maxIntervalMs`, the default maximum or the fast interval if longer. */
  private pace(fastIntervalMs: number, maxIntervalMs: number | undefined): Backoff {
    return new Backoff({
      fastIntervalMs,
      maxIntervalMs: maxIntervalMs ?? Math.max(DEFAULT_POLLER_OPTIONS.maxIntervalMs, fastIntervalMs),
      backoffFactor: this.backoffFactor,
    });
  }

  /** Work is under way (an upload started): poll fast, even with the view hidden, until everything settles. */
  noteWork(): void {
    if (this.disposed) return;
    this.work = true;
    this.backoff.reset();
    this.reschedule();
  }

  /** Adds the persisted files not already tracked. A file persisted as FAILED is not notified again. */
  restore(state: unknown): void {
    if (this.disposed) return;
    const now = this.deps.now();
    for (const f of parseSerializedPollerState(state)) {
      const id = canonicalUserFileId(f.id);
      if (this.entries.has(id)) continue;
      const record: UserFileRecord | undefined = f.status === undefined ? undefined : { id, name: f.name ?? null, status: f.status };
      this.entries.set(id, {
        id,
        name: f.name,
        display: f.status ?? 'unknown',
        record,
        lastChangeAt: now,
        lastError: undefined,
        misses: 0,
        failNotified: f.status === 'FAILED',
      });
      this.dirty = true;
    }
    this.reschedule();
    this.flush();
  }

  serialize(): SerializedPollerState {
    const files = [...this.entries.values()].map((e) => ({
      id: e.id,
      ...(e.name !== undefined ? { name: e.name } : {}),
      ...(e.record ? { status: e.record.status } : {}),
    }));
    return { version: 1, files };
  }

  /** Tracked files in the order they were first tracked. */
  snapshot(): TrackedFile[] {
    return [...this.entries.values()].map((e) =>
      Object.freeze({
        id: e.id,
        name: e.name,
        display: e.display,
        record: e.record,
        lastChangeAt: e.lastChangeAt,
        lastError: e.lastError,
        misses: e.misses,
      }),
    );
  }

  state(): PollerState {
    return {
      visible: this.visible,
      workUnderWay: this.work,
      inFlight: this.inFlight !== undefined,
      nextPollAt: this.scheduled?.dueAt,
      intervalMs: this.backoff.current,
      stoppedBy: this.fatal?.error,
    };
  }

  /** Stops for good: cancels the timer, aborts a poll in flight, drops the listeners. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.cancelTimer();
    this.inFlight?.abort();
    this.inFlight = undefined;
    this.changeListeners.clear();
    this.failListeners.clear();
    for (const resolve of this.refreshWaiters.splice(0)) resolve();
  }

  // ------------------------------------------------------------------------------------------------ polling

  private reschedule(): void {
    if (this.disposed || this.fatal || this.inFlight) return; // a poll in flight reschedules when it ends
    const pollable = [...this.entries.values()].filter(isPollable);
    if (pollable.length === 0) {
      this.work = false;
      this.cancelTimer();
      return;
    }
    if (!this.visible && !this.work) {
      this.cancelTimer();
      return;
    }
    const onlyUnknown = pollable.every((e) => e.record?.status === 'unknown');
    const delay = onlyUnknown ? this.backoff.max : this.backoff.current;
    const now = this.deps.now();
    const dueAt = this.lastPollEndedAt === undefined ? now : Math.max(now, this.lastPollEndedAt + delay);
    if (this.scheduled?.dueAt === dueAt) return;
    this.cancelTimer();
    const handle = this.deps.timer.setTimeout(() => {
      this.scheduled = undefined;
      if (!this.disposed && !this.inFlight) void this.poll(false);
    }, dueAt - now);
    this.scheduled = { handle, dueAt };
  }

  private cancelTimer(): void {
    if (this.scheduled) this.deps.timer.clearTimeout(this.scheduled.handle);
    this.scheduled = undefined;
  }

  private async poll(everything: boolean): Promise<void> {
    this.cancelTimer();
    const ids = [...this.entries.values()].filter((e) => everything || isPollable(e)).map((e) => e.id);
    if (ids.length === 0) {
      this.reschedule();
      return;
    }
    const controller = new AbortController();
    this.inFlight = controller;
    let outcome: { ok: true; records: UserFileRecord[] } | { ok: false; error: unknown };
    try {
      outcome = { ok: true, records: await this.deps.fetchStatuses(ids, controller.signal) };
    } catch (error) {
      outcome = { ok: false, error };
    }
    if (this.disposed || controller.signal.aborted) return;
    this.inFlight = undefined;
    const now = this.deps.now();
    this.lastPollEndedAt = now;
    if (outcome.ok) this.applyAnswer(ids, outcome.records, now);
    else this.applyFailure(ids, outcome.error);
    this.flush();
    if (this.refreshQueued) {
      this.refreshQueued = false;
      const waiters = this.refreshWaiters.splice(0);
      await this.poll(true);
      for (const resolve of waiters) resolve();
    } else {
      this.reschedule();
    }
  }

  private applyAnswer(ids: string[], records: UserFileRecord[], now: number): void {
    const byId = new Map(records.map((r) => [canonicalUserFileId(r.id), r] as const));
    let changed = false;
    for (const id of ids) {
      const e = this.entries.get(id);
      if (!e) continue; // untracked while the request was under way
      if (e.lastError !== undefined) {
        e.lastError = undefined;
        this.dirty = true;
      }
      const record = byId.get(id);
      if (record) {
        changed = this.observe(e, record, now) || changed;
      } else {
        e.misses += 1;
        if (e.misses >= this.notFoundAfterMisses && e.display !== 'not-found') {
          this.setDisplay(e, 'not-found', now);
          changed = true;
        }
      }
      if (isPollable(e) && now - e.lastChangeAt >= this.giveUpAfterMs) this.setDisplay(e, 'stalled', now);
    }
    if (changed) this.backoff.reset();
    else this.backoff.grow();
  }

  private applyFailure(ids: string[], error: unknown): void {
    for (const id of ids) {
      const e = this.entries.get(id);
      if (e && e.lastError !== error) {
        e.lastError = error;
        this.dirty = true;
      }
    }
    let fatal = false;
    try {
      fatal = this.isFatal(error);
    } catch {
      fatal = false;
    }
    if (fatal) this.fatal = { error };
    else this.backoff.grow();
  }

  /** Takes a record as the file's news; true if its status changed (or it is the first record). */
  private observe(e: Entry, record: UserFileRecord, now: number): boolean {
    const changed = e.record === undefined || e.display !== record.status;
    if (e.record === undefined) this.dirty = true;
    this.setDisplay(e, record.status, now);
    if (record.name && record.name !== e.name) {
      e.name = record.name;
      this.dirty = true;
    }
    e.record = record;
    e.misses = 0;
    if (record.status === 'FAILED' && !e.failNotified) {
      e.failNotified = true;
      this.pendingFailures.push(record);
    }
    return changed;
  }

  private setDisplay(e: Entry, display: DisplayStatus, now: number): void {
    if (e.display === display) return;
    e.display = display;
    e.lastChangeAt = now;
    this.dirty = true;
  }

  /** Tells the listeners, once per batch of changes; FAILED notifications after the change. */
  private flush(): void {
    if (this.dirty) {
      this.dirty = false;
      const files = this.snapshot();
      for (const listener of [...this.changeListeners]) this.call(() => listener(files));
    }
    for (const record of this.pendingFailures.splice(0)) {
      for (const listener of [...this.failListeners]) this.call(() => listener(record));
    }
  }

  private call(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.deps.reportListenerError?.(err);
    }
  }
}

function withoutUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
