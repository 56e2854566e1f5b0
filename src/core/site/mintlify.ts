/**
 * Mintlify (`docs.json`, or the older `mint.json`), read as JSON with its `$ref` parts (`mintlifyConfig.ts`).
 *
 * What it decides (Mintlify's "Navigation", "Pages", "Hidden pages", "Exclude files" and "SEO" docs):
 * - pages are the `.md`/`.mdx` files under the config's folder, but for `snippets/`, what `.mintignore` excludes and
 *   what Mintlify ignores by default (`mintlifyIgnore.ts`); a page the navigation leaves out is still published
 *   (a hidden page, reachable by its address);
 * - the address: `seo.metatags.canonical` (Mintlify's setting for a custom domain: it "appends each page's path to
 *   this base URL") + the path without the extension (`guides/install.mdx` → `guides/install`; `index.mdx` → its
 *   folder). Without it the domain is only in Mintlify's dashboard, so section links need a link template;
 * - the breadcrumb: the navigation's tabs, anchors, dropdowns, products, menu items and groups down to the page
 *   (`mintlifyNav.ts`: a language or a version is no label), then the page's label (a root page's group title,
 *   else front matter `sidebarTitle`, else `title`, else its first heading, else its file name);
 * - the title: front matter `title`, else `sidebarTitle`.
 */
import { generatedMarkdown, MintlifyApiSpecs } from './mintlifyApi';
import { readMintlifyConfig } from './mintlifyConfig';
import { MINTIGNORE_FILE, mintlifyExclusions } from './mintlifyIgnore';
import { navigationPlaces } from './mintlifyNav';
import { readPageText } from './pageText';
import { encodeUrlPath, joinPath, joinUrl, under } from './types';
import type { Site, SiteFiles, SitePage, SiteRule } from './types';
import * as l10n from '@vscode/l10n';
import { isJsonObject } from '../jsonObject';

export async function loadMintlify(files: SiteFiles, configFile: string, folder: string, text: string): Promise<Site> {
  const { value: config, parts, warnings } = await readMintlifyConfig(files, configFile, folder, text);
  const record = isJsonObject(config) ? config : {};
  const oldConfig = configFile.endsWith('mint.json');
  const places = navigationPlaces(record.navigation, oldConfig ? { tabs: record.tabs, anchors: record.anchors } : undefined);
  const canonical = canonicalOf(record);
  if (canonical === undefined) {
    warnings.push({
      file: configFile,
      setting: 'seo.metatags.canonical',
      message: l10n.t('{0} names no published address (seo.metatags.canonical, Mintlify\'s setting for a custom domain; else the domain is set in Mintlify\'s dashboard), so pages have no address of their own; set it there, or give a linkTemplate such as https://docs.example.com/{page}#{anchor} in .doc-ingest.json or the docIngest.linkTemplate setting.', configFile),
    });
  }
  const mintignorePath = joinPath(folder, MINTIGNORE_FILE);
  const mintignore = await files.read(mintignorePath);
  const exclusions = mintlifyExclusions(mintignore === undefined ? undefined : new TextDecoder().decode(mintignore), mintignorePath);
  const apiSpecs = new MintlifyApiSpecs(files, folder);
  const rules: SiteRule[] = [
    { name: 'navigation', value: `${places.size} pages` },
    ...(parts.length > 0 ? [{ name: '$ref', value: parts.join(', ') }] : []),
    { name: 'seo.metatags.canonical', value: canonical ?? l10n.t('(not set)') },
    { name: '.mintignore', value: mintignore === undefined ? l10n.t('(none: the default patterns and snippets/)') : l10n.t('{0}, the default patterns and snippets/', mintignorePath) },
  ];
  return {
    generator: 'mintlify',
    configFile,
    folder,
    ...(canonical !== undefined ? { baseUrl: `${canonical}/` } : {}),
    docsDirs: [folder],
    rules,
    warnings,
    async page(path: string, pageText: string): Promise<SitePage> {
      const inSite = under(folder, path);
      if (inSite === undefined || !/\.mdx?$/i.test(inSite)) return { path, breadcrumb: [], notPage: l10n.t('not a page of the site') };
      const excluded = exclusions.reasonOf(inSite);
      if (excluded !== undefined) return { path, breadcrumb: [], notPage: excluded, unpublished: true };
      const route = inSite.replace(/\.mdx?$/i, '');
      const read = readPageText(pageText);
      const fm = read.frontMatter;
      const stem = route.split('/').pop() ?? route;
      const where = places.get(route);
      // An API page: Mintlify writes its operation or channel from the spec, and titles it from there (`mintlifyApi.ts`).
      const api = await apiSpecs.partOf(fm);
      const apiTitle = api !== undefined && 'title' in api ? api.title : undefined;
      const label = nonEmpty(where?.label) ?? nonEmpty(fm.get('sidebarTitle')) ?? nonEmpty(fm.get('title')) ?? nonEmpty(apiTitle) ?? nonEmpty(read.h1) ?? stem;
      const page: SitePage = { path, breadcrumb: [...(where?.sections ?? []), label] };
      const title = nonEmpty(fm.get('title')) ?? nonEmpty(fm.get('sidebarTitle')) ?? nonEmpty(apiTitle);
      if (title !== undefined) page.title = title;
      if (api !== undefined) {
        page.generated = 'missing' in api ? { missing: api.missing } : { markdown: generatedMarkdown(api, nonEmpty(fm.get('description')) !== undefined) };
      }
      if (canonical !== undefined) {
        const address = route === 'index' ? '' : route.replace(/\/index$/, '');
        page.url = address === '' ? canonical : joinUrl(`${canonical}/`, encodeUrlPath(address));
      }
      return page;
    },
    // Mintlify serves the docs root's files at the site's root, and a page's address is its path without the
    // extension (no trailing slash), so raw HTML's relative paths resolve from the file's folder as written.
    imagesOf(path: string) {
      return Promise.resolve(under(folder, path) === undefined ? undefined : { siteRoot: folder });
    },
  };
}

/** `seo.metatags.canonical` as an absolute http(s) address without a trailing slash. */
function canonicalOf(config: Record<string, unknown>): string | undefined {
  const seo = config.seo;
  const metatags = isJsonObject(seo) ? seo.metatags : undefined;
  const canonical = isJsonObject(metatags) ? metatags.canonical : undefined;
  if (typeof canonical !== 'string' || !/^https?:\/\/[^/\s]+/i.test(canonical.trim())) return undefined;
  return canonical.trim().replace(/\/+$/, '');
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}
