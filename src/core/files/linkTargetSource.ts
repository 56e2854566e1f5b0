/**
 * Where a document's link targets are judged and read (`LinkTargetSource`), and the source on the local disk: what
 * `core/ingest/linkTargets.ts` judges links by and a site's files are read through (`core/site/diskFiles.ts`).
 * A document's text decides which files are read (docs/architecture.md#trust), so only files inside the root are
 * read, by their real paths, and none reached through a symbolic link.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { isInside } from './inside';
import { DEFAULT_MAX_FILE_BYTES, overSizeLimit } from './sizeLimit';
import { RootOnDisk } from './rootOnDisk';
import * as l10n from '@vscode/l10n';

/** A link target that exists but may not be read: outside the root, through a symbolic link, not a file, too large. */
export class LinkTargetRefusedError extends Error {
  override readonly name: string = 'LinkTargetRefusedError';
}

/**
 * A file over the size limit (`maxFileSizeMB`), found so before it is read: a page that large is skipped, never
 * published, so a link to it stays as written and an include of it is an error. `message` ends a sentence naming it.
 */
export class LinkTargetTooLargeError extends LinkTargetRefusedError {
  override readonly name = 'LinkTargetTooLargeError';
  constructor(bytes: number, maxBytes: number) {
    super(overSizeLimit(bytes, maxBytes));
  }
}

/** Where a document's link targets are judged and read; paths are relative to the document's root. */
export interface LinkTargetSource {
  /** Whether the file at `path` is a doc of the include globs (it need not exist). */
  included(path: string): boolean;
  /** Its bytes; throws LinkTargetRefusedError when it may not be read, anything else when it does not exist. */
  read(path: string): Promise<Uint8Array>;
}

/**
 * Link targets on the local disk under `root` (a workspace folder, the repository root): read by real path, never
 * outside the root or through a symbolic link, and never when larger than `maxBytes` (the run's `maxFileSizeMB`).
 */
export function diskLinkTargets(root: string, included: (path: string) => boolean, maxBytes = DEFAULT_MAX_FILE_BYTES): LinkTargetSource {
  let opened: Promise<RootOnDisk> | undefined;
  return {
    included,
    async read(target) {
      const rootOnDisk = await (opened ??= RootOnDisk.open(root));
      const written = path.join(rootOnDisk.root, target);
      if (!isInside(rootOnDisk.root, written)) throw new LinkTargetRefusedError(l10n.t('{0} is outside the root', target));
      // Throws when it does not exist. Taken synchronously, as a batch takes its own files' (`insideRoot.ts`): a
      // few microseconds each, where a page waited on the thread pool once per target, after every queued read.
      const real = rootOnDisk.resolveSync(written);
      // One real path for both checks: inside the root, and reached through no symbolic link.
      if (real === undefined || !rootOnDisk.isReachedDirectly(written, real)) throw new LinkTargetRefusedError(l10n.t('{0} is reached through a symbolic link', target));
      const info = await stat(real);
      if (!info.isFile()) throw new LinkTargetRefusedError(l10n.t('{0} is not a file', target));
      if (info.size > maxBytes) throw new LinkTargetTooLargeError(info.size, maxBytes);
      return readFile(real);
    },
  };
}
