/** Shared set-up of the client tests: a local service per dialect and a client pointed at it. */
import { ClientOptions, ServiceClient } from '../../src/core/api';
import { createNodeFetch, NodeFetch } from '../../src/core/http/nodeFetch';
import { LocalService, PrincipalName, ServiceOptions, startService } from '../service';

export const DIALECTS = ['spec', 'observed'] as const;

export interface Harness {
  service: LocalService;
  http: NodeFetch;
  client(principal?: PrincipalName, options?: Partial<ClientOptions>): ServiceClient;
  /** Requests the service saw whose path contains `fragment`. */
  seen(fragment: string): number;
}

/** Starts the service before the suite and stops it after; faults and the request log are reset per test. */
export function useService(dialect: ServiceOptions['dialect'], options: ServiceOptions = {}): Harness {
  const h = {} as Harness;
  before(async () => {
    h.service = await startService({ dialect, ...options });
    h.http = createNodeFetch();
    h.client = (principal = 'admin', extra = {}) =>
      new ServiceClient({
        fetch: h.http.fetch,
        baseUrl: h.service.baseUrl,
        apiKey: h.service.keys[principal],
        ingestionPath: h.service.ingestionPath,
        retry: { baseDelayMs: 1, maxDelayMs: 5 },
        ...extra,
      });
    h.seen = (fragment) => h.service.requests.filter((r) => r.path.includes(fragment)).length;
  });
  beforeEach(() => {
    h.service.faults.clear();
    h.service.clearRequests();
  });
  after(async () => {
    await h.http?.close();
    await h.service?.close();
  });
  return h;
}

/** Runs `fn` and returns what it threw; fails the test when it does not throw. */
export async function thrown(fn: () => Promise<unknown>): Promise<Error> {
  try {
    await fn();
  } catch (e) {
    if (e instanceof Error) return e;
    throw new Error(`threw a non-Error: ${String(e)}`);
  }
  throw new Error('expected an error, but the call succeeded');
}

export function doc(id: string | undefined, extra: Record<string, unknown> = {}) {
  return {
    ...(id === undefined ? {} : { id }),
    semantic_identifier: `Title of ${id ?? 'no id'}`,
    sections: [{ text: '# Heading\n\nBody text.' }],
    source: 'file' as const,
    metadata: { team: 'docs', tags: ['a', 'b'] },
    ...extra,
  };
}
