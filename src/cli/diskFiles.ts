import { readFile, stat } from 'node:fs/promises';
import type { BatchOptions } from '../core/batch';

/** How the command line reads a batch's files: Node's file system, by absolute path. */
export const diskFiles: Pick<Required<BatchOptions>, 'read' | 'stat'> = {
  read: (f) => readFile(f.absolutePath ?? f.key),
  stat: async (f) => {
    const s = await stat(f.absolutePath ?? f.key);
    return { size: s.size, mtime: s.mtime };
  },
};
