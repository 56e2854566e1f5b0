/**
 * What names a source, everywhere (docs/architecture.md#identity): a file is its root's label and its path under
 * that root. The ledger, the Explorer badges, the batch's duplicate check and the command line all key sources
 * with `sourceKey`, and build ids from the same two facts, so two folders' `README.md` are two sources and two
 * documents in every part.
 */
import { normalizeRelativePath } from '../documents/text/text';

/** A file under a root: a workspace folder in the editor, the repository root on the command line. */
export interface SourceRef {
  /** The root's label in a multi-root workspace (`folderLabel`, the same one its ids carry); undefined with one root. */
  folder?: string;
  /** Relative to the root; `\` counts as `/`. */
  path: string;
}

/**
 * The source's key: its root-relative path (`/`-separated, NFC), behind its folder's label in a multi-root
 * workspace (`web/README.md`). With one root the key is the path, as ledgers written before it was defined hold.
 */
export function sourceKey(ref: SourceRef): string {
  const path = normalizeRelativePath(ref.path);
  return ref.folder === undefined ? path : `${ref.folder}/${path}`;
}
