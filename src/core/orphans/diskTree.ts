/** A repository root on the local disk as a `RepositoryTree` (the command line's; the editor reads its own file system). */
import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { RepositoryTree, TreeEntry } from './repository';

/** Enough of a file for its front matter: an `id:` further down is no front matter `id`. */
const HEAD_BYTES = 64 * 1024;

export function diskTree(root: string): RepositoryTree {
  const onDisk = (relative: string) => path.join(root, ...relative.split('/').filter(Boolean));
  return {
    async list(folder) {
      let entries;
      try {
        entries = await readdir(onDisk(folder), { withFileTypes: true });
      } catch (e) {
        if (isMissing(e)) return undefined;
        throw e;
      }
      return Promise.all(entries.map(async (e): Promise<TreeEntry> => {
        if (!e.isSymbolicLink()) return { name: e.name, kind: e.isDirectory() ? 'folder' : e.isFile() ? 'file' : 'other' };
        // A link is what it points at (a page may be a link); a broken one is nothing a page can be built from.
        const target = await stat(path.join(onDisk(folder), e.name)).catch(() => undefined);
        return { name: e.name, kind: target?.isDirectory() ? 'folder' : target?.isFile() ? 'file' : 'other', link: true };
      }));
    },
    async head(file) {
      const handle = await open(onDisk(file), 'r').catch(() => undefined);
      if (!handle) return undefined;
      try {
        const buffer = Buffer.alloc(HEAD_BYTES);
        const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
        const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(buffer.subarray(0, bytesRead));
        // A cut file ends at its last whole line, so that a character cut in two is no decoding error.
        return bytesRead < HEAD_BYTES ? text : text.slice(0, text.lastIndexOf('\n') + 1);
      } catch {
        return undefined;
      } finally {
        await handle.close();
      }
    },
  };
}

function isMissing(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
