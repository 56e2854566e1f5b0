/**
 * What a connector file's row shows, without `vscode`, so that the benchmark can time the path from a response
 * to tree items in plain Node (the view only puts these facts into localised sentences and TreeItems):
 * the page of files shown, sizes, and dates. Date formatters are made once per view, not once per row: an
 * `Intl` formatter costs far more to make than to use, and a connector may have 10,000 files.
 */
import type { ConnectorFileInfo } from '../../core/api/schemas';

/** Files whose name contains `filter` (case-insensitive); all files without a filter. */
export function matchingFiles(files: ConnectorFileInfo[], filter: string): ConnectorFileInfo[] {
  const needle = filter.toLocaleLowerCase();
  return needle ? files.filter((f) => f.file_name.toLocaleLowerCase().includes(needle)) : files;
}

/** The first `shown` files and how many remain for "Load more". */
export function firstPage<T>(files: readonly T[], shown: number): { page: T[]; remaining: number } {
  return { page: files.slice(0, shown), remaining: Math.max(0, files.length - shown) };
}

/** 1536 → "1.5 KB" (binary multiples, as file managers show them); undefined below 1 KB or when unknown. */
export function scaledSize(bytes: number | null | undefined): string | undefined {
  if (bytes === null || bytes === undefined || bytes < 1024) return undefined;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

export function parseServerTime(iso: string | null | undefined): Date | undefined {
  if (!iso) return undefined;
  const withZone = /([zZ]|[+-]\d{2}:?\d{2})$/.test(iso) ? iso : `${iso}Z`;
  const date = new Date(withZone);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [['year', 31536000], ['month', 2592000], ['week', 604800], ['day', 86400], ['hour', 3600], ['minute', 60], ['second', 1]];

/** Relative ("3 days ago") and exact dates in one display language, with formatters made once. */
export class DateTexts {
  private relativeFormat: Intl.RelativeTimeFormat | undefined;
  private exactFormat: Intl.DateTimeFormat | undefined;

  constructor(private readonly language: string) {}

  relative(date: Date, now: number): string {
    const seconds = Math.round((date.getTime() - now) / 1000);
    const [unit, size] = STEPS.find(([, s]) => Math.abs(seconds) >= s) ?? ['second', 1];
    this.relativeFormat ??= new Intl.RelativeTimeFormat(this.language, { numeric: 'auto' });
    return this.relativeFormat.format(Math.round(seconds / size), unit);
  }

  /** Exactly `date.toLocaleString(language)`: those are its defaults. */
  exact(date: Date): string {
    this.exactFormat ??= new Intl.DateTimeFormat(this.language, { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    return this.exactFormat.format(date);
  }
}

/** Everything a file row shows that is not a localised sentence. */
export interface FileRowFacts {
  id: string;
  label: string;
  /** "1.5 KB"; undefined: the view words a small or unknown size. */
  size: string | undefined;
  bytes: number | null | undefined;
  /** Undefined when the server gave no (valid) date. */
  uploaded: { relative: string; exact: string } | undefined;
  fileId: string;
  resourceUri: string;
}

export function fileRowFacts(connectorId: number, file: ConnectorFileInfo, dates: DateTexts, now: number): FileRowFacts {
  const date = parseServerTime(file.upload_date);
  return {
    id: `file-${connectorId}-${file.file_id}`,
    label: file.file_name,
    size: scaledSize(file.file_size),
    bytes: file.file_size,
    uploaded: date ? { relative: dates.relative(date, now), exact: dates.exact(date) } : undefined,
    fileId: file.file_id,
    resourceUri: `doc-ingest-file:/${encodeURIComponent(file.file_name)}`,
  };
}
