/**
 * The sections of a body range: split at the top-level headings inside it, around the images sent as image
 * sections, each with its heading path, link and heading, and the links inside rewritten to their published links.
 */
import type { Section } from '../../api/schemas';
import type { MarkdownHeading } from '../markdown/markdown';
import { trimBlankLines } from '../text/text';
import { withHeadingPath } from './headingPath';
import { anchorOf, lineOffset, sectionLink } from './preparedFile';
import type { PreparedFile } from './preparedFile';

/** The body range [from, to) with the links inside it rewritten (F14); a link cut by the range stays as written. */
function bodyText(file: PreparedFile, from: number, to: number): string {
  const { rewrites, body } = file;
  if (rewrites.length === 0) return body.slice(from, to);
  let low = 0;
  let high = rewrites.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((rewrites[mid]?.start ?? 0) < from) low = mid + 1;
    else high = mid;
  }
  let text = '';
  let at = from;
  for (let i = low; i < rewrites.length; i++) {
    const rewrite = rewrites[i];
    if (rewrite === undefined || rewrite.end > to) break;
    text += body.slice(at, rewrite.start) + rewrite.text;
    at = rewrite.end;
  }
  return text + body.slice(at, to);
}

export function makeSection(file: PreparedFile, text: string, heading: MarkdownHeading | undefined, atHeading = true): Section {
  const section: Section = { text: withHeadingPath(file, text, heading, atHeading) };
  const link = sectionLink(file, anchorOf(file, heading));
  if (link !== undefined) section.link = link;
  if (heading !== undefined && heading.text !== '') section.heading = heading.text;
  return section;
}

/**
 * The sections of the body range [from, to) under `heading`: one text section, or, around the images to send
 * that lie wholly inside the range, text / image / text... The image markup leaves the text; the text before the
 * first image keeps the heading (as a section without images does), the text after an image continues with the
 * same link but no heading (it is the same section of the page, not a new one), and the image section names the
 * heading. Empty text pieces are left out.
 */
function rangeSections(file: PreparedFile, from: number, to: number, heading: MarkdownHeading | undefined): Section[] {
  const sections: Section[] = [];
  let pieceStart = from;
  let first = true;
  const pushText = (pieceEnd: number): void => {
    let piece = bodyText(file, pieceStart, pieceEnd);
    // The rest of an image's line starts right after the markup: its spaces go with the markup.
    if (!first) piece = piece.replace(/^[ \t]+/, '');
    const text = trimBlankLines(piece);
    if (text === '') return;
    const section = makeSection(file, text, heading, first && heading !== undefined && pieceStart <= lineOffset(file, heading.startLine));
    if (!first) delete section.heading;
    sections.push(section);
  };
  // Images are in text order: start at the first one at or after `from` (a binary search: many sections, many images).
  let low = 0;
  let high = file.images.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((file.images[mid]?.start ?? 0) < from) low = mid + 1;
    else high = mid;
  }
  for (let i = low; i < file.images.length; i++) {
    const image = file.images[i];
    if (image === undefined || image.start >= to) break;
    if (image.end > to) continue;
    pushText(image.start);
    const section: Section = { type: 'image', image_file_id: image.imageFileId };
    if (image.alt !== '') section.text = image.alt;
    const link = sectionLink(file, anchorOf(file, heading));
    if (link !== undefined) section.link = link;
    if (heading !== undefined && heading.text !== '') section.heading = heading.text;
    sections.push(section);
    pieceStart = image.end;
    first = false;
  }
  pushText(to);
  return sections;
}

/** Sections of the body range [start, end) (body offsets), split at the top-level headings inside it. */
export function splitSections(
  file: PreparedFile,
  start: number,
  end: number,
  leading: MarkdownHeading | undefined,
  inner: readonly MarkdownHeading[],
): Section[] {
  const sections: Section[] = [];
  let from = start;
  let current = leading;
  const push = (to: number): void => {
    if (file.images.length > 0) {
      sections.push(...rangeSections(file, from, to, current));
      return;
    }
    const text = trimBlankLines(bodyText(file, from, to));
    if (text !== '') sections.push(makeSection(file, text, current, current !== undefined && from <= lineOffset(file, current.startLine)));
  };
  for (const heading of inner) {
    const at = lineOffset(file, heading.startLine);
    push(at);
    from = at;
    current = heading;
  }
  push(end);
  return sections;
}
