/**
 * A flat YAML front matter without the YAML parser (issue 37, goal 7): on a docs site every page's front matter is
 * read twice (the site's routing and naming keys, then the build's document fields and metadata), and on a
 * Mintlify site the parser was most of that reading. Only what is sure is read, exactly as `yaml`'s core schema
 * reads it: each line `key: value` (or a blank line), the key an identifier, the value a double-quoted string
 * without `\`, a single-quoted string without `'` inside, a decimal integer, `true`/`false` (any case YAML allows),
 * nothing (null), a plain string that starts with a letter or `/` and holds no `: `, ` #` or tab, or a flow list of
 * such double-quoted strings. Anything else (and a key given twice) is undefined, for the parser.
 */

/** A value as `yaml` reads it: its kind, and its text as the source writes it (a boolean's in lower case). */
export type FlatValue =
  | { kind: 'string' | 'integer'; text: string }
  | { kind: 'boolean'; text: 'true' | 'false'; value: boolean }
  | { kind: 'null' }
  | { kind: 'list'; items: string[] };

export interface FlatEntry {
  key: string;
  value: FlatValue;
  /** 0-based line in the source. */
  line: number;
}

const LINE = /^([A-Za-z_][A-Za-z0-9_-]*):(?:[ ]+(.*?))?[ ]*$/;
const DOUBLE = /^"([^"\\]*)"$/;
const SINGLE = /^'([^']*)'$/;
const INTEGER = /^(?:0|[1-9]\d{0,14})$/;
const BOOLEAN = /^(?:true|True|TRUE|false|False|FALSE)$/;
const NULL = /^(?:null|Null|NULL)$/;
const PLAIN = /^[A-Za-z/][^\t]*$/;
const LIST = /^\[[ ]*(?:"[^"\\]*"[ ]*(?:,[ ]*"[^"\\]*"[ ]*)*,?[ ]*)?\]$/;
const LIST_ITEM = /"([^"\\]*)"/g;

/** The entries of a flat front matter in order, or undefined when it is not surely flat. */
export function flatYaml(source: string): FlatEntry[] | undefined {
  const entries: FlatEntry[] = [];
  const seen = new Set<string>();
  const lines = source.split('\n');
  for (let line = 0; line < lines.length; line++) {
    const text = lines[line] as string;
    if (text.trim() === '') continue;
    const match = LINE.exec(text);
    if (!match) return undefined;
    const key = match[1] as string;
    if (seen.has(key)) return undefined;
    seen.add(key);
    const value = flatValue(match[2] ?? '');
    if (value === undefined) return undefined;
    entries.push({ key, value, line });
  }
  return entries;
}

function flatValue(value: string): FlatValue | undefined {
  if (value === '' || NULL.test(value)) return { kind: 'null' };
  if (LIST.test(value)) return { kind: 'list', items: [...value.matchAll(LIST_ITEM)].map((m) => m[1] as string) };
  const quoted = DOUBLE.exec(value) ?? SINGLE.exec(value);
  if (quoted) return { kind: 'string', text: quoted[1] as string };
  if (INTEGER.test(value)) return { kind: 'integer', text: value };
  if (BOOLEAN.test(value)) {
    const text = value.toLowerCase() as 'true' | 'false';
    return { kind: 'boolean', text, value: text === 'true' };
  }
  if (PLAIN.test(value) && !value.includes(': ') && !value.includes(' #') && !value.endsWith(':')) return { kind: 'string', text: value };
  return undefined;
}
