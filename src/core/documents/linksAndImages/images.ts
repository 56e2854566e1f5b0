/**
 * Image references of a Markdown file (F8): `![alt](path "title")`, `![alt][ref]` / `![ref][]` / `![ref]` through
 * reference definitions, and HTML `<img src="...">` in HTML blocks and inline HTML.
 *
 * markdown-it decides what is an image (so images in code fences, indented code, code spans and HTML comments,
 * or in front matter, are none; reference labels match as in CommonMark); `inlineSites.ts` says where each stands.
 *
 * Cheap for files without images: nothing beyond a regular expression test runs unless the text has `![` or
 * `<img`.
 */
import type MarkdownIt from 'markdown-it';
import { blocksOf } from '../markdown/blockParse';
import type { BlockParses } from '../markdown/blockParse';
import { findFrontMatter } from '../source/frontMatter';
import { BodyPlaces, forEachInline, placeOf, recordImages, siteParser } from './inlineSites';
import type { ContentPlaces, Place } from './inlineSites';
import { plainText } from '../markdown/markdown';
import { normalizeRelativePath } from '../text/text';

export interface ImageReference {
  /** `inline`: `![alt](path)`; `reference`: `![alt][ref]`, `![ref][]`, `![ref]`; `html`: `<img src>`. */
  syntax: 'inline' | 'reference' | 'html';
  /**
   * Alt text as a reader sees it (markup removed but code spans, which stay Markdown code, whitespace collapsed);
   * empty when there is none.
   */
  alt: string;
  /** The title (`"title"` of Markdown, `title=` of HTML), when there is one. */
  title?: string;
  /** The target as written (after a reference is resolved), with %-escapes and HTML entities decoded. */
  target: string;
  /** `remote`: any URL with a scheme (http:, https:, data:, mailto:...) or starting with `//`. */
  kind: 'local' | 'remote';
  /**
   * Local targets: the workspace-relative path (`/`-separated, normalised, resolved against the Markdown file's
   * folder; a leading `/` means the workspace root; `?query` and `#fragment` removed). Left out when the target
   * names no file (`![x]()`, `![x](#top)`). With `outside`, it starts with the `..` segments that leave the root.
   */
  path?: string;
  /** A local target that leaves the workspace root (`../` too often, or a Windows drive path such as `C:/x.png`). */
  outside?: true;
  /**
   * A target written as a template (`{{ sponsor.img }}`, `{% ... %}`, `${...}`, a JSX expression `{...}`): filled
   * in by the generator, so no image path (no `path`) and never a problem; the markup stays as written.
   */
  templated?: true;
  /** 1-based line of the markup's start in the whole file (front matter lines included). */
  line: number;
  /** Offsets of the whole markup in the text given: `text.slice(start, end)` is `![...](...)` or `<img ...>`. */
  start: number;
  end: number;
}

/**
 * How the page's docs site resolves image paths (docs/sites.md#docs-sites, Images), as `Site.imagesOf` found it:
 * without it, a site-root path (`/img/a.png`) is taken from the workspace root and every relative one from the
 * file's folder, as a Markdown viewer does.
 */
export interface SiteImagePaths {
  /**
   * Root-relative folder a site-root path is served from: Docusaurus's first `staticDirectories` folder, MkDocs's
   * `docs_dir`, Mintlify's docs root.
   */
  siteRoot: string;
  /**
   * Root-relative folder a relative `<img src>` of raw HTML resolves from, when the page's published address puts
   * it elsewhere than the file's folder: the browser resolves it against the address, and the generator rewrites
   * only Markdown images (MkDocs with `use_directory_urls` publishes `a/b.md` at `a/b/`, one folder deeper).
   */
  htmlFolder?: string;
}

type Parser = ReturnType<typeof MarkdownIt>;

export const MAY_HAVE_IMAGE = /!\[|<img/i;

let parser: Parser | undefined;

function imageParser(): Parser {
  if (parser === undefined) {
    parser = siteParser(MAY_HAVE_IMAGE);
    recordImages(parser);
  }
  return parser;
}

/** %-escapes decoded; a malformed escape is kept as written. */
function percentDecode(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/(?:%[0-9a-f]{2})+/gi, (escapes) => {
      try {
        return decodeURIComponent(escapes);
      } catch {
        return escapes;
      }
    });
  }
}

const HTML_ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** Attributes of an `<img ...>` tag, names lowercased, first one of a name wins (as in browsers). */
function htmlAttributes(md: Parser, tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const inner = tag.slice(4, tag.endsWith('/>') ? -2 : -1);
  for (const match of inner.matchAll(HTML_ATTRIBUTE)) {
    const name = (match[1] ?? '').toLowerCase();
    if (attributes.has(name)) continue;
    const raw = match[2] ?? match[3] ?? match[4] ?? '';
    // Entities only: backslashes are doubled so that unescapeAll's Markdown escapes give them back unchanged.
    attributes.set(name, md.utils.unescapeAll(raw.replace(/\\/g, '\\\\')));
  }
  return attributes;
}

const HTML_IMAGE_OR_COMMENT = /<!--[\s\S]*?(?:-->|$)|<img\b(?:"[^"]*"|'[^']*'|[^'">])*>/gi;

/**
 * Template syntax of the generators and of MDX (mkdocs-macros/Jinja `{{ }}` `{% %}`, `${...}`, a JSX expression
 * `{...}`): the generator fills it in, so it names no file.
 */
const TEMPLATED = /\{\{|\{%|\$\{|^\{/;

/**
 * What a target is: remote, templated, or a local path resolved against `folder` (segments of the Markdown file's
 * folder), or, when it starts with `/`, against `root` (the site's static folder; the workspace root without a
 * site).
 */
function classify(src: string, folder: readonly string[], root: readonly string[] = []): Pick<ImageReference, 'kind' | 'path' | 'outside' | 'templated'> {
  if (src.startsWith('//')) return { kind: 'remote' };
  // markdown-it hands `{{x}}` over %-encoded.
  if (TEMPLATED.test(percentDecode(src).trim())) return { kind: 'local', templated: true };
  // markdown-it hands `C:\x.png` over as `C:%5Cx.png`.
  const windowsDrive = /^[a-z]:(?:[\\/]|%5c)/i.test(src);
  if (!windowsDrive && /^[a-z][a-z0-9+.-]*:/i.test(src)) return { kind: 'remote' };
  const cut = src.search(/[?#]/);
  // Decoded after the query and fragment are cut off, so that an encoded `%23` stays part of the name.
  const written = percentDecode(cut < 0 ? src : src.slice(0, cut)).normalize('NFC').replace(/\\/g, '/');
  if (windowsDrive) return { kind: 'local', path: written, outside: true };
  const segments = written.startsWith('/') ? [...root] : [...folder];
  let outside = false;
  for (const segment of written.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      const last = segments[segments.length - 1];
      if (last !== undefined && last !== '..') {
        segments.pop();
      } else {
        outside = true;
        segments.push('..');
      }
    } else {
      segments.push(segment);
    }
  }
  // A site's static folder named outside the root (`docs_dir: ../../elsewhere`) leaves it too: never read.
  if (segments[0] === '..') outside = true;
  if (written.replace(/[/.]/g, '') === '' && !outside) return { kind: 'local' };
  const result: Pick<ImageReference, 'kind' | 'path' | 'outside'> = { kind: 'local', path: segments.join('/') };
  if (outside) result.outside = true;
  return result;
}

/**
 * Every image reference of a Markdown file, in text order.
 *
 * @param text the file's text, BOM-less with LF line ends (front matter, when present, is skipped)
 * @param relativePath the file's workspace-relative path, against whose folder relative targets are resolved
 * @param site how the page's docs site resolves site-root paths and raw HTML's relative ones; absent: no site
 * @param parses the page's shared block parses (`blockParse.ts`), when it has them
 */
export function findImageReferences(text: string, relativePath: string, site?: SiteImagePaths, parses?: BlockParses): ImageReference[] {
  const path = normalizeRelativePath(relativePath);
  const block = findFrontMatter(text);
  // Without front matter, a first blank line is where callers put a `\n` in front of a text that must not be taken
  // for front matter: the body starts after it, so that it is the text the page's other finders parse (a leading
  // blank line changes no block, only the lines after it, which are counted from here).
  const skipped = block === undefined && text.startsWith('\n') ? 1 : 0;
  const bodyOffset = block?.bodyOffset ?? skipped;
  const bodyLine = block?.bodyLine ?? skipped;
  const body = bodyOffset === 0 ? text : text.slice(bodyOffset);
  if (!MAY_HAVE_IMAGE.test(body)) return [];

  const folder = path.split('/').slice(0, -1);
  const segmentsOf = (p: string) => p.split('/').filter((s) => s !== '');
  const root = site ? segmentsOf(site.siteRoot) : [];
  const htmlFolder = site?.htmlFolder !== undefined ? segmentsOf(site.htmlFolder) : folder;
  const md = imageParser();
  const shared = parses && blocksOf(parses, body);
  const env: Record<string, unknown> = shared?.env ?? {};
  const tokens = shared?.tokens ?? md.parse(body, env);
  const places = new BodyPlaces(body);
  const found: ImageReference[] = [];

  const add = (
    at: ContentPlaces,
    place: Place,
    fields: Pick<ImageReference, 'syntax' | 'alt' | 'title'> & { src: string },
  ): void => {
    let start = at.toBody(place.start);
    let end = at.toBody(place.end);
    if (start === undefined || end === undefined) {
      // Not expected; kept so that an image is never lost: the markup found as written in the body.
      const markup = at.content.slice(place.start, place.end);
      start = body.indexOf(markup);
      if (start === -1) return;
      end = start + markup.length;
    }
    const reference: ImageReference = {
      syntax: fields.syntax,
      alt: fields.alt,
      target: percentDecode(fields.src),
      ...classify(fields.src, fields.syntax === 'html' ? htmlFolder : folder, root),
      line: bodyLine + places.lineOf(start) + 1,
      start: bodyOffset + start,
      end: bodyOffset + end,
    };
    if (fields.title) reference.title = fields.title;
    found.push(reference);
  };

  forEachInline(md, env, tokens, places, MAY_HAVE_IMAGE, (children, at) => {
    for (const child of children) {
      const place = placeOf(child);
      if (place === undefined) continue;
      if (child.type === 'image') {
        const title = child.attrGet('title');
        add(at, place, {
          syntax: at.content.charCodeAt(place.end - 1) === 0x29 /* ) */ ? 'inline' : 'reference',
          alt: plainText(child.children ?? [], true).replace(/\s+/g, ' ').trim(),
          title: typeof title === 'string' ? title : undefined,
          src: String(child.attrGet('src') ?? ''),
        });
      } else if (child.type === 'html_inline' && /^<img\b/i.test(child.content)) {
        addHtml(at, place, child.content);
      }
    }
  }, (token, line) => {
    if (token.type !== 'html_block' || !/<img\b/i.test(token.content)) return;
    const at = places.htmlBlock(token.content, line);
    for (const match of token.content.matchAll(HTML_IMAGE_OR_COMMENT)) {
      if (match[0].startsWith('<!--')) continue;
      addHtml(at, { start: match.index, end: match.index + match[0].length }, match[0]);
    }
  });
  return found;

  function addHtml(at: ContentPlaces, place: Place, tag: string): void {
    const attributes = htmlAttributes(md, tag);
    const src = attributes.get('src');
    if (src === undefined || src.trim() === '') return;
    add(at, place, {
      syntax: 'html',
      alt: (attributes.get('alt') ?? '').replace(/\s+/g, ' ').trim(),
      title: attributes.get('title'),
      src: src.trim(),
    });
  }
}

/** Workspace-relative paths of the local images inside the workspace that the file references, each once. */
export function localImagePaths(text: string, relativePath: string, site?: SiteImagePaths): string[] {
  const paths = new Set<string>();
  for (const image of findImageReferences(text, relativePath, site)) {
    if (image.kind === 'local' && image.path !== undefined && image.outside !== true) paths.add(image.path);
  }
  return [...paths];
}
