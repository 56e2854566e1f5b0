/**
 * Finding a page's docs site (F15): the generator's config in the page's folder or the nearest parent folder up to
 * the root (a workspace folder, the repository root). Configs are read as data, never run (`literal.ts`); each is
 * read once per resolver, which a run shares among its pages.
 */
import { loadDocusaurus } from './docusaurus';
import { loadMintlify } from './mintlify';
import { loadMkdocs } from './mkdocs';
import { SITE_CONFIG_FILES } from './configFiles';
import { GENERATOR_KEYS, joinPath, siteFacts } from './types';
import type { Site, SiteFacts, SiteFiles, SitePage, SiteWarning } from './types';

export { SITE_CONFIG_FILES };

/** The sites of one root, each config read once. */
export class SiteResolver {
  private readonly byFolder = new Map<string, Promise<Site | undefined>>();

  constructor(private readonly files: SiteFiles) {}

  /** The site whose config is in the folder of `path` or the nearest parent; undefined when there is none. */
  async siteOf(path: string): Promise<Site | undefined> {
    const parts = path.split('/').slice(0, -1);
    for (let n = parts.length; n >= 0; n--) {
      const site = await this.siteIn(parts.slice(0, n).join('/'));
      if (site) return site;
    }
    return undefined;
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
   */
  async factsOf(path: string, text: string): Promise<SiteFacts | undefined> {
    const site = await this.siteOf(path);
    if (!site) return undefined;
    const facts = siteFacts(await site.page(path, text), site.generator);
    if (facts?.notPublished !== undefined) return facts;
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
