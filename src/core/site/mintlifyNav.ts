/**
 * Where each page sits in a Mintlify navigation (Mintlify's "Navigation" docs), for its breadcrumb.
 *
 * `docs.json`: `navigation` nests `languages`, `versions`, `tabs`, `anchors`, `dropdowns`, `products`, `menu`
 * items and `groups`, down to `pages`, whose entries are page paths or further groups; a group's `root` page is the
 * page its title opens. The labels a reader sees above a page are the tabs, anchors, dropdowns, products, menu items
 * and groups; a language or a version is a switch of the whole site, not a place in it, so it adds no label. A
 * root page sits in its group's parent, and the group's title is its own label (clicking the title opens it).
 *
 * `mint.json` (the older config): `navigation` is a list of groups, and the top-level `tabs` and `anchors` own the
 * pages whose path starts with their `url`.
 *
 * A label that is empty adds nothing; a page named twice keeps its first place.
 */

export interface NavPlace {
  /** The labels above the page, outermost first. */
  sections: string[];
  /** The page's own label in the navigation, when the navigation names it (a group's root page). */
  label?: string;
}

/** The label keys of each kind of navigation element (`languages`/`versions` name no place). */
const LABEL_KEYS = ['tab', 'anchor', 'dropdown', 'product', 'item', 'group'];
/** The keys whose values hold further navigation. */
const CONTAINERS = ['languages', 'versions', 'tabs', 'anchors', 'dropdowns', 'products', 'menu', 'groups', 'pages'];

/** Each page's place, by its path under the docs root without the extension (`guides/install`). */
export function navigationPlaces(navigation: unknown, oldConfig?: { tabs?: unknown; anchors?: unknown }): Map<string, NavPlace> {
  const places = new Map<string, NavPlace>();
  walk(navigation, [], places);
  if (oldConfig) prefixOldTabs(places, [oldConfig.tabs, oldConfig.anchors]);
  return places;
}

/** A page entry as a route: no leading slash, no `.md`/`.mdx`; undefined for a link elsewhere. */
export function pageRoute(entry: string): string | undefined {
  const trimmed = entry.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('//')) return undefined;
  return trimmed.replace(/^\/+/, '').replace(/\.mdx?$/i, '');
}

function walk(node: unknown, sections: string[], places: Map<string, NavPlace>): void {
  if (typeof node === 'string') {
    place(places, node, { sections });
    return;
  }
  if (Array.isArray(node)) {
    for (const item of node) walk(item, sections, places);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const record = node as Record<string, unknown>;
  const label = LABEL_KEYS.map((k) => record[k]).find((v): v is string => typeof v === 'string' && v.trim() !== '')?.trim();
  const inner = label === undefined ? sections : [...sections, label];
  if (typeof record.root === 'string') place(places, record.root, label === undefined ? { sections } : { sections, label });
  for (const key of CONTAINERS) if (record[key] !== undefined) walk(record[key], inner, places);
}

function place(places: Map<string, NavPlace>, entry: string, where: NavPlace): void {
  const route = pageRoute(entry);
  if (route !== undefined && !places.has(route)) places.set(route, where);
}

/** mint.json: a tab or anchor `{ name, url }` puts its label before the groups of the pages under its `url`. */
function prefixOldTabs(places: Map<string, NavPlace>, lists: unknown[]): void {
  const owners: { url: string; name: string }[] = [];
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      const { name, url } = (item ?? {}) as { name?: unknown; url?: unknown };
      if (typeof name !== 'string' || name.trim() === '' || typeof url !== 'string') continue;
      const prefix = pageRoute(url);
      if (prefix !== undefined && prefix !== '') owners.push({ url: prefix.replace(/\/+$/, ''), name: name.trim() });
    }
  }
  if (owners.length === 0) return;
  for (const [route, where] of places) {
    // The longest url wins, as one tab's folder may lie inside another's.
    const owner = owners.filter((o) => route === o.url || route.startsWith(`${o.url}/`)).sort((a, b) => b.url.length - a.url.length)[0];
    if (owner) where.sections = [owner.name, ...where.sections];
  }
}
