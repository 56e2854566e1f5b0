import * as l10n from '@vscode/l10n';
/**
 * The ingestion route a user or a repository may choose, judged in one place: the route goes below the server URL
 * and carries the key, so a path that climbs out of it (`../`), starts at the server's root, names another host
 * or hides a dot or a slash behind `%` would send the key elsewhere. Only plain segments pass: letters, digits,
 * `-` and `_`, separated by `/`.
 */

const SEGMENT = /^[A-Za-z0-9_-]+$/;

/** A route that is not one; `message` is one sentence naming where it came from and what to give instead. */
export class IngestionPathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IngestionPathError';
  }
}

/**
 * `raw` as the route to send to: surrounding spaces and trailing slashes trimmed; undefined when blank (the route
 * is then found by itself).
 * @param where what the user set, as the message should name it (`the setting docIngest.ingestionPath`,
 *   `--ingestion-path`, `.doc-ingest.json: ingestionPath`).
 * @throws IngestionPathError when it is not a plain route below the server URL.
 */
export function parseIngestionPath(raw: string | undefined, where: string): string | undefined {
  const path = raw?.trim().replace(/\/+$/, '');
  if (!path) return undefined;
  const problem = ingestionPathProblem(path);
  if (problem) throw new IngestionPathError(ingestionPathMessage(where, raw ?? '', problem));
  return path;
}

/** Why `path` (trimmed) is not a plain route below the server URL, as a clause; undefined when it is one. */
export function ingestionPathProblem(path: string): string | undefined {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(path)) return l10n.t('it is an address, not a route');
  if (/^[/\\]/.test(path)) return l10n.t('a leading “/” would start at the server\'s root');
  const segments = path.replace(/\/+$/, '').split('/');
  if (segments.some((s) => s === '.' || s === '..')) return l10n.t('“.” and “..” segments lead out of it');
  if (segments.some((s) => s === '')) return l10n.t('it has an empty segment (“//”)');
  const bad = segments.find((s) => !SEGMENT.test(s));
  if (bad === undefined) return undefined;
  const ch = [...bad].find((c) => !/[A-Za-z0-9_-]/.test(c)) ?? bad;
  return /\s/.test(ch) ? l10n.t('a space is not allowed') : l10n.t('“{0}” is not allowed', ch);
}

/** The one sentence said about a refused route, the same wherever it was set. */
export function ingestionPathMessage(where: string, raw: string, problem: string): string {
  return l10n.t('{0} “{1}” is not a route below the server URL ({2}): give letters, digits, “-” and “_” in segments separated by “/”, such as onyx-api/ingestion, or leave it empty to find the route by itself.', where, shown(raw), problem);
}

/** What was typed, on one line and short: a message is no place for a pasted page. */
function shown(raw: string): string {
  const line = raw.trim().replace(/[\u0000-\u001f\u007f]/g, '\uFFFD');
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
