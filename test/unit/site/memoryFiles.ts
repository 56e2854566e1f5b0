// Site files held in memory for the site tests: read by root-relative path, and listed as the disk and the editor
// list them (`SiteFiles.list`), so that a config beside the docs (`website/`) is found.
import type { SiteFiles } from '../../../src/core/site';

/** Files in memory that can be read, not listed. */
export function memoryFiles(files: Record<string, string>): SiteFiles {
  return { read: async (p) => (p in files ? new TextEncoder().encode(files[p]) : undefined) };
}

/** Files in memory that can be listed too. */
export function listedFiles(files: Record<string, string>): SiteFiles {
  return {
    ...memoryFiles(files),
    list: async (folder) => {
      const entries = new Map<string, boolean>();
      for (const p of Object.keys(files)) {
        const rest = folder === '' ? p : p.startsWith(`${folder}/`) ? p.slice(folder.length + 1) : undefined;
        if (rest === undefined) continue;
        const [name = '', ...below] = rest.split('/');
        entries.set(name, below.length > 0 || entries.get(name) === true);
      }
      return [...entries].map(([name, folder]) => ({ name, folder }));
    },
  };
}
