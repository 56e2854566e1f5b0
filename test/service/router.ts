// Route table types and matching. Paths are matched percent-decoded, as Starlette does, so an encoded `/`
// inside a path parameter does not match a one-segment parameter.
import type { Gate } from './auth';
import type { Dialect, PyLocation } from './dialects';
import type { HttpError, Reply } from './http';
import type { UserFileProcessor } from './processing';
import type { Principal, Store } from './store';
import type { SearchSettings } from './types';
import type { Issue } from './validation';

/** Server settings; one object shared by every request, so a change applies to later requests. */
export interface Settings {
  uploadTokenLimit: number;
  maxUploadBytes: number;
  ingestLatencyMs: number;
  search: SearchSettings;
}

export type { SearchSettings } from './types';

export interface HandlerContext {
  store: Store;
  dialect: Dialect;
  processor: UserFileProcessor;
  settings: Settings;
  principal: Principal;
  params: Record<string, string>;
  /** Parsed JSON body; undefined when there is none (or, observed, when the Content-Type is not JSON). */
  json: unknown;
  rawBody: Buffer;
  contentType: string;
  /** The dialect's 422 for these issues, with this route's context. */
  invalid(issues: Issue[]): HttpError;
  /** Waits on a timer the server clears on close (then the promise never settles, and nothing is applied). */
  pause(ms: number): Promise<void>;
}

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Template relative to /api; `{name}` matches one path segment. */
  path: string;
  /**
   * `me`: authentication is optional and every failure is 403 `{"detail":"Unauthorized"}`. `none`: no key is
   * read at all (`GET version`); the handler then gets an anonymous principal without permissions.
   */
  gate: Gate | 'me' | 'none';
  body: 'json' | 'multipart' | 'none';
  where: PyLocation;
  /** Whether the server's version has this route; without it the path answers 404 as an unknown one does. */
  available?(search: SearchSettings): boolean;
  /** The real server's `require_vector_db`: 501 before authentication when there is no vector index. */
  needsVectorIndex?: boolean;
  handle(ctx: HandlerContext): Reply | Promise<Reply>;
}

export type Match =
  | { kind: 'route'; route: Route; params: Record<string, string> }
  | { kind: 'method'; allow: string[] }
  | { kind: 'none' };

function matchPath(template: string, path: string): Record<string, string> | undefined {
  const t = template.split('/');
  const p = path.split('/');
  if (t.length !== p.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < t.length; i++) {
    const seg = t[i] ?? '';
    const val = p[i] ?? '';
    const name = /^\{(\w+)\}$/.exec(seg)?.[1];
    if (name) {
      if (val === '') return undefined;
      params[name] = val;
    } else if (seg !== val) {
      return undefined;
    }
  }
  return params;
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Matches a path relative to /api (still percent-encoded) against the routes. */
export function matchRoute(routes: readonly Route[], method: string, relativePath: string): Match {
  const decoded = decodePath(relativePath);
  const allow: string[] = [];
  for (const route of routes) {
    const params = matchPath(route.path, decoded);
    if (!params) continue;
    if (route.method === method) return { kind: 'route', route, params };
    allow.push(route.method);
  }
  return allow.length ? { kind: 'method', allow } : { kind: 'none' };
}
