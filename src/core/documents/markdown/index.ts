/**
 * Markdown: the block structure of a body as markdown-it parses it (kept lean: `blockState.ts`, `inlineState.ts`),
 * its headings with their plain text and anchors (`markdown.ts`, `slug.ts`: GitHub's and MkDocs' anchors), and the
 * shape of the one block parse the finders share (`blockParse.ts`). Imports only `text/`.
 */
export { createBlockParser, findHeadings, findHeadingsAnchoredBy, firstH1Text, plainText } from './markdown';
export type { MarkdownHeading } from './markdown';
export { MkdocsSlugger, Slugger, githubSlug, mkdocsSlug } from './slug';
export type { AnchorStyle } from './slug';
export { blocksOf } from './blockParse';
export type { BlockParse, BlockParses } from './blockParse';
