/**
 * The build of files that are not Markdown but become Markdown first (docs/documents.md#notebooks-and-html-pages): Jupyter
 * notebooks and HTML pages (`formats/`). The builder (`build.ts`) reads the converted text as any
 * Markdown file, under the file's own path (so its id, `{path}` and title fallback are the file's); then the title
 * and metadata the file names itself are put on the document, and each problem's line is mapped back to the file.
 *
 * - A file is converted by its extension, unless the editor reads it as Markdown (`markdown` option set).
 * - The converted text has no front matter, no image sections (images are left out) and no link checks (its links
 *   are as the page or notebook wrote them, for a reader of the site it came from); links within the page still
 *   follow the link template.
 * - Lines: a problem in a notebook's converted text names its cell in the message and is shown at the line of the
 *   cell's `"cell_type"` in the `.ipynb` (when every cell has one there); a problem in an HTML page's converted text
 *   is shown at the line where the page's main content starts.
 */
import { IngestionDocumentSchema } from '../../api/schemas';
import { convertedFormatOf, convertToMarkdown } from '../formats';
import type { ConvertedFormat, ConvertedText } from '../formats';
import { DocumentError } from '../problems/errors';
import { warningMessages } from '../problems/problems';
import type { DocumentProblem } from '../problems/problems';
import { DEFAULT_IGNORE_KEYS } from '../source/frontMatter';
import type { DocumentBuildResult, DocumentOptions } from './options';
import * as l10n from '@vscode/l10n';

type Build = (text: string, relativePath: string, options: DocumentOptions) => DocumentBuildResult;

/**
 * Converts the file and builds the Markdown with `build` (the builder's own entry point, which reads the
 * converted text as Markdown), then puts the file's title and metadata on the document and its lines on the problems.
 */
export function buildConverted(format: ConvertedFormat, input: string | Uint8Array, relativePath: string, options: DocumentOptions, build: Build): DocumentBuildResult {
  const converted = convertToMarkdown(format, input, relativePath);
  let result: DocumentBuildResult;
  try {
    // The file's own title, given as the site's would be: the heading paths leave out an H1 that repeats it.
    const site = converted.title !== undefined ? { ...options.site, title: converted.title } : options.site;
    result = build(converted.text, relativePath, { ...options, site, markdown: true, images: undefined, linkTargets: undefined });
  } catch (e) {
    if (e instanceof DocumentError && e.line !== undefined) {
      const place = placeOf(converted, e.line);
      throw new DocumentError(e.code, withCell(e.message, place.cell), { key: e.key, line: place.line });
    }
    throw e;
  }
  const document = { ...result.document };
  if (converted.title !== undefined) {
    document.title = converted.title;
    document.semantic_identifier = converted.title;
  }
  const ignored = new Set(options.ignoreKeys ?? DEFAULT_IGNORE_KEYS);
  const metadata = Object.entries(converted.metadata ?? {}).filter(([key]) => !ignored.has(key));
  if (metadata.length > 0) document.metadata = { ...Object.fromEntries(metadata), ...document.metadata };
  const checked = IngestionDocumentSchema.safeParse(document);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const where = issue ? issue.path.join('.') : 'document';
    throw new DocumentError('invalidField', l10n.t('The document cannot be sent: {0} {1}.', where, issue?.message ?? l10n.t('is invalid')), { key: where });
  }
  const problems = result.problems.map((p) => relocate(converted, p));
  return { ...result, document, problems, warnings: warningMessages(problems) };
}

/** A selection of a converted file has no place in its Markdown: refused, the whole file is sent instead. */
export function refuseConvertedSelection(relativePath: string, options: Pick<DocumentOptions, 'markdown'>): void {
  const format = convertedFormatOf(relativePath, options);
  if (format === undefined) return;
  const what = format === 'notebook' ? 'a notebook' : 'an HTML page';
  throw new DocumentError('invalidSelection', l10n.t('A selection of {0} cannot be sent on its own; send the whole file with Ingest Current File.', what));
}

function placeOf(converted: ConvertedText, line: number): { line?: number; cell?: number } {
  let found: ConvertedText['blocks'][number] | undefined;
  for (const block of converted.blocks) {
    if (block.startLine > line) break;
    found = block;
  }
  found ??= converted.blocks[0];
  const place: { line?: number; cell?: number } = {};
  if (found?.line !== undefined) place.line = found.line;
  if (found?.cell !== undefined) place.cell = found.cell;
  return place;
}

function withCell(message: string, cell: number | undefined): string {
  if (cell === undefined) return message;
  return /\.$/.test(message) ? `${message.slice(0, -1)} (cell ${cell}).` : `${message} (cell ${cell})`;
}

function relocate(converted: ConvertedText, p: DocumentProblem): DocumentProblem {
  if (p.line === undefined) return p;
  const place = placeOf(converted, p.line);
  const moved: DocumentProblem = { ...p, message: withCell(p.message, place.cell) };
  if (place.line === undefined) delete moved.line;
  else moved.line = place.line;
  return moved;
}
