import * as l10n from '@vscode/l10n';
/**
 * Which proxy a request outside VS Code goes through: `https_proxy`/`HTTPS_PROXY`, `http_proxy`/`HTTP_PROXY` and
 * `no_proxy`/`NO_PROXY`, read by the rules of undici's EnvHttpProxyAgent (lower case first; an https URL falls back
 * to the http proxy; NO_PROXY entries are host names, their subdomains, optional `:port`, or `*`). The values read
 * here are handed to that agent, so what `--verbose` says and where requests go cannot differ. Inside VS Code none
 * of this applies: its own fetch uses the `http.proxy` setting.
 */

export type Env = Readonly<Record<string, string | undefined>>;

export interface ProxyVariable {
  /** The variable it came from, as set (`HTTPS_PROXY`, `https_proxy`, ...). */
  name: string;
  url: string;
}

export interface ProxySettings {
  http?: ProxyVariable;
  https?: ProxyVariable;
  /** `no_proxy` or `NO_PROXY` as set; empty: none. */
  noProxy: { name: string; value: string };
}

/** Where requests to one origin go. */
export type ProxyRoute =
  | { via: 'proxy'; proxy: string; variable: string }
  | { via: 'direct'; because: 'no-proxy-set' }
  | { via: 'direct'; because: 'no-proxy-matches'; variable: string; entry: string };

/** A proxy variable that is no proxy URL: nothing can be sent. */
export class ProxyUrlError extends Error {}

/** A request through a proxy failed before an answer came: the proxy refused it or could not be reached. */
export class ThroughProxyError extends Error {
  constructor(
    /** The proxy's URL, credentials masked. */
    readonly proxy: string,
    readonly variable: string,
    /** The origin the request was for. */
    readonly target: string,
    cause: unknown,
  ) {
    super(l10n.t('request to {0} through the proxy {1} failed', target, proxy), { cause });
    this.name = 'ThroughProxyError';
  }
}

const PROXY_PROTOCOLS = ['http:', 'https:', 'socks:', 'socks5:'];

function first(env: Env, ...names: string[]): { name: string; value: string } | undefined {
  for (const name of names) {
    const value = env[name];
    if (value !== undefined) return { name, value };
  }
  return undefined;
}

function proxyVariable(env: Env, lower: string, upper: string): ProxyVariable | undefined {
  const found = first(env, lower, upper);
  if (!found || found.value.trim() === '') return undefined;
  const url = found.value.trim();
  if (!isProxyUrl(url)) {
    // The value is not repeated: whatever it is, it may hold a password.
    throw new ProxyUrlError(
      l10n.t('{0} is not a proxy URL: write it as http://host:port (with user:password@ before the host if the proxy asks for them, a / # ? or @ inside them written %2F %23 %3F %40), or unset {1}.', found.name, found.name),
    );
  }
  return { name: found.name, url };
}

/**
 * A proxy URL that undici reads as written. With an @ the host is what follows the last one; a raw / # or ? in a
 * password ends the parsed host early, so requests would go to a host made of part of the password.
 */
function isProxyUrl(text: string): boolean {
  const url = parsed(text);
  if (!url || !PROXY_PROTOCOLS.includes(url.protocol) || !url.hostname) return false;
  const at = text.lastIndexOf('@');
  return at < 0 || url.host === parsed(`${url.protocol}//${text.slice(at + 1).split(/[/?#]/)[0]}`)?.host;
}

function parsed(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** The proxy variables of `env`; a ProxyUrlError names the one that is no URL. */
export function proxySettings(env: Env): ProxySettings {
  const http = proxyVariable(env, 'http_proxy', 'HTTP_PROXY');
  const https = proxyVariable(env, 'https_proxy', 'HTTPS_PROXY') ?? http;
  const noProxy = first(env, 'no_proxy', 'NO_PROXY') ?? { name: 'NO_PROXY', value: '' };
  return { http, https, noProxy };
}

/**
 * The proxy URL as scheme and host, `***@` for whatever stood before the last @: safe for logs and messages. Built
 * from its parts, never by cutting the text, so no character of a password can stay in it.
 */
export function maskProxyUrl(url: string): string {
  const u = parsed(url);
  return u ? `${u.protocol}//${url.includes('@') ? '***@' : ''}${u.host}` : '***';
}

/** Where a request to `target` goes, by the same rules as undici's EnvHttpProxyAgent. */
export function proxyRoute(settings: ProxySettings, target: string): ProxyRoute {
  const url = new URL(target);
  const variable = url.protocol === 'https:' ? settings.https : settings.http;
  if (!variable) return { via: 'direct', because: 'no-proxy-set' };
  const host = url.host.replace(/:\d*$/, '').toLowerCase();
  const port = Number.parseInt(url.port, 10) || (url.protocol === 'https:' ? 443 : 80);
  const value = settings.noProxy.value;
  if (value === '*') return { via: 'direct', because: 'no-proxy-matches', variable: settings.noProxy.name, entry: '*' };
  for (const entry of value.split(/[,\s]/).filter(Boolean)) {
    const m = /^(.+):(\d+)$/.exec(entry);
    const name = (m ? m[1]! : entry).replace(/^\*?\./, '').toLowerCase();
    const entryPort = m ? Number.parseInt(m[2]!, 10) : 0;
    if (entryPort && entryPort !== port) continue;
    if (host === name || host.endsWith(`.${name}`)) return { via: 'direct', because: 'no-proxy-matches', variable: settings.noProxy.name, entry };
  }
  return { via: 'proxy', proxy: maskProxyUrl(variable.url), variable: variable.name };
}

/** One line for `--verbose`: where requests to `origin` go and why; never a proxy's credentials. */
export function describeProxyRoute(route: ProxyRoute, origin: string): string {
  if (route.via === 'proxy') return l10n.t('requests to {0} go through the proxy {1} (from {2}).', origin, route.proxy, route.variable);
  if (route.because === 'no-proxy-matches') return l10n.t('requests to {0} go directly, not through a proxy: {1} lists {2}.', origin, route.variable, route.entry);
  return origin.startsWith('https:')
    ? l10n.t('requests to {0} go directly: no proxy is set (HTTPS_PROXY, HTTP_PROXY).', origin)
    : l10n.t('requests to {0} go directly: no proxy is set for http:// addresses (HTTP_PROXY).', origin);
}
