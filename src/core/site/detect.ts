/**
 * Finding a page's docs site (F15, F18). A config may sit anywhere in the root (a workspace folder, the repository
 * root): Docusaurus's `website/docusaurus.config.js` publishes `../docs`, beside it. So the resolver finds every
 * config of the root once (`sitesOfRoot`), and a page belongs to the site whose docs folders (`Site.docsDirs`: docs,
 * versions, translations, blog...) hold it, the nearest config winning; a page no site's folders hold is asked of
 * the config in its folder or the nearest parent, as before. Configs are read as data, never run (`literal.ts`);
 * each is read once per resolver, which a run shares among its pages.
 */
import { loadDocusaurus } from './docusaurus';
import { loadMintlify } from './mintlify';
import { loadMkdocs } from './mkdocs';
import { SITE_CONFIG_FILES } from './configFiles';
import { GENERATOR_KEYS, joinPath, siteFacts, under } from './types';
import type { Site, SiteFacts, SiteFiles, SitePage, SiteWarning } from './types';
import * as l10n from '@vscode/l10n';

export { SITE_CONFIG_FILES };

/**
 * How far the walk for configs goes (docs/sites.md#bounded-work-per-page): folders below the root, and folders
 * listed in all. A site's config sits near the top of a repository (`website/`, `docs/en/`); a repository larger
 * than this still has every config in the first levels found, and the pages of one further down found from above
 * them.
 */
const MAX_WALK_DEPTH = 6;
const MAX_WALK_FOLDERS = 5000;
const CONFIG_NAMES = new Set(SITE_CONFIG_FILES);

/** Folders the walk never enters: dependencies, git's own, and hidden ones (`.github`, `.vscode`, caches). */
function skipped(name: string): boolean {
  return name === 'node_modules' || name.startsWith('.');
}

/** The sites of one root, each config read once. */
export class SiteResolver {
  private readonly byFolder = new Map<string, Promise<Site | undefined>>();
  private everySite: Promise<Site[]> | undefined;

  constructor(private readonly files: SiteFiles) {}

  /**
   * The site that publishes `path`: of the sites whose docs folders hold it, the one whose config is nearest (fewest
   * folders between the page's folder and the config's); when none holds it, the site whose config is in the
   * page's folder or the nearest parent; undefined when there is neither.
   */
  async siteOf(path: string): Promise<Site | undefined> {
    const holding = await this.holding(path);
    return holding ?? this.siteAbove(path);
  }

  /** The site whose config is in the folder of `path` or the nearest parent; undefined when there is none. */
  async siteAbove(path: string): Promise<Site | undefined> {
    const parts = path.split('/').slice(0, -1);
    for (let n = parts.length; n >= 0; n--) {
      const site = await this.siteIn(parts.slice(0, n).join('/'));
      if (site) return site;
    }
    return undefined;
  }

  /** Every site of the root, each config found once by a bounded walk (none without `SiteFiles.list`). */
  sitesOfRoot(): Promise<Site[]> {
    return (this.everySite ??= this.walk());
  }

  /**
   * Whether every config this resolver read is still there, for a front that keeps a resolver beyond one run (the
   * Explorer's badges): a folder deleted with its config may go unannounced by file watchers.
   */
  async stillCurrent(): Promise<boolean> {
    const sites = await Promise.all(this.byFolder.values());
    const present = await Promise.all(sites.map(async (site) => site === undefined || (await this.files.read(site.configFile)) !== undefined));
    return present.every((p) => p);
  }

  /** The site with its config directly in `folder` (root-relative, '' for the root). */
  siteIn(folder: string): Promise<Site | undefined> {
    let site = this.byFolder.get(folder);
    if (!site) this.byFolder.set(folder, (site = this.load(folder)));
    return site;
  }

  /** The warnings of every site read so far, each once (for a run's report). */
  async warnings(): Promise<SiteWarning[]> {
    const sites = await Promise.all(this.byFolder.values());
    return sites.flatMap((site) => site?.warnings ?? []);
  }

  /** What the site decides about the page; undefined when no site covers it. */
  async pageOf(path: string, text: string): Promise<SitePage | undefined> {
    const site = await this.siteOf(path);
    return site?.page(path, text);
  }

  /**
   * The facts the page's build takes (`DocumentOptions.site`). A file of the site that is no page still takes how
   * the site resolves its images (a blog post's `/img/a.png` is in the static folder), and nothing else.
   *
   * With docs sites in the root, what a batch takes is what they publish (issue 35): a file no site publishes
   * (outside every site's docs folders, or no page of the site that holds it) gets `outsideSite`, and its build is
   * a skip with that reason, unless the writer `named` it (Ingest Current File, a path on the command line, an
   * include glob that spells its name, a preview): then it is built as outside a site, as before. A root without a
   * site gives what it gave before.
   */
  async factsOf(path: string, text: string, options: { named?: boolean } = {}): Promise<SiteFacts | undefined> {
    const holding = await this.holding(path);
    const site = holding ?? (await this.siteAbove(path));
    if (!holding && !options.named) {
      const outside = await this.outsideEverySite(path);
      if (outside !== undefined) return { outsideSite: outside };
    }
    if (!site) return undefined;
    const page = await site.page(path, text);
    const facts = siteFacts(page, site.generator);
    if (facts?.notPublished !== undefined) return facts;
    // Held by a site that makes no page of it (a Docusaurus `.txt` beside the docs): a batch leaves it out too.
    if (!facts && page.notPage !== undefined && !options.named) return { outsideSite: l10n.t('not published by the site {0}: {1}', site.configFile, page.notPage) };
    const images = await site.imagesOf(path);
    return images ? { ...facts, images } : facts;
  }

  /**
   * The front matter keys the page's generator owns (`SiteFacts.generatorKeys`), for computing the page's id
   * without building it (`documentIdOf`); undefined when the file is no page of a site.
   */
  async generatorKeysOf(path: string, input: string | Uint8Array): Promise<readonly string[] | undefined> {
    const site = await this.siteOf(path);
    // Most generators own none of our keys: no need to read the page then.
    if (!site || GENERATOR_KEYS[site.generator].length === 0) return undefined;
    const text = typeof input === 'string' ? input : new TextDecoder().decode(input);
    return siteFacts(await site.page(path, text), site.generator)?.generatorKeys;
  }

  /**
   * Why no site of the root publishes `path`, held by none of their docs folders: the phrase naming the nearest
   * site (all of them when several are as near); undefined when the root has no site.
   */
  private async outsideEverySite(path: string): Promise<string | undefined> {
    const above = await this.siteAbove(path);
    const sites = above ? [above] : await this.sitesOfRoot();
    if (sites.length === 0) return undefined;
    const folder = path.split('/').slice(0, -1);
    const distance = (site: Site) => folderDistance(folder, site.folder === '' ? [] : site.folder.split('/'));
    const nearest = Math.min(...sites.map(distance));
    const named = sites.filter((s) => distance(s) === nearest).map((s) => s.configFile).sort();
    return named.length === 1
      ? l10n.t('not published by the site {0}: outside its docs folders', named[0] ?? '')
      : l10n.t('not published by the sites {0}: outside their docs folders', named.join(', '));
  }

  /** Of the sites whose docs folders hold `path`, the one with the nearest config. */
  private async holding(path: string): Promise<Site | undefined> {
    let best: { site: Site; distance: number } | undefined;
    // The site above is a candidate too: without a listing (`SiteFiles.list`) it is the only one.
    const above = await this.siteAbove(path);
    const sites = await this.sitesOfRoot();
    for (const site of above && !sites.includes(above) ? [above, ...sites] : sites) {
      if (!site.docsDirs.some((dir) => under(dir, path) !== undefined)) continue;
      const distance = folderDistance(path.split('/').slice(0, -1), site.folder === '' ? [] : site.folder.split('/'));
      if (!best || distance < best.distance) best = { site, distance };
    }
    return best?.site;
  }

  /** Breadth first, so that with the bound reached the configs near the top are the ones found. */
  private async walk(): Promise<Site[]> {
    const list = this.files.list?.bind(this.files);
    if (!list) return [];
    const configFolders: string[] = [];
    let queue: string[] = [''];
    let listed = 0;
    for (let depth = 0; depth <= MAX_WALK_DEPTH && queue.length > 0; depth++) {
      const next: string[] = [];
      for (const folder of queue) {
        if (listed++ >= MAX_WALK_FOLDERS) break;
        const entries = (await list(folder)) ?? [];
        if (entries.some((e) => !e.folder && CONFIG_NAMES.has(e.name))) configFolders.push(folder);
        for (const e of entries) if (e.folder && !skipped(e.name)) next.push(joinPath(folder, e.name));
      }
      queue = next.sort();
    }
    const sites = await Promise.all(configFolders.map((folder) => this.siteIn(folder)));
    return sites.filter((site): site is Site => site !== undefined);
  }

  private async load(folder: string): Promise<Site | undefined> {
    for (const name of SITE_CONFIG_FILES) {
      const configFile = joinPath(folder, name);
      const bytes = await this.files.read(configFile);
      if (bytes === undefined) continue;
      const text = new TextDecoder().decode(bytes);
      if (name.startsWith('mkdocs.')) return loadMkdocs(this.files, configFile, folder, text);
      if (name.startsWith('docusaurus.config.')) return loadDocusaurus(this.files, configFile, folder, text);
      // `docs.json` is a common name: only a Mintlify config has `navigation` (or Mintlify's schema).
      if (name === 'docs.json' && !/"navigation"\s*:|mintlify\.com/.test(text)) continue;
      return loadMintlify(this.files, configFile, folder, text);
    }
    return undefined;
  }
}

/** Folders between two folders (given as their segments) through their deepest common folder. */
function folderDistance(a: readonly string[], b: readonly string[]): number {
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return a.length - common + (b.length - common);
}
