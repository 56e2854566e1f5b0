/**
 * One HTTP exchange with the service: authorization, timeout, cancellation, retries where the caller says
 * they are safe, error classification and lenient response parsing. Knows no routes.
 */
import type * as z from 'zod';
import { apiKeyFlaw } from './apiKey';
import { isLazySchema, OutputOf, ResponseSchema } from './lazySchema';
import { errorFromResponse, errorFromThrown, looksLikeHtml, redirected, webPageInsteadOfJson } from './classify';
import { AuthError, CancelledError, ServiceError, UnexpectedResponseError, ValidationError, WrongServerError } from './errors';
import { DEFAULT_RETRY, RetryPolicy, retryDelay, sleep } from './retry';
import type { SharedPause } from './sharedPause';
import type { FetchLike } from '../http/fetchLike';
import * as l10n from '@vscode/l10n';

export interface RequestLog {
  method: string;
  path: string;
  status?: number;
  durationMs: number;
  attempt: number;
  /** The error's kind when it failed. */
  outcome?: string;
}

export interface TransportOptions {
  fetch: FetchLike;
  /** Includes `/api`, for example `https://search.example.com/api`. */
  baseUrl: string;
  /** Sent as a bearer token; empty or absent: the request goes without credentials (a server probe). */
  apiKey?: string;
  /** Per attempt; reading the body included. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  userAgent?: string;
  onRequest?: (log: RequestLog) => void;
  random?: () => number;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Shared with other requests (a batch's workers): a wait the server asks of one, all of them honour. */
  pause?: SharedPause;
  /** Called as each attempt is handed to fetch: from then on the server may apply it, whatever happens next. */
  onSent?: () => void;
}

export interface Exchange<S extends ResponseSchema> extends CallOptions {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Relative to the base URL, no leading slash. */
  path: string;
  json?: unknown;
  /** JSON already serialised (and validated) by the caller: sent as is, instead of serialising `json`. */
  jsonText?: string;
  form?: FormData;
  schema: S;
  /** Only for requests that are safe to repeat. */
  retry: boolean;
  isIngestionRoute?: boolean;
}

export const DEFAULT_TIMEOUT_MS = 30000;

export class Transport {
  private readonly baseUrl: string;
  /** The base URL parsed, and the path every request's must start with; undefined when it is no URL at all. */
  private readonly base: { origin: string; below: string } | undefined;
  private readonly policy: RetryPolicy;

  constructor(private readonly options: TransportOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    const base = parsed(this.baseUrl);
    this.base = base && { origin: base.origin, below: `${base.pathname.replace(/\/+$/, '')}/` };
    this.policy = { ...DEFAULT_RETRY, ...options.retry };
  }

  async call<S extends ResponseSchema>(ex: Exchange<S>): Promise<OutputOf<S>> {
    const url = this.urlOf(ex);
    const flaw = apiKeyFlaw(this.options.apiKey ?? '');
    // Before fetch, which would quote the key in its error or never answer (apiKey.ts).
    if (flaw) throw new AuthError(flaw === 'line break'
      ? l10n.t('The API key has a line break in it, which no key has (the key is not shown).')
      : flaw === 'control character'
        ? l10n.t('The API key has a control character in it, which no key has (the key is not shown).')
        : l10n.t('The API key has a character outside ASCII in it, which no key has (the key is not shown).'), l10n.t('Set the key again, without it.'), { request: { method: ex.method, path: ex.path } });
    const cancelled = (abort: unknown) => new CancelledError('Cancelled.', '', { request: { method: ex.method, path: ex.path }, cause: abort });
    for (let attempt = 1; ; attempt++) {
      try {
        await ex.pause?.wait(ex.signal);
      } catch (abort) {
        throw cancelled(abort);
      }
      try {
        return await this.once(ex, url, attempt);
      } catch (e) {
        const wait = ex.retry ? retryDelay(e, attempt, this.policy, this.options.random) : undefined;
        if (wait === undefined) {
          // A request that may not be repeated still tells the others sharing the pause what the server asked.
          const asked = retryAfterOf(e);
          if (asked !== undefined) ex.pause?.pause(asked);
          throw e;
        }
        if (ex.pause) {
          ex.pause.pause(wait);
          continue;
        }
        try {
          await sleep(wait, ex.signal);
        } catch (abort) {
          throw cancelled(abort);
        }
      }
    }
  }

  /**
   * The URL of `ex` as fetch will resolve it, refused unless it stays on the base URL's origin and below its path:
   * the key goes with every request, so no route (a chosen ingestion path, a future one) may carry it elsewhere.
   * Checked on the resolved URL, where `..`, `%2e%2e` and `\` have already been applied, not on the text; an
   * encoded dot, slash or backslash left in the path is refused too, since a server that decodes it would climb.
   */
  private urlOf(ex: Exchange<ResponseSchema>): string {
    const text = `${this.baseUrl}/${ex.path}`;
    if (!this.base) return text; // no server URL at all: fetch says so, as it always did
    const { origin, below } = this.base;
    const url = parsed(text);
    if (url && url.origin === origin && url.pathname.startsWith(below) && !/%(2e|2f|5c)/i.test(url.pathname.slice(below.length))) {
      return url.href;
    }
    const fix = ex.isIngestionRoute ? l10n.t('; check the setting docIngest.ingestionPath') : '';
    throw new ValidationError(
      l10n.t('Not sent: {0} {1} would leave the server URL {2}, and the key is sent nowhere else{3}.', ex.method, ex.path, this.baseUrl, fix),
      '',
      [{ path: 'path', message: l10n.t('outside the server URL') }],
      false,
      { request: { method: ex.method, path: ex.path }, setting: ex.isIngestionRoute ? 'ingestionPath' : undefined },
    );
  }

  private async once<S extends ResponseSchema>(ex: Exchange<S>, url: string, attempt: number): Promise<OutputOf<S>> {
    const request = { method: ex.method, path: ex.path };
    const timeoutMs = ex.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    // One controller for both causes; AbortSignal.any would keep a dependent signal alive per request.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error('timeout'));
    }, timeoutMs);
    const onCancel = () => controller.abort(ex.signal?.reason);
    ex.signal?.addEventListener('abort', onCancel, { once: true });
    const signal = controller.signal;
    const started = performance.now();
    let status: number | undefined;
    const log = (outcome?: string) =>
      this.options.onRequest?.({ ...request, status, durationMs: Math.round(performance.now() - started), attempt, outcome });
    try {
      if (ex.signal?.aborted) throw ex.signal.reason;
      ex.onSent?.();
      const response = await this.options.fetch(url, {
        method: ex.method,
        headers: this.headers(ex),
        body: ex.form ?? ex.jsonText ?? (ex.json === undefined ? undefined : JSON.stringify(ex.json)),
        signal,
        redirect: 'manual',
      });
      // A fetch that hides a manual redirect (Electron's) answers status 0 and no location: still a redirect.
      if (response.type === 'opaqueredirect') throw redirected(request, 302, null, url);
      status = response.status;
      const text = this.redact(await response.text());
      if (status < 200 || status >= 300) {
        throw errorFromResponse({ status, headers: response.headers, text, request, url, isIngestionRoute: ex.isIngestionRoute });
      }
      const json = this.json(ex, response.headers, text, status);
      const quick = isLazySchema(ex.schema) ? ex.schema.quick(json) : undefined;
      // A lazy schema's zod form is awaited only when its plain check is unsure; a zod schema parses at once.
      const value = (quick ? quick.data : this.parse(ex, isLazySchema(ex.schema) ? await ex.schema.schema() : ex.schema, json, status)) as OutputOf<S>;
      log();
      return value;
    } catch (e) {
      const error = errorFromThrown({
        error: e,
        request,
        cancelled: !!ex.signal?.aborted,
        timedOut,
        timeoutMs,
        baseUrl: this.baseUrl,
      });
      log(error.kind);
      throw error;
    } finally {
      clearTimeout(timer);
      ex.signal?.removeEventListener('abort', onCancel);
    }
  }

  private headers(ex: Exchange<ResponseSchema>): Record<string, string> {
    const h: Record<string, string> = { accept: 'application/json' };
    if (this.options.apiKey) h.authorization = `Bearer ${this.options.apiKey}`;
    if (ex.json !== undefined || ex.jsonText !== undefined) h['content-type'] = 'application/json';
    if (this.options.userAgent) h['user-agent'] = this.options.userAgent;
    return h;
  }

  /** The body as JSON; a web page or anything else that is not JSON is the wrong server. */
  private json(ex: Exchange<ResponseSchema>, headers: Headers, text: string, status: number): unknown {
    const request = { method: ex.method, path: ex.path };
    if (looksLikeHtml(headers, text)) {
      throw webPageInsteadOfJson(request, status);
    }
    try {
      return text ? JSON.parse(text) : null;
    } catch {
      throw new WrongServerError(
        l10n.t('The server answered {0} {1} with something that is not JSON.', ex.method, ex.path),
        l10n.t('Check the server URL: it must point at the service\'s API (usually ending in /api).'),
        { status, request, serverText: text.slice(0, 200) },
      );
    }
  }

  private parse(ex: Exchange<ResponseSchema>, schema: z.ZodType, json: unknown, status: number): unknown {
    const request = { method: ex.method, path: ex.path };
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const where = first ? `${first.path.join('.') || l10n.t('the body')}: ${first.message}` : l10n.t('unknown shape');
      throw new UnexpectedResponseError(
        l10n.t('The server\'s answer to {0} {1} has an unexpected shape ({2}).', ex.method, ex.path, where),
        l10n.t('Check that the server URL points at a compatible service; if it does, report this to the authors of Doc Ingest.'),
        { status, request },
      );
    }
    return parsed.data;
  }

  /** The key never leaves this object in any text: servers may echo headers or bodies. */
  private redact(text: string): string {
    const key = this.options.apiKey ?? '';
    return key.length >= 4 ? text.split(key).join('[redacted]') : text;
  }
}

function parsed(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

function retryAfterOf(e: unknown): number | undefined {
  return e instanceof ServiceError ? e.retryAfterMs : undefined;
}
