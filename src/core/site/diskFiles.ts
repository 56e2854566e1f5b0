/**
 * A site's files under a root, read as link targets are (`core/ingest/linkTargets.ts`): on the local disk by real
 * path, never outside the root or through a symbolic link (docs/architecture.md#trust: a site config may choose
 * what is published, not what outside the repository is read).
 */
import { diskLinkTargets } from '../ingest/linkTargets';
import type { LinkTargetSource } from '../ingest/linkTargets';
import type { SiteFiles } from './types';

/** The site's files under `root`, none larger than `maxBytes` (the run's `maxFileSizeMB`) read. */
export function diskSiteFiles(root: string, maxBytes?: number): SiteFiles {
  return siteFilesOf(diskLinkTargets(root, () => true, maxBytes));
}

/** The files a link target source reads, a file it refuses or cannot find being no file. */
export function siteFilesOf(source: LinkTargetSource): SiteFiles {
  return {
    async read(path) {
      if (path === '..' || path.startsWith('../')) return undefined;
      try {
        return await source.read(path);
      } catch {
        return undefined;
      }
    },
  };
}
