/**
 * A site's files under a root, read as link targets are (`core/files/linkTargetSource.ts`): on the local disk by real
 * path, never outside the root or through a symbolic link (docs/architecture.md#trust: a site config may choose
 * what is published, not what outside the repository is read).
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { isInside } from '../files/inside';
import { RootOnDisk } from '../files/rootOnDisk';
import { diskLinkTargets } from '../files/linkTargetSource';
import type { LinkTargetSource } from '../files/linkTargetSource';
import type { SiteEntry, SiteFiles } from './types';

/** The site's files under `root`, none larger than `maxBytes` (the run's `maxFileSizeMB`) read. */
export function diskSiteFiles(root: string, maxBytes?: number): SiteFiles {
  let opened: Promise<RootOnDisk> | undefined;
  return siteFilesOf(diskLinkTargets(root, () => true, maxBytes), async (folder) => listDiskFolder(await (opened ??= RootOnDisk.open(root)), folder));
}

/**
 * The files a link target source reads, a file it refuses or cannot find being no file; `list` lists a folder
 * (`SiteFiles.list`), when the front can.
 */
export function siteFilesOf(source: LinkTargetSource, list?: (folder: string) => Promise<SiteEntry[] | undefined>): SiteFiles {
  const files: SiteFiles = {
    async read(path) {
      if (path === '..' || path.startsWith('../')) return undefined;
      try {
        return await source.read(path);
      } catch {
        return undefined;
      }
    },
  };
  if (list) {
    files.list = async (folder) => {
      if (folder === '..' || folder.startsWith('../')) return undefined;
      try {
        return await list(folder);
      } catch {
        return undefined;
      }
    };
  }
  return files;
}

/**
 * A folder under the root on the local disk, reached through no symbolic link. Links in it are left out, whatever
 * they lead to: the walk that finds a root's sites then never leaves the root nor lists a folder twice, and no file
 * `read` would refuse is listed.
 */
async function listDiskFolder(root: RootOnDisk, folder: string): Promise<SiteEntry[] | undefined> {
  const absolute = path.join(root.root, folder);
  if (!isInside(root.root, absolute) || (folder !== '' && !(await root.isDirect(absolute)))) return undefined;
  const entries = await readdir(absolute, { withFileTypes: true });
  return entries.filter((e) => !e.isSymbolicLink() && (e.isFile() || e.isDirectory())).map((e) => ({ name: e.name, folder: e.isDirectory() }));
}
