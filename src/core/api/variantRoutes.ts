/**
 * Variant routes (docs/architecture.md#paths): the paths a route has on the specification's server and on the real
 * one, the memory of which one a server answered, and the ingestion path a user may set instead.
 */
import { IngestionPathError, parseIngestionPath } from './ingestionPath';
import { NotFoundError, ValidationError } from './errors';
import * as l10n from '@vscode/l10n';

/** The specification's ingestion route first, then the real (Onyx) server's. */
export const INGESTION_PATHS = ['service-api/ingestion', 'onyx-api/ingestion'] as const;
/** The specification's upload route first; the real server removed it in favour of the projects route. */
export const UPLOAD_PATHS = ['user/file/upload', 'user/projects/file/upload'] as const;

/**
 * Routes whose path differs between the specification and the real server, or between the real server's versions
 * (search: `search.ts`).
 */
export type VariantRoute = 'ingestion' | 'upload' | 'search';

/**
 * Which path of a variant route a server answered, remembered per server by the caller (the extension keeps it
 * in its global state), so that the next session does not ask the missing route again.
 */
export interface RouteMemory {
  get(route: VariantRoute): string | undefined;
  set(route: VariantRoute, path: string): void;
}

export function isMissingRoute(e: unknown): boolean {
  return e instanceof NotFoundError && e.what === 'route';
}

/** The last line of defence: whoever built the options, a route that leaves the base URL makes no client. */
export function chosenIngestionPath(raw: string | undefined): string | undefined {
  try {
    return parseIngestionPath(raw, l10n.t('The setting docIngest.ingestionPath'));
  } catch (e) {
    if (!(e instanceof IngestionPathError)) throw e;
    throw new ValidationError(e.message, '', [{ path: 'ingestionPath', message: l10n.t('not a route below the server URL') }], false, { setting: 'ingestionPath' });
  }
}

export function explainMissingIngestionRoute(e: unknown, tried: readonly string[]): unknown {
  if (!(e instanceof NotFoundError && e.what === 'route')) return e;
  return new NotFoundError(
    l10n.t('The server has no ingestion route: POST {0} both answered HTTP 404.', tried.join(' and POST ')),
    l10n.t('Check the server URL (it usually ends in /api), or set the ingestion route your server uses in the setting docIngest.ingestionPath.'),
    'route',
    { status: e.status, request: e.request, serverText: e.serverText, setting: 'ingestionPath' },
  );
}

export function inMemoryRoutes(): RouteMemory {
  const known = new Map<VariantRoute, string>();
  return { get: (route) => known.get(route), set: (route, path) => void known.set(route, path) };
}
