/**
 * The fetch used outside VS Code (command line, tests, benchmarks): undici's, with a keep-alive agent that honours
 * the proxy variables (HTTPS_PROXY, HTTP_PROXY, NO_PROXY; see proxy.ts) given in `env`. Certificates are Node's:
 * its bundled authorities plus NODE_EXTRA_CA_CERTS; verification is never turned off.
 * Inside VS Code the global fetch is used instead, because VS Code adds the user's proxy and the system's
 * certificates to it; an own dispatcher there would bypass both.
 */
import { EnvHttpProxyAgent, FormData as UndiciFormData, fetch as undiciFetch } from 'undici';
import type { FetchLike } from '../api/transport';
import { Env, proxyRoute, ProxyRoute, proxySettings, ThroughProxyError } from './proxy';

export interface NodeFetch {
  fetch: FetchLike;
  /** Where a request to `url` goes: through which proxy, or directly and why. */
  route(url: string): ProxyRoute;
  close(): Promise<void>;
}

export interface NodeFetchOptions {
  /** Connections per origin (and so requests in flight to it). */
  connections?: number;
  /**
   * Where the proxy variables are read; absent: none are (tests and benchmarks talk to their local service
   * directly whatever the machine's environment says). Throws ProxyUrlError for a variable that is no URL.
   */
  env?: Env;
}

type UndiciInit = NonNullable<Parameters<typeof undiciFetch>[1]>;

export function createNodeFetch(options: NodeFetchOptions | number = {}): NodeFetch {
  const { connections = 16, env = {} } = typeof options === 'number' ? { connections: options } : options;
  const settings = proxySettings(env);
  // The values are passed, never left for undici to read from process.env: what `route` says is where they go.
  const dispatcher = new EnvHttpProxyAgent({
    connections,
    keepAliveTimeout: 10000,
    httpProxy: settings.http?.url ?? '',
    httpsProxy: settings.https?.url ?? '',
    noProxy: settings.noProxy.value,
  });
  const route = (url: string) => proxyRoute(settings, url);
  const fetch: FetchLike = async (input, init) => {
    try {
      return (await undiciFetch(input, { ...(init as UndiciInit), body: toUndiciBody(init.body), dispatcher })) as unknown as Response;
    } catch (e) {
      const way = route(input);
      if (way.via === 'proxy' && !init.signal?.aborted) throw new ThroughProxyError(way.proxy, way.variable, new URL(input).origin, e);
      throw e;
    }
  };
  return { fetch, route, close: () => dispatcher.close() };
}

/** The package's fetch only recognises its own FormData class as multipart; the client builds the global one. */
function toUndiciBody(body: RequestInit['body']): UndiciInit['body'] {
  if (!(body instanceof FormData)) return body as UndiciInit['body'];
  const form = new UndiciFormData();
  for (const [name, value] of body.entries()) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, value.name);
  }
  return form;
}
