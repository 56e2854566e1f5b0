/**
 * Text with a map back to the source it was made from: every stage of the reader text (`index.ts`) replaces ranges
 * of its input, and the map says, for each offset of the result, where it came from in the page's body. Text copied
 * from the source maps character by character; text put in (a title, an included file) maps to where it stands in
 * the source (the admonition's or include's first character), so a problem found in it carries that line.
 */

/** A range of the result: copied from the source at `src`, or put in (`copied` false) at source offset `src`. */
interface Segment {
  out: number;
  len: number;
  src: number;
  copied: boolean;
}

/** Replace `[start, end)` of the input with `text` (empty: delete). */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

export class MappedText {
  private constructor(readonly text: string, private readonly segments: readonly Segment[]) {}

  /** The source itself. */
  static identity(text: string): MappedText {
    return new MappedText(text, text.length === 0 ? [] : [{ out: 0, len: text.length, src: 0, copied: true }]);
  }

  /** Offset in the source of the result's offset `at` (the source's end for the result's end). */
  sourceOffset(at: number): number {
    const segment = this.segmentAt(at);
    if (segment === undefined) {
      const last = this.segments[this.segments.length - 1];
      return last === undefined ? 0 : last.copied ? last.src + last.len : last.src;
    }
    return segment.copied ? segment.src + (at - segment.out) : segment.src;
  }

  /**
   * Offset in the result of the source offset `at`: where the text from at or after it stands (copied text, or
   * text put in for source at or after it, such as a component's title); the result's end when nothing is.
   */
  outputOffset(at: number): number {
    for (const s of this.segments) {
      if (!s.copied) {
        if (s.src >= at) return s.out;
        continue;
      }
      if (s.src + s.len <= at) continue;
      return s.src <= at ? s.out + (at - s.src) : s.out;
    }
    return this.text.length;
  }

  /** The result of applying `edits` (in text order, not overlapping) to this text, mapped to the same source. */
  apply(edits: readonly Edit[]): MappedText {
    if (edits.length === 0) return this;
    const segments: Segment[] = [];
    let text = '';
    let at = 0;
    const keep = (to: number): void => {
      if (to <= at) return;
      for (const s of this.segments) {
        const from = Math.max(s.out, at);
        const end = Math.min(s.out + s.len, to);
        if (from >= end) continue;
        push(segments, { out: text.length + (from - at), len: end - from, src: s.copied ? s.src + (from - s.out) : s.src, copied: s.copied });
      }
      text += this.text.slice(at, to);
    };
    for (const edit of normalizeEdits(edits)) {
      keep(edit.start);
      if (edit.text !== '') {
        push(segments, { out: text.length, len: edit.text.length, src: this.sourceOffset(edit.start), copied: false });
        text += edit.text;
      }
      at = Math.max(at, edit.end);
    }
    keep(this.text.length);
    return new MappedText(text, segments);
  }

  private segmentAt(at: number): Segment | undefined {
    let low = 0;
    let high = this.segments.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const s = this.segments[mid];
      if (s === undefined) break;
      if (at < s.out) high = mid - 1;
      else if (at >= s.out + s.len) low = mid + 1;
      else return s;
    }
    return undefined;
  }
}

/** Appends, merging with the previous segment when it continues it. */
function push(segments: Segment[], segment: Segment): void {
  const last = segments[segments.length - 1];
  if (last && last.copied && segment.copied && last.out + last.len === segment.out && last.src + last.len === segment.src) {
    last.len += segment.len;
    return;
  }
  segments.push(segment);
}

/**
 * Edits sorted by start, with overlapping ones merged into one (their texts joined in order): stages add small
 * deletions (a line's indentation) that may fall inside a larger one (a component's opening tag).
 */
export function normalizeEdits(edits: readonly Edit[]): Edit[] {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Edit[] = [];
  for (const edit of sorted) {
    const last = merged[merged.length - 1];
    if (last && edit.start < last.end) {
      last.end = Math.max(last.end, edit.end);
      last.text += edit.text;
    } else {
      merged.push({ ...edit });
    }
  }
  return merged;
}
