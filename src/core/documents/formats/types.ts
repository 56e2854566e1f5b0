/** What a converter makes of a file that is not Markdown (a notebook, an HTML page). */
export interface ConvertedText {
  /** The file as Markdown, LF line ends, without front matter. */
  text: string;
  /**
   * Where the pieces of `text` come from, in text order: a piece starts at `startLine` (1-based, in `text`) and
   * comes from the file's `line` (1-based, when known) and, for a notebook, its `cell` (1-based).
   */
  blocks: { startLine: number; line?: number; cell?: number }[];
  /** The title the file names itself (`<title>`, the notebook's `metadata.title`); wins over the first heading. */
  title?: string;
  /** Metadata the file gives (`<meta name="description">` as `description`). */
  metadata?: Record<string, string>;
}
