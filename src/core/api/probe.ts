/**
 * Tells the service's API from anything else at an address, before a key is sent there: one request without
 * credentials to a route every server of this interface has. The API answers in JSON (401 or 403 without a key);
 * a web app, a sign-in proxy or a wrong path answers with a page, a redirect or a 404.
 */
import { normalizeBaseUrl } from './baseUrl';
import { ANY_ANSWER } from './answers';
import { STATUS_PATH } from './client';
import { INGESTION_PATHS, UPLOAD_PATHS } from './variantRoutes';
import { NotFoundError, ServiceError } from './errors';
import type { FetchLike } from '../http/fetchLike';
import { Transport } from './transport';

export type ServerVerdict =
  | { kind: 'api' }
  /** Something answered, but not the API (a web page, a redirect, no such route). */
  | { kind: 'notApi'; error: ServiceError }
  /** Nothing usable answered (no connection, a timeout, a proxy's 5xx). */
  | { kind: 'unreachable'; error: ServiceError };

export interface ProbeOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

const PROBE_TIMEOUT_MS = 10000;

export async function probeServer(fetch: FetchLike, baseUrl: string, options: ProbeOptions = {}): Promise<ServerVerdict> {
  const transport = new Transport({ fetch, baseUrl, timeoutMs: options.timeoutMs ?? PROBE_TIMEOUT_MS });
  try {
    await transport.call({
      method: 'POST',
      path: STATUS_PATH,
      json: { file_ids: [] },
      schema: ANY_ANSWER,
      retry: false,
      signal: options.signal,
    });
    return { kind: 'api' }; // a server that needs no key
  } catch (e) {
    if (!(e instanceof ServiceError) || e.kind === 'cancelled') throw e;
    switch (e.kind) {
      case 'network':
      case 'timeout':
      case 'server':
        return { kind: 'unreachable', error: e };
      case 'wrong-server':
      case 'unexpected-response':
        return { kind: 'notApi', error: e };
      case 'not-found':
        return e instanceof NotFoundError && e.what === 'route' ? { kind: 'notApi', error: e } : { kind: 'api' };
      default:
        return { kind: 'api' }; // auth, permission, validation, rate limit...: the API refusing in its own words
    }
  }
}

/**
 * Addresses the user probably meant when `typed` is not the API: a pasted route cut off, `/api` added.
 * Normalised like the setting (no trailing slash); never `typed` itself.
 */
export function apiAddressCandidates(typed: string): string[] {
  const url = new URL(typed);
  const original = url.pathname.replace(/\/+$/, '');
  let path = original;
  for (const route of [...INGESTION_PATHS, ...UPLOAD_PATHS, STATUS_PATH]) {
    if (path.endsWith(`/${route}`)) {
      path = path.slice(0, -route.length - 1);
      break;
    }
  }
  const withPath = (p: string) => {
    const u = new URL(url.toString());
    u.pathname = p || '/';
    return normalizeBaseUrl(u.toString())!; // from a valid http(s) URL, so never undefined
  };
  const candidates: string[] = [];
  if (/\/api$/.test(path)) {
    if (path !== original) candidates.push(withPath(path));
  } else {
    candidates.push(withPath(`${path}/api`));
  }
  return candidates;
}

export interface ApiLookup {
  /** What the typed address is. */
  verdict: ServerVerdict;
  /** An address near the typed one that is the API, when the typed one is not. */
  suggestion?: string;
}

/** Probes `typed`; when it answers but is not the API, probes the addresses the user probably meant. */
export async function findServerApi(fetch: FetchLike, typed: string, options: ProbeOptions = {}): Promise<ApiLookup> {
  const verdict = await probeServer(fetch, typed, options);
  if (verdict.kind !== 'notApi') return { verdict };
  for (const candidate of apiAddressCandidates(typed)) {
    if ((await probeServer(fetch, candidate, options)).kind === 'api') return { verdict, suggestion: candidate };
  }
  return { verdict };
}
