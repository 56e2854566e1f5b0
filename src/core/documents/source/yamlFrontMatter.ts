/**
 * A YAML front matter read with the `yaml` parser, for what `flatYaml.ts` cannot read without it: nested values,
 * lists of objects, aliases, dates, owners, a `metadata:` block; and the errors and warnings it gives, with their lines.
 */
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import type { Document, Node as YamlNode } from 'yaml';
import { validateExplicitId } from '../ids/ids';
import { DocumentError } from '../problems/errors';
import { problem } from '../problems/problems';
import type { DocumentProblem } from '../problems/problems';
import { formatUtc, formatUtcDate, isDateOnlyText, parseIsoDate } from './dates';
import { OWN_KEYS, PUBLISH_SWITCHES, RESERVED_KEYS } from './frontMatterKeys';
import type { FrontMatter, FrontMatterBlock, Metadata, PublishSwitch } from './frontMatterKeys';
import { describeType, parseOwners } from './owners';
import * as l10n from '@vscode/l10n';

export function frontMatterError(message: string, line?: number, key?: string): DocumentError {
  return new DocumentError('frontMatter', message, { line, key });
}

/** The first sentence of a `yaml` error message, without the position it appends. */
export function yamlReason(message: string): string {
  const first = message.split('\n')[0] ?? message;
  return first.replace(/\s+at line \d+, column \d+:?$/, '').replace(/[.:]$/, '');
}

export function readYamlFrontMatter(block: FrontMatterBlock, ignoreKeys: readonly string[], problems: DocumentProblem[], generatorKeys: readonly string[]): FrontMatter {
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
