/**
 * The answers `doc-ingest check` reads, as lazy schemas (lazySchema.ts): a plain check for the well-formed answer,
 * the zod schema for anything else, so that a check whose server answers as expected loads no zod (issue 37).
 */
import type * as z from 'zod';
import { isJsonObject } from '../jsonObject';
import { lazySchema } from './lazySchema';
import type { PairInfo } from './schemas';

/** An answer whose body is not read (a status request, a probe): anything, as `z.unknown()` takes it. */
// Its schema from routeSchemas, not `import('zod')`: a namespace import of the package keeps all of zod (every
// locale) in the bundles, and the editor's entry holds zod for .doc-ingest.json.
export const ANY_ANSWER = lazySchema<unknown>((value) => ({ data: value }), async () => (await import('./routeSchemas.js')).NoContent);

/** `GET version`, as `VersionSchema`. */
export const VERSION_ANSWER = lazySchema<z.output<typeof import('./searchSchemas').VersionSchema>>(
  (value) => (isJsonObject(value) && typeof value.backend_version === 'string' ? { data: { ...value, backend_version: value.backend_version } } : undefined),
  async () => (await import('./searchSchemas.js')).VersionSchema,
);

/** `GET manage/admin/cc-pair/{id}`, as `PairInfoSchema`. */
export const PAIR_ANSWER = lazySchema<PairInfo>(
  (value) =>
    isJsonObject(value) && Number.isSafeInteger(value.id) && isNullishOr(value.name, 'string') && isNullishOr(value.is_editable_for_current_user, 'boolean')
      ? { data: { ...value } as PairInfo }
      : undefined,
  async () => (await import('./schemas.js')).PairInfoSchema,
);

function isNullishOr(value: unknown, type: 'string' | 'boolean'): boolean {
  return value === undefined || value === null || typeof value === type;
}

/** A whole number of at least 0, as `z.number().int().nonnegative()` takes it (an id in a route). */
export function isIdNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
