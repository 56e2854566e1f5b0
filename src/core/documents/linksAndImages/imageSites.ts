/**
 * Where the images to send stand once the other images are replaced by their alt text (`build/readerBody.ts`,
 * `withImagesAsAlt`): found in the parse that found the others, moved by the alt texts put in before them, so that
 * the edited text need not be parsed again for them where that cannot change what a parse finds (issue 37).
 */
import type { Edit } from '../readerText';

/** An image reference that becomes an image section. */
export interface ImageSite {
  /** Body offsets of the markup. */
  start: number;
  end: number;
  imageFileId: string;
  alt: string;
}

/** Characters that make block markup or, in an alt text, could change the line's blocks (a line end, a table's `|`). */
const MARKUP_CHARACTERS = /[[\]!<>`\\()*_~&|\n]/;
/** Characters beside an image whose meaning could change with it (a link's `]`, an emphasis's `*`, a tag's `<`). */
const INLINE_MARKUP = /[[\]!<>`\\()*_~&|]/;

/**
 * The sites of the images to send in the text after `edits` (the other images replaced by their alt text), moved
 * by the edits before them; undefined when an edit could change what a parse of the edited text finds, so that it
 * is parsed again. An edit is taken only where the blocks stay as they are and no inline markup can form or break:
 * inside one line, after a letter on it (a line that starts otherwise could become another block: `- ![](a.gif)` an
 * empty list item, a `<img>` line no HTML block, `1. Intro` a list), or at its start for a Markdown image whose alt
 * text starts with a letter; with no character that makes markup in the alt text, the markup replaced or beside it.
 */
export function sitesAfterEdits(body: string, sent: readonly ImageSite[], edits: readonly Edit[]): ImageSite[] | undefined {
  for (const edit of edits) {
    const removed = body.slice(edit.start, edit.end);
    if (MARKUP_CHARACTERS.test(edit.text) || removed.includes('\n') || removed.includes('|')) return undefined;
    if (INLINE_MARKUP.test(body.charAt(edit.start - 1)) || INLINE_MARKUP.test(body.charAt(edit.end))) return undefined;
    const before = body.slice(body.lastIndexOf('\n', edit.start - 1) + 1, edit.start);
    if (/\p{L}/u.test(before)) continue;
    if (!(/^[ \t]*$/.test(before) && removed.startsWith('![') && /^\p{L}/u.test(edit.text))) return undefined;
  }
  const moved: ImageSite[] = [];
  let shift = 0;
  let e = 0;
  for (const site of sent) {
    for (; e < edits.length && edits[e]!.end <= site.start; e++) shift += edits[e]!.text.length - (edits[e]!.end - edits[e]!.start);
    // An edit inside or around an image to send: not expected, and not guessed at.
    if (e < edits.length && edits[e]!.start < site.end) return undefined;
    moved.push({ ...site, start: site.start + shift, end: site.end + shift });
  }
  return moved;
}
