/**
 * The languages of an MkDocs site: which language a file is in, its path as the default language's page (for the
 * `nav` and the address), and the address prefix of its language. Three layouts are read, each from the config as
 * data:
 *
 * - **Sibling language folders** (FastAPI's): the config sits in a folder named as a language (`docs/en/mkdocs.yml`,
 *   `docs_dir: docs`), Material's language selector `extra.alternate` names the other languages with their links
 *   (`link: /de/`), and a sibling folder of that name has the same inner layout (`docs/de/docs/index.md`). Such a
 *   folder is built by the project with the same config at `site_url` + `de/`, a missing file taken from the
 *   config's own folder. Only the languages the selector names are taken, and only when their folder is there: a
 *   folder merely named like a language is never a translation.
 * - **A per-language config** that inherits the main one (`docs/hi/mkdocs.yml` with `INHERIT: ../en/mkdocs.yml`,
 *   no `site_url` of its own): its pages are published under its language's link, as the selector says.
 * - **mkdocs-static-i18n** (`plugins: - i18n: languages: ...`): `docs_structure: suffix` (the default; `page.fr.md`)
 *   or `folder` (`fr/page.md`); the default language at the root, the others under `<locale>/` (or their own
 *   `site_url`); a language with `build: false` is not published; `nav_translations` renames nav titles.
 *
 * A site-root path (`/img/a.png`) of a page under a language prefix is served by the root language's build: its
 * images resolve there.
 */
import { isObject, property } from './literal';
import type { Literal, LiteralObject } from './literal';
import { joinPath, under } from './types';
import type { SiteFiles, SiteRule } from './types';
import * as l10n from '@vscode/l10n';

export interface PageLanguage {
  /** The docs folder the file is in (root-relative). */
  docsDir: string;
  /** The file's path under `docsDir`. */
  inDocs: string;
  /** The file's path as the default language's page: what `nav` names and what the address is made of. */
  inner: string;
  /** The address prefix under `site_url` (`''`, `de/`). */
  prefix: string;
  /** The language's own `site_url` (mkdocs-static-i18n), which replaces the site's and the prefix. */
  siteUrl?: string;
  /** The folder a site-root path (`/img/a.png`) resolves from. */
  siteRoot: string;
  /** The language's code, when the site has languages. */
  code?: string;
  /** Set when the language is not published: why. */
  notBuilt?: string;
  /** Nav titles as the language shows them (mkdocs-static-i18n `nav_translations`). */
  navTitles?: ReadonlyMap<string, string>;
}

export interface LanguageLayout {
  /** Every docs folder of the site: its own and its languages'. */
  docsDirs: string[];
  rules: SiteRule[];
  /** The file's language and paths; undefined when it is in none of the docs folders. */
  locate(path: string): PageLanguage | undefined;
}

/** `en`, `pt-BR`, `zh-hant`, `sr_Latn`: what a language code looks like, never a path with a dot or a slash. */
const LANGUAGE_CODE = /^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/;

export async function languageLayout(
  files: SiteFiles,
  config: LiteralObject,
  ownKeys: ReadonlySet<string>,
  folder: string,
  docsDir: string,
  siteUrl: string | undefined,
): Promise<LanguageLayout> {
  const i18n = pluginOptions(property(config, 'plugins'), 'i18n');
  if (i18n) return staticI18n(i18n, docsDir);
  return siblingFolders(files, config, ownKeys, folder, docsDir, siteUrl);
}

/** The options of the plugin `name` in `plugins` (a list of names and one-key mappings, or a mapping). */
export function pluginOptions(plugins: Literal, name: string): LiteralObject | undefined {
  const entries = Array.isArray(plugins) ? plugins : isObject(plugins) ? [plugins] : [];
  for (const entry of entries) {
    if (entry === name) return { kind: 'object', entries: new Map(), line: undefined };
    if (!isObject(entry) || !entry.entries.has(name)) continue;
    const options = entry.entries.get(name);
    return isObject(options) ? options : { kind: 'object', entries: new Map(), line: undefined };
  }
  return undefined;
}

interface Alternate {
  code: string;
  /** The address prefix under site_url: `''` for the root language, `de/`. */
  prefix: string;
}

/** Material's language selector (`extra.alternate`): each language's code and its prefix under `site_url`. */
function alternates(config: LiteralObject, siteUrl: string | undefined): Alternate[] {
  const extra = property(config, 'extra');
  const list = isObject(extra) ? property(extra, 'alternate') : undefined;
  if (!Array.isArray(list)) return [];
  const theme = property(config, 'theme');
  const themeLanguage = isObject(theme) ? property(theme, 'language') : undefined;
  const basePath = siteUrl !== undefined ? urlPath(siteUrl) : '/';
  const found: Alternate[] = [];
  for (const item of list) {
    if (!isObject(item)) continue;
    const link = property(item, 'link');
    if (typeof link !== 'string') continue;
    let path = /^[a-z][a-z0-9+.-]*:/i.test(link) ? urlPath(link) : link;
    if (!path.startsWith('/')) continue;
    if (path.startsWith(basePath)) path = path.slice(basePath.length);
    else if (`${path}/` === basePath) path = '';
    else continue;
    const prefix = path === '' ? '' : `${path.replace(/\/+$/, '')}/`;
    const lang = property(item, 'lang');
    const code = typeof lang === 'string' ? lang : prefix === '' ? (typeof themeLanguage === 'string' ? themeLanguage : undefined) : prefix.slice(0, -1);
    if (code !== undefined && LANGUAGE_CODE.test(code) && (prefix === '' || prefix === `${code}/`)) found.push({ code, prefix });
  }
  return found;
}

function urlPath(url: string): string {
  try {
    const path = new URL(url).pathname;
    return path.endsWith('/') ? path : `${path}/`;
  } catch {
    return '/';
  }
}

async function siblingFolders(
  files: SiteFiles,
  config: LiteralObject,
  ownKeys: ReadonlySet<string>,
  folder: string,
  docsDir: string,
  siteUrl: string | undefined,
): Promise<LanguageLayout> {
  const single: LanguageLayout = {
    docsDirs: [docsDir],
    rules: [],
    locate: (path) => {
      const inDocs = under(docsDir, path);
      return inDocs === undefined ? undefined : { docsDir, inDocs, inner: inDocs, prefix: '', siteRoot: docsDir };
    },
  };
  const segments = folder.split('/');
  const ownCode = segments[segments.length - 1] ?? '';
  const inner = under(folder, docsDir);
  const languages = alternates(config, siteUrl);
  const own = languages.find((l) => l.code === ownCode);
  // The layout needs the config in a folder named as one of the selector's languages, its docs inside it.
  if (folder === '' || !own || inner === undefined || inner === '') return single;
  const parent = segments.slice(0, -1).join('/');
  const docsOf = (code: string) => joinPath(joinPath(parent, code), inner);
  const hasDocs = async (dir: string) => (await files.read(`${dir}/index.md`)) !== undefined || (await files.read(`${dir}/README.md`)) !== undefined;
  const rootLanguage = languages.find((l) => l.prefix === '');
  const rootDocs = rootLanguage && rootLanguage.code !== ownCode && (await hasDocs(docsOf(rootLanguage.code))) ? docsOf(rootLanguage.code) : docsDir;
  // A per-language config that inherits its site_url publishes under its language's link.
  const ownPrefix = ownKeys.has('site_url') ? '' : own.prefix;
  const translations: { code: string; prefix: string; docsDir: string }[] = [];
  // Only the root language's config builds the others' folders (a per-language config builds its own).
  for (const language of own.prefix === '' ? languages : []) {
    if (language.code === ownCode || language.prefix === '') continue;
    const dir = docsOf(language.code);
    if (await hasDocs(dir)) translations.push({ code: language.code, prefix: language.prefix, docsDir: dir });
  }
  if (ownPrefix === '' && translations.length === 0) return single;
  return {
    docsDirs: [docsDir, ...translations.map((t) => t.docsDir)],
    rules: [
      {
        name: 'languages',
        value: [`${ownCode} (${docsDir}) at ${ownPrefix === '' ? '/' : `/${ownPrefix}`}`, ...translations.map((t) => `${t.code} (${t.docsDir}) at /${t.prefix}`)].join(', '),
      },
    ],
    locate(path) {
      const inDocs = under(docsDir, path);
      if (inDocs !== undefined) return { docsDir, inDocs, inner: inDocs, prefix: ownPrefix, siteRoot: ownPrefix === '' ? docsDir : rootDocs, code: ownCode };
      for (const t of translations) {
        const inTranslation = under(t.docsDir, path);
        if (inTranslation !== undefined) return { docsDir: t.docsDir, inDocs: inTranslation, inner: inTranslation, prefix: t.prefix, siteRoot: rootDocs, code: t.code };
      }
      return undefined;
    },
  };
}

interface I18nLanguage {
  code: string;
  isDefault: boolean;
  build: boolean;
  siteUrl?: string;
  navTitles?: Map<string, string>;
}

/** mkdocs-static-i18n, 1.x (`languages: [{locale, default, build, site_url, nav_translations}]`) or 0.x (`default_language`, `languages: {fr: français}`). */
function staticI18n(options: LiteralObject, docsDir: string): LanguageLayout {
  const languages: I18nLanguage[] = [];
  const list = property(options, 'languages');
  const defaultLanguage = property(options, 'default_language');
  if (Array.isArray(list)) {
    for (const item of list) {
      if (!isObject(item)) continue;
      const locale = property(item, 'locale');
      if (typeof locale !== 'string' || locale === 'null') continue;
      const siteUrl = property(item, 'site_url');
      const translations = property(item, 'nav_translations');
      const language: I18nLanguage = { code: locale, isDefault: property(item, 'default') === true, build: property(item, 'build') !== false };
      if (typeof siteUrl === 'string' && siteUrl !== '') language.siteUrl = siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`;
      if (isObject(translations)) {
        language.navTitles = new Map([...translations.entries].flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : [])));
      }
      languages.push(language);
    }
  } else if (isObject(list)) {
    for (const code of list.entries.keys()) languages.push({ code, isDefault: code === defaultLanguage, build: true });
  }
  if (languages.length > 0 && !languages.some((l) => l.isDefault)) {
    const first = languages.find((l) => l.code === defaultLanguage) ?? languages[0];
    if (first) first.isDefault = true;
  }
  const byCode = new Map(languages.map((l) => [l.code, l]));
  const fallback = languages.find((l) => l.isDefault);
  const structure = property(options, 'docs_structure') === 'folder' ? 'folder' : 'suffix';
  const describe = (l: I18nLanguage) => `${l.code}${l.isDefault ? ' (default) at /' : ` at ${l.siteUrl ?? `/${l.code}/`}`}${l.build ? '' : ' (build: false)'}`;
  return {
    docsDirs: [docsDir],
    rules: [{ name: 'i18n', value: `docs_structure ${structure}${property(options, 'docs_structure') === undefined ? ' (default)' : ''}; ${languages.map(describe).join(', ') || l10n.t('(no languages)')}` }],
    locate(path) {
      const inDocs = under(docsDir, path);
      if (inDocs === undefined) return undefined;
      let language = fallback;
      let inner = inDocs;
      const parts = inDocs.split('/');
      if (structure === 'folder') {
        const first = byCode.get(parts[0] ?? '');
        // A file outside every language folder is one of the default language's (the plugin leaves its path).
        if (first && parts.length > 1) {
          language = first;
          inner = parts.slice(1).join('/');
        }
      } else {
        const name = parts[parts.length - 1] ?? '';
        const suffix = /^(.+)\.([^./]+)(\.[^./]+)$/.exec(name);
        const code = suffix?.[2];
        if (suffix && code !== undefined && (byCode.has(code) || LANGUAGE_CODE.test(code))) {
          language = byCode.get(code) ?? { code, isDefault: false, build: false };
          inner = [...parts.slice(0, -1), `${suffix[1]}${suffix[3]}`].join('/');
        }
      }
      const page: PageLanguage = { docsDir, inDocs, inner, prefix: '', siteRoot: docsDir };
      if (!language) return page;
      page.code = language.code;
      if (!language.isDefault) page.prefix = `${language.code}/`;
      if (language.siteUrl !== undefined) page.siteUrl = language.siteUrl;
      if (!language.build) page.notBuilt = byCode.has(language.code) ? l10n.t('in the language {0}, which the i18n plugin does not build (build: false)', language.code) : l10n.t('in the language {0}, which the i18n plugin\'s languages do not name', language.code);
      if (language.navTitles) page.navTitles = language.navTitles;
      return page;
    },
  };
}
