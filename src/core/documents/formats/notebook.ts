/**
 * Jupyter notebooks (`.ipynb`, nbformat 4) as Markdown text (docs/documents.md#notebooks-and-html-pages).
 *
 * - Markdown cells: their text, images left out (`![..](..)`, `<img>`, attachments), so their headings make sections.
 * - Code cells: fenced with the notebook's language (`metadata.kernelspec.language`, else
 *   `metadata.language_info.name`; no language when neither is given). Empty code cells are left out.
 * - Outputs, each fenced as `output` after its cell: `stream` (consecutive ones of the same stream joined, a
 *   carriage return overwriting its line as in a terminal), `execute_result` / `display_data` through their
 *   `text/plain`, `error` through its traceback without ANSI colour codes. An output that carries an image or a
 *   widget is left out whole (its `text/plain` is only a stand-in such as `<Figure size 640x480 with 1 Axes>`);
 *   HTML and JavaScript have no text to keep unless the output also gives `text/plain`.
 * - Raw cells are left out (they are meant for a converter, not a reader).
 * - The notebook's `metadata.title` (a string; nbconvert shows it as the page title) is the title; otherwise, as for
 *   Markdown, the first level-1 heading, else the file name. Nothing else of the notebook's metadata is sent.
 */
import * as z from 'zod';
import { DocumentError } from '../problems/errors';
import { findImageReferences } from '../linksAndImages/images';
import type { ConvertedText } from './types';
import * as l10n from '@vscode/l10n';

/** A multiline string as nbformat stores it: one string, or a list of lines (each with its `\n`). */
const MultilineSchema = z.union([z.string(), z.array(z.string())]);

const OutputSchema = z.discriminatedUnion('output_type', [
  z.looseObject({ output_type: z.literal('stream'), name: z.string(), text: MultilineSchema }),
  z.looseObject({ output_type: z.literal('execute_result'), data: z.record(z.string(), z.unknown()) }),
  z.looseObject({ output_type: z.literal('display_data'), data: z.record(z.string(), z.unknown()) }),
  z.looseObject({
    output_type: z.literal('error'),
    ename: z.string(),
    evalue: z.string(),
    traceback: z.array(z.string()),
  }),
]);

const CellSchema = z.discriminatedUnion('cell_type', [
  z.looseObject({ cell_type: z.literal('markdown'), source: MultilineSchema }),
  z.looseObject({ cell_type: z.literal('code'), source: MultilineSchema, outputs: z.array(OutputSchema) }),
  z.looseObject({ cell_type: z.literal('raw'), source: MultilineSchema }),
]);

const NotebookSchema = z.looseObject({
  nbformat: z.literal(4),
  metadata: z.looseObject({
    title: z.unknown().optional(),
    kernelspec: z.looseObject({ language: z.unknown().optional() }).optional(),
    language_info: z.looseObject({ name: z.unknown().optional() }).optional(),
  }).optional(),
  cells: z.array(CellSchema),
});

type Output = z.infer<typeof OutputSchema>;

const WIDGET = 'application/vnd.jupyter.widget-view+json';

/** Escape sequences of terminals: CSI (colours, cursor moves) and OSC (titles, links), as IPython tracebacks carry. */
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

function joined(source: string | string[]): string {
  return typeof source === 'string' ? source : source.join('');
}

/** A terminal's view of the text: `\r` (without `\n`) returns to the line's start, so the last write wins. */
function asTerminalShows(text: string): string {
  if (!text.includes('\r')) return text;
  return text.replace(/\r\n/g, '\n').split('\n').map((line) => {
    const parts = line.split('\r').filter((p) => p !== '');
    return parts[parts.length - 1] ?? '';
  }).join('\n');
}

/** A fence longer than any run of backticks inside the text. */
export function fenced(text: string, info: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${info}\n${text.replace(/\n+$/, '')}\n${fence}`;
}

/** The text of an output worth reading, or undefined when it has none (images, widgets, HTML only...). */
function outputText(output: Output): string | undefined {
  switch (output.output_type) {
    case 'stream':
      return asTerminalShows(stripAnsi(joined(output.text)));
    case 'error': {
      const traceback = output.traceback.map(stripAnsi).join('\n');
      return traceback.trim() !== '' ? traceback : `${output.ename}: ${stripAnsi(output.evalue)}`;
    }
    default: {
      const types = Object.keys(output.data);
      if (types.some((t) => t.startsWith('image/') || t === WIDGET)) return undefined;
      const plain = output.data['text/plain'];
      if (typeof plain === 'string') return stripAnsi(plain);
      if (Array.isArray(plain) && plain.every((p) => typeof p === 'string')) return stripAnsi(plain.join(''));
      return undefined;
    }
  }
}

/** The outputs of a code cell as fenced blocks; consecutive outputs of the same stream become one. */
function outputBlocks(outputs: readonly Output[]): string[] {
  const texts: { text: string; stream?: string }[] = [];
  for (const output of outputs) {
    const text = outputText(output);
    if (text === undefined) continue;
    const stream = output.output_type === 'stream' ? output.name : undefined;
    const last = texts[texts.length - 1];
    if (stream !== undefined && last !== undefined && last.stream === stream) last.text += text;
    else texts.push(stream === undefined ? { text } : { text, stream });
  }
  return texts.filter((t) => t.text.trim() !== '').map((t) => fenced(t.text, 'output'));
}

/** A Markdown cell's text without its images (left out of notebooks: docs/documents.md#notebooks-and-html-pages). */
function withoutImages(text: string, path: string): string {
  if (!/!\[|<img/i.test(text)) return text;
  let result = '';
  let at = 0;
  for (const image of findImageReferences(text, path)) {
    if (image.start < at) continue;
    result += text.slice(at, image.start);
    at = image.end;
  }
  return result + text.slice(at);
}

function languageOf(metadata: z.infer<typeof NotebookSchema>['metadata']): string {
  const candidates = [metadata?.kernelspec?.language, metadata?.language_info?.name];
  const language = candidates.find((c): c is string => typeof c === 'string' && /^[\w+#.-]+$/.test(c.trim()));
  return language?.trim().toLowerCase() ?? '';
}

/** What is wrong with a malformed notebook, in words: `cell 2: “outputs” is missing`. */
function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (issue === undefined) return l10n.t('it is invalid');
  const path = issue.path;
  const cell = path[0] === 'cells' && typeof path[1] === 'number' ? `cell ${path[1] + 1}` : undefined;
  const output = cell !== undefined && path[2] === 'outputs' && typeof path[3] === 'number' ? `output ${path[3] + 1}` : undefined;
  const rest = path.slice(output !== undefined ? 4 : cell !== undefined ? 2 : 0);
  if (path.length === 0) return l10n.t('its text is not a JSON object with cells');
  const place = [cell, output].filter((p) => p !== undefined).join(', ');
  const key = rest.length > 0 ? `“${rest.map(String).join('.')}”` : place || l10n.t('the notebook');
  let what: string;
  if (issue.code === 'invalid_type') what = issue.input === undefined ? l10n.t('{0} is missing', key) : l10n.t('{0} is not {1}', key, issue.expected === 'array' ? 'a list' : `a ${issue.expected}`);
  else if (issue.code === 'invalid_union' && 'options' in issue && Array.isArray(issue.options)) what = l10n.t('{0} is not one of {1}', key, issue.options.join(', '));
  else what = l10n.t('{0} is invalid', key);
  return place !== '' && rest.length > 0 ? `${place}: ${what}` : what;
}

/**
 * 1-based lines in the notebook's JSON where each cell starts (its `"cell_type"` key, which every cell has and
 * which cannot occur unescaped inside a string), or undefined when they cannot be told apart.
 */
function cellLines(json: string, cells: number): number[] | undefined {
  const lines: number[] = [];
  let line = 1;
  let from = 0;
  for (let at = json.indexOf('"cell_type"'); at !== -1; at = json.indexOf('"cell_type"', at + 1)) {
    for (let i = json.indexOf('\n', from); i !== -1 && i < at; i = json.indexOf('\n', i + 1)) line++;
    from = at;
    lines.push(line);
  }
  return lines.length === cells ? lines : undefined;
}

/**
 * The notebook as Markdown.
 * @param json the file's text (BOM-less)
 * @throws DocumentError `notebook` when the file is no nbformat 4 notebook, `empty` when it has no text to send
 */
export function notebookToMarkdown(json: string, path: string, name: string): ConvertedText {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    throw new DocumentError('notebook', l10n.t('“{0}” is not a notebook: its text is not valid JSON (cut short, or a merge left conflict markers?); open it in Jupyter and save it again.', name));
  }
  const format = (data as { nbformat?: unknown } | null)?.nbformat;
  if (typeof format === 'number' && format < 4) {
    throw new DocumentError('notebook', l10n.t('“{0}” is a version {1} notebook; open it in Jupyter and save it to convert it to version 4.', name, format));
  }
  const checked = NotebookSchema.safeParse(data);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const cells = (data as { cells?: unknown }).cells;
    const cell = issue?.path[0] === 'cells' && typeof issue.path[1] === 'number' && Array.isArray(cells) ? cellLines(json, cells.length)?.[issue.path[1]] : undefined;
    throw new DocumentError('notebook', l10n.t('“{0}” is not a valid notebook (nbformat 4): {1}; open it in Jupyter and save it again.', name, describeIssue(issue)), { line: cell });
  }
  const notebook = checked.data;
  const language = languageOf(notebook.metadata);
  const lines = cellLines(json, notebook.cells.length);
  const blocks: ConvertedText['blocks'] = [];
  let text = '';
  notebook.cells.forEach((cell, index) => {
    const parts: string[] = [];
    if (cell.cell_type === 'markdown') {
      const markdown = withoutImages(joined(cell.source), path).trim();
      if (markdown !== '') parts.push(markdown);
    } else if (cell.cell_type === 'code') {
      const code = joined(cell.source);
      if (code.trim() !== '') parts.push(fenced(code, language));
      parts.push(...outputBlocks(cell.outputs));
    }
    if (parts.length === 0) return;
    if (text !== '') text += '\n\n';
    const block: ConvertedText['blocks'][number] = { startLine: countLines(text), cell: index + 1 };
    const line = lines?.[index];
    if (line !== undefined) block.line = line;
    blocks.push(block);
    text += parts.join('\n\n');
  });
  if (text.trim() === '') {
    throw new DocumentError('empty', l10n.t('“{0}” has no text to ingest: its cells are empty or hold only images and widgets.', name));
  }
  const title = typeof notebook.metadata?.title === 'string' && notebook.metadata.title.trim() !== '' ? notebook.metadata.title.trim() : undefined;
  return { text: `${text}\n`, blocks, ...(title === undefined ? {} : { title }) };
}

/** The 1-based line at which text appended to `text` starts. */
function countLines(text: string): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
