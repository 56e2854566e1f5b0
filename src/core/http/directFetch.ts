/**
 * A fetch for the common case outside VS Code: a request straight to the server (no proxy) with a text body or
 * none, over Node's own `http`/`https` and a keep-alive agent. Loading undici's fetch costs a command line run more
 * than the requests of `doc-ingest check` together (its 520 KB bundle, or Node 20's built-in copy of it, parsed
 * and started: issue 37), while `node:http` is part of Node's start-up snapshot. Certificates are Node's (bundled
 * authorities, NODE_EXTRA_CA_CERTS, --use-system-ca), as undici uses them; verification is never turned off.
 *
 * Only what the client needs of a Response is there: status, headers.get, text and json, the whole body read
 * before the promise settles (the caller's timeout covers reading it, as it did). `handles` says which requests
 * it takes; nodeFetch.ts gives every other one (a proxy, a form, a port fetch refuses) to undici, as before.
 */
import http from 'node:http';
import type https from 'node:https';
import type { FetchLike } from './fetchLike';

/**
 * Ports the Fetch standard blocks ("bad ports", https://fetch.spec.whatwg.org/#port-blocking): requests to them
 * go to undici, whose refusal ("bad port") the client already explains, so nothing changes for them.
 */
const BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117,
  119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636,
  989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

export interface DirectFetch {
  fetch: FetchLike;
  /** Whether `fetch` takes this request (else undici does). */
  handles(url: string, body: RequestInit['body']): boolean;
  close(): void;
}

export function createDirectFetch(connections: number): DirectFetch {
  const options = { keepAlive: true, maxSockets: connections };
  const plain = { request: http.request, agent: new http.Agent(options) };
  // node:https, and with it tls and crypto, loads with the first https request: `doc-ingest check` of an http
  // address spent more on loading them than on a request (issue 37).
  let secure: Promise<{ request: typeof https.request; agent: https.Agent }> | undefined;
  let secureAgent: https.Agent | undefined;
  let closed = false;
  const secureWay = () => (secure ??= import('node:https').then((m) => {
    secureAgent = new m.Agent(options);
    if (closed) secureAgent.destroy();
    return { request: m.request, agent: secureAgent };
  }));
  const handles = (url: string, body: RequestInit['body']) => {
    if (body !== undefined && body !== null && typeof body !== 'string') return false;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false; // undici says what is wrong with it, as it did
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
    return !BAD_PORTS.has(Number(parsed.port || (parsed.protocol === 'https:' ? 443 : 80))) && !parsed.username && !parsed.password;
  };
  const fetch: FetchLike = async (input, init) => {
    const url = new URL(input);
    const way = url.protocol === 'https:' ? await secureWay() : plain;
    return send(url, init, way);
  };
  const send = (url: URL, init: RequestInit, way: { request: typeof http.request; agent: http.Agent }) => new Promise<Response>((resolve, reject) => {
    const signal = init.signal ?? undefined;
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const body = typeof init.body === 'string' ? Buffer.from(init.body) : undefined;
    const headers: Record<string, string> = { ...(init.headers as Record<string, string> | undefined) };
    if (body) headers['content-length'] = String(body.length);
    const request = way.request(url, { method: init.method ?? 'GET', headers, agent: way.agent });
    const onAbort = () => request.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    // As fetch rejects: "fetch failed", the socket's error (its code: ECONNREFUSED, a certificate's) as the cause.
    const fail = (e: Error) => {
      settle();
      reject(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: asUndiciSays(e) }));
    };
    request.on('error', fail);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let ended = false;
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', () => fail(otherSideClosed())); // 'aborted': the connection ended mid-answer
      response.on('end', () => {
        ended = true;
        settle();
        resolve(responseOf(response, Buffer.concat(chunks)));
      });
      response.on('close', () => {
        if (!ended) fail(otherSideClosed());
      });
    });
    request.end(body);
  });
  return {
    fetch,
    handles,
    close: () => {
      closed = true;
      plain.agent.destroy();
      secureAgent?.destroy();
    },
  };
}

/** The connection ended before the whole answer came: undici's words, which the failure table shows (issue 26). */
function otherSideClosed(): Error {
  return Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
}

/**
 * Node's http words a few failures otherwise than undici's fetch, and the messages name the code: the same failure
 * is told in the same words whichever fetch met it. "socket hang up" is a connection that closed before an answer;
 * a TLS failure met while writing the request is EPROTO, where undici (which waits for the handshake) names
 * OpenSSL's reason as Node does for TLS errors: ERR_SSL_ and the reason in capitals.
 */
function asUndiciSays(e: Error): Error {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ECONNRESET' && /socket hang up/.test(e.message)) return otherSideClosed();
  const reason = code === 'EPROTO' ? /SSL routines:[^:]*:([^:]+):/.exec(e.message)?.[1] : undefined;
  if (reason) return Object.assign(new Error(reason, { cause: e }), { code: `ERR_SSL_${reason.toUpperCase().replace(/\W+/g, '_')}` });
  return e;
}

/**
 * A fetch Response as the client and its callers read it: status, headers (get, has, forEach, entries), and the
 * body, already read, as text, JSON or bytes, as often as asked (clone gives the same). A real Response would load
 * the fetch machinery this file exists to avoid.
 */
function responseOf(message: http.IncomingMessage, body: Buffer): Response {
  const status = message.statusCode ?? 0;
  const values = new Map<string, string>();
  for (const [name, value] of Object.entries(message.headers)) {
    if (value !== undefined) values.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const headers = {
    get: (name: string): string | null => values.get(name.toLowerCase()) ?? null,
    has: (name: string): boolean => values.has(name.toLowerCase()),
    forEach: (each: (value: string, name: string) => void): void => values.forEach(each),
    entries: () => values.entries(),
    [Symbol.iterator]: () => values.entries(),
  };
  const make = (): Response => ({
    type: 'basic',
    url: '',
    status,
    statusText: message.statusMessage ?? '',
    ok: status >= 200 && status < 300,
    redirected: false,
    bodyUsed: false,
    headers,
    text: () => Promise.resolve(body.toString('utf8')),
    json: () => Promise.resolve(JSON.parse(body.toString('utf8')) as unknown),
    arrayBuffer: () => Promise.resolve(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength)),
    clone: make,
  }) as unknown as Response;
  return make();
}
