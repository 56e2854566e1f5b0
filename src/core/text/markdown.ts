/**
 * Values (ids, titles, server text) put into Markdown that VS Code renders, such as hover tooltips. VS Code's
 * renderer follows GitHub: `~x~` strikes through, `_x_` emphasises, `<b>` may be HTML. A value must read as the
 * text it is, so every ASCII punctuation character is backslash-escaped (CommonMark allows escaping any of them).
 * No `vscode` import: unit-tested in plain Node.
 */
const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;

export function escapeMarkdown(text: string): string {
  return text.replace(PUNCTUATION, '\\$&');
}

/** A value for one cell of a Markdown table: escaped, and on one line (a newline would end the row). */
export function markdownTableCell(text: string): string {
  return escapeMarkdown(text.replace(/\s*\r?\n\s*/g, ' '));
}
