/**
 * Mintlify (`docs.json`, or the older `mint.json`), read as JSON.
 *
 * What it decides (Mintlify's "Navigation" and "Pages" docs):
 * - pages are the `.md`/`.mdx` files under the config's folder, addressed by their path without the extension
 *   (`guides/install.mdx` → `guides/install`; `index.mdx` → its folder). The config names no published
 *   address (the domain is set in Mintlify's dashboard), so section links need a link template;
 * - the breadcrumb: the navigation's tabs, anchors, dropdowns and groups down to the page, then the page's label
 *   (front matter `sidebarTitle`, else `title`, else its first heading, else its file name);
 * - the title: front matter `title`, else `sidebarTitle`.
 */
import { fromData, isObject, property } from './literal';
import type { Literal } from './literal';
import { readPageText } from './pageText';
import { under } from './types';
import type { Site, SitePage, SiteRule, SiteWarning } from './types';

const CONTAINERS = ['tabs', 'anchors', 'dropdowns', 'groups', 'versions', 'languages', 'menu'];
const LABELS = ['tab', 'anchor', 'dropdown', 'group', 'version', 'language', 'item', 'name'];

export function loadMintlify(configFile: string, folder: string, text: string): Site {
  const warnings: SiteWarning[] = [];
  let config: Literal;
  try {
    config = fromData(JSON.parse(text));
  } catch (e) {
    warnings.push({ file: configFile, setting: '(file)', message: `${configFile} is not valid JSON (${e instanceof Error ? e.message : String(e)}), so the navigation was not read; fix it.` });
  }
  const places = new Map<string, string[]>();
  const navigation = isObject(config) ? property(config, 'navigation') : undefined;
  if (navigation !== undefined) walk(navigation, [], places);
  warnings.push({
    file: configFile,
    setting: 'url',
    message: `${configFile} names no published address (Mintlify sets the domain in its dashboard), so pages have no address of their own; give a linkTemplate such as https://docs.example.com/{page}#{anchor} in .doc-ingest.json or the docIngest.linkTemplate setting.`,
  });
  const rules: SiteRule[] = [{ name: 'navigation', value: `${places.size} pages` }];
  return {
    generator: 'mintlify',
    configFile,
    folder,
    docsDirs: [folder],
    rules,
    warnings,
    page(path: string, pageText: string): Promise<SitePage> {
      const inSite = under(folder, path);
      if (inSite === undefined || !/\.mdx?$/i.test(inSite)) return Promise.resolve({ path, breadcrumb: [], notPage: 'not a page of the site' });
      const route = inSite.replace(/\.mdx?$/i, '');
      const read = readPageText(pageText);
      const fm = read.frontMatter;
      const stem = route.split('/').pop() ?? route;
      const label = fm.get('sidebarTitle') ?? fm.get('title') ?? read.h1 ?? stem;
      const page: SitePage = { path, breadcrumb: [...(places.get(route) ?? []), label] };
      const title = fm.get('title') ?? fm.get('sidebarTitle');
      if (title !== undefined) page.title = title;
      return Promise.resolve(page);
    },
    // Mintlify serves the docs root's files at the site's root, and a page's address is its path without the
    // extension (no trailing slash), so raw HTML's relative paths resolve from the file's folder as written.
    imagesOf(path: string) {
      return Promise.resolve(under(folder, path) === undefined ? undefined : { siteRoot: folder });
    },
  };
}

/** Records each page's enclosing labels. */
function walk(node: Literal, labels: string[], places: Map<string, string[]>): void {
  if (typeof node === 'string') {
    if (!places.has(node)) places.set(node.replace(/^\/+/, ''), labels);
    return;
  }
  if (Array.isArray(node)) {
    for (const item of node) walk(item, labels, places);
    return;
  }
  if (!isObject(node)) return;
  const label = LABELS.map((k) => property(node, k)).find((v): v is string => typeof v === 'string');
  const inner = label === undefined ? labels : [...labels, label];
  for (const key of [...CONTAINERS, 'pages']) {
    const children = property(node, key);
    if (children !== undefined) walk(children, inner, places);
  }
}
