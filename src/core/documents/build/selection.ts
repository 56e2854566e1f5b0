/**
 * A selection of a file as its own document (F3): its text split by the headings inside it, titled from the nearest
 * heading above it, and an id that stays the same across edits.
 */
import type { MarkdownHeading } from '../markdown/markdown';
import { encodeIdSegment, shortenId } from '../ids/ids';
import { DocumentError } from '../problems/errors';
import { problem } from '../problems/problems';
import type { DocumentProblem } from '../problems/problems';
import { baseName, hasVisibleText, normalizeNewlines, trimBlankLines } from '../text/text';
import { assemble } from './assemble';
import { refuseConvertedSelection } from './converted';
import type { DocumentOptions, SelectionBuildResult } from './options';
import { prepare } from './prepare';
import { lineOffset } from './preparedFile';
import { makeSection, splitSections } from './sections';
import * as l10n from '@vscode/l10n';

/** First non-blank line, without Markdown block markers, as a title of at most 80 characters. */
export function firstLineTitle(text: string): string {
  const match = /\S[^\n]*/.exec(text);
  const line = (match?.[0] ?? '')
    .replace(/^(?:#{1,6}(?=\s)|>|[-*+](?=\s)|\d{1,9}[.)](?=\s))\s*/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > 80 ? `${line.slice(0, 79).trimEnd()}…` : line;
}

/** Offset in the BOM-less, LF-only text of an offset in the text as given. */
function mapOffset(original: string, offset: number): number {
  return normalizeNewlines(original.slice(0, offset).replace(/^\uFEFF/, '')).length;
}

/**
 * Builds the document of a selection (F3): the selected text, split by the headings inside it, titled from the
 * nearest heading at or above the selection start (else its first non-blank line).
 *
 * The id is stable across runs and edits: the file's id + `~` + the anchors of the headings enclosing the
 * selection start (a level-1 title heading is left out when deeper headings follow), e.g.
 * `guide.md~install~linux`; without such a heading, the file's id + `~` + the encoded title (see
 * {@link titleSelection}: the title the writer confirms names the document). So re-sending a selection under the
 * same heading, or with the same title, replaces the earlier one instead of publishing a second copy.
 *
 * @param selectionStartOffset offset in `text` as given (UTF-16 code units, as VS Code's `document.offsetAt`)
 * @param selectionEndOffset end offset (exclusive); the two may come in either order
 */
export function buildSelectionDocument(
  text: string,
  relativePath: string,
  selectionStartOffset: number,
  selectionEndOffset: number,
  options: DocumentOptions = {},
): SelectionBuildResult {
  refuseConvertedSelection(relativePath, options);
  for (const offset of [selectionStartOffset, selectionEndOffset]) {
    if (!Number.isInteger(offset) || offset < 0 || offset > text.length) {
      throw new DocumentError('invalidSelection', l10n.t('The selection is outside the document; select the text again.'));
    }
  }
  const file = prepare(text, relativePath, options);
  const startInText = Math.max(mapOffset(text, Math.min(selectionStartOffset, selectionEndOffset)), file.bodyOffset);
  const endInText = mapOffset(text, Math.max(selectionStartOffset, selectionEndOffset));
  // Source offsets → offsets in the reader text (the text the sections are cut from).
  const toBody = (offset: number): number => file.reader?.mapped.outputOffset(offset) ?? offset;
  const start = toBody(startInText - file.bodyOffset);
  const end = toBody(endInText - file.bodyOffset);
  const selected = start < end ? file.body.slice(start, end) : '';
  if (!hasVisibleText(selected)) {
    throw new DocumentError(
      'invalidSelection',
      file.bodyOffset > 0 && endInText <= file.bodyOffset
        ? l10n.t('The selection covers only front matter; select some of the text below it.')
        : l10n.t('The selection has no text to ingest; select some text first.'),
    );
  }
  const firstVisible = start + (/\S/.exec(selected)?.index ?? 0);

  let context: MarkdownHeading | undefined;
  const path: MarkdownHeading[] = [];
  const inner: MarkdownHeading[] = [];
  for (const heading of file.boundaries) {
    const at = lineOffset(file, heading.startLine);
    if (at <= firstVisible) {
      context = heading;
      while (path.length > 0 && (path[path.length - 1]?.level ?? 0) >= heading.level) path.pop();
      path.push(heading);
    } else if (at < end) {
      inner.push(heading);
    } else {
      break;
    }
  }

  const suggestedTitle = (context?.text || firstLineTitle(selected)) || baseName(file.path);
  file.title = suggestedTitle;
  const sections = file.markdown
    ? splitSections(file, start, end, context, inner)
    : [makeSection(file, trimBlankLines(selected), undefined)];

  const idPath = path.length > 1 ? path.filter((h) => h.level > 1) : path;
  const fullId = idPath.length > 0
    ? `${file.fileId}~${idPath.map((h) => encodeIdSegment(h.anchor ?? h.text)).join('~')}`
    : `${file.fileId}~${encodeIdSegment(suggestedTitle)}`;
  const id = shortenId(fullId);
  const problems: DocumentProblem[] = [];
  if (id !== fullId) {
    problems.push(problem(
      'warning',
      'idChanged',
      l10n.t('The selection\'s id is too long, so it was shortened to “{0}”; a shorter file id or heading keeps it readable.', id),
      file.idSource === 'frontMatter' ? { line: file.frontMatter.keyLines?.[file.frontMatter.idKey ?? 'id'], key: file.frontMatter.idKey ?? 'id' } : {},
    ));
  }
  const result = assemble(file, { id, title: suggestedTitle, semanticIdentifier: suggestedTitle, sections, problems });
  return { ...result, headingPath: path.map((h) => h.text), suggestedTitle, fileId: file.fileId };
}

function titleSelectionId(fileId: string, title: string): string {
  return shortenId(`${fileId}~${encodeIdSegment(title)}`);
}

/**
 * The selection document under the title the writer confirmed: it becomes the title and semantic identifier,
 * and, for a selection without a heading above it, names the id too (the same title, the same document).
 */
export function titleSelection(result: SelectionBuildResult, title: string): SelectionBuildResult {
  const trimmed = title.trim();
  if (trimmed === '') throw new DocumentError('invalidSelection', l10n.t('The title must not be empty.'));
  const id = (result.headingPath.length > 0 ? result.document.id : undefined) ?? titleSelectionId(result.fileId, trimmed);
  return { ...result, document: { ...result.document, id, title: trimmed, semantic_identifier: trimmed } };
}

/** The id a selection would get under `title` (for the title box to show before sending). */
export function selectionIdFor(result: SelectionBuildResult, title: string): string {
  const id = result.headingPath.length > 0 ? result.document.id : undefined;
  return id ?? titleSelectionId(result.fileId, title.trim() || result.suggestedTitle);
}
