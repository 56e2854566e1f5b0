/**
 * Files that are not Markdown become Markdown before the build (docs/documents.md#notebooks-and-html-pages): Jupyter
 * notebooks (`notebook.ts`) and HTML pages (`html.ts`, loaded only when a page is converted). The build reads the
 * converted text as any Markdown file (`build/converted.ts`).
 *
 * - A file is converted by its extension, unless the editor reads it as Markdown (`markdown` option set).
 * - The converted text has no front matter and no image sections (images are left out).
 */
import { DocumentError } from '../problems/errors';
import { notebookToMarkdown } from './notebook';
import { baseName, decodeDocumentText, normalizeNewlines, normalizeRelativePath } from '../text/text';
import type { ConvertedText } from './types';
import * as l10n from '@vscode/l10n';

export type ConvertedFormat = 'notebook' | 'html';

/** Extensions converted before the build, lowercase with the dot. */
export const CONVERTED_EXTENSIONS: Readonly<Record<string, ConvertedFormat>> = { '.ipynb': 'notebook', '.html': 'html', '.htm': 'html' };

/** The format the file is converted from, or undefined for a file the builder reads as it is. */
export function convertedFormatOf(relativePath: string, options: { markdown?: boolean } = {}): ConvertedFormat | undefined {
  if (options.markdown !== undefined) return undefined;
  const name = relativePath.replace(/\\/g, '/').split('/').pop() ?? '';
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? undefined : CONVERTED_EXTENSIONS[name.slice(dot).toLowerCase()];
}

/** The file as Markdown text. @throws DocumentError for binary input, a malformed notebook, or no text */
export function convertToMarkdown(format: ConvertedFormat, input: string | Uint8Array, relativePath: string): ConvertedText {
  const path = normalizeRelativePath(relativePath);
  const name = baseName(path);
  const text = normalizeNewlines(decodeDocumentText(input, name));
  let converted: ConvertedText;
  if (format === 'notebook') {
    converted = notebookToMarkdown(text, path, name);
  } else {
    // The HTML parsers are loaded only when a page is built (start-up stays without them).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const html = require('./html') as typeof import('./html');
    converted = html.htmlToMarkdown(text, name);
    if (!/\S/.test(converted.text)) throw new DocumentError('empty', l10n.t('“{0}” has no text in its main content; there is nothing to ingest.', name));
  }
  // A first line of `---` (a notebook's Markdown cell may start with a rule) must not be read as front matter.
  if (/^(?:---|\+\+\+)[ \t]*\n/.test(converted.text)) {
    converted = { ...converted, text: `\n${converted.text}`, blocks: converted.blocks.map((b) => ({ ...b, startLine: b.startLine + 1 })) };
  }
  return converted;
}
