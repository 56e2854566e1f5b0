/**
 * The real server shows credential values masked (`abcd...wxyz`, bullets, `*****` for numbers) and stores
 * whatever is sent back literally (docs/architecture.md#credentials). Sending a mask would destroy the secret.
 */

const MASKS = [/^.{4}\.\.\..{4}$/s, /^[•●·*]{4,}$/];

export function isMaskedValue(value: unknown): boolean {
  return typeof value === 'string' && MASKS.some((re) => re.test(value));
}

/** Dotted paths of every masked value inside `value`, depth first. */
export function findMaskedValues(value: unknown, path = ''): string[] {
  if (isMaskedValue(value)) return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => findMaskedValues(v, path ? `${path}.${i}` : String(i)));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => findMaskedValues(v, path ? `${path}.${k}` : k));
  }
  return [];
}
