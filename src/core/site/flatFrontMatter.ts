/**
 * The scalar values of a flat YAML front matter without the YAML parser (issue 37, goal 7): a site reads its
 * routing and naming keys from every page before the build parses the same front matter in full, and on a Mintlify
 * site the parser is most of that reading. Only what is sure is read, exactly as `yaml`'s core schema reads it:
 * each line `key: value` (or a blank line), the key an identifier, the value a double-quoted string without `\`, a
 * single-quoted string without `'` inside, a decimal integer, `true`/`false` (any case YAML allows), nothing
 * (null), a plain string that starts with a letter or `/` and holds no `: `, ` #` or tab, or a flow list of such
 * double-quoted strings (not a scalar: left out). Anything else (and a key given twice) is undefined, for the parser.
 */

const LINE = /^([A-Za-z_][A-Za-z0-9_-]*):(?:[ ]+(.*?))?[ ]*$/;
const DOUBLE = /^"([^"\\]*)"$/;
const SINGLE = /^'([^']*)'$/;
const INTEGER = /^(?:0|[1-9]\d{0,14})$/;
const BOOLEAN = /^(?:true|True|TRUE|false|False|FALSE)$/;
const NULL = /^(?:null|Null|NULL)$/;
const PLAIN = /^[A-Za-z/][^\t]*$/;
const LIST = /^\[[ ]*(?:"[^"\\]*"[ ]*(?:,[ ]*"[^"\\]*"[ ]*)*,?[ ]*)?\]$/;

/** Scalar values by key (numbers and booleans as text), or undefined when the front matter is not surely flat. */
export function flatFrontMatter(source: string): Map<string, string> | undefined {
  const values = new Map<string, string>();
  const seen = new Set<string>();
  for (const line of source.split('\n')) {
    if (line.trim() === '') continue;
    const match = LINE.exec(line);
    if (!match) return undefined;
    const key = match[1] as string;
    if (seen.has(key)) return undefined;
    seen.add(key);
    const value = match[2] ?? '';
    const text = scalar(value);
    if (text === undefined) return undefined;
    if (text !== null) values.set(key, text);
  }
  return values;
}

/** A value's text, null for no scalar text (nothing, null, a list), undefined when unsure. */
function scalar(value: string): string | null | undefined {
  if (value === '' || NULL.test(value) || LIST.test(value)) return null;
  const quoted = DOUBLE.exec(value) ?? SINGLE.exec(value);
  if (quoted) return quoted[1] as string;
  if (INTEGER.test(value)) return value;
  if (BOOLEAN.test(value)) return value.toLowerCase();
  if (PLAIN.test(value) && !value.includes(': ') && !value.includes(' #') && !value.endsWith(':')) return value;
  return undefined;
}
