// The plain checks start-up uses (core/api/vocabulary.ts, issue 37) say what the zod schemas of the interface say.
import assert from 'node:assert/strict';
import { IngestionRequestSchema, SourceKindSchema, UserFileStatusSchema } from '../../../src/core/api/schemas';
import { isCcPairId, isSourceKind, SOURCE_KINDS, USER_FILE_STATUSES, userFileStatusOf } from '../../../src/core/api/vocabulary';

const values: unknown[] = [
  ...SOURCE_KINDS, ...USER_FILE_STATUSES, 'File', ' file', 'file ', 'FILE', '', 'unknown', 'completed', 'processing', 'constructor', '__proto__', 'toString',
  0, 1, 2, -1, 1.5, 2 ** 53, 2 ** 53 - 1, Number.MAX_VALUE, NaN, Infinity, -Infinity, '1', true, false, null, undefined, {}, [], ['file'], 1n,
];

describe('vocabulary: the checks start-up makes without zod', () => {
  it('isSourceKind accepts exactly what SourceKindSchema accepts', () => {
    for (const v of values) assert.equal(isSourceKind(v), SourceKindSchema.safeParse(v).success, String(v));
  });

  it('isCcPairId accepts exactly what the request schema accepts as cc_pair_id', () => {
    const schema = IngestionRequestSchema.shape.cc_pair_id.unwrap();
    for (const v of values) assert.equal(isCcPairId(v), schema.safeParse(v).success, String(v));
  });

  it('userFileStatusOf reads a status as UserFileStatusSchema does, "unknown" for anything else', () => {
    for (const v of values) assert.equal(userFileStatusOf(v), UserFileStatusSchema.parse(v), String(v));
  });
});
