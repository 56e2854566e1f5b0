/**
 * A batch reads a file only when its real path is inside its root (docs/architecture.md#trust): a listing follows
 * no symbolic link, and this catches the file that is one (named on the command line, saved in the editor).
 */
import { DocumentError } from '../documents/problems/errors';
import { RootOnDisk } from '../files/rootOnDisk';
import type { BatchFile } from './types';
import * as l10n from '@vscode/l10n';

/**
 * A check to call before reading a batch file; the real root of each root folder is taken once per check.
 * Files without `root` or `absolutePath` (not on the local disk) are not checked: their paths cannot be resolved.
 * @throws DocumentError (`outsideRoot`) naming the file when its real path leaves its root
 */
export function insideRootCheck(): (file: BatchFile) => void {
  const roots = new Map<string, RootOnDisk>();
  return (file) => {
    if (file.root === undefined || file.absolutePath === undefined) return;
    let root = roots.get(file.root);
    if (!root) roots.set(file.root, (root = RootOnDisk.openSync(file.root)));
    if (root.resolveSync(file.absolutePath) === undefined) {
      throw new DocumentError('outsideRoot', l10n.t('{0} leads outside the workspace folder (a symbolic link), so it is not read. Replace the link with the file itself, or leave it out with the setting docIngest.exclude.', file.source));
    }
  };
}
