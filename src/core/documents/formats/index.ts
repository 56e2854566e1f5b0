/**
 * Formats: files that are not Markdown (Jupyter notebooks, HTML pages) as Markdown text, for the build to read as any
 * Markdown file (`build/converted.ts`). What the room offers: which files are converted, and the conversion.
 * `html.ts` is never re-exported here: its parsers load only when a page is converted (`convert.ts` requires it).
 */
export { CONVERTED_EXTENSIONS, convertedFormatOf, convertToMarkdown } from './convert';
export type { ConvertedFormat } from './convert';
export type { ConvertedText } from './types';
