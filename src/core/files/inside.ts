/**
 * Whether a path is inside a root, by path segments: `..notes.md` is a file of the root, `../notes.md` is not.
 * A text comparison (`startsWith('..')`) refuses the first; this is the one check every part uses.
 */
import path from 'node:path';

/**
 * True when `target` is `root` itself or below it. Both are absolute paths of the same kind (both real paths, or
 * both as written): comparing a real path with a written one says nothing.
 */
export function isInside(root: string, target: string, p: Pick<typeof path, 'relative' | 'isAbsolute' | 'sep'> = path): boolean {
  const rel = p.relative(root, target);
  // Another drive on Windows gives an absolute path.
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${p.sep}`) && !p.isAbsolute(rel));
}
