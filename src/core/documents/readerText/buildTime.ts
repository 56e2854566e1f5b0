/**
 * Markup of an MkDocs page that only the site's build turns into text, which we never run (issue 35):
 * - mkdocstrings `::: package.Object` (with its options indented below): the API reference it generates from the
 *   code. The line becomes the object's name (it is no admonition; the reader sees a reference headed by it, so a
 *   page of references alone still says what it documents), with a warning at its line that the reference is not
 *   sent.
 * - mkdocs-macros (Jinja) `{{ expression }}`, `{% tag %}`: not evaluated, so left out with a
 *   warning at its line, never read as text or as an image path. A block tag (`{% for %}` ... `{% endfor %}`,
 *   `if`, `macro`, `call`, `filter`) goes with everything up to its end tag: what it repeats or chooses is only known
 *   when the template runs. `{% raw %}` ... `{% endraw %}` keeps its text, as Jinja shows it.
 * Fenced code and code spans are code a reader sees, and stay.
 */
import { inlineRemoval, nextOutsideCodeSpan, proseRanges, wholeLines } from './comments';
import { splitLines } from './lines';
import type { Line, StageProblem } from './lines';
import type { Edit } from './mapped';
import * as l10n from '@vscode/l10n';

const MKDOCSTRINGS = /^([ \t]*):::[ \t]+([A-Za-z_][\w.:-]*)[ \t]*$/;

/** mkdocstrings identifier lines become the object's name, their options go, each with a warning. */
export function mkdocstringsLines(text: string): { edits: Edit[]; problems: StageProblem[] } {
  const edits: Edit[] = [];
  const problems: StageProblem[] = [];
  if (!text.includes(':::')) return { edits, problems };
  const lines = splitLines(text);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as Line;
    const match = line.code ? null : MKDOCSTRINGS.exec(line.text);
    if (!match) continue;
    const indent = (match[1] ?? '').length;
    let last = i;
    while (last + 1 < lines.length) {
      const option = lines[last + 1] as Line;
      if (option.text.trim() === '' || /^[ \t]*/.exec(option.text)![0].length <= indent) break;
      last++;
    }
    // The name stays where the line was, at its indent (inside a list or an admonition it stays there).
    edits.push({ start: line.start + indent, end: (lines[last] as Line).end, text: match[2] ?? '' });
    problems.push({
      severity: 'warning',
      code: 'apiReference',
      message: l10n.t('“::: {0}” is an API reference that mkdocstrings generates when the site is built, so only the name of what it documents is sent, not the reference itself.', match[2] ?? ''),
      offset: line.start,
    });
    i = last;
  }
  return { edits, problems };
}

const TEMPLATE = /\{\{[\s\S]*?\}\}|\{%-?[ \t]*(\w+)[\s\S]*?%\}/g;
const BLOCK_TAGS = new Set(['for', 'if', 'macro', 'call', 'filter']);

/** mkdocs-macros template markup goes, a warning at the line of each piece. */
export function macroMarkup(text: string): { edits: Edit[]; problems: StageProblem[] } {
  const edits: Edit[] = [];
  const problems: StageProblem[] = [];
  if (!/\{\{|\{%/.test(text)) return { edits, problems };
  for (const [from, to] of proseRanges(text, splitLines(text))) {
    let at = from;
    while (at < to) {
      const start = firstOf(text, at, to);
      if (start === -1) break;
      TEMPLATE.lastIndex = start;
      const match = TEMPLATE.exec(text);
      if (!match || match.index !== start || start + match[0].length > to) {
        at = start + 2;
        continue;
      }
      let end = start + match[0].length;
      const tag = match[1];
      if (tag === 'raw' || tag === 'endraw') {
        // The text between raw tags (code fences often) is shown as written: only the tags go, without a word, and
        // the scan goes on after `{% endraw %}`, so that nothing inside is taken for markup.
        edits.push(wholeLines(text, start, end) ?? inlineRemoval(text, start, end));
        const close = tag === 'raw' ? /\{%-?[ \t]*endraw[ \t]*-?%\}/g : undefined;
        if (close) close.lastIndex = end;
        const endRaw = close?.exec(text);
        if (endRaw && endRaw.index + endRaw[0].length <= to) {
          edits.push(wholeLines(text, endRaw.index, endRaw.index + endRaw[0].length) ?? inlineRemoval(text, endRaw.index, endRaw.index + endRaw[0].length));
          end = endRaw.index + endRaw[0].length;
        }
        at = end;
        continue;
      }
      if (tag !== undefined && BLOCK_TAGS.has(tag)) end = blockEnd(text, tag, end, to);
      edits.push(wholeLines(text, start, end) ?? inlineRemoval(text, start, end));
      problems.push({
        severity: 'warning',
        code: 'templateMarkup',
        message: l10n.t('“{0}” is template markup (mkdocs-macros) that only the site\'s build evaluates, so it was left out.', abbreviate(match[0])),
        offset: start,
      });
      at = end;
    }
  }
  return { edits, problems };
}

/** The first `{{` or `{%` at or after `at` (before `to`), outside code spans; -1 when none. */
function firstOf(text: string, at: number, to: number): number {
  const found = ['{{', '{%'].map((n) => nextOutsideCodeSpan(text, n, at, to)).filter((i) => i !== -1);
  return found.length === 0 ? -1 : Math.min(...found);
}

/** The end of the block a `{% tag %}` opens (after its `{% endtag %}`, nested ones counted); `to` when unclosed. */
function blockEnd(text: string, tag: string, from: number, to: number): number {
  const pattern = new RegExp(`\\{%-?[ \\t]*(end)?${tag}\\b[\\s\\S]*?%\\}`, 'g');
  pattern.lastIndex = from;
  let depth = 1;
  for (let match = pattern.exec(text); match && match.index < to; match = pattern.exec(text)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) return match.index + match[0].length;
  }
  return to;
}

function abbreviate(markup: string): string {
  const line = markup.replace(/\s+/g, ' ');
  return line.length > 60 ? `${line.slice(0, 57)}...` : line;
}
