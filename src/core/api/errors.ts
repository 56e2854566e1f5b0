/**
 * Typed errors of the service client. Each carries `action`: one sentence telling the user what to do.
 * `message` is the whole user-facing text (what happened, then what to do); it never contains the key.
 */

export type ErrorKind =
  | 'auth'
  | 'permission'
  | 'not-found'
  | 'validation'
  | 'rate-limit'
  | 'server'
  | 'timeout'
  | 'network'
  | 'wrong-server'
  | 'cancelled'
  | 'unexpected-response'
  | 'rejected'
  | 'http';

/** Where the request went, for logs and the details view (never headers, never the key). */
export interface RequestInfo {
  method: string;
  path: string;
}

export interface ServiceErrorInit {
  status?: number;
  request?: RequestInfo;
  /** The server's own words, already redacted. */
  serverText?: string;
  /** The server's `error_code`, when it sends one. */
  errorCode?: string;
  /**
   * The `docIngest.*` setting (without the prefix, e.g. `ingestionPath`) that the action tells the user to check,
   * so that the user interface can open that one setting.
   */
  setting?: string;
  /** How long the server asked the client to wait (`Retry-After` on a 429 or 503). */
  retryAfterMs?: number;
  cause?: unknown;
}

export abstract class ServiceError extends Error {
  abstract readonly kind: ErrorKind;
  /** Whether repeating the same request later may succeed (used by retries and by "Ingest Again"). */
  readonly transient: boolean = false;
  readonly status: number | undefined;
  readonly request: RequestInfo | undefined;
  readonly serverText: string | undefined;
  readonly errorCode: string | undefined;
  /** The `docIngest.*` setting the action names (without the prefix), if any. */
  readonly setting: string | undefined;
  /** How long the server asked the client to wait before trying again (`Retry-After`), when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(
    readonly summary: string,
    readonly action: string,
    init: ServiceErrorInit = {},
  ) {
    super(`${summary} ${action}`.trim(), init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.status = init.status;
    this.request = init.request;
    this.serverText = init.serverText;
    this.errorCode = init.errorCode;
    this.setting = init.setting;
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** The key is missing, wrong, expired or revoked (401, or the real server's 403 "not authenticated" bodies). */
export class AuthError extends ServiceError {
  readonly kind = 'auth';
}

/** The key is valid but may not do this. */
export class PermissionError extends ServiceError {
  readonly kind = 'permission';
}

/** `route`: the server has no such route (wrong path or version); `object`: the route exists, the thing does not. */
export class NotFoundError extends ServiceError {
  readonly kind = 'not-found';
  constructor(
    summary: string,
    action: string,
    readonly what: 'route' | 'object',
    init: ServiceErrorInit = {},
  ) {
    super(summary, action, init);
  }
}

export interface FieldIssue {
  /** Dotted path such as `document.sections.0.text`; empty for the whole body. */
  path: string;
  message: string;
}

/**
 * The request was refused as invalid. `sent` is false when our own check refused it before sending.
 */
export class ValidationError extends ServiceError {
  readonly kind = 'validation';
  constructor(
    summary: string,
    action: string,
    readonly issues: FieldIssue[],
    readonly sent: boolean,
    init: ServiceErrorInit = {},
  ) {
    super(summary, action, init);
  }
}

export class RateLimitError extends ServiceError {
  readonly kind = 'rate-limit';
  override readonly transient = true;
  constructor(
    summary: string,
    action: string,
    /** From `Retry-After`, when the server sent it. */
    retryAfterMs: number | undefined,
    init: ServiceErrorInit = {},
  ) {
    super(summary, action, { ...init, retryAfterMs });
  }
}

export class ServerError extends ServiceError {
  readonly kind = 'server';
  override readonly transient: boolean;
  constructor(summary: string, action: string, init: ServiceErrorInit = {}) {
    super(summary, action, init);
    this.transient = init.status === 502 || init.status === 503 || init.status === 504;
  }
}

export class TimeoutError extends ServiceError {
  readonly kind = 'timeout';
  override readonly transient = true;
  constructor(
    summary: string,
    action: string,
    readonly timeoutMs: number,
    init: ServiceErrorInit = {},
  ) {
    super(summary, action, init);
  }
}

/**
 * `blocked-port`: fetch refuses the port itself (the Fetch standard's "bad port" list: 9, 25, 6000, ...).
 * `proxy`: the proxy (command line: HTTPS_PROXY, HTTP_PROXY) refused the request or could not be reached.
 * `untrusted-certificate`: the server's certificate chain ends in an authority not trusted here (a private CA).
 */
export type NetworkCause = 'dns' | 'refused' | 'reset' | 'tls' | 'untrusted-certificate' | 'blocked-port' | 'proxy' | 'other';

export class NetworkError extends ServiceError {
  readonly kind = 'network';
  override readonly transient: boolean;
  constructor(
    summary: string,
    action: string,
    readonly networkCause: NetworkCause,
    /** The system's code, such as ECONNREFUSED or CERT_HAS_EXPIRED. */
    readonly code: string | undefined,
    init: ServiceErrorInit = {},
  ) {
    super(summary, action, init);
    // A blocked port is refused before any connection; a proxy's refusal, an untrusted authority or any other TLS
    // failure (https spoken to a plain server) stays until someone changes the set-up: the same request can never succeed.
    this.transient = !['blocked-port', 'proxy', 'untrusted-certificate', 'tls'].includes(networkCause);
  }
}

/** An HTML page (or other non-JSON) came back where JSON was expected: a wrong base URL or a proxy's page. */
export class WrongServerError extends ServiceError {
  readonly kind = 'wrong-server';
}

export class CancelledError extends ServiceError {
  readonly kind = 'cancelled';
}

/** JSON came back but not in any shape we understand. */
export class UnexpectedResponseError extends ServiceError {
  readonly kind = 'unexpected-response';
}

/** The server answered 200 but refused the content (for example an upload's `rejected_files`). */
export class RejectedError extends ServiceError {
  readonly kind = 'rejected';
}

/** Any other HTTP status (400 without details, 402, 409, 413, ...). */
export class HttpError extends ServiceError {
  readonly kind = 'http';
}

export function isServiceError(e: unknown): e is ServiceError {
  return e instanceof ServiceError;
}
