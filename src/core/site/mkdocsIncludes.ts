/**
 * Where an MkDocs site's include extensions read files (issue 35, item 3), from its `markdown_extensions`:
 * - pymdownx.snippets: `base_path`, a folder or a list of them (default `["."]`), each relative to where MkDocs runs,
 *   which is the config's folder (pymdownx's documentation, "Snippets": "base_path ... relative to the current
 *   working directory"). Snippets are expanded whether or not the extension is listed (as before this was read).
 * - markdown-include (`markdown_include.include`) and mdx_include (`mdx_include`): `{!path!}` includes a file,
 *   read from `base_path` (default `.`, the config's folder); without either extension `{!path!}` is text.
 * Read as data: a value that is not a plain string (or list of strings) is the default.
 */
import { isObject, property } from './literal';
import type { Literal } from './literal';
import type { IncludeBases } from '../documents/readerText';
import { joinPath } from './types';

const MARKDOWN_INCLUDE = new Set(['markdown_include.include', 'mdx_include']);

/** The include bases of a site whose config is in `folder` (root-relative), or undefined when it has none to say. */
export function mkdocsIncludeBases(extensions: Literal, folder: string): IncludeBases | undefined {
  const entries = Array.isArray(extensions) ? extensions : isObject(extensions) ? [extensions] : [];
  const bases: IncludeBases = { snippets: [folder] };
  for (const entry of entries) {
    const names = typeof entry === 'string' ? [entry] : isObject(entry) ? [...entry.entries.keys()] : [];
    for (const name of names) {
      const options = isObject(entry) ? property(entry, name) : undefined;
      const basePath = isObject(options) ? property(options, 'base_path') : undefined;
      if (name === 'pymdownx.snippets') {
        const written = typeof basePath === 'string' ? [basePath] : Array.isArray(basePath) ? basePath.filter((b): b is string => typeof b === 'string') : [];
        if (written.length) bases.snippets = written.map((b) => inside(joinPath(folder, b)) ?? folder);
      } else if (MARKDOWN_INCLUDE.has(name)) {
        bases.markdownInclude = (typeof basePath === 'string' ? inside(joinPath(folder, basePath)) : undefined) ?? folder;
      }
    }
  }
  return bases;
}

/** A folder that leaves the repository is no base (`joinPath` gives `..`): the config's folder stands in. */
function inside(path: string): string | undefined {
  return path === '..' || path.startsWith('../') ? undefined : path;
}
