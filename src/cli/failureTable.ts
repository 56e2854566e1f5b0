/**
 * Every way a request to the server can fail, in one table: what the server (or the network) does, the sentence
 * `doc-ingest ingest` prints, its exit code, and whether the request is tried again.
 *
 * The sentences and the retries are not written here: each row holds only what the server answers (a status, a
 * body, headers), how the connection fails (the system's code) or how a proxy on the way answers, and
 * `failureRows()` passes that answer through the real client (`ServiceClient` over a fetch that returns it, or
 * throws what undici and the command line's fetch throw), the batch's description of a failure and the command
 * line's wording. The exit code is the one fact stated here, as the contract.
 *
 * Two readers: test/unit/cli/failureTable.test.ts makes each answer happen for real (local servers, the built
 * command line) and checks the sentence, the exit code, the number of requests and that the ledger is unchanged;
 * and `npm run docs:failures` writes the table of docs/troubleshooting.md from the same rows (the test fails when
 * they differ).
 * A new failure kind is one entry in FAILURES.
 */
import { ServiceClient } from '../core/api';
import { errorFromThrown } from '../core/api/classify';
import { ServiceError, TimeoutError } from '../core/api/errors';
import { DEFAULT_RETRY, isRetryable } from '../core/api/retry';
import { RETRY_ROUNDS, ServerSilence, SILENT_TIMEOUTS_TO_STOP, stopsBatch, worthAnotherRound } from '../core/batch';
import { describeFailure } from '../core/batch/describe';
import { proxyRoute, proxySettings, ThroughProxyError } from '../core/http/proxy';
import type { Env } from '../core/http/proxy';
import { EXIT } from './exitCodes';
import type { ExitCode } from './exitCodes';
import { forCommandLine } from './wording';

/** An HTTP answer to every ingestion request. */
export interface HttpAnswer {
  status: number;
  /** Sent as is; an object is sent as JSON. */
  body: string | object;
  headers?: Record<string, string>;
}

/** How the server or the network answers every ingestion request of a run. */
export type Answer =
  | { http: HttpAnswer }
  /** The connection fails with this system code (as Node's fetch reports it in its `cause`). */
  | { connection: 'refused' | 'dns' | 'tls' | 'untrusted' | 'reset'; code: string; message: string }
  /**
   * The request goes through a proxy (the proxy variables of RowOptions.env), which answers the tunnel's CONNECT with
   * this status instead of 200: undici aborts the request, and the command line's fetch wraps that in a
   * ThroughProxyError (src/core/http/nodeFetch.ts).
   */
  | { proxy: 'refuses'; status: 403 | 407 | 502 }
  /** The request goes through a proxy that cannot be reached: the connection to it fails with this system code. */
  | { proxy: 'unreachable'; code: string; message: string }
  /** No answer within the timeout: the run stops once the server has been silent SILENT_TIMEOUTS_TO_STOP times. */
  | { silent: true };

export interface FailureCase {
  /** Stable name, for the test's titles. */
  id: string;
  /** The table's first column: the failure as a person would name it. */
  failure: string;
  answer: Answer;
  /** Of `doc-ingest ingest` (src/cli/exitCodes.ts) when every ingestion request meets this failure. */
  exitCode: ExitCode;
}

const NGINX = (status: number, reason: string) =>
  `<html>\r\n<head><title>${status} ${reason}</title></head>\r\n<body>\r\n<center><h1>${status} ${reason}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
const HTML = { 'content-type': 'text/html' };
const JSON_TYPE = { 'content-type': 'application/json' };

const http = (status: number, body: string | object, headers?: Record<string, string>): Answer => ({ http: { status, body, ...(headers ? { headers } : {}) } });
const row = (id: string, failure: string, answer: Answer, exitCode: ExitCode): FailureCase => ({ id, failure, answer, exitCode });
const INSUFFICIENT = (detail: string) => ({ error_code: 'INSUFFICIENT_PERMISSIONS', detail });
const RATE_LIMITED = { error_code: 'RATE_LIMITED', detail: 'Too many requests' };
const VALIDATION_OBSERVED =
  "1 validation error: {'type': 'missing', 'loc': ('body', 'document', 'metadata'), 'msg': 'Field required', 'input': {'semantic_identifier': 'x'}}  File \"/app/onyx/server/onyx_api/ingestion.py\", line 101, in upsert_ingestion_doc   POST /onyx-api/ingestion";

/** The real server's 403 bodies (spec/observed-server.md 2.3) and its other error bodies (2.1, 2.2). */
export const FAILURES: readonly FailureCase[] = [
  row('refused', 'Connection refused (nothing listens at the address)', { connection: 'refused', code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' }, EXIT.server),
  row('dns', 'The host name does not resolve', { connection: 'dns', code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND' }, EXIT.server),
  row('timeout', 'No answer within the timeout (`--timeout`, default 300 s)', { silent: true }, EXIT.server),
  row('reset', 'The connection is closed in the middle of the answer', { connection: 'reset', code: 'UND_ERR_SOCKET', message: 'other side closed' }, EXIT.someFailed),
  row('tls', 'TLS fails (an `https://` URL to a plain HTTP server)', { connection: 'tls', code: 'ERR_SSL_WRONG_VERSION_NUMBER', message: 'wrong version number' }, EXIT.server),
  row('untrusted-ca', 'The server\'s certificate is signed by an authority this machine does not trust (a private CA)', { connection: 'untrusted', code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', message: 'unable to verify the first certificate' }, EXIT.server),
  row('proxy-407', 'The proxy asks for credentials (407)', { proxy: 'refuses', status: 407 }, EXIT.server),
  row('proxy-403', 'The proxy refuses to carry the request (403)', { proxy: 'refuses', status: 403 }, EXIT.server),
  row('proxy-502', 'The proxy cannot reach the server (502)', { proxy: 'refuses', status: 502 }, EXIT.server),
  row('proxy-unreachable', 'The proxy is not reachable (nothing listens at its address)', { proxy: 'unreachable', code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' }, EXIT.server),
  row('html', 'A web page (a sign-in page, the web app) instead of JSON', http(200, '<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body><form>...</form></body></html>\n', HTML), EXIT.server),
  row('redirect-elsewhere', 'A redirect to another host (302 to a sign-in page)', http(302, NGINX(302, 'Found'), { ...HTML, location: 'https://login.example.com/oauth2/authorize?client_id=search&state=x1' }), EXIT.server),
  row('401', '401 (the specification\'s servers)', http(401, { detail: 'Not authenticated' }, { 'www-authenticate': 'Bearer' }), EXIT.auth),
  row('403-not-authenticated', '403, an unknown, expired or revoked key', http(403, { detail: 'Access denied. User is not authenticated.' }), EXIT.auth),
  row('403-session', '403, a token that is no API key', http(403, { error_code: 'SESSION_UNRECOGNIZED', detail: 'Session not recognized. Please log in again.' }), EXIT.auth),
  row('403-limited', '403, a key without any permission', http(403, { detail: 'Access denied. User has limited permissions.' }), EXIT.auth),
  row('403-permission', '403, a key without the permission to ingest', http(403, INSUFFICIENT('You do not have the required permissions for this action.')), EXIT.auth),
  row('403-scopes', '403, a token whose scopes do not allow ingestion', http(403, INSUFFICIENT('This token\'s scopes do not permit this endpoint.')), EXIT.auth),
  row('403-pair', '403, a pair this key may not edit', http(403, INSUFFICIENT('Connection not found for current user\'s permissions')), EXIT.auth),
  row('404-route', '404, no ingestion route', http(404, { detail: 'Not Found' }), EXIT.server),
  row('404-object', '404, no such connector-credential pair', http(404, { error_code: 'CONNECTOR_NOT_FOUND', detail: 'Connector-Credential Pair specified does not exist' }), EXIT.usage),
  row('413-proxy', '413 from a proxy (its HTML page)', http(413, NGINX(413, 'Request Entity Too Large'), HTML), EXIT.someFailed),
  row('413', '413 from the server', http(413, { error_code: 'PAYLOAD_TOO_LARGE', detail: 'Request body too large' }), EXIT.someFailed),
  row('422-spec', '422 (the specification\'s body)', http(422, { detail: [{ loc: ['body', 'document', 'metadata', 'team'], msg: 'Input should be a valid string', type: 'string_type' }] }), EXIT.someFailed),
  row('422-observed', '422 (the real server\'s body)', http(422, { status_code: 422, message: VALIDATION_OBSERVED, data: null }), EXIT.someFailed),
  row('429', '429 without Retry-After', http(429, { detail: 'Too Many Requests' }), EXIT.someFailed),
  row('429-retry-after', '429 with Retry-After up to 60 s', http(429, RATE_LIMITED, { 'retry-after': '20' }), EXIT.someFailed),
  row('429-retry-after-long', '429 with Retry-After over 60 s', http(429, RATE_LIMITED, { 'retry-after': '3600' }), EXIT.someFailed),
  row('500', '500', http(500, { detail: '\'NoneType\' object has no attribute \'items\'' }), EXIT.someFailed),
  row('502', '502 from a proxy', http(502, NGINX(502, 'Bad Gateway'), HTML), EXIT.someFailed),
  row('503', '503 from a proxy', http(503, NGINX(503, 'Service Temporarily Unavailable'), HTML), EXIT.someFailed),
  row('504', '504 from a proxy', http(504, NGINX(504, 'Gateway Time-out'), HTML), EXIT.someFailed),
  row('malformed-json', '200 with malformed JSON', http(200, '{"document_id": "guide", "already_existed": tr', JSON_TYPE), EXIT.server),
  row('schema', '200 with JSON of another shape', http(200, { document_id: 42, already_existed: 'yes' }), EXIT.someFailed),
];

/** How a failure is tried again, worked out by the client's and the batch's own rules. */
export interface RetryFacts {
  /** Attempts of one request (the client's retries), the first included. */
  attempts: number;
  /** `backoff`: jittered exponential; `retryAfter`: the time the server asked for. */
  wait: 'backoff' | 'retryAfter' | undefined;
  /** How many times the run sends the file (the batch's rounds at the end of the run). */
  rounds: number;
  /** The run stops at this failure (the other files are not sent). */
  stops: boolean;
}

export interface FailureRow extends FailureCase {
  /** What `doc-ingest ingest` prints: on each failed file's line, or on stderr after "stopped (...):". */
  sentence: string;
  retry: RetryFacts;
  /** Requests per file the server receives in a run of this failure (at most, for a run that stops). */
  requestsPerFile: number;
  /** The table's text for `retry`. */
  retried: string;
}

export interface RowOptions {
  /** The run's timeout (the table's: the default, 300 s). */
  timeoutMs?: number;
  /** Replaces the answer's headers (the test: a Retry-After of 0, so as not to wait; a Location it serves). */
  headers?: (c: FailureCase) => Record<string, string> | undefined;
  /** The server URL (the table's: TABLE_SERVER); sentences name its origin. */
  baseUrl?: string;
  /** The proxy variables, for the rows whose requests go through a proxy (the table's: TABLE_PROXY_ENV). */
  env?: Env;
  /**
   * Whether the Node that runs doc-ingest has --use-system-ca, which the untrusted-certificate sentence then offers:
   * the running Node's unless told. The written table is Node 20's (no such flag), whatever Node writes it.
   */
  systemCaFlag?: boolean;
}

/** The server and the proxy the table's sentences name. */
export const TABLE_SERVER = 'https://search.example.com/api';
export const TABLE_PROXY_ENV: Env = { HTTPS_PROXY: 'http://proxy.example.com:3128' };

const DOCUMENT = { document: { id: 'guide', semantic_identifier: 'Guide', sections: [{ text: 'Text.' }], source: 'file' as const, metadata: {} } };

/** The table, each sentence and retry worked out by the real client and batch rules. */
export async function failureRows(options: RowOptions = {}): Promise<FailureRow[]> {
  const rows: FailureRow[] = [];
  for (const c of FAILURES) rows.push(await failureRow(c, options));
  return rows;
}

/** One row of the table, for this server URL and these proxy variables. */
export async function failureRow(c: FailureCase, options: RowOptions = {}): Promise<FailureRow> {
  const timeoutMs = options.timeoutMs ?? 300_000;
  if ('silent' in c.answer) {
    // What the batch says once the server has been silent for SILENT_TIMEOUTS_TO_STOP requests in a row.
    const timeout = errorFromThrown({ error: new Error('timeout'), request: { method: 'POST', path: 'service-api/ingestion' }, cancelled: false, timedOut: true, timeoutMs });
    const silence = new ServerSilence();
    let stop: TimeoutError | undefined;
    for (let i = 0; i < SILENT_TIMEOUTS_TO_STOP; i++) stop = silence.timedOut(timeout as TimeoutError, silence.mark());
    if (!stop) throw new Error('the silence rule never stops the run');
    const retry: RetryFacts = { attempts: 1, wait: undefined, rounds: 1, stops: true };
    return { ...c, sentence: forCommandLine(stop.message, options.systemCaFlag), retry, requestsPerFile: 1, retried: retriedText(retry, `after ${SILENT_TIMEOUTS_TO_STOP} requests in a row get no answer`) };
  }
  const error = await errorOf(c, options);
  const stops = stopsBatch(error);
  const attempts = isRetryable(error) && (error.retryAfterMs === undefined || error.retryAfterMs <= DEFAULT_RETRY.maxRetryAfterMs) ? DEFAULT_RETRY.attempts : 1;
  const rounds = stops ? 1 : worthAnotherRound(error, false) ? RETRY_ROUNDS + 1 : 1;
  const wait = attempts > 1 || rounds > 1 ? (error.retryAfterMs !== undefined ? 'retryAfter' : 'backoff') : undefined;
  const retry: RetryFacts = { attempts, wait, rounds, stops };
  return { ...c, sentence: forCommandLine(describeFailure(error).error, options.systemCaFlag), retry, requestsPerFile: attempts * rounds, retried: retriedText(retry) };
}

/** What the client makes of the answer, through the real client: the request is an ingestion with an id. */
async function errorOf(c: FailureCase, options: RowOptions): Promise<ServiceError> {
  const answer = c.answer;
  const headers = options.headers?.(c);
  const fetch = async (url: string): Promise<Response> => {
    if ('connection' in answer) throw fetchFailed(answer.code, answer.message);
    if ('proxy' in answer) {
      // As src/core/http/nodeFetch.ts does: the route the proxy variables give, and undici's error as its cause.
      const way = proxyRoute(proxySettings(options.env ?? TABLE_PROXY_ENV), url);
      if (way.via !== 'proxy') throw new Error(`${c.id}: the proxy variables send no request to ${url} through a proxy`);
      throw new ThroughProxyError(way.proxy, way.variable, new URL(url).origin, answer.proxy === 'refuses' ? tunnelRefused(answer.status) : fetchFailed(answer.code, answer.message));
    }
    if (!('http' in answer)) throw new Error(`${c.id}: no answer`);
    const { status, body } = answer.http;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(text, { status, headers: { ...JSON_TYPE, ...(headers ?? answer.http.headers) } });
  };
  const client = new ServiceClient({ fetch, baseUrl: options.baseUrl ?? TABLE_SERVER, apiKey: 'on_example-key-of-the-table', retry: { attempts: 1 } });
  try {
    await client.ingestDocument(DOCUMENT);
  } catch (e) {
    if (e instanceof ServiceError) return e;
    throw e;
  }
  throw new Error(`${c.id}: the client accepted the answer`);
}

/** undici's fetch when the connection fails: a TypeError whose cause is the system's error. */
function fetchFailed(code: string, message: string): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) });
}

/**
 * undici's fetch when a proxy answers CONNECT with `status`: its ProxyAgent aborts the request (an AbortError of code
 * UND_ERR_ABORTED), and fetch rejects with a TypeError whose cause is the DOMException that carries that abort.
 */
function tunnelRefused(status: number): TypeError {
  const aborted = Object.assign(new Error(`Proxy response (${status}) !== 200 when HTTP Tunneling`), { name: 'AbortError', code: 'UND_ERR_ABORTED' });
  const cancelled = Object.assign(new DOMException('Request was cancelled.'), { cause: aborted });
  return new TypeError('fetch failed', { cause: cancelled });
}

function retriedText(r: RetryFacts, stopWhen?: string): string {
  const parts: string[] = [];
  if (r.attempts > 1) parts.push(`${r.attempts} attempts${r.wait === 'retryAfter' ? ', waiting as long as Retry-After says' : ' with backoff'}`);
  if (r.rounds > 1) parts.push(`${r.attempts > 1 ? 'all of it ' : ''}${r.rounds - 1} more ${r.rounds - 1 === 1 ? 'time' : 'times'} at the end of the run`);
  const retried = parts.length ? `yes: ${parts.join('; ')}` : 'no';
  return r.stops ? `${retried}; the run stops${stopWhen ? ` ${stopWhen}` : ''}` : retried;
}

// ------------------------------------------------------------------------------- docs/troubleshooting.md

/** The page whose table `npm run docs:failures` writes, between these markers (README.md's until issue 39). */
export const FAILURE_TABLE_PAGE = 'docs/troubleshooting.md';
export const TABLE_BEGIN = '<!-- failure-table:begin (generated by npm run docs:failures from src/cli/failureTable.ts) -->';
export const TABLE_END = '<!-- failure-table:end -->';

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
}

/** The table of FAILURE_TABLE_PAGE, between its markers. */
export async function failureTableMarkdown(): Promise<string> {
  const rows = await failureRows({ systemCaFlag: false });
  const lines = [
    TABLE_BEGIN,
    '| failure | what `doc-ingest ingest` says | exit code | tried again |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${cell(r.failure)} | ${cell(r.sentence)} | ${r.exitCode} | ${cell(r.retried)} |`),
    TABLE_END,
  ];
  return lines.join('\n');
}

/** `page` (its text) with its table replaced by `table`; undefined when the markers are missing. */
export function withFailureTable(page: string, table: string): string | undefined {
  const begin = page.indexOf(TABLE_BEGIN);
  const end = page.indexOf(TABLE_END);
  if (begin < 0 || end < begin) return undefined;
  return page.slice(0, begin) + table + page.slice(end + TABLE_END.length);
}
