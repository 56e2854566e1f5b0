/**
 * The repository as it is on disk, asked before anything is deleted (issue 34): which documents its id scheme can
 * produce, and which of its files build an id, whatever one run included, excluded or skipped for its size. A run
 * sees only its own files (a second job with its own include globs, a lost ledger, a page over the size limit), so
 * "no file of this run builds it" is no evidence that a page is gone: a file that exists is never an orphan.
 */
import { documentIdFromPath, encodeIdSegment, MAX_ID_LENGTH } from '../documents/ids/ids';
import { isMarkdownPath } from '../documents/text/text';
import { claimedIdOf } from '../identity/documentId';
import type { IdClaimsView } from '../identity/claims';

export interface TreeEntry {
  /** As stored: a name may be decomposed (NFD) on disk while source keys are composed (NFC). */
  name: string;
  kind: 'file' | 'folder' | 'other';
  /** A symbolic link (its kind is its target's): searches that walk a whole tree do not follow it, as it may loop. */
  link?: boolean;
}

/** One root's files, by paths relative to it (`/`-separated, `''` the root itself). */
export interface RepositoryTree {
  /** The folder's entries; undefined when there is no such folder. Throws when it cannot tell (permissions). */
  list(folder: string): Promise<readonly TreeEntry[] | undefined>;
  /** The start of a file, at least its front matter; undefined when it cannot be read. */
  head(file: string): Promise<string | undefined>;
}

export interface RepositoryRoot {
  tree: RepositoryTree;
  /** What the keys of this root's sources start with: `''` with one root, the folder's label and `/` with several. */
  keyPrefix: string;
  /** What the ids of this root's paths start with: the normalized id prefix (and the folder's label with several). */
  idPrefix: string;
  /**
   * Whether the writer configured an id prefix for this root: only then does a document the pair holds that no ledger
   * records count as this repository's (a prefix made of a folder's label alone is no claim).
   */
  claims: boolean;
  /**
   * The front matter keys the file's docs site generator owns (`SiteResolver.generatorKeysOf`: a Docusaurus page's
   * `id` is the generator's, and the page builds its path's id), so that a file here builds the id its build gives
   * it; absent: every file is read as outside a site.
   */
  generatorKeys?(path: string, head: string): Promise<readonly string[] | undefined>;
}

/**
 * Folders no search passes into: a package manager's and git's are no part of the repository's pages (their content
 * comes and goes with an install), so a file there builds nothing by its path or its front matter.
 */
const NOT_PAGES = new Set(['.git', 'node_modules']);

/** Past this many entries, a search below a shortened id gives up and counts the id as built (never deleted). */
const MAX_SHORTENED_SEARCH = 100_000;

export class RepositoryFiles {
  private frontMatterIds: Promise<{ ids: Map<string, string[]>; complete: boolean }> | undefined;
  /** Each folder is listed once per search: a pair of thousands of documents asks the same folders again and again. */
  private readonly listings = new Map<RepositoryRoot, Map<string, Promise<readonly TreeEntry[] | undefined | 'unknown'>>>();

  constructor(
    private readonly roots: readonly RepositoryRoot[],
    /** What the run (or the editor) already knows each included file builds: such files are not read again. */
    private readonly builds: IdClaimsView,
  ) {}

  /** The folder's entries, undefined when there is none, `unknown` when it cannot be listed. */
  private listed(root: RepositoryRoot, folder: string): Promise<readonly TreeEntry[] | undefined | 'unknown'> {
    let folders = this.listings.get(root);
    if (!folders) this.listings.set(root, (folders = new Map()));
    let entries = folders.get(folder);
    if (!entries) folders.set(folder, (entries = root.tree.list(folder).catch(() => 'unknown' as const)));
    return entries;
  }

  /**
   * Whether `id` is one this repository's id scheme produces under a configured prefix: the exact prefix, then
   * path segments as `encodeIdSegment` writes them, nothing that merely starts with the same letters. A prefix
   * glued to the first segment (`kb-`, `kb_`, `kb.`) cannot tell `kb-legacy~faq.md` of a `legacy/` folder from
   * another team's `kb-legacy` prefix, so there the first segment must name an entry of the root as well.
   */
  async owns(id: string): Promise<boolean> {
    for (const root of this.roots) {
      if (!root.claims || !id.startsWith(root.idPrefix)) continue;
      const segments = id.slice(root.idPrefix.length).split('~');
      if (!segments.every(isEncodedSegment)) continue;
      if (root.idPrefix.endsWith('~')) return true;
      const entries = await this.listed(root, '');
      if (entries !== 'unknown' && entries?.some((e) => encodeIdSegment(e.name) === segments[0])) return true;
    }
    return false;
  }

  /**
   * Where the source with this key is on disk, by its real name: `found` with the path as stored, `gone` when no
   * such file is there, `unknown` when it cannot be told (a folder that cannot be listed, a key of no root), which
   * is never evidence that a page is gone.
   */
  async locate(key: string): Promise<{ state: 'found'; path: string } | { state: 'gone' } | { state: 'unknown' }> {
    const root = this.roots.find((r) => key.startsWith(r.keyPrefix));
    if (!root) return { state: 'unknown' };
    const wanted = key.slice(root.keyPrefix.length).split('/');
    let folder = '';
    for (const [i, segment] of wanted.entries()) {
      const entries = await this.listed(root, folder);
      if (entries === 'unknown') return { state: 'unknown' };
      const last = i === wanted.length - 1;
      const entry = entries?.find((e) => e.name.normalize('NFC') === segment.normalize('NFC') && (last ? e.kind !== 'folder' : e.kind === 'folder'));
      if (!entry) return { state: 'gone' };
      folder = join(folder, entry.name);
    }
    return { state: 'found', path: folder };
  }

  /**
   * The keys of the files on disk that build `id` (or would, but for a publish switch such as `draft: true`), read
   * now: by their path, in any folder, and by a front matter `id`. Files whose id the run already knows are not
   * asked again: if they built `id`, the caller would not ask. Unknown answers count as building it.
   */
  async buildersOf(id: string): Promise<string[] | 'unknown'> {
    const found = new Set<string>();
    for (const root of this.roots) {
      if (!id.startsWith(root.idPrefix)) continue;
      const byPath = isShortened(id) ? await this.searchShortened(root, id) : await this.byPath(root, '', id.slice(root.idPrefix.length).split('~'));
      if (byPath === 'unknown') return 'unknown';
      for (const path of byPath) if (await this.builds_(root, path, id)) found.add(root.keyPrefix + path.normalize('NFC'));
    }
    if (found.size) return [...found];
    const { ids, complete } = await this.byFrontMatter();
    return ids.get(id) ?? (complete ? [] : 'unknown');
  }

  /** Whether the file at `path` builds `id` itself: not when the run knows it builds another, or its front matter names another. */
  private async builds_(root: RepositoryRoot, path: string, id: string): Promise<boolean> {
    const key = root.keyPrefix + path.normalize('NFC');
    const known = this.builds.idOf(key);
    if (known !== undefined) return known === id;
    if (!isMarkdownPath(path)) return true;
    const head = await root.tree.head(path);
    return head === undefined || ((await claimOf(root, head, path)) ?? id) === id;
  }

  /** The files whose path encodes to these segments, folder by folder (names that fold alike are all followed). */
  private async byPath(root: RepositoryRoot, folder: string, segments: readonly string[]): Promise<string[] | 'unknown'> {
    const entries = await this.listed(root, folder);
    if (entries === 'unknown') return 'unknown';
    const [segment, ...rest] = segments;
    const found: string[] = [];
    for (const e of entries ?? []) {
      if (NOT_PAGES.has(e.name) || encodeIdSegment(e.name) !== segment) continue;
      if (!rest.length) {
        if (e.kind === 'file') found.push(join(folder, e.name));
        continue;
      }
      if (e.kind !== 'folder') continue;
      const below = await this.byPath(root, join(folder, e.name), rest);
      if (below === 'unknown') return 'unknown';
      found.push(...below);
    }
    return found;
  }

  /**
   * A shortened id keeps only its start, a hash and the end of its file name (ids.ts `shortenId`), which no longer
   * name a path: every file of the root is encoded and compared, up to a bound past which the id counts as built.
   */
  private async searchShortened(root: RepositoryRoot, id: string): Promise<string[] | 'unknown'> {
    const found: string[] = [];
    let seen = 0;
    const walk = async (folder: string): Promise<boolean> => {
      const entries = await this.listed(root, folder);
      if (entries === 'unknown') return false;
      for (const e of entries ?? []) {
        if (++seen > MAX_SHORTENED_SEARCH) return false;
        if (NOT_PAGES.has(e.name)) continue;
        const path = join(folder, e.name);
        if (e.kind === 'folder' && !e.link && !(await walk(path))) return false;
        if (e.kind === 'file' && documentIdFromPath(path, root.idPrefix) === id) found.push(path);
      }
      return true;
    };
    return (await walk('')) ? found : 'unknown';
  }

  /**
   * Every Markdown file's front matter `id`, read once per search and only when a path did not answer; `complete`
   * is false when a folder could not be listed.
   */
  private byFrontMatter(): Promise<{ ids: Map<string, string[]>; complete: boolean }> {
    this.frontMatterIds ??= (async () => {
      const ids = new Map<string, string[]>();
      let complete = true;
      for (const root of this.roots) {
        const walk = async (folder: string): Promise<void> => {
          const entries = await this.listed(root, folder);
          if (entries === 'unknown') complete = false;
          for (const e of entries === 'unknown' ? [] : (entries ?? [])) {
            if (NOT_PAGES.has(e.name)) continue;
            const path = join(folder, e.name);
            if (e.kind === 'folder') {
              if (!e.link) await walk(path);
            }
            else if (e.kind === 'file' && isMarkdownPath(path)) {
              const key = root.keyPrefix + path.normalize('NFC');
              const head = this.builds.idOf(key) === undefined ? await root.tree.head(path) : undefined;
              const id = head === undefined ? undefined : await claimOf(root, head, path);
              if (id !== undefined) ids.set(id, [...(ids.get(id) ?? []), key]);
            }
          }
        };
        await walk('');
      }
      return { ids, complete };
    })();
    return this.frontMatterIds;
  }
}

/** The id the file names as its own (`claimedIdOf`), with its site's generator keys as its build has them. */
async function claimOf(root: RepositoryRoot, head: string, path: string): Promise<string | undefined> {
  // A site that cannot be read is no site, as for the build (which then reads `id` as outside one).
  const generatorKeys = await root.generatorKeys?.(path, head).catch(() => undefined);
  return claimedIdOf(head, path, root.idPrefix, { generatorKeys })?.id;
}

function join(folder: string, name: string): string {
  return folder ? `${folder}/${name}` : name;
}

/**
 * A segment `encodeIdSegment` can write: lowercase ASCII letters, digits and `. _ -` without `--` and without `-`
 * at either end or beside a dot; or a marked one, its readable part, `--`, eight hex digits and its extension.
 */
function isEncodedSegment(segment: string): boolean {
  if (segment === '_') return true;
  const marked = /^([a-z0-9._-]*)--[0-9a-f]{8}(\.[a-z0-9_-]*)?$/.exec(segment);
  const plain = marked ? `${marked[1] ?? ''}${marked[2] ?? ''}` : segment;
  return (marked !== null && plain === '') || (/^[a-z0-9._-]+$/.test(plain) && !/--|^-|-$|-\.|\.-/.test(plain));
}

/** An id `shortenId` cut: exactly the longest, with its whole id's 10-digit hash between `~`s before the file name's end. */
function isShortened(id: string): boolean {
  return id.length === MAX_ID_LENGTH && /~[0-9a-f]{10}~[^~]*$/.test(id);
}
