/**
 * A lock beside the ledger, held while a process reads, merges and replaces the ledger, so that two runs' writes
 * never interleave (each would replace the file with a merge that misses the other's records). A write takes
 * milliseconds, so a lock older than STALE_MS, or one whose process on this machine is gone, is left over from a
 * crash and is broken.
 *
 * The lock is a folder holding one file named after its holder, put in place whole by a rename. Breaking a stale lock
 * removes that holder's file and then the folder only if it is empty: two takers that found the same stale lock can
 * never take away the lock one of them has just put in its place (a lock removed by its path could be a fresh one).
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as l10n from '@vscode/l10n';

const STALE_MS = 10_000;
const GIVE_UP_MS = 3 * STALE_MS;

/** What a rename onto a lock folder that names a holder fails with: POSIX, and Windows for a folder in place. */
const HELD = new Set(['ENOTEMPTY', 'EEXIST', 'EPERM', 'EACCES', 'EBUSY']);

export async function withFileLock<T>(lockPath: string, fn: () => Promise<T>): Promise<T> {
  const name = `holder-${process.pid}-${randomBytes(6).toString('hex')}-${hostname()}`;
  const since = Date.now();
  for (let delay = 2; !(await take(lockPath, name)); delay = Math.min(delay * 2, 100)) {
    // No holder keeps it this long (one older than STALE_MS is broken): something else refuses us every time.
    if (Date.now() - since > GIVE_UP_MS) throw new Error(l10n.t('the lock {0} could not be taken in {1} seconds', lockPath, GIVE_UP_MS / 1000));
    if (!(await breakIfStale(lockPath))) await sleep(delay);
  }
  try {
    return await fn();
  } finally {
    // Only our own: after a long pause (a suspended laptop) another process may have broken ours and taken the lock.
    await fs.unlink(path.join(lockPath, name)).catch(() => undefined);
    await removeEmptyFolder(lockPath);
  }
}

/** Puts a folder naming us in place of the lock; false when there is a lock already. */
async function take(lockPath: string, name: string): Promise<boolean> {
  const draft = `${lockPath}.${randomBytes(6).toString('hex')}`;
  try {
    await fs.mkdir(draft);
    await fs.writeFile(path.join(draft, name), '');
  } catch (error) {
    await fs.rm(draft, { recursive: true, force: true });
    throw error;
  }
  try {
    // Fails on a lock that names a holder; replaces only an empty folder, which holds no lock.
    await fs.rename(draft, lockPath);
    return true;
  } catch (error) {
    // Held when we tried, though its holder may have let go since: looking for the lock now would call that a
    // failure, and the ledger write under it would be lost. So the refusal's own code says "held".
    if (HELD.has((error as NodeJS.ErrnoException).code ?? '') || (await exists(lockPath))) return false;
    throw error;
  } finally {
    await fs.rm(draft, { recursive: true, force: true });
  }
}

/** Removes the lock's stale holders and then the lock, if it is left over; true when it was. */
async function breakIfStale(lockPath: string): Promise<boolean> {
  let names: string[];
  try {
    names = await fs.readdir(lockPath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return true;
    if (code === 'ENOTDIR') return breakLockFile(lockPath);
    throw error;
  }
  for (const name of names) {
    const held = path.join(lockPath, name);
    const stat = await fs.stat(held).catch(() => undefined);
    const [, pid, host] = /^holder-(\d+)-[0-9a-f]+-(.*)$/s.exec(name) ?? [];
    if (stat && !isStale(pid, host, stat.mtimeMs)) return false;
  }
  // Each holder by its own name: a taker that came meanwhile is named otherwise, and keeps the folder from going.
  for (const name of names) await fs.unlink(path.join(lockPath, name)).catch(() => undefined);
  await removeEmptyFolder(lockPath);
  return true;
}

/**
 * The lock file of an earlier version (`<host> <pid> <random>`): removed when stale by unlink, which cannot remove a
 * folder, so never a lock of this version that took its place.
 */
async function breakLockFile(lockPath: string): Promise<boolean> {
  const found = await Promise.all([fs.readFile(lockPath, 'utf8'), fs.stat(lockPath)]).catch(() => undefined);
  if (!found) return true; // gone meanwhile (or a folder now): look again
  const [host, pid] = found[0].split(' ');
  if (!isStale(pid, host, found[1].mtimeMs)) return false;
  await fs.unlink(lockPath).catch(() => undefined);
  return true;
}

/** Left over: its process on this machine is gone, or it is older than any write. */
function isStale(pid: string | undefined, host: string | undefined, mtimeMs: number): boolean {
  return (host === hostname() && !running(Number(pid))) || Date.now() - mtimeMs > STALE_MS;
}

/** Only while empty: a lock put in place meanwhile stays. */
async function removeEmptyFolder(lockPath: string): Promise<void> {
  await fs.rmdir(lockPath).catch(() => undefined);
}

async function exists(file: string): Promise<boolean> {
  return fs.lstat(file).then(() => true, () => false);
}

function running(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
