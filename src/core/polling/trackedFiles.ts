/**
 * What the user files view knows of a tracked file (docs/architecture.md#user-files): the status it shows, whether
 * there is anything left to poll for, and the list kept in workspace state between sessions.
 */
import type { UserFileRecord } from '../api/schemas';
import { FINAL_USER_FILE_STATUSES, userFileStatusOf, type UserFileStatus } from '../api/vocabulary';

/** What the view shows: the server's status, or what the poller concluded. */
export type DisplayStatus = UserFileStatus | 'not-found' | 'stalled';

/** One tracked file as seen from outside (a copy). */
export interface TrackedFile {
  readonly id: string;
  readonly name: string | undefined;
  readonly display: DisplayStatus;
  /** The last record the server (or `track`, or persisted state) gave; `undefined` until there is one. */
  readonly record: UserFileRecord | undefined;
  /** `now()` when `display` last changed (or the file was tracked or restored). */
  readonly lastChangeAt: number;
  /** The error of the last poll that asked about this file; `undefined` after a successful one. */
  readonly lastError: unknown;
  /** Consecutive successful polls whose answer omitted this file. */
  readonly misses: number;
}

/** What is persisted in workspace state: ids, names and the last status the server gave. Never a key. */
export interface SerializedTrackedFile {
  readonly id: string;
  readonly name?: string;
  readonly status?: UserFileStatus;
}
export interface SerializedPollerState {
  readonly version: 1;
  readonly files: readonly SerializedTrackedFile[];
}

const LOST_UPLOADS: ReadonlySet<DisplayStatus> = new Set<DisplayStatus>(['FAILED', 'CANCELED', 'DELETING', 'not-found']);

/**
 * The server no longer has the file in a usable state (failed, cancelled, being deleted, not found; undefined: the
 * status route left it out): an image uploaded as this file must be uploaded again.
 */
export function isLostUpload(status: DisplayStatus | undefined): boolean {
  return status === undefined || LOST_UPLOADS.has(status);
}

/** Final, or given up on: nothing to poll for. */
export function isSettled(display: DisplayStatus): boolean {
  return display === 'not-found' || display === 'stalled' || FINAL_USER_FILE_STATUSES.has(display);
}

/** Reads persisted state leniently: anything malformed is dropped, never thrown. */
export function parseSerializedPollerState(value: unknown): SerializedTrackedFile[] {
  if (typeof value !== 'object' || value === null) return [];
  const { version, files } = value as { version?: unknown; files?: unknown };
  if (version !== 1 || !Array.isArray(files)) return [];
  const out: SerializedTrackedFile[] = [];
  for (const f of files as unknown[]) {
    if (typeof f !== 'object' || f === null) continue;
    const { id, name, status } = f as Record<string, unknown>;
    if (typeof id !== 'string' || id.trim() === '') continue;
    out.push({
      id,
      ...(typeof name === 'string' ? { name } : {}),
      ...(status !== undefined ? { status: userFileStatusOf(status) } : {}),
    });
  }
  return out;
}
