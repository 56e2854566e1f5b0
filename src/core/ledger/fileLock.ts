/**
 * A lock file beside the ledger, held while a process reads, merges and replaces the ledger, so that two runs'
 * writes never interleave (each would replace the file with a merge that misses the other's records). It is created
 * exclusively and holds who took it. A write takes milliseconds, so a lock older than STALE_MS, or one whose process
 * on this machine is gone, is left over from a crash and is broken.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

const STALE_MS = 10_000;

export async function withFileLock<T>(lockPath: string, fn: () => Promise<T>): Promise<T> {
  const token = `${hostname()} ${process.pid} ${randomBytes(6).toString('hex')}`;
  for (let delay = 2; ; delay = Math.min(delay * 2, 100)) {
    try {
      await fs.writeFile(lockPath, token, { encoding: 'utf8', flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const held = await holder(lockPath);
      // Two processes may find one stale lock together; breaking it is rare (a crash), and a write is atomic anyway.
      if (held === undefined || held.stale) await fs.rm(lockPath, { force: true });
      else await sleep(delay);
    }
  }
  try {
    return await fn();
  } finally {
    // Only our own lock: after a long pause (a suspended laptop) another process may have broken ours and taken it.
    if ((await fs.readFile(lockPath, 'utf8').catch(() => '')) === token) await fs.rm(lockPath, { force: true });
  }
}

/** Who holds the lock and whether it is left over; undefined when it is gone meanwhile. */
async function holder(lockPath: string): Promise<{ stale: boolean } | undefined> {
  try {
    const [text, stat] = await Promise.all([fs.readFile(lockPath, 'utf8'), fs.stat(lockPath)]);
    const [host, pid] = text.split(' ');
    const gone = host === hostname() && !running(Number(pid));
    return { stale: gone || Date.now() - stat.mtimeMs > STALE_MS };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
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
