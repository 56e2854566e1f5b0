/**
 * A batch's files read from the local disk (the command line, the benchmark). Synchronous on purpose: a
 * documentation file of a few KB is read in tens of microseconds, while each promise-based `fs` call is a round
 * trip through libuv's thread pool that costs far more than the read itself (measured on a 2-core machine: 20 to
 * 40 times the CPU of `statSync` + `readFileSync`). The batch reads every file once per pass, so this is most of
 * its own cost per file; the few microseconds the event loop waits do not hold up requests in flight.
 */
import { readFileSync, statSync } from 'node:fs';
import { insideRootCheck } from './insideRoot';
import type { FileStat } from '../ledger/stat';
import type { BatchFileStat, BatchOptions } from './options';
import type { BatchFile } from './types';

function pathOf(file: BatchFile): string {
  return file.absolutePath ?? file.key;
}

/**
 * `read` and `stat` for `runBatch` over files on the local disk (`absolutePath`, else `key`, is the path). A file
 * with a `root` whose real path is outside it is refused unread.
 */
export function nodeFileAccess(): Pick<BatchOptions, 'read'> & { stat(file: BatchFile): Promise<BatchFileStat & FileStat> } {
  const checkInside = insideRootCheck();
  return {
    read: async (file) => {
      checkInside(file);
      return readFileSync(pathOf(file));
    },
    stat: async (file) => {
      const s = statSync(pathOf(file));
      return { size: s.size, mtime: s.mtime, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs, ino: s.ino };
    },
  };
}
