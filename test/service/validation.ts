// Request validation that reports errors the way pydantic 2 does (type, loc, msg, input, ctx), so both the
// observed 422 text and the spec's HTTPValidationError can be built from one list.
import { parseUuid } from './ids';
import { isPlainObject } from './http';

export type Loc = (string | number)[];

export interface Issue {
  type: string;
  loc: Loc;
  msg: string;
  input: unknown;
  ctx?: Record<string, unknown>;
}

/** Returned by a parser that recorded an issue. */
export const INVALID: unique symbol = Symbol('invalid');
export type Parsed<T> = T | typeof INVALID;
export type Parser<T> = (v: unknown, loc: Loc, issues: Issue[]) => Parsed<T>;

/** A field's value with INVALID (already reported as an issue) turned into undefined. */
export function valid<T>(v: Parsed<T> | null | undefined): T | null | undefined {
  return v === INVALID ? undefined : v;
}

export interface FieldOptions {
  required?: boolean;
  nullable?: boolean;
}

/**
 * Reads `obj[key]`: absent gives a `missing` issue when required, else undefined; null gives null when
 * nullable; otherwise the parser decides.
 */
export function field<T>(
  obj: Record<string, unknown>, key: string, loc: Loc, parse: Parser<T>, issues: Issue[], opts: FieldOptions = {},
): Parsed<T> | null | undefined {
  const here = [...loc, key];
  if (!(key in obj) || obj[key] === undefined) {
    if (opts.required) {
      issues.push({ type: 'missing', loc: here, msg: 'Field required', input: obj });
      return INVALID;
    }
    return undefined;
  }
  const v = obj[key];
  if (v === null && opts.nullable) return null;
  return parse(v, here, issues);
}

function fail(issues: Issue[], issue: Issue): typeof INVALID {
  issues.push(issue);
  return INVALID;
}

export const asStr: Parser<string> = (v, loc, issues) =>
  typeof v === 'string' ? v : fail(issues, { type: 'string_type', loc, msg: 'Input should be a valid string', input: v });

const TRUE_WORDS = new Set(['1', 'on', 't', 'true', 'y', 'yes']);
const FALSE_WORDS = new Set(['0', 'off', 'f', 'false', 'n', 'no']);

export const asBool: Parser<boolean> = (v, loc, issues) => {
  if (typeof v === 'boolean') return v;
  if (v === 0 || v === 1) return v === 1;
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (TRUE_WORDS.has(s)) return true;
    if (FALSE_WORDS.has(s)) return false;
    return fail(issues, { type: 'bool_parsing', loc, msg: 'Input should be a valid boolean, unable to interpret input', input: v });
  }
  return fail(issues, { type: 'bool_type', loc, msg: 'Input should be a valid boolean', input: v });
};

export const asInt: Parser<number> = (v, loc, issues) => {
  if (typeof v === 'number') {
    if (Number.isInteger(v)) return v;
    return fail(issues, { type: 'int_from_float', loc, msg: 'Input should be a valid integer, got a number with a fractional part', input: v });
  }
  if (typeof v === 'string') {
    if (/^\s*[+-]?\d+\s*$/.test(v)) return Number.parseInt(v, 10);
    return fail(issues, { type: 'int_parsing', loc, msg: 'Input should be a valid integer, unable to parse string as an integer', input: v });
  }
  return fail(issues, { type: 'int_type', loc, msg: 'Input should be a valid integer', input: v });
};

export const asUuid: Parser<string> = (v, loc, issues) => {
  if (typeof v !== 'string') return fail(issues, { type: 'uuid_type', loc, msg: 'UUID input should be a string, bytes or UUID object', input: v });
  const r = parseUuid(v);
  if ('uuid' in r) return r.uuid;
  return fail(issues, { type: 'uuid_parsing', loc, msg: `Input should be a valid UUID, ${r.error}`, input: v, ctx: { error: r.error } });
};

export const asDict: Parser<Record<string, unknown>> = (v, loc, issues) =>
  isPlainObject(v) ? v : fail(issues, { type: 'dict_type', loc, msg: 'Input should be a valid dictionary', input: v });

/** A nested model: an object, or a `model_type` issue naming the class. */
export function asModel(className: string): Parser<Record<string, unknown>> {
  return (v, loc, issues) => isPlainObject(v) ? v : fail(issues, {
    type: 'model_type', loc, msg: `Input should be a valid dictionary or instance of ${className}`, input: v,
    ctx: { class_name: className },
  });
}

export function asList<T>(item: Parser<T>): Parser<T[]> {
  return (v, loc, issues) => {
    if (!Array.isArray(v)) return fail(issues, { type: 'list_type', loc, msg: 'Input should be a valid list', input: v });
    const out: T[] = [];
    let bad = false;
    v.forEach((x, i) => {
      const r = item(x, [...loc, i], issues);
      if (r === INVALID) bad = true;
      else out.push(r);
    });
    return bad ? INVALID : out;
  };
}

function expectedText(values: readonly string[]): string {
  const quoted = values.map((x) => `'${x}'`);
  return quoted.length === 1 ? quoted[0] ?? '' : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1] ?? ''}`;
}

export function asEnum(values: readonly string[]): Parser<string> {
  return (v, loc, issues) => {
    if (typeof v === 'string' && values.includes(v)) return v;
    const expected = expectedText(values);
    return fail(issues, { type: 'enum', loc, msg: `Input should be ${expected}`, input: v, ctx: { expected } });
  };
}

export function asLiteral(value: string): Parser<string> {
  return (v, loc, issues) => {
    if (v === value) return value;
    const expected = expectedText([value]);
    return fail(issues, { type: 'literal_error', loc, msg: `Input should be ${expected}`, input: v, ctx: { expected } });
  };
}

export interface ParsedDate {
  date: Date;
  /** True when the text carried no offset (the real server stores it as UTC wall-clock time). */
  naive: boolean;
}

const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,6}))?)?(Z|z|[+-]\d{2}:?\d{2})?)?$/;

export const asDatetime: Parser<ParsedDate> = (v, loc, issues) => {
  if (typeof v === 'number' && Number.isFinite(v)) {
    return { date: new Date(Math.abs(v) > 2e10 ? v : v * 1000), naive: false };
  }
  if (typeof v !== 'string') return fail(issues, { type: 'datetime_type', loc, msg: 'Input should be a valid datetime', input: v });
  const m = DATETIME.exec(v.trim());
  if (!m) {
    const reason = v.trim().length < 10 ? 'input is too short' : 'invalid character in year';
    return fail(issues, { type: 'datetime_from_date_parsing', loc, msg: `Input should be a valid datetime or date, ${reason}`, input: v, ctx: { error: reason } });
  }
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', tz] = m;
  const ms = Number((frac + '000').slice(0, 3));
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  let offsetMin = 0;
  if (tz && tz.toUpperCase() !== 'Z') {
    const sign = tz.startsWith('-') ? -1 : 1;
    const digits = tz.slice(1).replace(':', '');
    offsetMin = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
  }
  const date = new Date(utc - offsetMin * 60_000);
  if (Number.isNaN(date.getTime()) || Number(mo) > 12 || Number(d) > 31 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
    return fail(issues, { type: 'datetime_from_date_parsing', loc, msg: 'Input should be a valid datetime or date, month value is outside expected range of 1-12', input: v });
  }
  return { date, naive: tz === undefined };
};

/** The request body as an object: a `missing` issue when absent, `model_attributes_type` when not an object. */
export function bodyObject(json: unknown, issues: Issue[]): Record<string, unknown> | undefined {
  if (isPlainObject(json)) return json;
  issues.push(json === undefined
    ? { type: 'missing', loc: ['body'], msg: 'Field required', input: null }
    : { type: 'model_attributes_type', loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from', input: json });
  return undefined;
}
