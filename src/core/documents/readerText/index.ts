/**
 * Reader text (F15): a page's body as the Markdown a reader of its docs site sees (`readerText.ts` runs the stages in
 * order: ignore regions, MDX, includes, admonitions, the MkDocs extensions), mapped back to the source's lines
 * (`mapped.ts`). What the room offers: the reader text, the includes a page asks for and their bounds, the site's
 * syntax as reader-text options, and the errors a page may stop with. The MDX parser itself loads on first use
 * (`mdxParse.ts` requires it), never through this index.
 */
export { readerText, shiftedOffsets } from './readerText';
export type { ReaderText, ReaderTextOptions } from './readerText';
export { includeRequests, MAX_INCLUDE_DEPTH } from './includes';
export type { IncludeBases, IncludedFiles, IncludeRefusal } from './includes';
export { IncludeBoundError, MAX_INCLUDED_CHARS } from './bound';
export { MdxSyntaxError } from './mdxParse';
export type { MdxParses } from './mdxParse';
export type { StageProblem } from './lines';
export { MappedText } from './mapped';
export type { Edit } from './mapped';
export { readerSyntax } from './siteSyntax';
export type { SiteSyntax } from './siteSyntax';
