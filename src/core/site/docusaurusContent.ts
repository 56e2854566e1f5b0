/**
 * Docusaurus's blog and pages plugins (F15, issue 35): the pages a Docusaurus site publishes besides its docs.
 *
 * - The blog (`@docusaurus/plugin-content-blog`, the classic preset's `blog`): `path` (default `blog`) and
 *   `routeBasePath` (default `blog`), each instance its own. A post's address is `baseUrl` + `routeBasePath` + its
 *   slug: front matter `slug`, else, for a file or folder named `YYYY-MM-DD-name` (`2021-08-26-welcome.md`,
 *   `2021-08-26-welcome/index.md`), `/YYYY/MM/DD/name`, else its path without the extension and a final `/index`
 *   (Docusaurus `blogUtils.ts` `parseBlogFileName`; front matter `date:` dates the post, never moves it).
 * - Pages (`@docusaurus/plugin-content-pages`, the preset's `pages`): `path` (default `src/pages`), `routeBasePath`
 *   (default `/`); a Markdown page's address is its path without the extension, `index` being its folder.
 * - Both leave out what their default `exclude` globs name: files or folders starting with `_`, `__tests__`.
 * - Translations: `i18n/<locale>/docusaurus-plugin-content-blog[-<id>]/` and `.../docusaurus-plugin-content-pages/`
 *   under `/<locale>/`, as the docs' are.
 * - The breadcrumb: the blog's title (`blogTitle`, default `Blog`) then the post's title; a page's title alone.
 */
import { isObject, property, str } from './literal';
import type { Literal, LiteralObject } from './literal';
import { readPageText } from './pageText';
import { joinPath, under } from './types';
import type { SitePage } from './types';
import * as l10n from '@vscode/l10n';

export interface ContentInstance {
  kind: 'blog' | 'pages';
  /** Root-relative folder. */
  path: string;
  /** As configured, relative to the site folder (the edit link's part). */
  pathSetting: string;
  routeBasePath: string;
  pluginId: string;
  editUrl?: string;
  /** The blog's title, the first label of a post's breadcrumb. */
  blogTitle?: string;
  locale?: string;
}

/** Reads a setting: an Unknown is a warning naming it, and no value (as `docusaurus.ts` reads). */
type Setting = (value: Literal, name: string, instead: string) => Literal;

const PLUGINS = { blog: /(^|\/)(?:plugin-)?content-blog$/, pages: /(^|\/)(?:plugin-)?content-pages$/ } as const;
const DEFAULT_PATH = { blog: 'blog', pages: 'src/pages' } as const;
const DEFAULT_ROUTE = { blog: 'blog', pages: '/' } as const;

/** The blog and pages instances of the config: the classic preset's `blog` and `pages`, and each plugin. */
export function contentInstances(config: LiteralObject, folder: string, setting: Setting): ContentInstance[] {
  const instances: ContentInstance[] = [];
  const add = (kind: 'blog' | 'pages', options: Literal, where: string) => {
    if (options === false) return;
    const o: LiteralObject = isObject(options) ? options : { kind: 'object', entries: new Map(), line: undefined };
    const get = (key: string, instead: string) => setting(property(o, key), `${where}.${key}`, instead);
    const pathSetting = str(get('path', l10n.t('include globs and a linkTemplate in .doc-ingest.json'))) ?? DEFAULT_PATH[kind];
    const editUrl = kind === 'blog' ? str(get('editUrl', l10n.t('nothing (the edit link is left out)'))) : undefined;
    const blogTitle = kind === 'blog' ? str(get('blogTitle', l10n.t('nothing (the breadcrumb starts with Blog)'))) : undefined;
    instances.push({
      kind,
      path: joinPath(folder, pathSetting),
      pathSetting,
      routeBasePath: str(get('routeBasePath', l10n.t('a linkTemplate in .doc-ingest.json'))) ?? DEFAULT_ROUTE[kind],
      pluginId: str(get('id', l10n.t('nothing (the plugin is taken as the default one)'))) ?? 'default',
      ...(editUrl !== undefined ? { editUrl } : {}),
      ...(kind === 'blog' ? { blogTitle: blogTitle ?? 'Blog' } : {}),
    });
  };
  const presets = property(config, 'presets');
  if (Array.isArray(presets)) {
    for (const preset of presets) {
      const [name, options] = Array.isArray(preset) ? [preset[0], preset[1]] : [preset, undefined];
      if (typeof name !== 'string' || !/(^|\/|-)classic$|preset-classic$/.test(name)) continue;
      const o = isObject(options) ? options : undefined;
      add('blog', o ? setting(property(o, 'blog'), 'blog', l10n.t('nothing (the blog is read with its defaults)')) : undefined, 'blog');
      add('pages', o ? setting(property(o, 'pages'), 'pages', l10n.t('nothing (the pages are read with their defaults)')) : undefined, 'pages');
    }
  }
  const plugins = property(config, 'plugins');
  if (Array.isArray(plugins)) {
    for (const plugin of plugins) {
      const [name, options] = Array.isArray(plugin) ? [plugin[0], plugin[1]] : [plugin, undefined];
      if (typeof name !== 'string') continue;
      for (const kind of ['blog', 'pages'] as const) if (PLUGINS[kind].test(name)) add(kind, options ?? null, `plugins ${kind}`);
    }
  }
  return instances;
}

/** Each instance's translation for each other locale (`i18n/<locale>/docusaurus-plugin-content-blog/`). */
export function contentTranslations(folder: string, instances: readonly ContentInstance[], locales: readonly string[]): ContentInstance[] {
  return locales.flatMap((locale) => instances.map((c) => {
    const plugin = `docusaurus-plugin-content-${c.kind}${c.pluginId === 'default' ? '' : `-${c.pluginId}`}`;
    return { ...c, path: joinPath(folder, `i18n/${locale}/${plugin}`), locale };
  }));
}

/** The date of a blog file name and what follows it (Docusaurus's DATE_FILENAME_REGEX). */
const DATED = /^(?<folder>.*?)(?<date>\d{4}[-/]\d{1,2}[-/]\d{1,2})[-/]?(?<text>.*?)(?:\/index)?\.mdx?$/i;

/**
 * What the instance decides about the file at `inside` (relative to its folder): its permalink (after `baseUrl`
 * and the locale), breadcrumb and title; a `notPage` for what the plugin leaves out.
 */
export function contentPage(instance: ContentInstance, path: string, inside: string, pageText: string): { page: SitePage; permalink?: string } {
  const segments = inside.split('/');
  if (segments.some((s) => s.startsWith('_') || s === '__tests__')) {
    return { page: { path, breadcrumb: [], notPage: l10n.t('a partial or test file of the {0} (its name starts with _): not published', instance.kind === 'blog' ? 'blog' : 'pages'), unpublished: true } };
  }
  if (!/\.mdx?$/i.test(inside)) return { page: { path, breadcrumb: [], notPage: l10n.t('not a .md or .mdx file') } };
  const read = readPageText(pageText);
  const fm = read.frontMatter;
  let slug: string;
  if (instance.kind === 'blog') {
    const dated = DATED.exec(inside)?.groups;
    const parsed = dated ? `/${(dated.date ?? '').replace(/-/g, '/')}/${dated.folder ?? ''}${dated.text ?? ''}` : `/${inside.replace(/(?:\/index)?\.mdx?$/i, '')}`;
    slug = fm.get('slug') ?? parsed;
  } else {
    const stem = inside.replace(/\.mdx?$/i, '');
    slug = stem === 'index' ? '/' : stem.endsWith('/index') ? `/${stem.slice(0, -'index'.length)}` : `/${stem}`;
  }
  const title = fm.get('title') ?? read.h1;
  const label = title ?? segments[segments.length - 1]?.replace(/\.mdx?$/i, '') ?? path;
  const breadcrumb = instance.kind === 'blog' ? [instance.blogTitle ?? 'Blog', label] : [label];
  const page: SitePage = { path, breadcrumb };
  if (title !== undefined) page.title = title;
  return { page, permalink: `/${instance.locale ?? ''}/${instance.routeBasePath}/${slug}` };
}

/** The instance holding `path` (the deepest folder when several do), with the path inside it. */
export function contentOf(instances: readonly ContentInstance[], path: string): { instance: ContentInstance; inside: string } | undefined {
  let found: { instance: ContentInstance; inside: string } | undefined;
  for (const instance of instances) {
    const inside = under(instance.path, path);
    if (inside !== undefined && (!found || instance.path.length > found.instance.path.length)) found = { instance, inside };
  }
  return found;
}
