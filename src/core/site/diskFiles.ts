/**
 * A site's files on the local disk under a root: read as link targets are (`core/ingest/linkTargets.ts`), by real
 * path, never outside the root or through a symbolic link (docs/architecture.md#trust: a site config may choose
 * what is published, not what outside the repository is read).
 */
import { diskLinkTargets } from '../ingest/linkTargets';
import type { SiteFiles } from './types';

export function diskSiteFiles(root: string): SiteFiles {
  const source = diskLinkTargets(root, () => true);
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
