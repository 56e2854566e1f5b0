// The plain checks that let `doc-ingest check` run without zod (issue 37: core/api/answers.ts, validationDetail.ts)
// judge as the zod schemas they stand for: on hand-picked values and on thousands of random JSON values built from
// the fields each schema reads, a plain check is sure of exactly the values the schema accepts, and gives the
// schema's own output for them (a `__proto__` key included).
import assert from 'node:assert/strict';
import * as z from 'zod';
import { ANY_ANSWER, isIdNumber, PAIR_ANSWER, VERSION_ANSWER } from '../../../src/core/api/answers';
import type { LazySchema } from '../../../src/core/api/lazySchema';
import { HTTPValidationErrorSchema, PairInfoSchema } from '../../../src/core/api/schemas';
import { VersionSchema } from '../../../src/core/api/searchSchemas';
import { validationDetailOf } from '../../../src/core/api/validationDetail';

/** A small seeded generator (mulberry32): the same values on every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SCALARS: readonly unknown[] = ['', 'x', 'v4.6.1', 'body', 'ccPairId', '0', 0, 1, -1, 1.5, 2 ** 53, 2 ** 53 - 1, -0, JSON.parse('1e400'), true, false, null];

/** A JSON value as JSON.parse gives it (1e400 reads as Infinity): a scalar, an array, or an object with some of `keys`. */
function jsonValue(next: () => number, keys: readonly string[], depth = 0): unknown {
  const r = next();
  if (depth > 3 || r < 0.3) return pick(next, SCALARS);
  if (r < 0.45) return Array.from({ length: Math.floor(next() * 3) }, () => jsonValue(next, keys, depth + 1));
  return Object.fromEntries(keys.filter(() => next() < 0.7).concat(next() < 0.2 ? ['extra'] : []).map((k) => [k, jsonValue(next, keys, depth + 1)]));
}

function pick<T>(next: () => number, xs: readonly T[]): T {
  return xs[Math.floor(next() * xs.length)]!;
}

/** An object of `keys`, mostly with a value of its kind (`fitting`), else any of `fieldValues` or any JSON. */
function answerLike(next: () => number, keys: readonly string[], fieldValues: readonly unknown[], fitting: Readonly<Record<string, readonly unknown[]>> = {}): unknown {
  if (next() < 0.1) return jsonValue(next, keys);
  const valueOf = (k: string): unknown => {
    const r = next();
    if (r < 0.6 && fitting[k]) return pick(next, fitting[k]);
    return r < 0.9 ? pick(next, fieldValues) : jsonValue(next, keys, 1);
  };
  return Object.fromEntries(keys.filter(() => next() < 0.9).concat(next() < 0.3 ? ['extra'] : []).map((k) => [k, valueOf(k)]));
}

/** Values that reach every branch of a schema of `keys`, each field's value chosen from `fieldValues`. */
function handPicked(keys: readonly string[], fieldValues: readonly unknown[]): unknown[] {
  const values: unknown[] = [...SCALARS, [], {}, JSON.parse('{"__proto__": {"x": 1}}'), JSON.parse(`{${keys.map((k) => `"${k}": 1`).join(',')}, "__proto__": null}`)];
  for (const key of keys) for (const v of fieldValues) values.push({ ...Object.fromEntries(keys.map((k) => [k, fieldValues[0]])), [key]: v }, { [key]: v });
  return values;
}

function assertJudgesAsSchema<T>(lazy: LazySchema<T>, schema: z.ZodType, values: readonly unknown[]): void {
  let sure = 0;
  for (const value of values) {
    const quick = lazy.quick(value);
    const parsed = schema.safeParse(value);
    const shown = JSON.stringify(value);
    if (quick) {
      sure++;
      assert.ok(parsed.success, `the plain check takes what the schema refuses: ${shown}`);
      assert.deepEqual(quick.data, parsed.data, shown);
    } else {
      assert.ok(!parsed.success, `the plain check is unsure of what the schema accepts: ${shown}`);
    }
  }
  assert.ok(sure > values.length / 20, `sure of ${sure} of ${values.length} values: the test would prove little`);
}

function randomValues(seed: number, keys: readonly string[], fieldValues: readonly unknown[], count = 5000, fitting: Readonly<Record<string, readonly unknown[]>> = {}): unknown[] {
  const next = random(seed);
  return Array.from({ length: count }, () => answerLike(next, keys, fieldValues, fitting));
}

describe('lazy schemas: plain checks that judge as their zod schemas (issue 37)', () => {
  it('GET version: VERSION_ANSWER as VersionSchema', async () => {
    const keys = ['backend_version'];
    const fieldValues = ['v4.6.1', '', 1, null, true, [], {}];
    assertJudgesAsSchema(VERSION_ANSWER, VersionSchema, [...handPicked(keys, fieldValues), ...randomValues(1, keys, fieldValues)]);
    assert.equal(await VERSION_ANSWER.schema(), VersionSchema);
  });

  it('a pair: PAIR_ANSWER as PairInfoSchema', async () => {
    const keys = ['id', 'name', 'is_editable_for_current_user'];
    const fieldValues = [2, 'x', true, null, 0, false, '', -1, 1.5, 2 ** 53, Infinity, [], {}];
    assertJudgesAsSchema(PAIR_ANSWER, PairInfoSchema, [...handPicked(keys, fieldValues), ...randomValues(2, keys, fieldValues, 5000, { id: [2, 0, 7], name: ['x', '', null], is_editable_for_current_user: [true, false, null] })]);
    assert.equal(await PAIR_ANSWER.schema(), PairInfoSchema);
  });

  it('an answer not read: ANY_ANSWER as z.unknown()', async () => {
    assertJudgesAsSchema(ANY_ANSWER, z.unknown(), [...SCALARS, undefined, [], {}, ...randomValues(3, ['a', 'b'], SCALARS, 500)]);
    assert.equal((await ANY_ANSWER.schema()).safeParse(Symbol.iterator).success, true);
  });

  it('an id in a route: isIdNumber as z.number().int().nonnegative()', () => {
    const schema = z.number().int().nonnegative();
    for (const v of [...SCALARS, NaN, Infinity, -Infinity, Number.MAX_VALUE, Number.MIN_VALUE, '2', 2n, undefined, [], {}]) {
      assert.equal(isIdNumber(v), schema.safeParse(v).success, String(v));
    }
  });

  it("a 422's detail: validationDetailOf as HTTPValidationErrorSchema", () => {
    const next = random(4);
    const itemKeys = ['loc', 'msg', 'type', 'input', 'ctx'];
    const items = (): unknown => {
      const r = next();
      if (r < 0.5) return { loc: ['body', 'document', next() < 0.5 ? 0 : 'id'], msg: 'Field required', type: 'missing', ...(next() < 0.3 ? { input: null } : {}), ...(next() < 0.3 ? { ctx: next() < 0.7 ? { limit: 1 } : jsonValue(next, itemKeys) } : {}) };
      return jsonValue(next, itemKeys);
    };
    const values: unknown[] = [
      ...handPicked(['detail'], [[], null, 'x', {}, [{ loc: [], msg: '', type: '' }], [{ loc: ['body', 1e400], msg: 'm', type: 't' }], [{ loc: [null], msg: 'm', type: 't' }], [{ loc: ['a'], msg: 'm', type: 't', ctx: [] }], [{ loc: ['a'], msg: 'm', type: 't', ctx: null }]]),
      ...Array.from({ length: 5000 }, () => (next() < 0.8 ? { detail: Array.from({ length: Math.floor(next() * 3) }, items), ...(next() < 0.2 ? { other: 1 } : {}) } : jsonValue(next, ['detail']))),
    ];
    let accepted = 0;
    for (const value of values) {
      const plain = validationDetailOf(value);
      const parsed = HTTPValidationErrorSchema.safeParse(value);
      const shown = JSON.stringify(value);
      assert.equal(plain !== undefined, parsed.success, shown);
      if (plain && parsed.success) {
        accepted++;
        assert.deepEqual(plain.map((d) => [d.loc, d.msg]), (parsed.data.detail ?? []).map((d) => [d.loc, d.msg]), shown);
      }
    }
    assert.ok(accepted > 1000 && accepted < values.length - 500, `accepted ${accepted} of ${values.length}`);
  });
});
