/**
 * Link targets (F14) and included files (F15) under the root, for the commands that build documents. Apart from the
 * listing (`files.ts`): reading a link target loads the Markdown parser, which a run with nothing to send never needs.
 */
import type { BatchFile } from '../core/batch';
import { diskLinkTargets } from '../core/files/linkTargetSource';
import type { LinkTargetSource } from '../core/files/linkTargetSource';

/**
 * The docs are the files of the include listing (`listFiles` without arguments), as the editor's are those of its
 * include globs; none larger than `maxBytes` is read.
 */
export function linkTargetSource(root: string, listing: readonly BatchFile[], maxBytes: number): LinkTargetSource {
  const docs = new Set(listing.map((f) => f.relativePath));
  return diskLinkTargets(root, (relativePath) => docs.has(relativePath), maxBytes);
}
