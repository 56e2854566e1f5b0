/**
 * The line-based stages of the reader text: ignore regions, admonitions and callouts. Each reads its input line by
 * line, skipping fenced code (a `:::` or `<!-- doc-ingest:ignore -->` inside a fence is code a reader sees), and
 * returns edits of its input (see `mapped.ts`) and the problems it found, at input offsets.
 */
import type { Edit } from './mapped';
import * as l10n from '@vscode/l10n';

export interface Line {
  /** Offset of the line's first character. */
  start: number;
  /** Offset of its end, before the newline. */
  end: number;
  /** Offset of the next line (after the newline; the text's end for the last line). */
  next: number;
  text: string;
  /** Inside fenced code (the fence lines themselves included). */
  code: boolean;
}

/** A problem at an offset of a stage's input. */
export interface StageProblem {
  severity: 'warning' | 'info';
  code: string;
  message: string;
  offset: number;
}

const FENCE = /^[ \t]*(`{3,}|~{3,})(.*)$/;

/** The lines of `text`, each marked when it belongs to fenced code (any indentation: fences nest in admonitions). */
export function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let fence: string | undefined;
  let fenceIndent = 0;
  let start = 0;
  while (start <= text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const line = text.slice(start, end);
    let code = fence !== undefined;
    const match = FENCE.exec(line);
    if (match) {
      const marks = match[1] ?? '';
      if (fence === undefined) {
        // A backtick fence's info string has no backtick (CommonMark).
        if (!(marks.startsWith('`') && (match[2] ?? '').includes('`'))) {
          fence = marks;
          fenceIndent = indentOf(line);
          code = true;
        }
      } else if (marks[0] === fence[0] && marks.length >= fence.length && (match[2] ?? '').trim() === '' && indentOf(line) <= fenceIndent + 3) {
        // Indented 4 or more past the opening, a fence is the text of the code (an example's own fence), as in CommonMark.
        fence = undefined;
      }
    }
    lines.push({ start, end, next: newline === -1 ? text.length : newline + 1, text: line, code });
    if (newline === -1) break;
    start = newline + 1;
  }
  return lines;
}

export function blank(line: Line | undefined): boolean {
  return line === undefined || line.text.trim() === '';
}

const IGNORE = /^[ \t]*(?:<!--[ \t]*doc-ingest:(ignore|end)[ \t]*-->|\{[ \t]*\/\*[ \t]*doc-ingest:(ignore|end)[ \t]*\*\/[ \t]*\})[ \t]*$/;

/**
 * `<!-- doc-ingest:ignore -->` ... `<!-- doc-ingest:end -->` (in MDX also `{/* doc-ingest:ignore *\/}` ...
 * `{/* doc-ingest:end *\/}`), each marker alone on its line: the markers and everything between them are left out.
 * A region that is never closed leaves out the rest of the page, with a warning at its line: a writer who marked
 * text as not to be published would rather lose the end of the page than publish it. A lone end marker is left out.
 */
export function ignoreRegions(text: string): { edits: Edit[]; problems: StageProblem[] } {
  if (!text.includes('doc-ingest:')) return { edits: [], problems: [] };
  const edits: Edit[] = [];
  const problems: StageProblem[] = [];
  let open: number | undefined;
  const lines = splitLines(text);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as Line;
    if (line.code && open === undefined) continue;
    const match = IGNORE.exec(line.text);
    if (!match) continue;
    const kind = match[1] ?? match[2];
    if (kind === 'ignore' && open === undefined) {
      open = i;
    } else if (kind === 'end') {
      const first = open ?? i;
      // Between blank lines (or at the start), the blank line after the region goes too: one blank line stays.
      const after = lines[i + 1];
      const end = (first === 0 || blank(lines[first - 1])) && after !== undefined && blank(after) ? after.next : line.next;
      edits.push({ start: (lines[first] as Line).start, end, text: '' });
      open = undefined;
    }
  }
  if (open !== undefined) {
    const start = (lines[open] as Line).start;
    edits.push({ start, end: text.length, text: '' });
    problems.push({
      severity: 'warning',
      code: 'ignoreUnclosed',
      message: l10n.t('This doc-ingest:ignore region has no doc-ingest:end, so the rest of the page was left out; add <!-- doc-ingest:end --> where the region stops.'),
      offset: start,
    });
  }
  return { edits, problems };
}

/** The title a reader sees: as written, else the type capitalised (`note` → “Note”). */
export function admonitionTitle(type: string, title: string | undefined): string {
  const written = title?.trim();
  if (written) return written;
  const word = type.replace(/[-_]+/g, ' ').trim().toLowerCase();
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A title as a line of its own: bold, with a blank line before the text that follows it. */
export function titleLine(title: string, next: Line | undefined, nextIsBlank: boolean): string {
  const line = `**${title.replace(/\*/g, '\\*')}**`;
  return next === undefined ? line : nextIsBlank ? `${line}\n` : `${line}\n\n`;
}

const COLON_OPEN = /^[ \t]*(:{3,})[ \t]*([A-Za-z][\w-]*)(.*)$/;
const COLON_CLOSE = /^[ \t]*(:{3,})[ \t]*$/;
// `!!!note` without a space too: Python-Markdown's admonition and pymdownx.details read it.
const MKDOCS = /^( *)(?:!!!|\?\?\?\+?)[ \t]*([\w-]+)((?:[ \t]+[\w-]+)*)(?:[ \t]+"(.*)")?[ \t]*$/;
/** A content tab (pymdownx.tabbed): `=== "Title"`, `===+` (selected), `===!` (a new tab set); its text indented by four. */
const TAB = /^( *)===[!+]{0,2}[ \t]+"(.*)"[ \t]*$/;
const CALLOUT = /^( {0,3})>[ \t]?\[!([\w-]+)\][+-]?(.*)$/;
const QUOTE = /^ {0,3}>[ \t]?/;

/** The title of a colon directive after its name: `[Title]` (Docusaurus 3, remark-directive), else the rest of the line. */
function colonTitle(rest: string): string | undefined {
  const label = /^\[([^\]]*)\]/.exec(rest);
  if (label) return label[1];
  const text = rest.replace(/\{[^}]*\}/g, '').trim();
  return text === '' ? undefined : text;
}

/**
 * Admonitions and callouts become their title (bold, on its own line) and their text:
 * - Docusaurus / remark-directive `:::note Title` or `:::note[Title]` ... `:::` (more colons to nest);
 * - MkDocs (Material) `!!! warning "Title"`, collapsible `??? note` / `???+ note`, the text indented by four;
 *   an empty title (`""`) shows no title, as in MkDocs;
 * - GitHub alerts and Obsidian callouts, `> [!NOTE]` / `> [!tip]- Title`, the text quoted;
 * - on a page of an MkDocs site (`mkdocsSite`), content tabs `=== "Title"`: the title, then the text indented by four.
 * One pass handles the outermost ones of each kind; `readerText` repeats it while it changes something, so that
 * nested ones (now unindented or unquoted) are handled too.
 */
export function admonitions(text: string, mkdocsSite = false): Edit[] {
  if (!/:::|!!!|\?\?\?|\[!|===/.test(text)) return [];
  const lines = splitLines(text);
  const edits: Edit[] = [];
  const open: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as Line;
    if (line.code) continue;
    const next = lines[i + 1];
    const colonOpen = COLON_OPEN.exec(line.text);
    if (colonOpen) {
      open.push((colonOpen[1] ?? '').length);
      edits.push({ start: line.start, end: line.next, text: titleLine(admonitionTitle(colonOpen[2] ?? '', colonTitle(colonOpen[3] ?? '')), next, blank(next)) });
      continue;
    }
    const colonClose = COLON_CLOSE.exec(line.text);
    if (colonClose && open.length > 0) {
      const count = (colonClose[1] ?? '').length;
      const at = open.lastIndexOf(count);
      open.splice(at === -1 ? open.length - 1 : at);
      // Text right above and below would join into one paragraph (other closing lines in between show nothing).
      let before = i - 1;
      while (before >= 0 && COLON_CLOSE.test((lines[before] as Line).text)) before--;
      const joins = !blank(lines[before]) && next !== undefined && !blank(next) && !COLON_CLOSE.test(next.text);
      edits.push({ start: line.start, end: line.next, text: joins ? '\n' : '' });
      continue;
    }
    const tab = mkdocsSite ? TAB.exec(line.text) : null;
    // A tab shows its title, then its text: as an admonition with that title.
    const mkdocs = MKDOCS.exec(line.text) ?? (tab ? [tab[0], tab[1], '', '', tab[2]] : null);
    if (mkdocs) {
      const base = (mkdocs[1] ?? '').length;
      // The body: blank lines and lines indented four more, up to the last indented one.
      let last = i;
      for (let j = i + 1; j < lines.length; j++) {
        const body = lines[j] as Line;
        if (blank(body)) continue;
        if (indentOf(body.text) < base + 4) break;
        last = j;
      }
      const first = lines[i + 1];
      const title = mkdocs[4] === '' ? undefined : admonitionTitle(mkdocs[2] ?? '', mkdocs[4]);
      // Without a body (an empty tab), the title keeps its line: the next line is not joined to it.
      const alone = last === i && line.next > line.end ? '\n' : '';
      // The title keeps the line's indentation, as its text does: in a list item, both stay inside the item (a title
      // at the margin would end the list and turn the text, still indented, into a code block).
      const indent = line.text.slice(0, base);
      edits.push({ start: line.start, end: line.next, text: title === undefined ? '' : indent + titleLine(title, last > i ? first : undefined, blank(first)) + alone });
      for (let j = i + 1; j <= last; j++) {
        const body = lines[j] as Line;
        if (blank(body)) continue;
        edits.push({ start: body.start + base, end: body.start + base + dedentWidth(body.text.slice(base)), text: '' });
      }
      i = last;
      continue;
    }
    const callout = CALLOUT.exec(line.text);
    if (callout) {
      let last = i;
      while (last + 1 < lines.length && QUOTE.test((lines[last + 1] as Line).text)) last++;
      const first = lines[i + 1];
      const firstBlank = last > i && first !== undefined && first.text.replace(QUOTE, '').trim() === '';
      edits.push({ start: line.start, end: line.next, text: titleLine(admonitionTitle(callout[2] ?? '', callout[3]), last > i ? first : undefined, firstBlank) });
      for (let j = i + 1; j <= last; j++) {
        const body = lines[j] as Line;
        const quote = QUOTE.exec(body.text);
        edits.push({ start: body.start, end: body.start + (quote?.[0].length ?? 0), text: '' });
      }
      i = last;
    }
  }
  return edits;
}

function indentOf(line: string): number {
  let width = 0;
  for (const ch of line) {
    if (ch === ' ') width++;
    else if (ch === '\t') width += 4 - (width % 4);
    else break;
  }
  return width;
}

/** Characters at the start of `line` that make up four columns of indentation (a tab, or up to four spaces). */
function dedentWidth(line: string): number {
  if (line.startsWith('\t')) return 1;
  let n = 0;
  while (n < 4 && line[n] === ' ') n++;
  if (n < 4 && line[n] === '\t') n++;
  return n;
}
