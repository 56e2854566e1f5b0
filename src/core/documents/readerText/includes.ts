/**
 * Includes (F15): text of another file shown where the include stands.
 *
 * - MkDocs snippets (pymdownx.snippets): a line `--8<-- "path"` (or `'path'`), optionally `"path:start:end"` for
 *   lines start to end (`path:3`, `path::8`) or `"path:name"` for a named section (the lines between
 *   `--8<-- [start:name]` and `--8<-- [end:name]`, usually in comments); the block form, `--8<--` lines around one
 *   path per line (`;` comments a path out). The included lines keep the include line's indentation. As in MkDocs,
 *   snippets are expanded in fenced code too (a fence around `--8<-- "example.py"` shows the file); a file that is
 *   not Markdown is included as it is.
 * - Docusaurus partials: `import Setup from './_setup.mdx'` (a `.md`/`.mdx` file; `@site/` means the site's root,
 *   taken as the repository root) and then `<Setup />` (see `mdx.ts`).
 * - Obsidian and Foam embeds: a line `![[note]]`, `![[note#Heading]]` (the section under that heading),
 *   `![[note|alias]]`; `note` is a Markdown file with or without its extension. Embeds of other files (images,
 *   PDFs) are not includes.
 *
 * Where a path is looked for, first to last: next to the including file, then (snippets and embeds only) from the
 * repository root, as MkDocs' default `base_path` (`.`) and Obsidian's vault paths do. A path that leaves the
 * repository is refused. Obsidian's lookup of a bare note name anywhere in the vault is not done.
 *
 * The builder never reads files: the fronts read the included files first (`core/ingest/includes.ts`, which finds
 * what to read with {@link includeRequests}) and pass their texts in the build's `includes` option.
 */
import { isMarkdownPath } from '../text/text';
import type { Edit } from './mapped';
import { splitLines } from './lines';
import type { Line } from './lines';

/** How deep includes may nest (a page including a file including a file... ). */
export const MAX_INCLUDE_DEPTH = 8;

export type IncludeSyntax = 'snippet' | 'partial' | 'embed' | 'markdownInclude';

/**
 * Where a site's include extensions look for files, as its config says (`SiteFacts.includeBases`; MkDocs:
 * `core/site/mkdocsIncludes.ts`): root-relative folders.
 */
export interface IncludeBases {
  /** pymdownx.snippets' `base_path` (default: the config's folder, where MkDocs runs). */
  snippets?: readonly string[];
  /**
   * The folder `{!path!}` is read from when the site enables markdown-include (`markdown_include.include`) or
   * mdx_include (their `base_path`, default the config's folder); undefined: `{!path!}` is text.
   */
  markdownInclude?: string;
}

/** An included file that exists but was not read (over the size limit): `refused` ends "It ..." with the fix. */
export interface IncludeRefusal {
  refused: string;
}

/** Included files by root-relative path: each one's text, or why it was not read. */
export type IncludedFiles = ReadonlyMap<string, string | IncludeRefusal>;

/** One include as written, and the part of the included file it shows. */
export interface IncludeReference {
  syntax: IncludeSyntax;
  /** The path or note name as written (without a snippet's line range or an embed's heading). */
  ref: string;
  /** Snippets: the 1-based lines to show (`path:3:8`). */
  lines?: { start: number; end?: number };
  /** Snippets: the named section to show (`path:name`). */
  section?: string;
  /** Embeds: the heading whose section to show. */
  heading?: string;
}

/**
 * The root-relative paths where the included file is looked for, in order; `outside` when a candidate leaves the
 * repository (such a candidate is left out).
 */
export function includeCandidates(reference: IncludeReference, fromPath: string, bases?: IncludeBases): { paths: string[]; outside: boolean } {
  const folder = fromPath.split('/').slice(0, -1);
  let ref = reference.ref.trim();
  const paths: string[] = [];
  let outside = false;
  const add = (base: string[], written: string): void => {
    const resolved = joinInside(written.startsWith('/') ? [] : base, written);
    if (resolved === undefined) outside = true;
    else if (!paths.includes(resolved)) paths.push(resolved);
  };
  switch (reference.syntax) {
    case 'partial':
      if (ref.startsWith('@site/')) add([], ref.slice('@site/'.length));
      else if (ref.startsWith('.') || ref.startsWith('/')) add(folder, ref);
      break;
    case 'embed':
      if (!isMarkdownPath(ref)) ref = `${ref}.md`;
      add(folder, ref);
      add([], ref);
      break;
    case 'snippet':
      add(folder, ref);
      for (const base of bases?.snippets ?? []) add(segmentsOf(base), ref);
      add([], ref);
      break;
    case 'markdownInclude':
      if (bases?.markdownInclude !== undefined) add(segmentsOf(bases.markdownInclude), ref);
      break;
  }
  return { paths, outside };
}

function segmentsOf(folder: string): string[] {
  return folder.split('/').filter((s) => s !== '' && s !== '.');
}

/**
 * Every folder from the page's up to the root: where an include's base may be when the site's config is not at
 * hand (a freshness check reads what a page includes without its site), the config's folder among them.
 */
function ancestors(fromPath: string): string[] {
  const folder = fromPath.split('/').slice(0, -1);
  return folder.map((_, i) => folder.slice(0, folder.length - i).join('/'));
}

/** `written` resolved against `base` (folder segments); undefined when it leaves the root. */
function joinInside(base: readonly string[], written: string): string | undefined {
  const segments = [...base];
  for (const part of written.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (segments.length === 0) return undefined;
      segments.pop();
    } else {
      segments.push(part);
    }
  }
  return segments.length === 0 ? undefined : segments.join('/');
}

const SNIPPET = /^([ \t]*)-{1,}8<-{1,}[ \t]+(["'])(.+?)\2[ \t]*$/;
const SNIPPET_BLOCK = /^[ \t]*-{1,}8<-{1,}[ \t]*$/;
/** markdown-include's and mdx_include's `{!path!}` on a line of its own (their `lines=` option is not read). */
const MARKDOWN_INCLUDE = /^([ \t]*)\{![ \t]*([^!>\s][^!]*?)[ \t]*!\}[ \t]*$/;
const EMBED = /^[ \t]*!\[\[([^\]|#^]+)(?:#([^\]|]*))?(?:\|[^\]]*)?\]\][ \t]*$/;
const IMPORT = /^[ \t]*import[ \t]+([A-Za-z_$][\w$]*)[ \t]+from[ \t]+(["'])([^"'\n]+\.mdx?)\2/gm;
/** Cheap test: could the text have an include at all. */
export const MAY_HAVE_INCLUDE = /8<|!\[\[|\{!|^[ \t]*import[ \t].*\.mdx?["']/m;

/** A snippet's path and the part it shows, read as pymdownx.snippets reads them (its `RE_SNIPPET_FILE`). */
const SNIPPET_PART = /^(.*?)(?:(:\d*)?(:\d*)?|(:[a-z][-_0-9a-z]*)?)$/i;

/** A snippet's path and line range (`path:3`, `path:3:8`, `path::8`) or section (`path:name`). */
function snippetReference(written: string): IncludeReference {
  const part = SNIPPET_PART.exec(written);
  const reference: IncludeReference = { syntax: 'snippet', ref: (part?.[1] ?? written).trim() };
  const number = (group: string | undefined) => (group !== undefined && group.length > 1 ? Number(group.slice(1)) : undefined);
  const start = number(part?.[2]);
  const end = number(part?.[3]);
  if (start !== undefined || end !== undefined) reference.lines = end === undefined ? { start: start ?? 1 } : { start: start ?? 1, end };
  if (part?.[4] !== undefined) reference.section = part[4].slice(1);
  return reference;
}

/** A section marker of pymdownx.snippets (its `RE_SNIPPET_SECTION`): anything around it, `;` escapes it. */
const SECTION_MARKER = /^(.*?)(;*)(-{1,}8<-{1,}[ \t]+)(\[[ \t]*(start|end)[ \t]*:[ \t]*([a-z][-_0-9a-z]*)[ \t]*\])(.*?)$/i;

/**
 * The lines of a snippet's named section, as pymdownx.snippets extracts them: from its first `[start:name]` marker to
 * its `[end:name]` (or the file's end), other sections' markers left out and an escaped marker (`;--8<--`) shown
 * without its first `;`. Undefined when the text has no start marker of that name.
 */
export function snippetSection(text: string, name: string): string | undefined {
  const kept: string[] = [];
  let inside = false;
  let found = false;
  for (const line of text.split('\n')) {
    const marker = SECTION_MARKER.exec(line);
    if (marker && inside && marker[2]) {
      kept.push(`${marker[1] ?? ''}${(marker[2] ?? '').replace(';', '')}${marker[3] ?? ''}${marker[4] ?? ''}${marker[7] ?? ''}`);
      continue;
    }
    if (marker && marker[6] === name) {
      if (marker[5] === 'start') {
        inside = true;
        found = true;
        continue;
      }
      break;
    }
    if (marker && inside) continue;
    if (inside) kept.push(line);
  }
  return found ? kept.join('\n') : undefined;
}

/** An embed of a note (not of an image or another file), or undefined. */
function embedReference(name: string, heading: string | undefined): IncludeReference | undefined {
  const trimmed = name.trim();
  // `note.v2` is a note; `diagram.png`, `file.pdf` are not.
  const extension = /\.([A-Za-z0-9]{1,5})$/.exec(trimmed)?.[1];
  if (extension !== undefined && !isMarkdownPath(trimmed) && !/^\d+$/.test(extension)) return undefined;
  const reference: IncludeReference = { syntax: 'embed', ref: trimmed };
  if (heading !== undefined && heading.trim() !== '') reference.heading = heading.trim();
  return reference;
}

/** A line include found by {@link lineIncludes}: the input range it replaces and what it names. */
export interface LineInclude {
  start: number;
  end: number;
  /** Indentation to give each included line (snippets keep their line's). */
  indent: string;
  references: IncludeReference[];
}

/**
 * Snippet and embed lines outside fenced code, in text order; with `markdownInclude`, `{!path!}` lines too (in
 * fenced code as well: markdown-include reads the text before Markdown is parsed, so a fence around one shows the
 * file).
 */
export function lineIncludes(text: string, options: { markdownInclude?: boolean } = {}): LineInclude[] {
  if (!/8<|!\[\[/.test(text) && !(options.markdownInclude && text.includes('{!'))) return [];
  const lines = splitLines(text);
  const found: LineInclude[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as Line;
    // Snippets are expanded before Markdown is read, in fenced code too (`;--8<--` escapes one), as pymdownx does.
    const snippet = SNIPPET.exec(line.text);
    if (snippet) {
      found.push({ start: line.start, end: line.next, indent: snippet[1] ?? '', references: [snippetReference(snippet[3] ?? '')] });
      continue;
    }
    const included = options.markdownInclude ? MARKDOWN_INCLUDE.exec(line.text) : null;
    if (included) {
      found.push({ start: line.start, end: line.next, indent: included[1] ?? '', references: [{ syntax: 'markdownInclude', ref: (included[2] ?? '').trim() }] });
      continue;
    }
    if (line.code && !SNIPPET_BLOCK.test(line.text)) continue;
    if (SNIPPET_BLOCK.test(line.text)) {
      let close = i + 1;
      while (close < lines.length && !SNIPPET_BLOCK.test((lines[close] as Line).text)) close++;
      if (close >= lines.length) continue;
      const references = lines.slice(i + 1, close)
        .map((l) => l.text.trim())
        .filter((t) => t !== '' && !t.startsWith(';'))
        .map(snippetReference);
      found.push({ start: line.start, end: (lines[close] as Line).next, indent: '', references });
      i = close;
      continue;
    }
    const embed = EMBED.exec(line.text);
    const reference = embed ? embedReference(embed[1] ?? '', embed[2]) : undefined;
    if (reference) found.push({ start: line.start, end: line.next, indent: '', references: [reference] });
  }
  return found;
}

/** Docusaurus partials imported by the text: component name → reference. */
export function partialImports(esm: string): Map<string, IncludeReference> {
  const partials = new Map<string, IncludeReference>();
  for (const match of esm.matchAll(IMPORT)) {
    if (match[1] !== undefined && match[3] !== undefined) partials.set(match[1], { syntax: 'partial', ref: match[3] });
  }
  return partials;
}

/**
 * Every path an include in `text` may name (all candidates, fenced code included: reading one too many is
 * harmless), for the fronts to read before building. `text` is the file's whole text.
 */
export function includeRequests(text: string, fromPath: string, bases?: IncludeBases): string[] {
  if (!MAY_HAVE_INCLUDE.test(text)) return [];
  const paths = new Set<string>();
  // Without the site's bases, every folder above the page may be one: reading one too many is harmless, and a page
  // then reads the same files with or without its site (its source hash is the same for a freshness check).
  const above = [...ancestors(fromPath), ''];
  const add = (reference: IncludeReference): void => {
    for (const path of includeCandidates(reference, fromPath, bases).paths) paths.add(path);
    if (reference.syntax === 'snippet' || reference.syntax === 'markdownInclude') {
      for (const path of includeCandidates(reference, fromPath, { snippets: above }).paths) paths.add(path);
      for (const base of above) for (const path of includeCandidates(reference, fromPath, { markdownInclude: base }).paths) paths.add(path);
    }
  };
  for (const include of lineIncludes(text, { markdownInclude: true })) include.references.forEach(add);
  if (/\.mdx?["']/.test(text)) partialImports(text).forEach(add);
  return [...paths];
}

/** The edit that replaces an include with its text (`text` undefined: the include is left out). */
export function includeEdit(include: { start: number; end: number; indent: string }, text: string | undefined, atLineEnd: boolean): Edit {
  if (text === undefined || text === '') return { start: include.start, end: include.end, text: '' };
  const indented = include.indent === '' ? text : text.replace(/^(?=[^\n])/gm, include.indent);
  return { start: include.start, end: include.end, text: atLineEnd ? `${indented}\n` : indented };
}
