/**
 * What a site generator reads from a page itself: its front matter's routing and naming keys and its first
 * level-1 heading. Read leniently: a front matter the document build refuses is reported there, not here.
 */
import { isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { Node as YamlNode } from 'yaml';
import { findFrontMatter } from '../documents/source/frontMatter';
import { firstH1Text } from '../documents/markdown/markdown';
import { flatFrontMatter } from './flatFrontMatter';
import { withoutBomLf } from '../documents/text/text';
import { fromData, Unknown } from './literal';
import type { Literal } from './literal';
import * as l10n from '@vscode/l10n';

export interface PageText {
  /** Scalar front matter values by key (text, numbers and booleans as text). */
  frontMatter: ReadonlyMap<string, string>;
  /** The first level-1 heading's text (found on first use). */
  readonly h1: string | undefined;
}

export function readPageText(text: string): PageText {
  const normalized = withoutBomLf(text);
  const block = findFrontMatter(normalized);
  const frontMatter = block?.kind === 'yaml' ? frontMatterValues(block.source) : new Map<string, string>();
  const bodyOffset = block?.bodyOffset ?? 0;
  let h1: { text: string | undefined } | undefined;
  return {
    frontMatter,
    // Parsed only when the site needs it (no nav title, no label), and only as far as the heading: the build parses
    // the whole page later, and a batch asks a page's site about it twice (for its id, then for its build).
    get h1() {
      h1 ??= { text: firstH1Text(normalized.slice(bodyOffset)) };
      return h1.text;
    },
  };
}

/**
 * A YAML front matter's scalar values by key (text, numbers and booleans as text): a flat one read without the
 * parser where that is sure (`flatFrontMatter.ts`, unless `fast` is false), any other through it.
 */
export function frontMatterValues(source: string, fast = true): Map<string, string> {
  const flat = fast ? flatFrontMatter(source) : undefined;
  if (flat !== undefined) return flat;
  const frontMatter = new Map<string, string>();
  try {
    const value = yamlLiteral(parseDocument(source).contents);
    if (typeof value === 'object' && value !== null && !(value instanceof Unknown) && !Array.isArray(value)) {
      for (const [key, v] of value.entries) {
        if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') frontMatter.set(key, String(v));
      }
    }
  } catch {
    // The build reports invalid front matter with its line.
  }
  return frontMatter;
}

const CORE_TAGS = /^(?:tag:yaml\.org,2002:(?:str|int|float|bool|null|map|seq|binary|timestamp|omap|pairs|set|merge)|!)$/;

/**
 * A YAML node as a Literal: a node with a tag YAML's core schema does not know (MkDocs's `!ENV`,
 * `!!python/name:...`, `!relative`) is an Unknown at its line, never an error and never run.
 */
export function yamlLiteral(node: unknown, lineOf?: (offset: number) => number): Literal {
  const n = node as YamlNode | null | undefined;
  if (n === null || n === undefined) return undefined;
  const line = n.range && lineOf ? lineOf(n.range[0]) : undefined;
  if (n.tag !== undefined && !CORE_TAGS.test(n.tag)) return new Unknown(line, l10n.t('the tag {0}', n.tag.replace(/^tag:yaml\.org,2002:/, '!!')));
  if (isScalar(n)) {
    const v = n.value;
    if (v instanceof Date) return v.toISOString();
    return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v === null ? v : fromData(v);
  }
  if (isSeq(n)) return n.items.map((item) => yamlLiteral(item, lineOf));
  if (isMap(n)) {
    const entries = new Map<string, Literal>();
    for (const pair of n.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
      if (key === undefined) continue;
      entries.set(key, yamlLiteral(pair.value, lineOf));
    }
    return { kind: 'object', entries, line };
  }
  return new Unknown(line, l10n.t('a YAML alias or other node'));
}
