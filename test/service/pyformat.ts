// Python-flavoured text: repr() and str() of JSON values, and datetime.isoformat(), so observed-dialect
// messages and timestamps read like the real server's.

function reprString(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += '\\' + quote;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += '\\x' + code.toString(16).padStart(2, '0');
    else out += ch;
  }
  return out + quote;
}

function reprNumber(n: number): string {
  if (Number.isNaN(n)) return 'nan';
  if (!Number.isFinite(n)) return n > 0 ? 'inf' : '-inf';
  return String(n);
}

/** Python's repr() of a value parsed from JSON (dict, list, str, int/float, bool, None). */
export function pyRepr(v: unknown): string {
  if (v === null || v === undefined) return 'None';
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (typeof v === 'number') return reprNumber(v);
  if (typeof v === 'string') return reprString(v);
  if (Array.isArray(v)) return '[' + v.map(pyRepr).join(', ') + ']';
  if (typeof v === 'object') {
    return '{' + Object.entries(v).map(([k, val]) => `${reprString(k)}: ${pyRepr(val)}`).join(', ') + '}';
  }
  return reprString(String(v));
}

/** Python's repr() of a tuple, e.g. `('body',)` or `('body', 'document', 'id')`. */
export function pyTupleRepr(items: readonly unknown[]): string {
  if (items.length === 1) return `(${pyRepr(items[0])},)`;
  return '(' + items.map(pyRepr).join(', ') + ')';
}

/** Python's str(): a string is itself, everything else its repr. */
export function pyStr(v: unknown): string {
  return typeof v === 'string' ? v : pyRepr(v);
}

/** The Python type name of a JSON value, as in `'NoneType' object has no attribute 'items'`. */
export function pyTypeName(v: unknown): string {
  if (v === null || v === undefined) return 'NoneType';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'float';
  if (typeof v === 'string') return 'str';
  if (Array.isArray(v)) return 'list';
  return 'dict';
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/**
 * Python `datetime.isoformat()` of a UTC instant. Microseconds are printed only when non-zero, as Python does.
 * `suffix`: `+00:00` (isoformat of an aware datetime), `Z` (pydantic's serialisation) or `` (a naive datetime).
 */
export function pyIsoformat(d: Date, suffix: '+00:00' | 'Z' | ''): string {
  const base = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  const ms = d.getUTCMilliseconds();
  return base + (ms ? '.' + pad(ms, 3) + '000' : '') + suffix;
}
