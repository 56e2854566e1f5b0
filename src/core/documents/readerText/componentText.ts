/**
 * The attributes of MDX components that a reader of the rendered page sees, as text (issue 35, item 3): one table,
 * component → what it shows, after each component's documentation (Mintlify's "Components" pages; Docusaurus's
 * `<TabItem label>`). A component not in the table shows its `title`, else its `label`, as a bold line before its
 * text, as before. docs/sites.md#mdx-admonitions-and-includes shows the table.
 */
import { codeSpan } from '../text/text';

/** What a component shows besides its children. */
export interface ComponentShows {
  /** Attributes whose value titles the component (the first one given): a bold line before its text. */
  title?: readonly string[];
  /**
   * A field of an API (`ResponseField`, `ParamField`): its name (the first of these attributes given) in bold, then
   * in parentheses the values of `details` that are given, in that order, as `` `type` ``, `required`, `default: 0`.
   */
  field?: { name: readonly string[]; details: readonly Detail[] };
  /** Attributes shown as lines of text after the title, before the children (a description, a version). */
  lines?: readonly string[];
  /** Attributes shown after the children (a caption; a tooltip's tip, in parentheses where it stands inline). */
  after?: readonly string[];
}

/**
 * A detail of a field: `value` shows the attribute's value (`string`); `flag` shows the word when the attribute
 * is set and not false (`required`); `named` shows `name: value` (`default: 0`); `key` shows the attribute's own
 * name when it is given at all (`ParamField path="id"` is a path parameter).
 */
export type Detail = { value: string; code?: true } | { flag: string } | { named: string; code?: true } | { key: readonly string[] };

const PARAM_LOCATIONS = ['path', 'query', 'body', 'header'];
// A type and a default are code on the rendered page (`ReactElement<StepProps>` is no tag): code spans here.
const FIELD_DETAILS: readonly Detail[] = [{ value: 'type', code: true }, { flag: 'required' }, { flag: 'deprecated' }, { named: 'default', code: true }];

/** Component name → what it shows. Names are as written in the page (`Tree.File`). */
export const COMPONENT_SHOWS: ReadonlyMap<string, ComponentShows> = new Map<string, ComponentShows>([
  ['ResponseField', { field: { name: ['name'], details: FIELD_DETAILS } }],
  ['ParamField', { field: { name: PARAM_LOCATIONS, details: [{ key: PARAM_LOCATIONS }, ...FIELD_DETAILS] } }],
  ['Accordion', { title: ['title'], lines: ['description'] }],
  ['Tile', { title: ['title'], lines: ['description'] }],
  ['Update', { title: ['label'], lines: ['description', 'tags'] }],
  ['Prompt', { title: ['title'], lines: ['description'] }],
  ['Frame', { lines: ['hint'], after: ['caption'] }],
  ['Tooltip', { after: ['headline', 'tip'] }],
  ['Tree.Folder', { title: ['name'] }],
  ['Tree.File', { title: ['name'] }],
  ['Color.Item', { field: { name: ['name'], details: [{ value: 'value' }] } }],
]);

const DEFAULT_SHOWS: ComponentShows = { title: ['title', 'label'] };

/** An attribute as MDX's tree gives it: a string, `null` for a bare flag (`required`), or an expression. */
export interface JsxAttribute {
  type: string;
  name?: string;
  value?: unknown;
}

/** The text a component shows before its children (Markdown lines) and after them (plain text). */
export interface ShownText {
  before: string[];
  after: string[];
}

/** What the component named `name` with these attributes shows besides its children. */
export function shownText(name: string | null | undefined, attributes: readonly JsxAttribute[] | undefined): ShownText {
  const shows = (name ? COMPONENT_SHOWS.get(name) : undefined) ?? DEFAULT_SHOWS;
  const values = attributeValues(attributes ?? []);
  const before: string[] = [];
  const title = firstGiven(values, shows.title ?? []);
  if (title !== undefined) before.push(bold(title));
  if (shows.field) {
    const fieldName = firstGiven(values, shows.field.name);
    const details = shows.field.details.flatMap((d) => detailText(d, values));
    if (fieldName !== undefined) before.push(`${bold(fieldName)}${details.length > 0 ? ` (${details.join(', ')})` : ''}`);
    else if (details.length > 0) before.push(details.join(', '));
  }
  for (const line of shows.lines ?? []) {
    const value = given(values, line);
    if (value !== undefined) before.push(value);
  }
  const after = (shows.after ?? []).flatMap((a) => given(values, a) ?? []);
  return { before, after };
}

function detailText(detail: Detail, values: ReadonlyMap<string, string | true>): string[] {
  if ('value' in detail) {
    const value = given(values, detail.value);
    return value === undefined ? [] : [detail.code ? codeSpan(value) : value];
  }
  if ('flag' in detail) return values.get(detail.flag) === true || values.get(detail.flag) === 'true' ? [detail.flag] : [];
  if ('named' in detail) {
    const value = given(values, detail.named);
    return value === undefined ? [] : [`${detail.named}: ${detail.code ? codeSpan(value) : value}`];
  }
  const key = detail.key.find((k) => values.has(k));
  return key === undefined ? [] : [key];
}

/** Attribute values a reader can see: strings, bare flags, and expressions that are literals. */
function attributeValues(attributes: readonly JsxAttribute[]): Map<string, string | true> {
  const values = new Map<string, string | true>();
  for (const attribute of attributes) {
    if (attribute.type !== 'mdxJsxAttribute' || !attribute.name) continue;
    const value = attribute.value;
    if (value === null || value === undefined) values.set(attribute.name, true);
    else if (typeof value === 'string') values.set(attribute.name, value);
    else if (typeof value === 'object' && typeof (value as { value?: unknown }).value === 'string') {
      const literal = literalText((value as { value: string }).value);
      if (literal !== undefined) values.set(attribute.name, literal);
    }
  }
  return values;
}

/** The text of an expression that is a string, number or boolean literal, or an array of string literals. */
function literalText(expression: string): string | undefined {
  const trimmed = expression.trim();
  if (/^-?\d+(?:\.\d+)?$|^(?:true|false|null)$/.test(trimmed)) return trimmed;
  const strings = /^\[\s*((?:(["'`])(?:(?!\2)[^\\\n]|\\.)*\2\s*,?\s*)*)\]$/.exec(trimmed);
  const items = strings ? [...(strings[1] ?? '').matchAll(/(["'`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)].map((m) => unescape(m[2] ?? '')) : undefined;
  if (items !== undefined) return items.length > 0 ? items.join(', ') : undefined;
  const single = /^(["'`])((?:(?!\1)[^\\\n]|\\.)*)\1$/.exec(trimmed);
  return single ? unescape(single[2] ?? '') : undefined;
}

function unescape(text: string): string {
  return text.replace(/\\(.)/g, '$1');
}

function given(values: ReadonlyMap<string, string | true>, name: string): string | undefined {
  const value = values.get(name);
  // An attribute's value may run over lines in the source; the reader sees one line.
  return typeof value === 'string' && value.trim() !== '' ? value.trim().replace(/\s*\n\s*/g, ' ') : undefined;
}

function firstGiven(values: ReadonlyMap<string, string | true>, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = given(values, name);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** `text` as a Markdown code span, fenced by more backticks than it holds in a row. */
function bold(text: string): string {
  return `**${text.replace(/\*/g, '\\*')}**`;
}
