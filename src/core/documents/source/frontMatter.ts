/**
 * YAML front matter: finding it, parsing it with `yaml`, and reading what it says about the document.
 *
 * Reserved keys configure the document: `doc-ingest-id` and `id` (see {@link ID_KEYS}), `title`, `semantic_identifier`, `primary_owners`,
 * `secondary_owners`, `cc_pair_id`, `link`, `doc_updated_at`, and `metadata` (a mapping whose values must be text
 * or lists of text). Every other top-level key becomes metadata too, converted leniently:
 * - text and lists of text as they are;
 * - numbers as written (`version: 1.10` → `"1.10"`), `true`/`false` as `"true"`/`"false"`;
 * - YAML dates as ISO text: `2026-11-23` stays `"2026-11-23"`, a date-time becomes `"2026-11-23T10:00:00Z"`;
 * - objects, lists holding objects, and keys without a value are left out with a warning naming the key;
 * - keys in `ignoreKeys` (site-generator settings by default, see {@link DEFAULT_IGNORE_KEYS}) are left out
 *   silently.
 * Entries of the `metadata:` block win over top-level keys of the same name.
 */
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import type { Document, Node as YamlNode } from 'yaml';
import type { Owner } from '../../api/schemas';
import { formatUtc, formatUtcDate, isDateOnlyText, parseIsoDate } from './dates';
import { DocumentError } from '../problems/errors';
import { flatYaml } from './flatYaml';
import { validateExplicitId } from '../ids/ids';
import { describeType, parseOwners } from './owners';
import { problem } from '../problems/problems';
import type { DocumentProblem } from '../problems/problems';
import { countNewlines } from '../text/text';
import * as l10n from '@vscode/l10n';

/**
 * Front matter keys that configure static site generators (Jekyll, Hugo, Docusaurus, MkDocs, VitePress,
 * VuePress, just-the-docs...) rather than describe the content, and so are not sent as metadata by default.
 * Descriptive keys (`description`, `tags`, `keywords`, `categories`, `authors`, `date`...) are kept.
 */
export const DEFAULT_IGNORE_KEYS: readonly string[] = [
  // layout and routing
  'layout', 'template', 'type', 'slug', 'permalink', 'url', 'aliases', 'redirect_from', 'redirect_to',
  'canonical_url', 'custom_edit_url', 'editLink', 'edit_url',
  // navigation and ordering
  'sidebar', 'sidebar_position', 'sidebar_label', 'sidebar_class_name', 'sidebar_custom_props', 'displayed_sidebar',
  'nav_order', 'nav_exclude', 'parent', 'grand_parent', 'has_children', 'has_toc', 'weight', 'order', 'menu', 'nav',
  'linkTitle', 'pagination_label', 'pagination_next', 'pagination_prev', 'prev', 'next',
  // page chrome
  'hide', 'hide_title', 'hide_table_of_contents', 'toc', 'toc_min_heading_level', 'toc_max_heading_level', 'outline',
  'aside', 'navbar', 'footer', 'pageClass', 'lastUpdated', 'comments', 'search', 'icon', 'image', 'banner', 'head',
  'hero', 'features',
  // publishing switches
  'draft', 'published', 'unlisted', 'sitemap', 'build', 'cascade', 'outputs', 'render_with_liquid',
  'excerpt_separator',
];

/**
 * Front matter that keeps a page from being published (F15), with the value that does: Docusaurus' `draft` and
 * `unlisted`, the common `publish: false`, and this tool's own `doc-ingest: false`. Never metadata, whatever value.
 */
export const PUBLISH_SWITCHES = { draft: true, unlisted: true, publish: false, 'doc-ingest': false } as const;
export type PublishSwitch = keyof typeof PUBLISH_SWITCHES;

 /**
 * The keys that pin a document id, strongest first. `doc-ingest-id` is ours alone: no site generator reads it, so it
 * pins the id everywhere, in a docs site too. `id` pins it only where no generator gives `id` its own meaning: in a
 * Docusaurus site `id` is the doc id (unique only inside one version, and part of the page's slug), so there it is
 * the generator's key and the page's id comes from its path (`readFrontMatter`'s `generatorKeys`).
 */
export const ID_KEYS = ['doc-ingest-id', 'id'] as const;
export type IdKey = (typeof ID_KEYS)[number];

/** Keys read as document fields, never as metadata. */
export const RESERVED_KEYS: readonly string[] = [
  'doc-ingest-id', 'id', 'title', 'semantic_identifier', 'primary_owners', 'secondary_owners', 'cc_pair_id', 'link',
  'doc_updated_at', 'metadata',
];

/**
 * Keys Doc Ingest reads for itself and never sends: `questions` (the questions a page should answer, issue 36) is
 * for checking findability, and as metadata it would become tags the server adds to the text it searches.
 */
export const OWN_KEYS: readonly string[] = ['questions'];

export type Metadata = Record<string, string | string[]>;

/** What the front matter says about the document; all optional. */
export interface FrontMatter {
  /** The id the front matter pins: `doc-ingest-id`, else `id` when the page's generator does not own `id`. */
  id?: string;
  /** The key `id` came from, for problems about it. */
  idKey?: IdKey;
  title?: string;
  semanticIdentifier?: string;
  primaryOwners?: Owner[];
  secondaryOwners?: Owner[];
  ccPairId?: number;
  link?: string;
  /** Already in UTC with `Z`. */
  docUpdatedAt?: string;
  metadata: Metadata;
  /** 1-based file line of each top-level key, for problems about a key (an `id` that had to be changed...). */
  keyLines?: Record<string, number>;
  /** The first publish switch that keeps the page from being published (`draft: true`...), and its line. */
  withheld?: { key: PublishSwitch; line: number };
}

/** Where the front matter is in the (BOM-less, LF-only) text. */
export interface FrontMatterBlock {
  kind: 'yaml' | 'toml';
  /** The text between the delimiter lines. */
  source: string;
  /** 1-based line of the first line between the delimiters. */
  firstLine: number;
  /** Offset of the first character after the closing delimiter line: where the body starts. */
  bodyOffset: number;
  /** 0-based line index at which the body starts. */
  bodyLine: number;
}

/**
 * Finds the front matter at the very start of the text: a `---` line, YAML, and a `---` (or `...`) line. Hugo's
 * TOML front matter (`+++`) is found too, so that it can be left out of the body. A `---` first line without a
 * closing line is no front matter (it is a thematic break), and `problems` says so.
 */
export function findFrontMatter(text: string, problems: DocumentProblem[] = []): FrontMatterBlock | undefined {
  const open = /^(---|\+\+\+)[ \t]*\n/.exec(text);
  if (!open) return undefined;
  const delimiter = open[1] as '---' | '+++';
  const closing = delimiter === '---' ? /^(?:---|\.\.\.)[ \t]*(?:\n|$)/gm : /^\+\+\+[ \t]*(?:\n|$)/gm;
  closing.lastIndex = open[0].length;
  const close = closing.exec(text);
  if (!close) {
    if (delimiter === '---') {
      problems.push(problem('warning', 'unclosedFrontMatter', l10n.t('The file starts with --- but has no closing --- line, so it was not read as front matter.'), { line: 1 }));
    }
    return undefined;
  }
  const bodyOffset = close.index + close[0].length;
  return {
    kind: delimiter === '---' ? 'yaml' : 'toml',
    source: text.slice(open[0].length, close.index),
    firstLine: 2,
    bodyOffset,
    bodyLine: countNewlines(text, bodyOffset),
  };
}

function frontMatterError(message: string, line?: number, key?: string): DocumentError {
  return new DocumentError('frontMatter', message, { line, key });
}

/** The first sentence of a `yaml` error message, without the position it appends. */
function yamlReason(message: string): string {
  const first = message.split('\n')[0] ?? message;
  return first.replace(/\s+at line \d+, column \d+:?$/, '').replace(/[.:]$/, '');
}

/**
 * Parses and reads a YAML front matter block. Throws {@link DocumentError} for invalid YAML (with the file's line
 * number), a front matter that is not a mapping, and reserved keys or `metadata` entries of the wrong type.
 * Non-fatal problems are appended to `problems`, with their lines. `generatorKeys` are the keys the page's docs
 * site generator reads with its own meaning (`SiteFacts.generatorKeys`): they are the generator's, neither a
 * document field (a Docusaurus `id` sets no document id) nor metadata.
 */
export function readFrontMatter(
  block: FrontMatterBlock,
  ignoreKeys: readonly string[],
  problems: DocumentProblem[],
  generatorKeys: readonly string[] = [],
  fast = true,
): FrontMatter {
  try {
    const flat = fast && block.kind === 'yaml' ? readFlatFrontMatter(block, ignoreKeys, problems, generatorKeys) : undefined;
    return flat ?? readYamlFrontMatter(block, ignoreKeys, problems, generatorKeys);
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    // `yaml` throws while converting, e.g. an alias to an unknown anchor or too many aliases (a "billion laughs").
    const reason = error instanceof Error ? yamlReason(error.message) : String(error);
    throw frontMatterError(l10n.t('The front matter cannot be read: {0}.', reason), block.firstLine);
  }
}

/** Reserved keys a flat front matter's value is read for without the parser; the others (owners, dates...) go through it. */
const FLAT_FIELDS: ReadonlySet<string> = new Set(['doc-ingest-id', 'id', 'title', 'semantic_identifier']);

/**
 * A flat front matter (`flatYaml.ts`) read as `readYamlFrontMatter` reads it, without the YAML parser (issue 37):
 * the same fields, metadata, problems and errors. Undefined, with nothing recorded, when the front matter is not
 * surely flat or holds a key this reading leaves to the parser.
 */
export function readFlatFrontMatter(block: FrontMatterBlock, ignoreKeys: readonly string[], problems: DocumentProblem[], generatorKeys: readonly string[]): FrontMatter | undefined {
  const entries = flatYaml(block.source);
  if (entries === undefined) return undefined;
  const result: FrontMatter = { metadata: {} };
  if (entries.length === 0) return result;
  for (const { key, value } of entries) {
    if (generatorKeys.includes(key)) continue;
    if (RESERVED_KEYS.includes(key) && (!FLAT_FIELDS.has(key) || value.kind === 'list')) return undefined;
  }
  const ignored = new Set(ignoreKeys);
  const topLevel: Metadata = {};
  const keyLines: Record<string, number> = {};
  result.keyLines = keyLines;
  for (const { key, value, line: at } of entries) {
    const line = block.firstLine + at;
    keyLines[key] ??= line;
    if (generatorKeys.includes(key)) continue;
    if (RESERVED_KEYS.includes(key)) {
      // A text field: text, or a number or boolean as written (`textField`).
      const text = value.kind === 'null' || value.kind === 'list' ? undefined : value.text.trim();
      if (key === 'title' && text) result.title = text;
      else if (key === 'semantic_identifier' && text) result.semanticIdentifier = text;
      else if ((key === 'id' || key === 'doc-ingest-id') && text !== undefined && text !== '' && !(key === 'id' && result.idKey === 'doc-ingest-id')) {
        result.id = validateExplicitId(text, key, line);
        result.idKey = key;
      }
      continue;
    }
    if (Object.hasOwn(PUBLISH_SWITCHES, key)) {
      const switchKey = key as PublishSwitch;
      if (value.kind === 'boolean' && value.value === PUBLISH_SWITCHES[switchKey]) result.withheld ??= { key: switchKey, line };
      continue;
    }
    if (ignored.has(key) || OWN_KEYS.includes(key)) continue;
    if (value.kind === 'null') {
      problems.push(problem('warning', 'metadataSkipped', l10n.t('Front matter “{0}” (line {1}) {2}, so it was left out of the metadata.', key, line, l10n.t('has no value')), { line, key }));
    } else {
      topLevel[key] = value.kind === 'list' ? value.items : value.text;
    }
  }
  result.metadata = { ...topLevel };
  return result;
}

function readYamlFrontMatter(block: FrontMatterBlock, ignoreKeys: readonly string[], problems: DocumentProblem[], generatorKeys: readonly string[]): FrontMatter {
  const result: FrontMatter = { metadata: {} };
  if (block.kind === 'toml') {
    problems.push(problem('warning', 'tomlFrontMatter', l10n.t('TOML front matter (+++) is not read; it was left out of the document. Use YAML front matter (---) instead.'), { line: 1 }));
    return result;
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(block.source, {
    schema: 'core',
    customTags: ['timestamp'],
    prettyErrors: false,
    uniqueKeys: true,
    lineCounter,
  });
  const fileLine = (offset: number | undefined): number =>
    block.firstLine + (offset === undefined ? 0 : lineCounter.linePos(offset).line - 1);

  const error = doc.errors[0];
  if (error) {
    const line = fileLine(error.pos[0]);
    throw frontMatterError(l10n.t('The front matter is not valid YAML (line {0}): {1}.', line, yamlReason(error.message)), line);
  }
  for (const warning of doc.warnings) {
    const line = fileLine(warning.pos[0]);
    problems.push(problem('warning', 'yamlWarning', l10n.t('Front matter (line {0}): {1}.', line, yamlReason(warning.message)), { line }));
  }

  const contents = doc.contents;
  if (contents === null || (isScalar(contents) && contents.value === null)) return result;
  if (!isMap(contents)) {
    throw frontMatterError(
      l10n.t('The front matter must be a list of “key: value” lines, not {0}.', describeType(contents.toJS(doc))),
      block.firstLine,
    );
  }

  const ignored = new Set(ignoreKeys);
  const topLevel: Metadata = {};
  let metadataBlock: Metadata = {};
  const keyLines: Record<string, number> = {};
  result.keyLines = keyLines;
  for (const pair of contents.items) {
    const keyNode = pair.key as YamlNode | null;
    const line = fileLine(keyNode?.range?.[0]);
    if (!isScalar(keyNode) || keyNode.value === null || typeof keyNode.value === 'object') {
      problems.push(problem('warning', 'keyNotText', l10n.t('Front matter line {0}: a key that is not plain text was ignored.', line), { line }));
      continue;
    }
    const key = String(keyNode.value);
    keyLines[key] ??= line;
    if (generatorKeys.includes(key)) continue;
    const valueNode = resolve(doc, pair.value as YamlNode | null, line);
    if (RESERVED_KEYS.includes(key)) {
      if (key === 'metadata') metadataBlock = readMetadataBlock(doc, valueNode, line, fileLine);
      else readReserved(result, key, doc, valueNode, line);
      continue;
    }
    if (Object.hasOwn(PUBLISH_SWITCHES, key)) {
      const switchKey = key as PublishSwitch;
      if (isScalar(valueNode) && valueNode.value === PUBLISH_SWITCHES[switchKey]) result.withheld ??= { key: switchKey, line };
      continue;
    }
    if (ignored.has(key) || OWN_KEYS.includes(key)) continue;
    const converted = toMetadataValue(doc, valueNode, line);
    if (converted.ok) {
      topLevel[key] = converted.value;
    } else {
      problems.push(problem('warning', 'metadataSkipped', l10n.t('Front matter “{0}” (line {1}) {2}, so it was left out of the metadata.', key, line, converted.reason), { line, key }));
    }
  }
  result.metadata = { ...topLevel, ...metadataBlock };
  return result;
}

/** The node an alias points to; `line` is the line of the key whose value it is, for the error. */
function resolve(doc: Document, node: YamlNode | null, line: number): YamlNode | null {
  let current = node;
  for (let depth = 0; current !== null && isAlias(current) && depth < 100; depth++) {
    const target = current.resolve(doc);
    if (target === undefined) {
      throw frontMatterError(l10n.t('The front matter uses the alias *{0}, but no anchor &{1} is defined before it.', current.source, current.source), line);
    }
    current = target;
  }
  return current;
}

/** A scalar as text, or undefined for a key without a value. Numbers keep the digits as written. */
function scalarText(node: YamlNode): string | undefined {
  if (!isScalar(node)) return undefined;
  const value = node.value;
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (value instanceof Date) {
    // The source is read again: `yaml` rolls impossible dates over (2026-13-01 → 2027-01-01).
    const date = node.source === undefined ? value : parseIsoDate(node.source);
    if (date === undefined) return node.source ?? String(value);
    return isDateOnlyText(node.source) ? formatUtcDate(date) : formatUtc(date);
  }
  if (typeof value === 'number' || typeof value === 'bigint') {
    return typeof node.source === 'string' && node.source !== '' ? node.source : String(value);
  }
  return String(value);
}

type Conversion = { ok: true; value: string | string[] } | { ok: false; reason: string };

/** Lenient conversion for top-level keys. */
function toMetadataValue(doc: Document, node: YamlNode | null, line: number): Conversion {
  if (node === null) return { ok: false, reason: l10n.t('has no value') };
  if (isScalar(node)) {
    const text = scalarText(node);
    return text === undefined ? { ok: false, reason: l10n.t('has no value') } : { ok: true, value: text };
  }
  if (isSeq(node)) {
    const items: string[] = [];
    for (const item of node.items) {
      const itemNode = resolve(doc, item as YamlNode | null, line);
      if (itemNode === null) continue;
      if (!isScalar(itemNode)) return { ok: false, reason: l10n.t('is a list that holds lists or objects') };
      const text = scalarText(itemNode);
      if (text !== undefined) items.push(text);
    }
    return { ok: true, value: items };
  }
  return { ok: false, reason: l10n.t('is an object (metadata values must be text or lists of text)') };
}

/** Strict reading of the `metadata:` block: text or lists of text only. */
function readMetadataBlock(
  doc: Document,
  node: YamlNode | null,
  line: number,
  fileLine: (offset: number | undefined) => number,
): Metadata {
  if (node === null || (isScalar(node) && node.value === null)) return {};
  if (!isMap(node)) {
    throw new DocumentError(
      'invalidField',
      l10n.t('The front matter metadata must be a mapping of keys to text or lists of text, not {0}.', describeType(node.toJS(doc))),
      { key: 'metadata', line },
    );
  }
  const metadata: Metadata = {};
  for (const pair of node.items) {
    const keyNode = pair.key as YamlNode | null;
    const key = isScalar(keyNode) ? String(keyNode.value) : '?';
    const entryLine = keyNode?.range ? fileLine(keyNode.range[0]) : line;
    const valueNode = resolve(doc, pair.value as YamlNode | null, entryLine);
    const value = valueNode === null ? null : (valueNode.toJS(doc, { maxAliasCount: 100 }) as unknown);
    if (typeof value === 'string') {
      metadata[key] = value;
    } else if (Array.isArray(value) && value.every((v): v is string => typeof v === 'string')) {
      metadata[key] = value;
    } else {
      const hint =
        typeof value === 'number' || typeof value === 'boolean' || value instanceof Date
          ? l10n.t(' (put it in quotes: "{0}")', scalarText(valueNode as YamlNode) ?? '')
          : '';
      throw new DocumentError(
        'invalidField',
        l10n.t('The front matter metadata.{0} must be text or a list of text, not {1}{2}.', key, describeType(value), hint),
        { key: `metadata.${key}`, line: entryLine },
      );
    }
  }
  return metadata;
}

function fieldError(key: string, line: number, what: string): DocumentError {
  return new DocumentError('invalidField', l10n.t('The front matter {0} {1}.', key, what), { key, line });
}

/** Text for `title`, `semantic_identifier` and `id`: text, or a number/true/false written as text. */
function textField(doc: Document, key: string, node: YamlNode | null, line: number): string | undefined {
  if (node === null) return undefined;
  if (isScalar(node)) {
    if (node.value instanceof Date) throw fieldError(key, line, l10n.t('must be text, not a date (put it in quotes)'));
    const text = scalarText(node);
    return text === undefined ? undefined : text.trim();
  }
  throw fieldError(key, line, l10n.t('must be text, not {0}', describeType(node.toJS(doc))));
}

function readReserved(result: FrontMatter, key: string, doc: Document, node: YamlNode | null, line: number): void {
  switch (key) {
    case 'doc-ingest-id':
    case 'id': {
      const id = textField(doc, key, node, line);
      // `doc-ingest-id` wins over `id`, whichever comes first.
      if (id === undefined || id === '' || (key === 'id' && result.idKey === 'doc-ingest-id')) return;
      result.id = validateExplicitId(id, key, line);
      result.idKey = key;
      return;
    }
    case 'title': {
      const title = textField(doc, key, node, line);
      if (title) result.title = title;
      return;
    }
    case 'semantic_identifier': {
      const value = textField(doc, key, node, line);
      if (value) result.semanticIdentifier = value;
      return;
    }
    case 'link': {
      const link = textField(doc, key, node, line);
      if (link === undefined || link === '') return;
      if (!URL.canParse(link)) throw fieldError(key, line, l10n.t('“{0}” must be an absolute URL such as https://docs.example.com/guide', link));
      result.link = link;
      return;
    }
    case 'cc_pair_id': {
      if (node === null || (isScalar(node) && node.value === null)) return;
      const value: unknown = isScalar(node) ? node.value : node.toJS(doc);
      const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isSafeInteger(number) || number <= 0) {
        throw fieldError(key, line, l10n.t('must be a positive whole number (the connector-credential pair id), not {0}', typeof value === 'string' ? `“${value}”` : describeType(value)));
      }
      result.ccPairId = number;
      return;
    }
    case 'doc_updated_at': {
      if (node === null || (isScalar(node) && node.value === null)) return;
      const value: unknown = isScalar(node) ? node.value : undefined;
      let date: Date | undefined;
      if (value instanceof Date) date = node !== null && isScalar(node) && node.source !== undefined ? parseIsoDate(node.source) : value;
      else if (typeof value === 'string') date = parseIsoDate(value);
      if (date !== undefined && Number.isNaN(date.getTime())) date = undefined;
      if (date === undefined) {
        const shown = isScalar(node) && node.source !== undefined ? `“${node.source}”` : describeType(node.toJS(doc));
        throw fieldError(key, line, l10n.t('{0} is not a date; use a date such as 2026-11-23 or 2026-11-23T10:00:00Z', shown));
      }
      result.docUpdatedAt = formatUtc(date);
      return;
    }
    case 'primary_owners':
    case 'secondary_owners': {
      const owners = parseOwners(node === null ? null : node.toJS(doc, { maxAliasCount: 100 }), key, line);
      if (owners === undefined) return;
      if (key === 'primary_owners') result.primaryOwners = owners;
      else result.secondaryOwners = owners;
      return;
    }
    default:
      return;
  }
}
