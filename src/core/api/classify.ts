/**
 * Turns what came back (an HTTP status and body, or a thrown fetch error) into one typed error.
 * Every body shape of docs/architecture.md#errors and the specification's 422 is understood.
 */
import {
  AuthError,
  CancelledError,
  FieldIssue,
  HttpError,
  NetworkCause,
  NetworkError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  RequestInfo,
  ServerError,
  ServiceErrorInit,
  ServiceError,
  TimeoutError,
  ValidationError,
  WrongServerError,
} from './errors';
import { ThroughProxyError } from '../http/proxy';
import { validationDetailOf } from './validationDetail';
import * as l10n from '@vscode/l10n';

export interface ResponseFacts {
  status: number;
  headers: Headers;
  text: string;
  request: RequestInfo;
  /** The request's absolute URL: a redirect's target is judged against its origin. */
  url?: string;
  /** Hint for the user when the ingestion route itself is missing. */
  isIngestionRoute?: boolean;
  now?: number;
}

interface BodyFacts {
  json: unknown;
  detail?: string;
  errorCode?: string;
  html: boolean;
}

const MAX_SERVER_TEXT = 500;

export function looksLikeHtml(headers: Headers, text: string): boolean {
  const type = headers.get('content-type') ?? '';
  return /text\/html|application\/xhtml/i.test(type) || /^\s*<(!doctype|html|head|body)\b/i.test(text);
}

function readBody(headers: Headers, text: string): BodyFacts {
  if (looksLikeHtml(headers, text)) return { json: undefined, html: true };
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    return { json: undefined, detail: text.trim() || undefined, html: false };
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return { json, html: false };
  const o = json as Record<string, unknown>;
  const errorCode = typeof o.error_code === 'string' ? o.error_code : undefined;
  let detail: string | undefined;
  if (typeof o.detail === 'string') detail = o.detail;
  else if (o.detail && typeof o.detail === 'object' && !Array.isArray(o.detail)) {
    // The license gate's detail is an object with its own message (docs/architecture.md#errors).
    const d = o.detail as Record<string, unknown>;
    detail = typeof d.message === 'string' ? d.message : typeof d.error === 'string' ? d.error : JSON.stringify(d);
  } else if (typeof o.message === 'string') detail = o.message;
  return { json, detail: detail ?? errorCode, errorCode, html: false };
}

function clip(s: string | undefined): string | undefined {
  if (s === undefined) return undefined;
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > MAX_SERVER_TEXT ? one.slice(0, MAX_SERVER_TEXT - 1) + '…' : one;
}

/** `Retry-After` as seconds or an HTTP date, in milliseconds. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function pathOf(loc: readonly (string | number)[]): string {
  // FastAPI puts where the value came from first ("body", "path", "query"); the user cares about the rest.
  const rest = ['body', 'query', 'path', 'header'].includes(String(loc[0])) ? loc.slice(1) : loc;
  return rest.map(String).join('.');
}

/** The specification's `detail` array, or the real server's Python-repr text (docs/architecture.md#errors). */
export function validationIssues(json: unknown, text: string | undefined): FieldIssue[] {
  const detail = validationDetailOf(json);
  if (detail?.length) {
    return detail.map((d) => ({ path: pathOf(d.loc), message: d.msg }));
  }
  if (!text) return [];
  const issues: FieldIssue[] = [];
  const re = /'loc':\s*\(([^)]*)\),\s*'msg':\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")/g;
  for (const m of text.matchAll(re)) {
    const loc = (m[1] ?? '')
      .split(',')
      .map((p) => p.trim().replace(/^'(.*)'$/, '$1'))
      .filter((p) => p.length > 0)
      .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    issues.push({ path: pathOf(loc), message: m[2] ?? m[3] ?? '' });
  }
  return issues;
}

const NOT_AUTHENTICATED =
  /not authenticated|session not recognized|session expired|session terminated|unauthorized|invalid token|token expired|log in again/i;
const AUTH_CODES = new Set([
  'UNAUTHENTICATED', 'INVALID_TOKEN', 'TOKEN_EXPIRED', 'CREDENTIAL_EXPIRED',
  'SESSION_EXPIRED', 'SESSION_TERMINATED', 'SESSION_UNRECOGNIZED',
]);

const setKey = (): string => l10n.t('Set a valid API key for this server.');

function describeIssues(issues: FieldIssue[]): string {
  return issues
    .slice(0, 5)
    .map((i) => (i.path ? `${i.path}: ${i.message}` : i.message))
    .join('; ');
}

/** A web page where JSON was expected: a wrong base URL, a missing /api, or a proxy's sign-in page. */
export function webPageInsteadOfJson(request: RequestInfo, status: number, init: ServiceErrorInit = {}): WrongServerError {
  return new WrongServerError(
    l10n.t('The server answered {0} {1} with a web page (HTTP {2}) instead of JSON.', request.method, request.path, status),
    l10n.t('Check the server URL: it must point at the service\'s API and usually ends in /api (a proxy or sign-in page may be in the way).'),
    { ...init, status, request },
  );
}

/**
 * A 30x: never followed (every request is sent with `redirect: 'manual'`), since the key goes with each request and
 * another origin must never get it. The message names where the server tried to send it: for another origin the
 * origin only (a query may hold a sign-in token), for the same origin the path.
 */
export function redirected(request: RequestInfo, status: number, location: string | null, from: string | undefined, init: ServiceErrorInit = {}): WrongServerError {
  const what = l10n.t('The server redirected {0} {1} (HTTP {2})', request.method, request.path, status);
  let target: URL | undefined;
  try {
    target = location ? new URL(location, from) : undefined;
  } catch {
    target = undefined;
  }
  if (!target) {
    return new WrongServerError(
      l10n.t('{0} without a usable address; it was not followed.', what),
      l10n.t('Check the server URL: it must point at the service\'s API and usually ends in /api.'),
      { ...init, status, request },
    );
  }
  const origin = from ? originOf(from) : undefined;
  if (origin !== undefined && target.origin === origin) {
    return new WrongServerError(
      l10n.t('{0} to {1} on the same server; redirects are not followed.', what, target.pathname),
      l10n.t('Check the server URL: it must point at the service\'s API and usually ends in /api.'),
      { ...init, status, request },
    );
  }
  return new WrongServerError(
    l10n.t('{0} to {1}; it was not followed, so the key was not sent there.', what, target.origin),
    l10n.t('If {0} is the service\'s own address (for example https:// instead of http://), use it in the server URL; otherwise ask the server\'s admin why it redirects.', target.origin),
    { ...init, status, request },
  );
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export function errorFromResponse(facts: ResponseFacts): ServiceError {
  const { status, headers, text, request } = facts;
  const body = readBody(headers, text);
  const serverText = clip(body.detail);
  const init = { status, request, serverText, errorCode: body.errorCode };
  // Its own full stop inside the quotes is the sentence's end: not `"Access denied.".`
  const said = serverText ? l10n.t(' The server said: "{0}"{1}', serverText, /[.!?]$/.test(serverText) ? '' : '.') : '';

  // Before the page check: a redirect's body is often a small page, and where it points is what helps.
  if (status >= 300 && status < 400) return redirected(request, status, headers.get('location'), facts.url, init);
  // A proxy's own page for "too large" or "too many requests" is still that answer, not a wrong server URL.
  if (body.html && status < 500 && status !== 413 && status !== 429) return webPageInsteadOfJson(request, status, init);

  if (status === 401 && serverText && /does not exist or does not belong/i.test(serverText)) {
    return new NotFoundError(
      l10n.t('Not found, or not yours (HTTP 401).{0}', said),
      l10n.t('Check the id; only your own credentials can be changed with this key.'),
      'object',
      init,
    );
  }
  if (status === 401 || (status === 403 && (AUTH_CODES.has(body.errorCode ?? '') || NOT_AUTHENTICATED.test(serverText ?? '')))) {
    return new AuthError(l10n.t('The server did not accept the API key (HTTP {0}).{1}', status, said), setKey(), init);
  }
  if (status === 403) {
    const pairRefused = /connection not found/i.test(serverText ?? '');
    const action = pairRefused
      ? l10n.t('Choose a connector-credential pair this key may edit (setting docIngest.ccPairId), or ask an admin for access.')
      : /limited permissions/i.test(serverText ?? '')
        ? l10n.t('This key has no permissions: ask an admin to add it to a group, or use another key.')
        : l10n.t('Use a key with the needed permission, or ask an admin for access.');
    return new PermissionError(l10n.t('The key may not do this (HTTP 403).{0}', said), action, { ...init, setting: pairRefused ? 'ccPairId' : undefined });
  }
  if (status === 404) {
    const routeMissing = !body.errorCode && (serverText === undefined || /^not found$/i.test(serverText));
    if (routeMissing) {
      const action = facts.isIngestionRoute
        ? l10n.t('Check the ingestion path setting (docIngest.ingestionPath), or empty it so that the server\'s route is found by itself.')
        : l10n.t('Check the server URL (it must include /api) and that the server is a version that offers this route.');
      const setting = facts.isIngestionRoute ? 'ingestionPath' : 'baseUrl';
      return new NotFoundError(l10n.t('The server has no route {0} {1} (HTTP 404).', request.method, request.path), action, 'route', { ...init, setting });
    }
    // The ingestion route's one object is the pair: the specification's servers send no error code for it.
    const pair = body.errorCode === 'CONNECTOR_NOT_FOUND' || facts.isIngestionRoute;
    const action = pair ? l10n.t('Check the connector-credential pair id (setting docIngest.ccPairId).') : l10n.t('Check the id, then refresh.');
    return new NotFoundError(l10n.t('Not found (HTTP 404).{0}', said), action, 'object', { ...init, setting: pair ? 'ccPairId' : undefined });
  }
  if (status === 422 || (status === 400 && (body.errorCode === 'VALIDATION_ERROR' || body.errorCode === 'INVALID_INPUT' || isMessageOnly(body.json)))) {
    const issues = validationIssues(body.json, body.detail);
    const what = issues.length ? describeIssues(issues) : serverText ?? l10n.t('no details given');
    return new ValidationError(
      l10n.t('The server refused the request as invalid (HTTP {0}): {1}.', status, what),
      l10n.t('Correct the fields named, then try again.'),
      issues,
      true,
      init,
    );
  }
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(headers.get('retry-after'), facts.now);
    const when = retryAfterMs !== undefined ? l10n.t(' Retry after {0} s.', Math.ceil(retryAfterMs / 1000)) : '';
    return new RateLimitError(l10n.t('The server is limiting requests (HTTP 429).{0}', when), l10n.t('Wait a moment, then try again.'), retryAfterMs, init);
  }
  if (status >= 500) {
    const action =
      status === 501
        ? l10n.t('This server has the feature turned off (for example no vector database); ask its admin.')
        : status >= 502 && status <= 504
          ? l10n.t('The server or a proxy in front of it is unavailable; try again in a minute.')
          : l10n.t('Try again; if it keeps failing, send the server\'s text to its admin.');
    const retryAfterMs = status === 503 ? parseRetryAfter(headers.get('retry-after'), facts.now) : undefined;
    return new ServerError(l10n.t('The server failed (HTTP {0}).{1}', status, said), action, { ...init, retryAfterMs });
  }
  const action =
    status === 413
      ? l10n.t('The request is too large for the server or a proxy; make the document smaller.')
      : status === 402
        ? l10n.t('The server\'s licence or seats do not allow this; ask its admin.')
        : l10n.t('Check the request and the server\'s text, then try again.');
  return new HttpError(l10n.t('The server refused the request (HTTP {0}).{1}', status, said), action, init);
}

function isMessageOnly(json: unknown): boolean {
  return !!json && typeof json === 'object' && 'message' in json && !('detail' in json);
}

// ---------------------------------------------------------------------------------------------- thrown errors

function codesOf(e: unknown, depth = 0): { code?: string; message: string }[] {
  if (!e || typeof e !== 'object' || depth > 4) return [];
  const err = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const here = { code: typeof err.code === 'string' ? err.code : undefined, message: String(err.message ?? '') };
  const nested = Array.isArray(err.errors) ? err.errors.flatMap((x) => codesOf(x, depth + 1)) : [];
  return [here, ...codesOf(err.cause, depth + 1), ...nested];
}

function networkCause(code: string | undefined, message: string): NetworkCause {
  // undici's fetch rejects the Fetch standard's blocked ports with the bare reason "bad port".
  if (/\bbad port\b/i.test(message)) return 'blocked-port';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME' || /getaddrinfo/i.test(message)) return 'dns';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET' || code === 'UND_ERR_CLOSED' || /other side closed|socket hang up/i.test(message)) return 'reset';
  if ((code && /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|EPROTO|ERR_OSSL)/.test(code)) || /ssl|tls|certificate/i.test(message)) return 'tls';
  return 'other';
}

function networkText(cause: NetworkCause): [string, string] {
  switch (cause) {
    case 'dns': return [l10n.t('The server name could not be resolved.'), l10n.t('Check the server URL for typos, and your network or VPN.')];
    case 'refused': return [l10n.t('The server refused the connection.'), l10n.t('Check the server URL and port, and that the service is running.')];
    case 'reset': return [l10n.t('The connection was closed before the server answered.'), l10n.t('Try again; if it persists, check proxies and the server\'s health.')];
    case 'tls': return [l10n.t('A secure (TLS) connection could not be made.'), l10n.t('Check the certificate of the server (or your proxy), and whether the URL should start with http:// or https://.')];
    case 'blocked-port': return [
      l10n.t('This port cannot be used: fetch refuses it as unsafe, as browsers do.'),
      l10n.t('Run the service on another port (such as 443, 8080 or 3000), or reach it through one, and change the server URL.'),
    ];
    case 'other': return [l10n.t('The server could not be reached.'), l10n.t('Check the server URL and your network.')];
    // Only the summary and action of the sentences built below are used for these two.
    case 'proxy': return [l10n.t('The proxy could not be reached.'), l10n.t('Check the proxy variables (HTTPS_PROXY, HTTP_PROXY).')];
    case 'untrusted-certificate': return [l10n.t('The server\'s certificate is signed by an authority this machine does not trust.'), ''];
  }
}

/**
 * The summary with the server it was about, as the address was written (a server URL set in another place than
 * the one in view, an environment variable, a typo, is the usual cause): "The server https://docs.example.com
 * refused the connection.", "The server name docs.exmaple.com could not be resolved." Whole sentences, not the
 * summary with a word replaced, so that each language can place the name where it goes.
 */
function namingServer(cause: NetworkCause, summary: string, baseUrl: string | undefined): string {
  let url: URL;
  try {
    url = new URL(baseUrl ?? '');
  } catch {
    return summary;
  }
  switch (cause) {
    case 'dns': return l10n.t('The server name {0} could not be resolved.', url.hostname);
    case 'refused': return l10n.t('The server {0} refused the connection.', url.origin);
    case 'other': return l10n.t('The server {0} could not be reached.', url.origin);
    case 'reset': return l10n.t('The connection to {0} was closed before the server answered.', url.origin);
    case 'tls': return l10n.t('A secure (TLS) connection to {0} could not be made.', url.origin);
    default: return summary;
  }
}

/** Node's codes for a certificate chain that ends in an authority not in the trust store. */
const UNTRUSTED_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
]);

/**
 * What to do about a certificate authority this machine does not trust: in the editor (VS Code's fetch uses the
 * operating system's store) and on the command line (Node's bundled authorities plus NODE_EXTRA_CA_CERTS, and the
 * system store with --use-system-ca where the Node version has that flag). Turning verification off is never offered.
 */
export const untrustedCertificateAction = (): string =>
  l10n.t('Add the certificate authority that signed it (your company\'s) to the operating system\'s trust store, which VS Code uses, then try again; never turn certificate checks off.');

export function untrustedCertificateActionForCommandLine(systemCaFlag: boolean): string {
  const system = systemCaFlag ? l10n.t(', or NODE_OPTIONS=--use-system-ca if the authority is in the operating system\'s store') : '';
  return l10n.t('Trust the authority that signed it: set NODE_EXTRA_CA_CERTS=<path to the CA\'s PEM> in doc-ingest\'s environment{0}; never turn certificate checks off.', system);
}

/** A proxy refused the request or could not be reached: one sentence naming the proxy, never its credentials. */
function proxyFailure(e: ThroughProxyError, code: string | undefined, message: string, request: RequestInfo): NetworkError | undefined {
  const from = l10n.t('The proxy {0} (from {1})', e.proxy, e.variable);
  const answered = /Proxy response \((\d{3})\)/.exec(message);
  if (answered) {
    const status = Number(answered[1]);
    const [summary, action] =
      status === 407
        ? [
            l10n.t('{0} refused to carry the request to {1}: it asks for credentials (HTTP 407).', from, e.target),
            l10n.t('Put the proxy\'s user and password in {0} (http://user:password@host:port), or ask its admin.', e.variable),
          ]
        : status >= 500
          ? [
              l10n.t('{0} could not reach {1} (HTTP {2}).', from, e.target, status),
              l10n.t('Check the server URL; if the server is reached without the proxy, list its host in NO_PROXY.'),
            ]
          : [
              l10n.t('{0} refused to carry the request to {1} (HTTP {2}).', from, e.target, status),
              l10n.t('Ask the proxy\'s admin to allow that server, or list its host in NO_PROXY if it is reached without the proxy.'),
            ];
    return new NetworkError(summary, action, 'proxy', code, { request, cause: e });
  }
  // Every connection goes to the proxy: a refused connection or an unknown name is the proxy's.
  const cause = networkCause(code, message);
  if (cause === 'refused' || cause === 'dns') {
    return new NetworkError(
      l10n.t('{0} could not be reached{1}.', from, code ? ` (${code})` : ''),
      l10n.t('Check the host and port in {0}, or unset it if there is no proxy.', e.variable),
      'proxy',
      code,
      { request, cause: e },
    );
  }
  return undefined;
}

export interface ThrownFacts {
  error: unknown;
  request: RequestInfo;
  cancelled: boolean;
  timedOut: boolean;
  timeoutMs: number;
  /** The server's base URL, to name its port when the port is the problem. */
  baseUrl?: string;
}

function portOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    return u.port || (u.protocol === 'https:' ? '443' : '80');
  } catch {
    return undefined;
  }
}

export function errorFromThrown(facts: ThrownFacts): ServiceError {
  const { error, request } = facts;
  if (error instanceof ServiceError) return error;
  if (facts.cancelled) return new CancelledError('Cancelled.', '', { request, cause: error });
  if (facts.timedOut) {
    return new TimeoutError(
      l10n.t('The server did not answer {0} {1} within {2} s.', request.method, request.path, Math.round(facts.timeoutMs / 1000)),
      l10n.t('Try again, or raise the timeout setting for slow servers.'),
      facts.timeoutMs,
      { request, cause: error },
    );
  }
  const all = codesOf(error);
  const coded = all.find((c) => c.code && c.code !== 'UND_ERR') ?? all[all.length - 1];
  const code = coded?.code;
  const message = all.map((c) => c.message).join(' | ');
  const viaProxy = error instanceof ThroughProxyError ? proxyFailure(error, code, message, request) : undefined;
  if (viaProxy) return viaProxy;
  if (code && UNTRUSTED_CODES.has(code)) {
    const where = error instanceof ThroughProxyError ? error.target : originOf(facts.baseUrl ?? '');
    return new NetworkError(
      l10n.t('The certificate of {0} is signed by an authority this machine does not trust ({1}).', where ?? l10n.t('the server'), code),
      untrustedCertificateAction(),
      'untrusted-certificate',
      code,
      { request, cause: error },
    );
  }
  const cause = networkCause(code, message);
  const [summary, action] = networkText(cause);
  if (cause === 'blocked-port') {
    const port = portOf(facts.baseUrl);
    const said = port ? l10n.t('Port {0} cannot be used: fetch refuses it as unsafe, as browsers do.', port) : summary;
    return new NetworkError(said, action, cause, code, { request, cause: error });
  }
  const detail = code ?? clip(all[all.length - 1]?.message);
  const named = namingServer(cause, summary, facts.baseUrl);
  // The code inside the sentence it explains: "refused the connection (ECONNREFUSED).", not after its full stop.
  const said = detail ? `${named.replace(/\.$/, '')} (${detail}).` : named;
  return new NetworkError(said, action, cause, code, { request, cause: error });
}
