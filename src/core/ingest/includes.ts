/**
 * The files a page includes (F15: MkDocs snippets, Docusaurus partials, Obsidian/Foam embeds), read before it is
 * built: the build never reads files (`documents/readerText/`), it is given their texts in its `includes` option.
 *
 * Which files: every path an include of the page may name (`includeRequests`), then, in each file read, the paths
 * its own includes may name, up to `MAX_INCLUDE_DEPTH` deep. They are read through the same reader as the targets of
 * links (`linkTargets.ts`: inside the root only, by real path, nothing through a symbolic link, nothing over the size
 * limit); a file that does not exist or may not be read is simply not in the map, and the build reports its include
 * as missing. A file over the size limit is not read but is in the map as refused, and so is every file once the
 * page's includes have read more than the page's bound (`MAX_INCLUDED_CHARS`): the build makes its include an error.
 *
 * Freshness: the ledger's source hash of a page with includes covers the included texts too
 * ({@link includedSourceHash}), so a change in an included file makes its includers changed (docs/architecture.md).
 */
import { createHash } from 'node:crypto';
import { includeRequests, MAX_INCLUDE_DEPTH, MAX_INCLUDED_CHARS } from '../documents/readerText';
import type { IncludeBases, IncludedFiles, IncludeRefusal } from '../documents/readerText';
import { baseName, decodeDocumentText, isMarkdownPath, normalizeNewlines, normalizeRelativePath } from '../documents/text/text';
import { sha256Hex } from '../ledger/hash';
import { LinkTargetTooLargeError } from '../files/linkTargetSource';
import * as l10n from '@vscode/l10n';

/** Where included files are read: root-relative paths; throws when a file does not exist or may not be read. */
export interface IncludeSource {
  read(path: string): Promise<Uint8Array>;
}

/** Included files read in this run, by root-relative path (undefined: not readable): one cache per root. */
export type IncludeCache = Map<string, Promise<string | IncludeRefusal | undefined>>;

/**
 * The texts of the files the text's includes name (recursively), by root-relative path, for the build's `includes`
 * option. Empty without a source (an untitled editor), for text that is not Markdown, and for text without includes
 * (a regular expression decides, before anything is read).
 */
export async function resolveIncludes(
  text: string,
  relativePath: string,
  source: IncludeSource | undefined,
  /** `bases`: where the page's site reads includes from (`SiteFacts.includeBases`), when its site is known. */
  options: { markdown?: boolean; cache?: IncludeCache; bases?: IncludeBases } = {},
): Promise<Map<string, string | IncludeRefusal>> {
  const found = new Map<string, string | IncludeRefusal>();
  if (source === undefined || !(options.markdown ?? isMarkdownPath(relativePath))) return found;
  const cache: IncludeCache = options.cache ?? new Map();
  let read = 0;
  relativePath = normalizeRelativePath(relativePath);
  const seen = new Set<string>([relativePath]);
  let level: Array<{ text: string; path: string }> = [{ text, path: relativePath }];
  for (let depth = 0; depth <= MAX_INCLUDE_DEPTH && level.length > 0; depth++) {
    const next: Array<{ text: string; path: string }> = [];
    for (const file of level) {
      for (const path of includeRequests(file.text, file.path, options.bases)) {
        // An include of the page itself (a cycle): the build needs its text in the map to say so.
        if (path === relativePath) found.set(path, text);
        if (seen.has(path)) continue;
        seen.add(path);
        // Past the page's bound, nothing more is held for it (the build would refuse it anyway).
        if (read > MAX_INCLUDED_CHARS) {
          found.set(path, pastBound());
          continue;
        }
        let reading = cache.get(path);
        if (!reading) cache.set(path, (reading = readText(source, path)));
        const included = await reading;
        if (included === undefined) continue;
        found.set(path, included);
        if (typeof included !== 'string') continue;
        read += included.length;
        if (isMarkdownPath(path)) next.push({ text: included, path });
      }
    }
    level = next;
  }
  return found;
}

const pastBound = (): IncludeRefusal => ({
  refused: l10n.t('was not read: the page\'s includes had read more than {0} characters before it, the most a page\'s includes may, so the page was not built; include less, or split the page', MAX_INCLUDED_CHARS.toLocaleString('en-US')),
});

async function readText(source: IncludeSource, path: string): Promise<string | IncludeRefusal | undefined> {
  try {
    return normalizeNewlines(decodeDocumentText(await source.read(path), baseName(path)));
  } catch (e) {
    if (e instanceof LinkTargetTooLargeError) return { refused: l10n.t('{0}, so the page was not built; include a smaller file, or raise the limit', e.message) };
    return undefined; // missing, refused (outside the root, a symbolic link), binary
  }
}

/**
 * The ledger's source hash of a file: its bytes' hash when it includes nothing (so files without includes keep
 * the hash they always had), else a hash of its bytes and of every included file's path and text, so that a change
 * in any included file (or a missing one appearing) changes it.
 */
export function includedSourceHash(bytes: Uint8Array, includes: IncludedFiles | undefined): string {
  if (includes === undefined || includes.size === 0) return sha256Hex(bytes);
  const hash = createHash('sha256').update(bytes);
  for (const path of [...includes.keys()].sort()) {
    const included = includes.get(path) ?? '';
    // A refused file's sentence names its size: growing or shrinking past the limit changes the hash.
    hash.update(`\0${path}\0`).update(typeof included === 'string' ? included : `\0${included.refused}`);
  }
  return hash.digest('hex');
}

/**
 * Whether what the file's source hash covers may depend on other files: it is Markdown and names a file to include
 * (found or not: a missing one that appears changes the hash). Such a file is never taken on its stamp alone
 * (`ledger/stat.ts`), since an included file can change while it does not.
 */
export function mayInclude(text: string, relativePath: string, markdown?: boolean): boolean {
  return (markdown ?? isMarkdownPath(relativePath)) && includeRequests(text, normalizeRelativePath(relativePath)).length > 0;
}
