/**
 * MkDocs (`mkdocs.yml`), read as YAML data: tags MkDocs resolves in Python (`!ENV`, `!!python/name:...`) are never
 * resolved, and a setting that holds one is a warning naming it.
 *
 * What it decides (MkDocs's user guide, "Configuration" and "Writing your docs"):
 * - pages are the Markdown files under `docs_dir` (default `docs`, relative to the config), minus `exclude_docs`;
 * - a page's address is `site_url` + its path: with `use_directory_urls` (the default) `guide/install.md` →
 *   `guide/install/` and `guide/index.md` → `guide/`; without, `guide/install.html` and `guide/index.html`. A
 *   `README.md` is its folder's index when the folder has no `index.md`. Front matter cannot move a page;
 * - the title: the page's `nav` title, else its front matter `title`, else its first heading, else its file name;
 * - the breadcrumb: the `nav` sections down to the page; without `nav`, the folders (named as MkDocs names
 *   them: `-` and `_` become spaces, an all-lowercase name is capitalised);
 * - "Edit this page": `repo_url` + `edit_uri` (default `edit/master/docs/` on GitHub and GitLab) + the page's path;
 * - `INHERIT` (mkdocsConfig.ts), languages (mkdocsLanguages.ts), Material's blog plugin (mkdocsBlog.ts), and mike's
 *   versions: the addresses go under the version the config names as canonical (mike's `canonical_version`, else
 *   Material's `extra.version.default`, else mike's alias `latest`).
 * A nav section titled `""` adds no label (its pages sit in the enclosing section); no breadcrumb label is empty.
 */
import { Unknown, isObject, property } from './literal';
import type { Literal, LiteralObject } from './literal';
import { readBlog } from './mkdocsBlog';
import { readMkdocsConfig } from './mkdocsConfig';
import { excludeDocs } from './mkdocsExclude';
import { mkdocsIncludeBases } from './mkdocsIncludes';
import { languageLayout, pluginOptions } from './mkdocsLanguages';
import { readPageText } from './pageText';
import { encodeUrlPath, joinPath, joinUrl, under } from './types';
import type { Site, SiteFiles, SitePage, SiteRule } from './types';
import * as l10n from '@vscode/l10n';

interface NavEntry {
  /** Path relative to docs_dir. */
  path: string;
  /** The nav's title for it, when given. */
  title?: string;
  /** Section titles down to it (sections titled `""` left out). */
  sections: string[];
}

/** MkDocs's Markdown extensions: other files under docs_dir are copied as they lie, never pages. */
const MARKDOWN = /\.(?:md|markdown|mdown|mkdn|mkd|mdwn|mdtxt|mdtext)$/i;

export async function loadMkdocs(files: SiteFiles, configFile: string, folder: string, text: string): Promise<Site> {
  const read = await readMkdocsConfig(files, configFile, text);
  const { config, warnings } = read;
  const setting = (name: string, expected: string): Literal => {
    const value = property(config, name);
    if (value instanceof Unknown) {
      warnings.push({
        file: configFile,
        line: value.line,
        setting: name,
        message: l10n.t('{0}{1}: {2} is {3}, which is only known when MkDocs runs, so it was not read; give {4} instead.', configFile, value.line ? l10n.t(' line {0}', value.line) : '', name, value.what, expected),
      });
      return undefined;
    }
    return value;
  };
  const LINK = l10n.t('the address in a linkTemplate in .doc-ingest.json or the docIngest.linkTemplate setting');
  const siteUrl = stringSetting(setting('site_url', LINK));
  const docsDirSetting = stringSetting(setting('docs_dir', l10n.t('the pages with include globs and a linkTemplate')));
  const docsDir = joinPath(folder, docsDirSetting ?? 'docs');
  const directoryUrls = setting('use_directory_urls', 'a linkTemplate') !== false;
  const repoUrl = stringSetting(setting('repo_url', l10n.t('nothing (the edit link is left out)')));
  const editUriValue = setting('edit_uri', l10n.t('nothing (the edit link is left out)'));
  const editUri = typeof editUriValue === 'string' ? editUriValue : defaultEditUri(repoUrl);
  const excludeValue = setting('exclude_docs', l10n.t('exclude globs in .doc-ingest.json'));
  const excludes = excludeDocs(typeof excludeValue === 'string' ? excludeValue : undefined);
  const notInNav = setting('not_in_nav', l10n.t('nothing (it only silences MkDocs)'));
  const anchors = tocSlugify(property(config, 'markdown_extensions')) ? undefined : 'mkdocs';
  const plugins = property(config, 'plugins');
  // MkDocs hooks (`hooks:`, Python run on each page's Markdown) are where sites without the macros plugin fill in
  // their `{{ placeholder }}` lines (Pydantic's tables): markup only the build fills, as with the plugin.
  const templated = rendersTemplates(plugins, property(config, 'markdown_extensions')) || property(config, 'hooks') !== undefined;
  const syntax = templated ? 'mkdocs-macros' : 'mkdocs';
  const includeBases = mkdocsIncludeBases(property(config, 'markdown_extensions'), folder);
  const navValue = setting('nav', l10n.t('nothing (the breadcrumb follows the folders)'));
  const nav = Array.isArray(navValue) ? readNav(navValue, [], (title, line) => {
    warnings.push({ file: configFile, line, setting: 'nav', message: l10n.t('{0}{1}: the nav entry “{2}” is only known when MkDocs runs; name the page\'s file there instead.', configFile, line ? l10n.t(' line {0}', line) : '', title) });
  }) : undefined;
  if (siteUrl === undefined && !warnings.some((w) => w.setting === 'site_url')) {
    warnings.push({ file: configFile, setting: 'site_url', message: l10n.t('{0} has no site_url, so pages have no published address; set site_url there, or give a linkTemplate in .doc-ingest.json or the docIngest.linkTemplate setting.', configFile) });
  }
  const layout = await languageLayout(files, config, read.ownKeys, folder, docsDir, siteUrl);
  const blogOptions = pluginOptions(plugins, 'blog') ?? pluginOptions(plugins, 'material/blog');
  const blog = blogOptions ? readBlog(blogOptions, configFile, warnings) : undefined;
  const version = mikeVersion(config, plugins);
  const base = siteUrl !== undefined ? `${withSlash(siteUrl)}${version ? `${encodeURIComponent(version.name)}/` : ''}` : undefined;
  const byPath = new Map((nav ?? []).map((e) => [e.path, e]));
  const blogIndex = blog ? byPath.get(joinPath(blog.blogDir, 'index.md')) : undefined;
  const rules: SiteRule[] = [
    { name: 'site_url', value: siteUrl ?? l10n.t('(not set)') },
    ...(read.parents.length ? [{ name: 'INHERIT', value: read.parents.join(' ← ') }] : []),
    { name: 'docs_dir', value: docsDirSetting ?? 'docs (default)' },
    { name: 'use_directory_urls', value: directoryUrls ? (property(config, 'use_directory_urls') === undefined ? 'true (default)' : 'true') : 'false' },
    { name: 'nav', value: nav ? `${nav.length} pages` : l10n.t('(not set: the folders)') },
    ...(typeof notInNav === 'string' ? [{ name: 'not_in_nav', value: l10n.t('published, outside the nav (the breadcrumb is the page alone)') }] : []),
    ...layout.rules,
    ...(blog ? blog.rules : []),
    ...(version ? [{ name: 'versions (mike)', value: `under ${version.name}/ (${version.rule})` }] : []),
    { name: 'repo_url', value: repoUrl ?? l10n.t('(not set)') },
    { name: 'templates', value: syntax === 'mkdocs-macros' ? l10n.t('macros: {{ }} and {% %} are left out') : l10n.t('(no macros: {{ }} is text)') },
    { name: 'anchors', value: anchors === 'mkdocs' ? l10n.t('toc (default slugify)') : l10n.t('toc slugify set: GitHub style') },
    { name: 'edit_uri', value: typeof editUriValue === 'string' ? editUriValue : editUri !== undefined ? `${editUri} (default)` : l10n.t('(not set)') },
  ];
  // The stem is the page's as its language's default page (`index.fr.md` is an index); the README's index.md is looked
  // for beside the file itself.
  const isIndex = async (docs: string, inDocs: string, inner: string) => {
    const stem = (inner.split('/').pop() ?? '').replace(/\.[^.]*$/, '');
    return stem === 'index' || (stem.toLowerCase() === 'readme' && !(await exists(files, joinPath(docs, [...inDocs.split('/').slice(0, -1), 'index.md'].join('/')))));
  };

  return {
    generator: 'mkdocs',
    configFile,
    folder,
    ...(base !== undefined ? { baseUrl: base } : {}),
    docsDirs: layout.docsDirs,
    rules,
    warnings,
    async page(path: string, pageText: string): Promise<SitePage> {
      const at = layout.locate(path);
      if (at === undefined) return { path, breadcrumb: [], notPage: l10n.t('not under docs_dir ({0})', layout.docsDirs.map((d) => d || '.').join(', ')) };
      const { inDocs, inner } = at;
      const excluded = excludes.why(inDocs);
      if (excluded !== undefined) return { path, breadcrumb: [], notPage: excluded, unpublished: true };
      if (at.notBuilt !== undefined) return { path, breadcrumb: [], notPage: at.notBuilt, unpublished: true };
      if (!MARKDOWN.test(inDocs)) return { path, breadcrumb: [], notPage: l10n.t('not Markdown: MkDocs copies it as it lies, as no page') };
      const segments = inner.split('/');
      const fileName = segments[segments.length - 1] ?? '';
      const stem = fileName.replace(/\.[^.]*$/, '');
      const dirs = segments.slice(0, -1);
      if (stem.toLowerCase() === 'readme' && (await exists(files, joinPath(at.docsDir, [...inDocs.split('/').slice(0, -1), 'index.md'].join('/'))))) {
        return { path, breadcrumb: [], notPage: l10n.t('a README.md beside an index.md, which MkDocs leaves out'), unpublished: true };
      }
      const readText = readPageText(pageText);
      const translate = (label: string) => at.navTitles?.get(label) ?? label;
      const pageBase = at.siteUrl ?? (base !== undefined ? `${base}${at.prefix}` : undefined);
      const page: SitePage = { path, breadcrumb: [], syntax };
      if (anchors) page.anchors = anchors;
      if (includeBases) page.includeBases = includeBases;
      if (repoUrl !== undefined && editUri !== undefined && editUri !== '') {
        page.editUrl = `${/^[a-z][a-z0-9+.-]*:/i.test(editUri) ? withSlash(editUri) : joinUrl(withSlash(repoUrl), withSlash(editUri))}${encodeUrlPath(inDocs)}`;
      }
      let url: string;
      if (blog && blog.postDir !== '' && under(blog.postDir, inner) !== undefined) {
        // A post is never in the nav: its place is the blog's, and its title is its own.
        const title = nonEmpty(readText.frontMatter.get('title')) ?? readText.h1 ?? fileTitle(stem, false);
        const post = blog.post(inner, pageText, title);
        if ('notPublished' in post) return { path, breadcrumb: [], notPage: post.notPublished, unpublished: true };
        if ('problem' in post) return { path, breadcrumb: [], notPage: post.problem, unpublished: true };
        url = directoryUrls ? `${post.path}/` : `${post.path}.html`;
        const blogSections = blogIndex ? blogIndex.sections : blog.blogDir ? [fileTitle(blog.blogDir.split('/').pop() ?? 'blog', false)] : [];
        page.breadcrumb = [...blogSections.map(translate), title].filter((l) => l !== '');
      } else {
        const index = await isIndex(at.docsDir, inDocs, inner);
        if (directoryUrls) url = [...dirs, ...(index ? [] : [stem])].map((s) => `${s}/`).join('');
        else url = [...dirs, `${index ? 'index' : stem}.html`].join('/');
        const entry = byPath.get(inner) ?? byPath.get(inDocs);
        const navTitle = entry?.title !== undefined ? translate(entry.title) : undefined;
        const title = nonEmpty(navTitle) ?? nonEmpty(readText.frontMatter.get('title'));
        const label = title ?? readText.h1 ?? fileTitle(index ? (dirs[dirs.length - 1] ?? 'Home') : stem, dirs.length === 0 && index);
        const sections = entry ? entry.sections.map(translate) : nav ? [] : dirs.map((d) => fileTitle(d, false));
        page.breadcrumb = [...sections, label].filter((l) => l.trim() !== '');
        if (title !== undefined) page.title = title;
      }
      if (pageBase !== undefined) page.url = joinUrl(pageBase, encodeUrlPath(url));
      return page;
    },
    // MkDocs copies docs_dir's other files as they lie, so docs_dir is the site's root. It rewrites Markdown
    // images relative to the file, but raw HTML goes out as written, and the browser resolves it against the page's
    // address: with use_directory_urls, `a/b.md` is at `a/b/`, one folder deeper than the file. A page under a
    // language prefix finds its site-root paths in the root language's build.
    async imagesOf(path: string) {
      const at = layout.locate(path);
      if (at === undefined) return undefined;
      const dirs = at.inDocs.split('/').slice(0, -1);
      // The address is the page's as its language's (`setup.fr.md` at `fr/setup/`), one folder below its own.
      const stem = (at.inner.split('/').pop() ?? '').replace(/\.[^.]*$/, '');
      if (!directoryUrls || (await isIndex(at.docsDir, at.inDocs, at.inner)) || !MARKDOWN.test(at.inDocs)) return { siteRoot: at.siteRoot };
      return { siteRoot: at.siteRoot, htmlFolder: joinPath(at.docsDir, [...dirs, stem].join('/')) };
    },
  };
}

/**
 * The version the addresses go under when the site is published with mike: mike's own `canonical_version`, else the
 * alias Material's version selector treats as the default (`extra.version.default`, the first when a list), else
 * `latest`, the alias both use when none is named. Undefined when the site is not versioned with mike.
 */
function mikeVersion(config: LiteralObject, plugins: Literal): { name: string; rule: string } | undefined {
  const mike = pluginOptions(plugins, 'mike');
  const canonical = mike ? property(mike, 'canonical_version') : undefined;
  if (typeof canonical === 'string' && canonical.trim() !== '') return { name: canonical.trim(), rule: 'plugins.mike.canonical_version' };
  const extra = property(config, 'extra');
  const version = isObject(extra) ? property(extra, 'version') : undefined;
  const provider = isObject(version) ? property(version, 'provider') : undefined;
  if (provider !== 'mike' && !mike) return undefined;
  const named = isObject(version) ? property(version, 'default') : undefined;
  const first = Array.isArray(named) ? named.find((v): v is string => typeof v === 'string') : named;
  if (typeof first === 'string' && first.trim() !== '') return { name: first.trim(), rule: 'extra.version.default' };
  return { name: 'latest', rule: l10n.t('mike\'s default alias latest') };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value : undefined;
}

/**
 * Whether `markdown_extensions` gives `toc` a `slugify` of its own (usually `pymdownx.slugs`, which keeps Unicode
 * letters as GitHub does): then GitHub's anchors are the nearer guess; else MkDocs's default ones.
 */
function tocSlugify(extensions: Literal): boolean {
  const entries = Array.isArray(extensions) ? extensions : isObject(extensions) ? [extensions] : [];
  for (const entry of entries) {
    if (!isObject(entry)) continue;
    const toc = property(entry, 'toc');
    if (isObject(toc) && property(toc, 'slugify') !== undefined) return true;
  }
  return false;
}

/**
 * Whether the site renders its pages as Jinja templates: the mkdocs-macros plugin (`macros`), or a Markdown
 * extension of that name (`zensical.extensions.macros`). Without one, `{{ name }}` is text a reader sees.
 */
function rendersTemplates(plugins: Literal, extensions: Literal): boolean {
  const names = (value: Literal): string[] => {
    const entries = Array.isArray(value) ? value : isObject(value) ? [value] : [];
    return entries.flatMap((e) => (typeof e === 'string' ? [e] : isObject(e) ? [...e.entries.keys()] : []));
  };
  return [...names(plugins), ...names(extensions)].some((name) => /(?:^|[.-])macros$/.test(name));
}

function stringSetting(value: Literal): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/** MkDocs's default `edit_uri` for the hosts it knows. */
function defaultEditUri(repoUrl: string | undefined): string | undefined {
  if (repoUrl === undefined) return undefined;
  try {
    const host = new URL(repoUrl).hostname;
    if (host === 'github.com' || host === 'gitlab.com') return 'edit/master/docs/';
    if (host === 'bitbucket.org') return 'src/default/docs/';
  } catch {
    // not a URL: no edit link
  }
  return undefined;
}

/** MkDocs's title of a file or folder name: `-` and `_` become spaces, an all-lowercase name is capitalised. */
function fileTitle(name: string, homepage: boolean): string {
  if (homepage) return 'Home';
  const title = name.replace(/[-_]/g, ' ');
  return title.toLowerCase() === title ? title.charAt(0).toUpperCase() + title.slice(1) : title;
}

function readNav(items: Literal[], sections: string[], onUnknown: (title: string, line: number | undefined) => void): NavEntry[] {
  const entries: NavEntry[] = [];
  for (const item of items) {
    if (typeof item === 'string') {
      if (!isExternal(item)) entries.push({ path: normalizeNavPath(item), sections });
    } else if (isObject(item)) {
      for (const [title, value] of item.entries) {
        if (typeof value === 'string') {
          if (!isExternal(value)) entries.push({ path: normalizeNavPath(value), ...(title.trim() !== '' ? { title } : {}), sections });
        } else if (Array.isArray(value)) {
          // A section titled "" shows no title (FastAPI's nav): it adds no label to its pages' breadcrumbs.
          entries.push(...readNav(value, title.trim() === '' ? sections : [...sections, title], onUnknown));
        } else if (value instanceof Unknown) {
          onUnknown(title, value.line);
        }
      }
    }
  }
  return entries;
}

function isExternal(path: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//');
}

function normalizeNavPath(path: string): string {
  return joinPath('', path.trim());
}

async function exists(files: SiteFiles, path: string): Promise<boolean> {
  return (await files.read(path)) !== undefined;
}
