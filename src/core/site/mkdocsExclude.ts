import * as l10n from '@vscode/l10n';
/**
 * MkDocs's `exclude_docs`: gitignore-style lines (MkDocs reads them with pathspec's gitignore rules) over the paths
 * under `docs_dir`, after MkDocs's own defaults `.*` and `/templates/`. The last line that matches decides, so
 * `!.assets/` takes back what a default left out. A line with a slash before its end is anchored at docs_dir;
 * without one it matches at any depth; a trailing slash matches folders only; `*`, `?` and `**` as in git.
 */

interface Line {
  negated: boolean;
  re: RegExp;
  text: string;
}

const DEFAULTS = ['.*', '/templates/'];

export interface ExcludeDocs {
  /** Why the file (its path under docs_dir) is not published, or undefined when it is. */
  why(path: string): string | undefined;
}

export function excludeDocs(value: string | undefined): ExcludeDocs {
  const own = (value ?? '').split('\n').map(parseLine).filter((l): l is Line => l !== undefined);
  const lines = [...DEFAULTS.map((d) => parseLine(d) as Line), ...own];
  return {
    why(path) {
      let decided: Line | undefined;
      for (const line of lines) if (line.re.test(path)) decided = line;
      if (!decided || decided.negated) return undefined;
      return own.includes(decided) ? l10n.t('excluded by exclude_docs ({0})', decided.text) : l10n.t('excluded by MkDocs\'s default exclude_docs ({0})', decided.text);
    },
  };
}

function parseLine(raw: string): Line | undefined {
  let line = raw.replace(/(?<!\\)\s+$/, '');
  if (line.trim() === '' || line.startsWith('#')) return undefined;
  const text = line.trim();
  line = line.trim();
  const negated = line.startsWith('!');
  if (negated) line = line.slice(1);
  if (line.startsWith('\\')) line = line.slice(1);
  const folderOnly = line.endsWith('/');
  if (folderOnly) line = line.slice(0, -1);
  const anchored = line.includes('/');
  if (line.startsWith('/')) line = line.slice(1);
  let source = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (c === '*' && line[i + 1] === '*') {
      const before = i === 0 || line[i - 1] === '/';
      const after = i + 2 === line.length || line[i + 2] === '/';
      if (before && after) {
        // `**/` any folders (none too); a final `/**` everything inside.
        if (i + 2 === line.length) source += '.*';
        else {
          source += '(?:.*/)?';
          i += 2;
          continue;
        }
        i += 1;
        continue;
      }
      source += '[^/]*';
      i += 1;
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else if (c === '[') {
      const close = line.indexOf(']', i + 1);
      if (close > i + 1) {
        source += `[${line.slice(i + 1, close).replace(/^!/, '^').replace(/\\/g, '\\\\')}]`;
        i = close;
      } else source += '\\[';
    } else source += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  // A file is left out when the line matches it or one of its folders.
  const re = new RegExp(`^${anchored ? '' : '(?:.*/)?'}${source}${folderOnly ? '/.*' : '(?:/.*)?'}$`);
  return { negated, re, text };
}
