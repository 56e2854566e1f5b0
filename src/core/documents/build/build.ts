/**
 * Text → IngestionDocument, for a whole file (F2); a selection of it (F3) is `selection.ts`'s.
 *
 * Markdown files (`.md`, `.markdown`, `.mdx`...) are read for YAML front matter and split into one section per
 * heading; other text files give one section. In order: the file is read once (`prepare.ts`: front matter, reader
 * text, headings, id, images, links), cut into sections (`sections.ts`, `headingPath.ts`) and assembled
 * (`assemble.ts`); notebooks and HTML pages are converted to Markdown first (`converted.ts`). See
 * `source/frontMatter.ts` for the front matter rules, `ids/ids.ts` for the id scheme, `linksAndImages/links.ts` for
 * the link template, `linksAndImages/docLinks.ts` for links between docs and `markdown/slug.ts` for anchors.
 */
import type { Section } from '../../api/schemas';
import { DocumentError } from '../problems/errors';
import { problem } from '../problems/problems';
import type { DocumentProblem } from '../problems/problems';
import { baseName, fileNameWithoutExtension, hasVisibleText, trimBlankLines } from '../text/text';
import { assemble } from './assemble';
import { buildConverted } from './converted';
import { convertedFormatOf } from '../formats';
import type { DocumentBuildResult, DocumentOptions } from './options';
import { prepare } from './prepare';
import type { PreparedFile } from './preparedFile';
import { lineOffset } from './preparedFile';
import { makeSection, splitSections } from './sections';
import * as l10n from '@vscode/l10n';

function emptyError(file: PreparedFile): DocumentError {
  const name = baseName(file.path);
  const generated = file.options.site?.generated;
  if (generated !== undefined && 'missing' in generated) return new DocumentError('empty', l10n.t('“{0}” is a page its site generates from a spec, but {1}; it has no text of its own to ingest.', name, generated.missing));
  if (file.reader !== undefined) return new DocumentError('empty', l10n.t('“{0}” has no text a reader of the site sees (only imports, components without text or ignored regions); there is nothing to ingest.', name));
  return new DocumentError(
    'empty',
    file.bodyOffset > 0
      ? l10n.t('“{0}” has only front matter and no text to ingest.', name)
      : l10n.t('“{0}” is empty or only whitespace; there is nothing to ingest.', name),
  );
}

/**
 * Builds the IngestionDocument of a whole file.
 *
 * @param input the text (editor text, may start with a BOM and use CRLF) or the file's bytes (must be UTF-8)
 * @param relativePath workspace-relative path with `/` separators
 * @throws DocumentError for empty or binary input, invalid front matter, or invalid options
 */
export function buildDocument(
  input: string | Uint8Array,
  relativePath: string,
  options: DocumentOptions = {},
): DocumentBuildResult {
  // Notebooks and HTML pages become Markdown first, then come back here as Markdown (converted.ts).
  const format = convertedFormatOf(relativePath, options);
  if (format !== undefined) return buildConverted(format, input, relativePath, options, buildDocument);
  const file = prepare(input, relativePath, options);
  if (!hasVisibleText(file.body)) throw emptyError(file);
  const fm = file.frontMatter;

  let sections: Section[];
  let title: string;
  const problems: DocumentProblem[] = [];
  if (file.markdown) {
    if (file.boundaries.length === 0) {
      const firstText = /\S/.exec(file.body)?.index ?? 0;
      const line = file.line(firstText);
      problems.push(problem('info', 'noHeadings', l10n.t('no headings: the whole file is one section'), { line }));
    }
    const h1 = file.headings.find((h) => h.level === 1 && h.text !== '');
    title = file.options.site?.title ?? fm.title ?? fm.semanticIdentifier ?? h1?.text ?? fileNameWithoutExtension(file.path);
    file.title = title;
    const first = file.boundaries[0];
    const start = first === undefined ? file.body.length : lineOffset(file, first.startLine);
    sections = [
      ...splitSections(file, 0, start, undefined, []),
      ...splitSections(file, start, file.body.length, undefined, file.boundaries),
    ];
  } else {
    sections = [makeSection(file, trimBlankLines(file.body), undefined)];
    title = fm.title ?? baseName(file.path);
  }
  return assemble(file, {
    id: file.fileId,
    title,
    semanticIdentifier: fm.semanticIdentifier ?? title,
    sections,
    problems,
  });
}
