/**
 * Material for MkDocs' built-in blog plugin (`plugins: - blog`), as its documentation ("Built-in blog plugin")
 * describes it: posts are the Markdown files under `post_dir` (default `{blog}/posts`, `blog_dir` default `blog`,
 * both under `docs_dir`), published at `blog_dir` + `post_url_format` (default `{date}/{slug}`): `date` is the
 * post's `date:` (or `date: {created: ...}`) in `post_url_date_format` (default `yyyy/MM/dd`, a babel pattern),
 * `slug` the front matter `slug:` or the title slugified as `pymdownx.slugs.slugify(case="lower")` does, `file`
 * the file name, `categories` the first `post_url_max_categories` categories slugified. The posts folder itself is
 * never part of an address. A post with `draft: true` is not published unless the plugin's `draft: true` says so.
 * A `post_slugify` other than the default is Python, never run: the default is used, with a warning.
 */
import { parseDocument } from 'yaml';
import { findFrontMatter } from '../documents/source/frontMatter';
import { withoutBomLf } from '../documents/text/text';
import { isObject, property, Unknown } from './literal';
import type { Literal, LiteralObject } from './literal';
import { yamlLiteral } from './pageText';
import { joinPath } from './types';
import type { SiteRule, SiteWarning } from './types';
import * as l10n from '@vscode/l10n';

export interface MkdocsBlog {
  /** The blog's folder under docs_dir ('' for a blog-only site). */
  blogDir: string;
  /** The posts' folder under docs_dir. */
  postDir: string;
  rules: SiteRule[];
  /**
   * The post's address under docs_dir's root (`blog/2024/01/31/my-post`, without the trailing part MkDocs adds),
   * or why it is not published (a draft), or an error (no date).
   */
  post(inner: string, text: string, title: string): { path: string } | { notPublished: string } | { problem: string };
}

export function readBlog(options: LiteralObject, configFile: string, warnings: SiteWarning[]): MkdocsBlog | undefined {
  if (property(options, 'enabled') === false) return undefined;
  const text = (key: string, fallback: string) => {
    const value = property(options, key);
    return typeof value === 'string' ? value : fallback;
  };
  const blogDir = joinPath('', text('blog_dir', 'blog'));
  const postDir = joinPath('', text('post_dir', '{blog}/posts').replaceAll('{blog}', blogDir));
  const urlFormat = text('post_url_format', '{date}/{slug}');
  const dateFormat = text('post_url_date_format', 'yyyy/MM/dd');
  const separator = text('post_slugify_separator', '-');
  const maxCategories = typeof property(options, 'post_url_max_categories') === 'number' ? (property(options, 'post_url_max_categories') as number) : 1;
  const drafts = property(options, 'draft') === true;
  const slugify = property(options, 'post_slugify');
  if (slugify !== undefined) {
    warnings.push({
      file: configFile,
      line: slugify instanceof Unknown ? slugify.line : undefined,
      setting: 'plugins.blog.post_slugify',
      message: l10n.t('{0}: the blog\'s post_slugify is Python, which is never run, so post addresses are made with the default (pymdownx.slugs.slugify, lower case); give slug: in each post\'s front matter if they differ.', configFile),
    });
  }
  return {
    blogDir,
    postDir,
    rules: [
      { name: 'blog', value: l10n.t('posts in {0} at {1}{2}/ (dates {3}{4}){5}', postDir || '.', blogDir ? `${blogDir}/` : '', urlFormat, dateFormat, property(options, 'post_url_date_format') === undefined ? l10n.t(', default') : '', drafts ? l10n.t('; drafts published') : '') },
    ],
    post(inner, pageText, title) {
      const meta = frontMatterOf(pageText);
      const draft = meta ? property(meta, 'draft') : undefined;
      if (draft === true && !drafts) return { notPublished: l10n.t('a draft blog post (draft: true), which the blog plugin leaves out') };
      const created = meta ? postDate(property(meta, 'date')) : undefined;
      if (/\{date\}/.test(urlFormat) && created === undefined) return { problem: l10n.t('a blog post without a date: (the blog plugin refuses it)') };
      const slug = meta ? property(meta, 'slug') : undefined;
      const categories = meta ? property(meta, 'categories') : undefined;
      const file = (inner.split('/').pop() ?? '').replace(/\.[^.]*$/, '');
      const values: Record<string, string> = {
        date: created ? formatDate(created, dateFormat) : '',
        slug: typeof slug === 'string' && slug !== '' ? slug : slugifyTitle(title, separator),
        file,
        categories: (Array.isArray(categories) ? categories : [])
          .filter((c): c is string => typeof c === 'string')
          .slice(0, maxCategories)
          .map((c) => slugifyTitle(c, separator))
          .join('/'),
      };
      const path = urlFormat.replace(/\{(date|slug|file|categories)\}/g, (_, key: string) => values[key] ?? '');
      return { path: joinPath(blogDir, joinPath('', path)) };
    },
  };
}

function frontMatterOf(text: string): LiteralObject | undefined {
  const normalized = withoutBomLf(text);
  const block = findFrontMatter(normalized);
  if (block?.kind !== 'yaml') return undefined;
  try {
    const value = yamlLiteral(parseDocument(block.source).contents);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** `date: 2024-01-31`, `date: 2024-01-31T10:00:00Z`, or `date: {created: 2024-01-31}`, as UTC. */
function postDate(value: Literal): Date | undefined {
  const raw = isObject(value) ? property(value, 'created') : value;
  if (typeof raw !== 'string') return undefined;
  const day = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:$|[T ])/.exec(raw.trim());
  if (!day) return undefined;
  // A date with a time and an offset is the instant it names; babel formats it in UTC.
  const withTime = /[T ]\d/.test(raw) ? new Date(raw.trim().replace(' ', 'T')) : undefined;
  if (withTime && !Number.isNaN(withTime.getTime())) return withTime;
  return new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A babel date pattern's common fields (`yyyy`, `yy`, `MM`, `M`, `MMM`, `MMMM`, `dd`, `d`), in English; quoted text as written. */
export function formatDate(date: Date, pattern: string): string {
  return pattern.replace(/'([^']*)'|y+|M+|d+/g, (token, quoted: string | undefined) => {
    if (quoted !== undefined) return quoted === '' ? "'" : quoted;
    const year = date.getUTCFullYear();
    const month = date.getUTCMonth();
    const day = date.getUTCDate();
    switch (token[0]) {
      case 'y':
        return token.length === 2 ? String(year % 100).padStart(2, '0') : String(year).padStart(token.length, '0');
      case 'M':
        if (token.length >= 4) return MONTHS[month] ?? '';
        if (token.length === 3) return (MONTHS[month] ?? '').slice(0, 3);
        return String(month + 1).padStart(token.length, '0');
      default:
        return String(day).padStart(token.length, '0');
    }
  });
}

/**
 * `pymdownx.slugs.slugify(case="lower")`: HTML tags dropped, trimmed, lower case, every character that is no
 * letter, digit, `_`, `-` or space dropped, each space the separator.
 */
export function slugifyTitle(title: string, separator: string): string {
  return title
    .normalize('NFC')
    .replace(/<\/?[^>]*>/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, separator);
}
