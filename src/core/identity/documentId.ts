/**
 * The document id a file builds, without building it: its front matter `id`, else the id of its path. Reading the
 * front matter only (and parsing it only when it has an `id` key) keeps this cheap enough to ask of every included
 * file on each run, which knowing every file's id requires.
 */
import { DEFAULT_IGNORE_KEYS, findFrontMatter, readFrontMatter } from '../documents/frontMatter';
import { documentIdFromPath } from '../documents/ids';
import { baseName, decodeDocumentText, isMarkdownPath, normalizeNewlines, normalizeRelativePath } from '../documents/text';

/** A top-level `id:` key (plain or quoted), the only key that can move a document away from its path's id. */
const ID_KEY = /^(?:id|"id"|'id')[ \t]*:/m;

/**
 * The id `buildFile` gives this file, or undefined when it cannot become a document (binary, not UTF-8, front
 * matter that cannot be read). `markdown` as for the build: undefined means by the file's extension.
 */
export function documentIdOf(input: string | Uint8Array, relativePath: string, idPrefix: string, markdown?: boolean): string | undefined {
  try {
    const path = normalizeRelativePath(relativePath);
    if (markdown ?? isMarkdownPath(path)) {
      const text = normalizeNewlines(decodeDocumentText(input, baseName(path)));
      const block = findFrontMatter(text);
      if (block?.kind === 'yaml' && ID_KEY.test(block.source)) {
        const id = readFrontMatter(block, DEFAULT_IGNORE_KEYS, []).id;
        if (id !== undefined) return id;
      }
    } else {
      decodeDocumentText(input, baseName(path));
    }
    return documentIdFromPath(path, idPrefix);
  } catch {
    return undefined;
  }
}
