/** `--top K` (`findable`, `ingest --findable`): 1 to 50, else undefined (a usage error). */
export function topOf(value: unknown, fallback: number): number | undefined {
  const top = value === undefined ? fallback : Number(value);
  return Number.isInteger(top) && top >= 1 && top <= 50 ? top : undefined;
}
