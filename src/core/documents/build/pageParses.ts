/**
 * What a batch made of one page's text before building it, for the build to take instead of making it again
 * (issue 37): the images to upload are looked for first, in the page's reader text without its includes, and the
 * build makes the same reader text and looks for images in it again wherever the page expands no include. One per
 * page, dropped with it; keyed by the text itself and every option that changes the result, so a build that would
 * make anything else (includes expanded, other drop patterns) makes its own.
 *
 * The block parse of each text (`sharedBlockParse.ts`) is kept too: the images, the targets of the links, the headings
 * and the links to rewrite are all found in the same body wherever the reader text and the images' alt text change
 * nothing, and it is then parsed once for all four.
 */
import { parseBlocks } from './sharedBlockParse';
import type { BlockParse, BlockParses } from '../markdown/blockParse';
import { findImageReferences } from '../linksAndImages/images';
import type { ImageReference, SiteImagePaths } from '../linksAndImages/images';
import { readerText } from '../readerText';
import type { ReaderText, ReaderTextOptions } from '../readerText';
import { normalizeRelativePath } from '../text/text';

export class PageParses {
  private readonly readers = new Map<string, Map<string, ReaderText | undefined>>();
  private readonly images = new Map<string, Map<string, ImageReference[]>>();
  private readonly parses = new Map<string, BlockParse>();

  /** `parseBlocks(body)`, parsed once per text: hand it on as `(body) => pageParses.blocks(body)`. */
  readonly blocks: BlockParses = (body) => {
    let parse = this.parses.get(body);
    if (parse === undefined) this.parses.set(body, (parse = parseBlocks(body)));
    return parse;
  };

  /** `readerText(body, options)`, made once per body and options (the MDX trees parsed are not part of the result). */
  readerText(body: string, options: ReaderTextOptions): ReaderText | undefined {
    // Included texts are given by the build alone: a page that expands one is read afresh.
    if (options.includes?.size) return readerText(body, options);
    const key = JSON.stringify([
      options.path, options.mdx === true, options.mkdocs === true, options.macros === true, options.mdxMarkdown === true,
      (options.dropPatterns ?? []).map(String), options.includeBases ?? null,
    ]);
    return remembered(this.readers, body, key, () => readerText(body, options));
  }

  /** `findImageReferences(text, relativePath, site)`, found once per text, path and site. */
  findImageReferences(text: string, relativePath: string, site?: SiteImagePaths): ImageReference[] {
    const key = JSON.stringify([normalizeRelativePath(relativePath), site ?? null]);
    return remembered(this.images, text, key, () => findImageReferences(text, relativePath, site, this.blocks));
  }
}

/** The value kept for `text` and `key`, made by `make` the first time (what throws is not kept). */
function remembered<T>(store: Map<string, Map<string, T>>, text: string, key: string, make: () => T): T {
  let byKey = store.get(text);
  if (byKey?.has(key)) return byKey.get(key) as T;
  const value = make();
  if (!byKey) store.set(text, (byKey = new Map()));
  byKey.set(key, value);
  return value;
}
