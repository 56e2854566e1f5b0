/** A JSON object (not an array, not null), as `z.object` and its kin take it: what a parsed answer or config must be to be read by key. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
