// Issue 34 (suspected, confirmed): two takers that find the same stale ledger lock must not both hold it. Before, each
// removed the lock it had judged stale by its path, so the later removal could take away the fresh lock the other had
// just put in its place, and both then wrote the ledger at once.
import assert from 'node:assert/strict';
import fsp, { mkdir, readdir, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { withFileLock } from '../../../src/core/ledger/fileLock';
import { makeTempFolder, removeFolder } from '../../support/tempFolder';

/** A process id no process has. */
const GONE_PID = 999_999_999;

type Removal = 'rm' | 'unlink' | 'rmdir';

/**
 * Holds the first removal of anything at or in the lock until `release()`: the taker that asked for it has judged the
 * lock stale and is about to break it, as a process the scheduler pauses just there would be. Node's own fs module
 * is patched, so the lock's code is exercised unchanged.
 */
function holdFirstBreak(lock: string): { release(): void; restore(): void } {
  const patched = fsp as unknown as Record<Removal, (...args: unknown[]) => Promise<unknown>>;
  const originals = { rm: patched.rm, unlink: patched.unlink, rmdir: patched.rmdir };
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  for (const name of Object.keys(originals) as Removal[]) {
    patched[name] = async (...args: unknown[]) => {
      const target = String(args[0]);
      if (!held && (target === lock || target.startsWith(`${lock}${path.sep}`))) {
        held = true;
        await gate;
      }
      return originals[name].apply(fsp, args);
    };
  }
  return { release, restore: () => Object.assign(patched, originals) };
}

describe('the ledger lock (issue 34)', () => {
  let dir: string;
  let lock: string;
  beforeEach(async () => {
    dir = await makeTempFolder('doc-ingest-lock-');
    lock = path.join(dir, 'ledger.json.lock');
  });
  afterEach(() => removeFolder(dir));

  const staleLocks: [string, () => Promise<void>][] = [
    // As the versions before this one left it: a file naming its host and process.
    ['a lock file of an earlier version whose process is gone', () => writeFile(lock, `${hostname()} ${GONE_PID} 0123456789ab`)],
    ['a lock whose process is gone', async () => {
      await mkdir(lock);
      await writeFile(path.join(lock, `holder-${GONE_PID}-0123456789ab-${hostname()}`), '');
    }],
  ];

  for (const [what, leave] of staleLocks) {
    it(`${what}, found by two takers at once: the one paused before breaking it does not take the other's fresh lock`, async () => {
      await leave();
      const pause = holdFirstBreak(lock);
      let inside = 0;
      let most = 0;
      let secondIn!: () => void;
      const second = new Promise<void>((resolve) => (secondIn = resolve));
      const taker = () => withFileLock(lock, async () => {
        most = Math.max(most, ++inside);
        if (most > 1) secondIn();
        if (inside === 1 && most === 1) {
          // The first in: let the paused taker go on, and give it a chance to get in too.
          pause.release();
          await Promise.race([second, sleep(1000)]);
        }
        inside--;
      });
      try {
        await Promise.all([taker(), taker()]);
      } finally {
        pause.restore();
      }
      assert.equal(most, 1, 'both held the lock at once');
      assert.deepEqual(await readdir(dir), [], 'no lock left');
    });
  }

  // Found by a flaky two-run test: the second run's last ledger write failed with ENOTEMPTY ("the ledger was not saved")
  // and its last confirmations were lost.
  it('a lock let go just after a taker found it held: the taker waits its turn and takes it, it does not fail', async () => {
    let letGo!: () => void;
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    const first = withFileLock(lock, () => new Promise<void>((resolve) => {
      letGo = resolve;
      inside();
    }));
    await entered;
    const patched = fsp as unknown as { rename: (...args: unknown[]) => Promise<void> };
    const rename = patched.rename;
    let raced = false;
    // The holder lets go (and removes the lock) between the second taker's failed rename and whatever it does next.
    patched.rename = async (...args: unknown[]) => {
      try {
        return await rename.apply(fsp, args);
      } catch (error) {
        if (!raced && String(args[1]) === lock) {
          raced = true;
          letGo();
          await first;
        }
        throw error;
      }
    };
    let took = false;
    try {
      await withFileLock(lock, async () => {
        took = true;
      });
    } finally {
      patched.rename = rename;
    }
    assert.ok(raced, 'the second taker found the lock held');
    assert.ok(took);
    assert.deepEqual(await readdir(dir), [], 'no lock left');
  });

  it('a lock refused every time for another reason than a holder: the taker gives up with the lock named, it does not spin', async () => {
    const patched = fsp as unknown as { rename: (...args: unknown[]) => Promise<void> };
    const rename = patched.rename;
    const now = Date.now;
    let tries = 0;
    // Windows' answer when something (a virus scanner) holds a folder: the same code as for a lock in place.
    patched.rename = async () => {
      tries++;
      throw Object.assign(new Error('operation not permitted'), { code: 'EPERM' });
    };
    // Each look at the clock is ten seconds on: the wait's bound, not the test, takes the time.
    let clock = now();
    Date.now = () => (clock += 10_000);
    try {
      await assert.rejects(withFileLock(lock, async () => assert.fail('taken')), (e: Error) => e.message.includes(lock));
    } finally {
      patched.rename = rename;
      Date.now = now;
    }
    assert.ok(tries > 1, `tried ${tries} times`);
  });

  it('many takers at once: one at a time, and nothing left behind', async () => {
    let inside = 0;
    let most = 0;
    await Promise.all(Array.from({ length: 6 }, () => withFileLock(lock, async () => {
      most = Math.max(most, ++inside);
      await sleep(2);
      inside--;
    })));
    assert.equal(most, 1);
    assert.deepEqual(await readdir(dir), []);
  });
});
