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
 * - "Edit this page": `repo_url` + `edit_uri` (default `edit/master/docs/` on GitHub and GitLab) + the page's path.
 */
import { LineCounter, parseDocument } from 'yaml';
import { Unknown, isObject, property } from './literal';
import type { Literal, LiteralObject } from './literal';
import { readPageText, yamlLiteral } from './pageText';
import { mkdocsIncludeBases } from './mkdocsIncludes';
import { encodeUrlPath, joinPath, joinUrl, under } from './types';
import type { Site, SiteFiles, SitePage, SiteRule, SiteWarning } from './types';

interface NavEntry {
  /** Path relative to docs_dir. */
  path: string;
  /** The nav's title for it, when given. */
  title?: string;
  /** Section titles down to it. */
  sections: string[];
}

export async function loadMkdocs(files: SiteFiles, configFile: string, folder: string, text: string): Promise<Site> {
  const warnings: SiteWarning[] = [];
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const lineOf = (offset: number) => lines.linePos(offset).line;
  const firstError = document.errors[0];
  let config: LiteralObject = { kind: 'object', entries: new Map(), line: undefined };
  if (firstError) {
    const line = firstError.linePos?.[0]?.line;
    warnings.push({ file: configFile, line, setting: '(file)', message: `${configFile}${line ? ` line ${line}` : ''} is not valid YAML, so the site's settings were not read; fix it, or give a linkTemplate in .doc-ingest.json or the docIngest.linkTemplate setting.` });
  } else {
    const value = yamlLiteral(document.contents, lineOf);
    if (isObject(value)) config = value;
  }
  const setting = (name: string, expected: string): Literal => {
    const value = property(config, name);
    if (value instanceof Unknown) {
      warnings.push({
        file: configFile,
        line: value.line,
        setting: name,
        message: `${configFile}${value.line ? ` line ${value.line}` : ''}: ${name} is ${value.what}, which is only known when MkDocs runs, so it was not read; give ${expected} instead.`,
      });
      return undefined;
    }
    return value;
  };
  const LINK = 'the address in a linkTemplate in .doc-ingest.json or the docIngest.linkTemplate setting';
  const siteUrl = stringSetting(setting('site_url', LINK));
  const docsDirSetting = stringSetting(setting('docs_dir', 'the pages with include globs and a linkTemplate'));
  const docsDir = joinPath(folder, docsDirSetting ?? 'docs');
  const directoryUrls = setting('use_directory_urls', 'a linkTemplate') !== false;
  const repoUrl = stringSetting(setting('repo_url', 'nothing (the edit link is left out)'));
  const editUriValue = setting('edit_uri', 'nothing (the edit link is left out)');
  const editUri = typeof editUriValue === 'string' ? editUriValue : defaultEditUri(repoUrl);
  const excludes = excludePatterns(setting('exclude_docs', 'exclude globs in .doc-ingest.json'));
  const anchors = tocSlugify(property(config, 'markdown_extensions')) ? undefined : 'mkdocs';
  const syntax = rendersTemplates(property(config, 'plugins'), property(config, 'markdown_extensions')) ? 'mkdocs-macros' : 'mkdocs';
  const includeBases = mkdocsIncludeBases(property(config, 'markdown_extensions'), folder);
  const navValue = setting('nav', 'nothing (the breadcrumb follows the folders)');
  const nav = Array.isArray(navValue) ? readNav(navValue, [], warnings, configFile) : undefined;
  if (siteUrl === undefined && !warnings.some((w) => w.setting === 'site_url')) {
    warnings.push({ file: configFile, setting: 'site_url', message: `${configFile} has no site_url, so pages have no published address; set site_url there, or give a linkTemplate in .doc-ingest.json or the docIngest.linkTemplate setting.` });
  }
  const byPath = new Map((nav ?? []).map((e) => [e.path, e]));
  const rules: SiteRule[] = [
    { name: 'site_url', value: siteUrl ?? '(not set)' },
    { name: 'docs_dir', value: docsDirSetting ?? 'docs (default)' },
    { name: 'use_directory_urls', value: directoryUrls ? (property(config, 'use_directory_urls') === undefined ? 'true (default)' : 'true') : 'false' },
    { name: 'nav', value: nav ? `${nav.length} pages` : '(not set: the folders)' },
    { name: 'repo_url', value: repoUrl ?? '(not set)' },
    { name: 'templates', value: syntax === 'mkdocs-macros' ? 'macros: {{ }} and {% %} are left out' : '(no macros: {{ }} is text)' },
    { name: 'anchors', value: anchors === 'mkdocs' ? 'toc (default slugify)' : 'toc slugify set: GitHub style' },
    { name: 'edit_uri', value: typeof editUriValue === 'string' ? editUriValue : editUri !== undefined ? `${editUri} (default)` : '(not set)' },
  ];

  return {
    generator: 'mkdocs',
    configFile,
    folder,
    ...(siteUrl !== undefined ? { baseUrl: withSlash(siteUrl) } : {}),
    docsDirs: [docsDir],
    rules,
    warnings,
    async page(path: string, pageText: string): Promise<SitePage> {
      const inDocs = under(docsDir, path);
      if (inDocs === undefined) return { path, breadcrumb: [], notPage: `not under docs_dir (${docsDir || '.'})` };
      if (excludes.some((p) => p(inDocs))) return { path, breadcrumb: [], notPage: 'excluded by exclude_docs', unpublished: true };
      const read = readPageText(pageText);
      const segments = inDocs.split('/');
      const fileName = segments[segments.length - 1] ?? '';
      const stem = fileName.replace(/\.[^.]*$/, '');
      const dirs = segments.slice(0, -1);
      const index = stem === 'index' || (stem.toLowerCase() === 'readme' && !(await exists(files, joinPath(docsDir, [...dirs, 'index.md'].join('/')))));
      let url: string;
      if (directoryUrls) url = [...dirs, ...(index ? [] : [stem])].map((s) => `${s}/`).join('');
      else url = [...dirs, `${index ? 'index' : stem}.html`].join('/');
      const entry = byPath.get(inDocs);
      const title = entry?.title ?? read.frontMatter.get('title');
      const label = title ?? read.h1 ?? fileTitle(index ? (dirs[dirs.length - 1] ?? 'Home') : stem, dirs.length === 0 && index);
      const sections = entry ? entry.sections : nav ? [] : dirs.map((d) => fileTitle(d, false));
      const page: SitePage = { path, breadcrumb: [...sections, label], syntax };
      if (anchors) page.anchors = anchors;
      if (includeBases) page.includeBases = includeBases;
      if (siteUrl !== undefined) page.url = joinUrl(withSlash(siteUrl), encodeUrlPath(url));
      if (title !== undefined) page.title = title;
      if (repoUrl !== undefined && editUri !== undefined && editUri !== '') {
        page.editUrl = `${/^[a-z][a-z0-9+.-]*:/i.test(editUri) ? withSlash(editUri) : joinUrl(withSlash(repoUrl), withSlash(editUri))}${encodeUrlPath(inDocs)}`;
      }
      return page;
    },
    // MkDocs copies docs_dir's other files as they lie, so docs_dir is the site's root. It rewrites Markdown
    // images relative to the file, but raw HTML goes out as written, and the browser resolves it against the page's
    // address: with use_directory_urls, `a/b.md` is at `a/b/`, one folder deeper than the file.
    async imagesOf(path: string) {
      const inDocs = under(docsDir, path);
      if (inDocs === undefined) return undefined;
      const dirs = inDocs.split('/').slice(0, -1);
      const stem = (inDocs.split('/').pop() ?? '').replace(/\.[^.]*$/, '');
      const index = stem === 'index' || (stem.toLowerCase() === 'readme' && !(await exists(files, joinPath(docsDir, [...dirs, 'index.md'].join('/')))));
      if (!directoryUrls || index || !/\.(?:md|markdown|mdown|mkdn|mkd)$/i.test(inDocs)) return { siteRoot: docsDir };
      return { siteRoot: docsDir, htmlFolder: joinPath(docsDir, [...dirs, stem].join('/')) };
    },
  };
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

function readNav(items: Literal[], sections: string[], warnings: SiteWarning[], configFile: string): NavEntry[] {
  const entries: NavEntry[] = [];
  for (const item of items) {
    if (typeof item === 'string') {
      if (!isExternal(item)) entries.push({ path: normalizeNavPath(item), sections });
    } else if (isObject(item)) {
      for (const [title, value] of item.entries) {
        if (typeof value === 'string') {
          if (!isExternal(value)) entries.push({ path: normalizeNavPath(value), title, sections });
        } else if (Array.isArray(value)) {
          entries.push(...readNav(value, [...sections, title], warnings, configFile));
        } else if (value instanceof Unknown) {
          warnings.push({ file: configFile, line: value.line, setting: 'nav', message: `${configFile}${value.line ? ` line ${value.line}` : ''}: the nav entry “${title}” is ${value.what}, which is only known when MkDocs runs; name the page's file there instead.` });
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

/** `exclude_docs` (gitignore-style lines): folders (`snippets/`), names and `*` globs. */
function excludePatterns(value: Literal): ((path: string) => boolean)[] {
  if (typeof value !== 'string') return [];
  return value
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#') && !l.startsWith('!'))
    .map((line) => {
      const anchored = line.startsWith('/');
      const folder = line.endsWith('/');
      const pattern = line.replace(/^\/|\/$/g, '');
      const source = pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*');
      const re = new RegExp(`${anchored ? '^' : '(?:^|/)'}${source}${folder ? '/' : '(?:$|/)'}`);
      return (path: string) => re.test(path);
    });
}

async function exists(files: SiteFiles, path: string): Promise<boolean> {
  return (await files.read(path)) !== undefined;
}
