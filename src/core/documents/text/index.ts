/**
 * Text: a file's bytes as text (UTF-8, BOM and CRLF gone), root-relative paths and Markdown file names, lines and
 * their offsets, and the bound on how deep markup may nest. Imports only `problems/`.
 */
export {
  MARKDOWN_EXTENSIONS, baseName, codeSpan, countNewlines, decodeDocumentText, fileNameWithoutExtension, hasVisibleText,
  isMarkdownPath, lineStarts, markdownExtension, normalizeNewlines, normalizeRelativePath, shortHash,
  stripMarkdownExtension, trimBlankLines, withoutBomLf,
} from './text';
export { MAX_MARKUP_DEPTH, nestedTooDeep } from './nesting';
