/**
 * The listing's usual globs without a glob library: include globs that are all `**\/*.ext` and exclude globs that are
 * all `**\/name/**` (the defaults, and what most `.doc-ingest.json` files keep). One walk of the tree that never
 * enters a folder an exclude glob names and tests each file's name once, where tinyglobby tests each path against
 * every include and every exclude glob (a run with nothing to send over 5,000 files spent more on that than on
 * reading its ledger: issue 37, goal 4). Any other glob is tinyglobby's: `plainWalk` answers undefined.
 *
 * What tinyglobby gives with the listing's options (`dot: true`, `onlyFiles`, `followSymbolicLinks: false`,
 * `expandDirectories: false`), which the differential test holds it to (test/unit/cli/plainWalk.test.ts):
 * - hidden names are walked and matched like any other (`dot: true`; the publishing rules decide about them);
 * - symbolic links are neither followed nor listed, nor anything that is neither a file nor a folder;
 * - `**\/name/**` leaves out a folder named `name` at any depth with everything in it, and a file named `name`;
 * - a folder that cannot be read is passed over;
 * - names are compared as they are, case and all (tinyglobby's `caseSensitiveMatch`).
 */
import { readdirSync } from 'node:fs';
import type { Dirent } from 'node:fs';
import path from 'node:path';

/** `**\/*.md`, `**\/*.d.ts`: any file whose name ends with the extension. */
const ANY_FILE_ENDING = /^\*\*\/\*((?:\.[A-Za-z0-9_-]+)+)$/;
/** `**\/node_modules/**`, `**\/.git/**`: a folder (or file) of that name anywhere. */
const ANYWHERE_NAMED = /^\*\*\/([A-Za-z0-9._-]+)\/\*\*$/;

/**
 * The files under `root` that `include` takes and `exclude` does not, relative to it and `/`-separated, in no
 * particular order; undefined when a glob is not of the two shapes (then ask tinyglobby).
 */
export function plainWalk(root: string, include: readonly string[], exclude: readonly string[]): string[] | undefined {
  const endings: string[] = [];
  for (const glob of include) {
    const ending = ANY_FILE_ENDING.exec(glob)?.[1];
    if (ending === undefined) return undefined;
    endings.push(ending);
  }
  const names = new Set<string>();
  for (const glob of exclude) {
    const name = ANYWHERE_NAMED.exec(glob)?.[1];
    // `.` and `..` are no names a folder of the tree has: what a glob library makes of them is its own.
    if (name === undefined || /^\.+$/.test(name)) return undefined;
    names.add(name);
  }
  const found: string[] = [];
  // Folders still to read: their path on disk and relative to the root (`''` or ending in `/`).
  const folders: Array<[string, string]> = [[root, '']];
  for (let next = folders.pop(); next; next = folders.pop()) {
    const [folder, relative] = next;
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const name = entry.name;
      if (names.has(name)) continue;
      if (entry.isDirectory()) folders.push([folder + path.sep + name, `${relative}${name}/`]);
      else if (entry.isFile() && endsWithAny(name, endings)) found.push(relative + name);
    }
  }
  return found;
}

function endsWithAny(name: string, endings: readonly string[]): boolean {
  for (const ending of endings) if (name.endsWith(ending)) return true;
  return false;
}
