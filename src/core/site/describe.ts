/**
 * What `doc-ingest site` and the editor's "Show Site Settings" print: the same description, built here from the
 * same files, so that both say the same thing.
 */
import type { SiteResolver } from './detect';
import { GENERATOR_NAMES } from './types';
import type { Generator, SitePage, SiteRule, SiteWarning } from './types';

export interface SiteDescription {
  sites: {
    generator: Generator;
    configFile: string;
    baseUrl?: string;
    rules: SiteRule[];
    warnings: SiteWarning[];
    pages: SitePage[];
  }[];
  /** Files of the listing that no site covers. */
  withoutSite: string[];
}

/**
 * The sites of the listed files (root-relative paths), each file placed in its site with what the site decides.
 * `read` gives a file's text (undefined when it cannot be read: left out).
 */
export async function describeSite(resolver: SiteResolver, paths: readonly string[], read: (path: string) => Promise<string | undefined>): Promise<SiteDescription> {
  const description: SiteDescription = { sites: [], withoutSite: [] };
  const byConfig = new Map<string, SiteDescription['sites'][number]>();
  for (const path of paths) {
    const site = await resolver.siteOf(path);
    if (!site) {
      description.withoutSite.push(path);
      continue;
    }
    let entry = byConfig.get(site.configFile);
    if (!entry) {
      entry = { generator: site.generator, configFile: site.configFile, rules: site.rules, warnings: site.warnings, pages: [] };
      if (site.baseUrl !== undefined) entry.baseUrl = site.baseUrl;
      byConfig.set(site.configFile, entry);
      description.sites.push(entry);
    }
    const text = await read(path);
    if (text !== undefined) entry.pages.push(await site.page(path, text));
  }
  return description;
}

/** The words of the text description, so that the editor can show it in the writer's language. */
export interface SiteDescriptionWords {
  noSite: string;
  site(generator: string, configFile: string): string;
  baseUrl: string;
  noBaseUrl: string;
  warning: string;
  pages: string;
  notPage(reason: string): string;
  url: string;
  none: string;
  breadcrumb: string;
  title: string;
  edit: string;
  withoutSite(count: number, paths: string): string;
}

export const ENGLISH_WORDS: SiteDescriptionWords = {
  noSite: 'No docs site found: no mkdocs.yml, docusaurus.config.{js,ts,mjs}, docs.json or mint.json in the repository (node_modules and hidden folders left out).',
  site: (generator, configFile) => `${generator} site: ${configFile}`,
  baseUrl: 'base URL',
  noBaseUrl: '(none: section links need a linkTemplate)',
  warning: 'warning',
  pages: 'pages',
  notPage: (reason) => `not a page: ${reason}`,
  url: 'url',
  none: '(none)',
  breadcrumb: 'breadcrumb',
  title: 'title',
  edit: 'edit',
  withoutSite: (count, paths) => `Files in no site (${count}): ${paths}`,
};

/** The description as text for reading (the command line's output, the editor's document). */
export function formatSiteDescription(description: SiteDescription, words: SiteDescriptionWords = ENGLISH_WORDS): string {
  const lines: string[] = [];
  if (description.sites.length === 0) lines.push(words.noSite);
  for (const site of description.sites) {
    if (lines.length) lines.push('');
    lines.push(words.site(GENERATOR_NAMES[site.generator], site.configFile));
    lines.push(`  ${words.baseUrl}: ${site.baseUrl ?? words.noBaseUrl}`);
    for (const rule of site.rules) lines.push(`  ${rule.name}: ${rule.value}`);
    for (const warning of site.warnings) lines.push(`  ${words.warning}: ${warning.message}`);
    lines.push(`  ${words.pages}:`);
    for (const page of site.pages) {
      if (page.notPage !== undefined) {
        lines.push(`    ${page.path}: ${words.notPage(page.notPage)}`);
        continue;
      }
      lines.push(`    ${page.path}`);
      lines.push(`      ${words.url}: ${page.url ?? words.none}`);
      lines.push(`      ${words.breadcrumb}: ${page.breadcrumb.join(' › ')}`);
      if (page.title !== undefined) lines.push(`      ${words.title}: ${page.title}`);
      if (page.editUrl !== undefined) lines.push(`      ${words.edit}: ${page.editUrl}`);
    }
  }
  if (description.withoutSite.length) lines.push('', words.withoutSite(description.withoutSite.length, description.withoutSite.join(', ')));
  return `${lines.join('\n')}\n`;
}
