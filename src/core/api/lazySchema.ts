/**
 * A response schema whose zod form loads on first need (issue 37: `doc-ingest check` spent a third of its time
 * beyond one raw request loading zod and building every schema of the interface). A plain check answers for the
 * values it is sure of, the well-formed answers nearly every request gets, with exactly what the schema would
 * give; anything else goes to the zod schema, loaded then, which decides with its own issues and messages. Each
 * plain check has a differential test against its schema (`lazySchemas.test.ts`).
 */
import type * as z from 'zod';

export interface LazySchema<T> {
  readonly kind: 'lazy';
  /** The schema's output for `value` when the plain check is sure it accepts it; undefined: ask the schema. */
  quick(value: unknown): { data: T } | undefined;
  /** The zod schema, its module loaded on first call. */
  schema(): Promise<z.ZodType<T>>;
}

/** What reads a response: a zod schema, or a lazy one. */
export type ResponseSchema = z.ZodType | LazySchema<unknown>;

/** What a response schema gives. */
export type OutputOf<S> = S extends LazySchema<infer T> ? T : S extends z.ZodType ? z.output<S> : never;

/** `load` imports the module that builds the schema: the module cache keeps it, nothing here does. */
export function lazySchema<T>(quick: (value: unknown) => { data: T } | undefined, load: () => Promise<z.ZodType<T>>): LazySchema<T> {
  return { kind: 'lazy', quick, schema: load };
}

export function isLazySchema(schema: ResponseSchema): schema is LazySchema<unknown> {
  return (schema as Partial<LazySchema<unknown>>).kind === 'lazy';
}
