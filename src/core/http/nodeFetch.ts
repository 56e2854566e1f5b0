/**
 * The fetch used outside VS Code (command line, tests, benchmarks): a request straight to the server with a text
 * body goes over Node's own http (directFetch.ts, keep-alive); every other one (through a proxy the variables
 * HTTPS_PROXY, HTTP_PROXY, NO_PROXY given in `env` name, see proxy.ts; a form; what fetch refuses) goes to undici's
 * fetch with a keep-alive agent that honours those variables, undici loaded only then (issue 37: loading it cost
 * `doc-ingest check` more than its requests). Certificates are Node's either way: its bundled authorities plus
 * NODE_EXTRA_CA_CERTS; verification is never turned off.
 * Inside VS Code the global fetch is used instead, because VS Code adds the user's proxy and the system's
 * certificates to it; an own dispatcher there would bypass both.
 */
import type { EnvHttpProxyAgent, fetch as undiciFetch } from 'undici';
import type { FetchLike } from './fetchLike';
import { createDirectFetch } from './directFetch';
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
  const route = (url: string) => proxyRoute(settings, url);
  const direct = createDirectFetch(connections);
  let undici: Promise<{ fetch: typeof undiciFetch; FormData: typeof import('undici').FormData; dispatcher: EnvHttpProxyAgent }> | undefined;
  const loadUndici = () => (undici ??= import('undici').then(commonJsExports).then((m) => ({
    fetch: m.fetch,
    FormData: m.FormData,
    // The values are passed, never left for undici to read from process.env: what `route` says is where they go.
    dispatcher: new m.EnvHttpProxyAgent({
      connections,
      keepAliveTimeout: 10000,
      httpProxy: settings.http?.url ?? '',
      httpsProxy: settings.https?.url ?? '',
      noProxy: settings.noProxy.value,
    }),
  })));
  const fetch: FetchLike = async (input, init) => {
    if (direct.handles(input, init.body) && route(input).via === 'direct') return direct.fetch(input, init);
    try {
      const u = await loadUndici();
      return (await u.fetch(input, { ...(init as UndiciInit), body: toUndiciBody(init.body, u.FormData), dispatcher: u.dispatcher })) as unknown as Response;
    } catch (e) {
      const way = route(input);
      if (way.via === 'proxy' && !init.signal?.aborted) throw new ThroughProxyError(way.proxy, way.variable, new URL(input).origin, e);
      throw e;
    }
  };
  const close = async () => {
    direct.close();
    if (undici) await (await undici).dispatcher.close();
  };
  return { fetch, route, close };
}

/** undici is CommonJS: bundled as ESM, its exports are the namespace's `default`; compiled by tsc, the namespace's own. */
function commonJsExports(namespace: typeof import('undici')): typeof import('undici') {
  return (namespace as unknown as { default?: typeof import('undici') }).default ?? namespace;
}

/** The package's fetch only recognises its own FormData class as multipart; the client builds the global one. */
function toUndiciBody(body: RequestInit['body'], UndiciFormData: typeof import('undici').FormData): UndiciInit['body'] {
  if (!(body instanceof FormData)) return body as UndiciInit['body'];
  const form = new UndiciFormData();
  for (const [name, value] of body.entries()) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, value.name);
  }
  return form;
}
