/**
 * Dates for `doc_updated_at`: always in UTC with `Z` (a naive time makes the real server skip updates).
 */

/** `2026-11-23T10:00:00Z`, or with milliseconds when there are any (`...00.250Z`). */
export function formatUtc(date: Date): string {
  return date.toISOString().replace('.000Z', 'Z');
}

/** `2026-11-23` (the UTC calendar date). */
export function formatUtcDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** ISO 8601 and YAML 1.1 timestamp forms: `2026-11-23T10:00:00Z`, `2026-11-23 10:00:00.5 +2`, `2026-11-23t9:05`. */
const DATE_TIME =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[Tt]|[ \t]+)(\d{1,2}):(\d{2})(?::(\d{2})(\.\d+)?)?[ \t]*(Z|z|[+-]\d{1,2}(?::?\d{2})?)?$/;
const OFFSET = /^([+-])(\d{1,2})(?::?(\d{2}))?$/;

function validCalendarDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/**
 * Parses an ISO 8601 date or date-time text. A date alone is midnight UTC; a time without an offset is taken as
 * UTC (as YAML does for its timestamps). Returns undefined when the text is no such date or names a day that does
 * not exist.
 */
export function parseIsoDate(text: string): Date | undefined {
  const value = text.trim();
  const dateOnly = DATE_ONLY.exec(value);
  if (dateOnly) {
    const [y, m, d] = [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])];
    return validCalendarDate(y, m, d) ? new Date(Date.UTC(y, m - 1, d)) : undefined;
  }
  const dt = DATE_TIME.exec(value);
  if (!dt) return undefined;
  const [y, m, d, hh, mm, ss] = [dt[1], dt[2], dt[3], dt[4], dt[5], dt[6] ?? '0'].map(Number) as [
    number, number, number, number, number, number,
  ];
  if (!validCalendarDate(y, m, d) || hh > 23 || mm > 59 || ss > 60) return undefined;
  const millis = dt[7] ? Math.round(Number(`0${dt[7]}`) * 1000) : 0;
  let time = Date.UTC(y, m - 1, d, hh, mm, ss, millis);
  const offset = OFFSET.exec(dt[8] ?? '');
  if (offset) {
    const minutes = Number(offset[2]) * 60 + Number(offset[3] ?? '0');
    if (Number(offset[2]) > 23 || Number(offset[3] ?? '0') > 59) return undefined;
    time -= (offset[1] === '-' ? -1 : 1) * minutes * 60_000;
  }
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** True for `YYYY-MM-DD` alone (used to print YAML dates without a time). */
export function isDateOnlyText(text: string | undefined): boolean {
  return text !== undefined && DATE_ONLY.test(text.trim());
}
