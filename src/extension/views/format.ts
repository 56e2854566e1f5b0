import * as vscode from 'vscode';

/** 1536 → "1.5 KB"; undefined → "size unknown". Binary multiples, as file managers show them. */
export function humanSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || bytes < 0) return vscode.l10n.t('size unknown');
  if (bytes < 1024) return vscode.l10n.t('{0} B', bytes);
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/** "3 days ago"; undefined or unparsable → "date unknown". A time without offset is the server's UTC. */
export function relativeTime(iso: string | null | undefined, now = Date.now()): { text: string; exact: string | undefined } {
  const date = parseServerTime(iso);
  if (!date) return { text: vscode.l10n.t('date unknown'), exact: undefined };
  const seconds = Math.round((date.getTime() - now) / 1000);
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [['year', 31536000], ['month', 2592000], ['week', 604800], ['day', 86400], ['hour', 3600], ['minute', 60], ['second', 1]];
  const [unit, size] = steps.find(([, s]) => Math.abs(seconds) >= s) ?? ['second', 1];
  const text = new Intl.RelativeTimeFormat(vscode.env.language, { numeric: 'auto' }).format(Math.round(seconds / size), unit);
  return { text, exact: date.toLocaleString(vscode.env.language) };
}

export function parseServerTime(iso: string | null | undefined): Date | undefined {
  if (!iso) return undefined;
  const withZone = /([zZ]|[+-]\d{2}:?\d{2})$/.test(iso) ? iso : `${iso}Z`;
  const date = new Date(withZone);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
