/**
 * YAML front matter: finding it, and reading what it says about the document (a flat one without the parser, issue 37;
 * any other with `yaml`, `yamlFrontMatter.ts`; the keys in `frontMatterKeys.ts`).
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
import { validateExplicitId } from '../ids/ids';
import { DocumentError } from '../problems/errors';
import { problem } from '../problems/problems';
import type { DocumentProblem } from '../problems/problems';
import { countNewlines } from '../text/text';
import { flatYaml } from './flatYaml';
import { OWN_KEYS, PUBLISH_SWITCHES, RESERVED_KEYS } from './frontMatterKeys';
import type { FrontMatter, FrontMatterBlock, Metadata, PublishSwitch } from './frontMatterKeys';
import { frontMatterError, readYamlFrontMatter, yamlReason } from './yamlFrontMatter';
import * as l10n from '@vscode/l10n';

// The vocabulary, where importers have always found it.
export { DEFAULT_IGNORE_KEYS, ID_KEYS, OWN_KEYS, PUBLISH_SWITCHES, RESERVED_KEYS } from './frontMatterKeys';
export type { FrontMatter, FrontMatterBlock, IdKey, Metadata, PublishSwitch } from './frontMatterKeys';

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
