/**
 * The ledger's stat cache: with each entry, the stamp of its file as it was when its bytes were read (size,
 * modification time, change time, inode). A run that asks only what changed (`ingest --changed`, Ingest Changed
 * Files, the Explorer's badges) takes a file whose stamp is the one recorded as unchanged without reading it.
 *
 * It must never call a changed file unchanged, so a stamp is recorded only when it vouches for the bytes:
 * - the change time is in it: a write followed by `utimes` back to the old modification time keeps the size and
 *   the modification time but moves the change time, which no program can set back;
 * - the inode is in it: a file replaced by another (a rename over it, a checkout) is another inode;
 * - the racy rule (git's): a file changed within RACY_MS of the moment it was stat'ed and read may change again
 *   within the same tick of the file system's clock (FAT counts 2 s, others 1 s or a few ms) and keep every
 *   field, so its stamp is not recorded; the next run reads it, and records the stamp once it is old enough.
 * A file system that gives no change time or inode (a remote one in the editor) records no stamp: its files are
 * read and hashed every time, as before.
 */

/** What a stat gives; times in milliseconds since the epoch, as Node's `Stats` has them. */
export interface FileStat {
  size: number;
  mtimeMs: number;
  ctimeMs?: number;
  ino?: number;
}

/** A file changed this shortly before it was read is not taken on its stamp (more than any file system's tick). */
export const RACY_MS = 3_000;

/** The stamp of a stat: equal stamps, equal size, times and inode. Undefined without a change time or an inode. */
export function statStamp(stat: FileStat): string | undefined {
  if (stat.ctimeMs === undefined || stat.ino === undefined) return undefined;
  return `${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}:${stat.ino}`;
}

/**
 * The stamp to record for bytes read after `stat` was taken at `statAt` (`Date.now()` before the stat), or undefined
 * when it cannot vouch for them: no change time or inode, or a change within RACY_MS of `statAt` (or after it: a
 * clock that went back, a file system whose clock runs ahead).
 */
export function trustedStamp(stat: FileStat, statAt: number): string | undefined {
  const stamp = statStamp(stat);
  if (stamp === undefined) return undefined;
  return Math.max(stat.mtimeMs, stat.ctimeMs ?? Infinity) < statAt - RACY_MS ? stamp : undefined;
}

/**
 * A stamp for a cache in memory (the editor's, for files read once a session): the full stamp when the file system
 * gives one, else size and modification time. With `statAt` (to record one), under the same racy rule: undefined
 * when the file changed too recently to be taken on it; without (to compare with one recorded), the stamp now.
 */
export function memoryStamp(stat: FileStat, statAt?: number): string | undefined {
  if (statAt !== undefined && Math.max(stat.mtimeMs, stat.ctimeMs ?? -Infinity) >= statAt - RACY_MS) return undefined;
  return statStamp(stat) ?? `${stat.size}:${stat.mtimeMs}`;
}
