// The HTTP pipeline: read the body, log the request, apply faults, route, decode JSON (422 before auth),
// authenticate and check the gate, run the handler, write the reply.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { authenticate, checkGate } from './auth';
import type { Dialect } from './dialects';
import { LOGIN_PAGE, type Faults } from './faults';
import { detailError, HttpError, type Reply } from './http';
import type { UserFileProcessor } from './processing';
import { matchRoute, type HandlerContext, type Route, type Settings } from './router';
import type { Principal, Store } from './store';
import type { FaultRule, IngestionStats, RequestRecord } from './types';
import type { Issue } from './validation';
import { webAppPage } from './webApp';

export interface Pipeline {
  store: Store;
  dialect: Dialect;
  routes: Route[];
  faults: Faults;
  processor: UserFileProcessor;
  settings: Settings;
  requests: RequestRecord[];
  onResponse?: (record: RequestRecord) => void;
}

function flattenHeaders(h: http.IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(Object.entries(h).flatMap(([k, v]) => (v === undefined ? [] : [[k, Array.isArray(v) ? v.join(', ') : v]])));
}

function tryJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isJsonType(contentType: string): boolean {
  const base = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return base === 'application/json' || base.endsWith('+json');
}

/** FastAPI's json_invalid issue; the offset is where the JSON parser stopped. */
function jsonInvalid(text: string, err: unknown): Issue {
  const message = err instanceof Error ? err.message : '';
  const at = /position (\d+)/.exec(message)?.[1];
  const pos = at !== undefined ? Number(at) : /end of JSON/.test(message) ? text.length : 0;
  return { type: 'json_invalid', loc: ['body', pos], msg: 'JSON decode error', input: {}, ctx: { error: 'Expecting value' } };
}

/** The caller of a route that reads no key: no permissions, no groups. */
function anonymous(store: Store): Principal {
  return { ...store.principal('limited'), name: 'limited', key: '', permissions: [], managedGroups: [] };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Ingestion requests in flight: from receipt until the response is sent or the connection closes. */
class IngestionCounter implements IngestionStats {
  inFlight = 0;
  peak = 0;
  received = 0;

  resetPeak(): void {
    this.peak = this.inFlight;
  }

  track(res: ServerResponse): void {
    this.received++;
    this.inFlight++;
    this.peak = Math.max(this.peak, this.inFlight);
    res.once('close', () => { this.inFlight--; });
  }
}

export class ServiceServer {
  readonly server: http.Server;
  readonly ingestion = new IngestionCounter();
  private readonly sockets = new Set<Socket>();
  private readonly delays = new Set<NodeJS.Timeout>();
  private closing: Promise<void> | undefined;

  constructor(private readonly p: Pipeline) {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
  }

  listen(port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject);
        const addr = this.server.address();
        resolve(typeof addr === 'object' && addr ? addr.port : port);
      });
    });
  }

  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      for (const t of this.delays) clearTimeout(t);
      this.delays.clear();
      this.server.close(() => resolve());
      this.server.closeAllConnections();
      for (const s of this.sockets) s.destroy();
    });
    return this.closing;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.delays.delete(t);
        resolve();
      }, ms);
      t.unref();
      this.delays.add(t);
    });
  }

  private isIngestion(req: IncomingMessage): boolean {
    const path = (req.url ?? '').split('?')[0];
    return req.method === 'POST' && path === `/api/${this.p.dialect.ingestionPath}`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (this.isIngestion(req)) this.ingestion.track(res);
    let body: Buffer;
    try {
      body = await readBody(req);
    } catch {
      return; // the client went away
    }
    const text = body.toString('utf8');
    const record: RequestRecord = {
      method: req.method ?? 'GET', path: req.url ?? '/', headers: flattenHeaders(req.headers), body: text,
      json: tryJson(text), status: null, fault: false, time: new Date(),
    };
    this.p.requests.push(record);
    const fault = this.p.faults.take(record.method, record.path);
    if (fault) {
      record.fault = true;
      if (fault.delayMs) await this.sleep(fault.delayMs);
      if (this.closing) return;
      if (fault.drop) {
        req.socket.destroy();
        this.p.onResponse?.(record);
        return;
      }
      const answer = this.faultReply(fault);
      if (answer) {
        this.send(res, record, answer);
        return;
      }
    }
    let reply: Reply;
    try {
      reply = await this.dispatch(req, body, record.path);
    } catch (e) {
      reply = e instanceof HttpError ? e.toReply() : { status: 500, body: { detail: e instanceof Error ? e.message : String(e) } };
    }
    if (!this.closing) this.send(res, record, reply);
  }

  private faultReply(fault: FaultRule): Reply | undefined {
    if (fault.html) {
      return { status: fault.status ?? 200, body: LOGIN_PAGE, headers: { 'content-type': 'text/html; charset=utf-8', ...fault.headers } };
    }
    if (fault.status === undefined && fault.body === undefined && fault.headers === undefined) return undefined;
    const status = fault.status ?? 500;
    return { status, body: fault.body ?? { detail: http.STATUS_CODES[status] ?? 'Error' }, headers: fault.headers };
  }

  private send(res: ServerResponse, record: RequestRecord, reply: Reply): void {
    if (res.destroyed) return; // the client went away (e.g. it timed out during a delay)
    const headers = Object.fromEntries(Object.entries(reply.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    const isText = typeof reply.body === 'string';
    const payload = isText ? (reply.body as string) : JSON.stringify(reply.body ?? null);
    headers['content-type'] ??= isText ? 'text/plain; charset=utf-8' : 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
    res.writeHead(reply.status, headers);
    res.end(payload);
    record.status = reply.status;
    this.p.onResponse?.(record);
  }

  private async dispatch(req: IncomingMessage, body: Buffer, url: string): Promise<Reply> {
    const { dialect, store } = this.p;
    const method = req.method ?? 'GET';
    const rawPath = url.split('?')[0] ?? '/';
    if (!rawPath.startsWith('/api/')) return webAppPage(rawPath);
    const match = matchRoute(this.p.routes, method, rawPath.slice(4));
    if (match.kind === 'none') throw detailError(404, 'Not Found');
    if (match.kind === 'method') throw new HttpError(405, { detail: 'Method Not Allowed' }, { allow: match.allow.join(', ') });
    const { route, params } = match;
    if (route.available && !route.available(this.p.settings.search)) throw detailError(404, 'Not Found');
    if (route.needsVectorIndex && !this.p.settings.search.vectorIndex) {
      throw detailError(501, 'This feature requires a vector database to be configured.');
    }
    const contentType = req.headers['content-type'] ?? '';
    const invalid = (issues: Issue[]): HttpError =>
      dialect.validation(issues, { method, routePath: route.path, where: route.where });

    let json: unknown;
    const text = body.toString('utf8');
    const parseAsJson = isJsonType(contentType) || (dialect.name === 'spec' && contentType === '');
    if (route.body === 'json' && parseAsJson && text.trim() !== '') {
      try {
        json = JSON.parse(text) as unknown;
      } catch (e) {
        throw invalid([jsonInvalid(text, e)]); // before authentication, as on the real server
      }
    }

    // `none` reads no key at all, whatever Authorization says.
    const who = route.gate === 'none' ? anonymous(store) : authenticate(req.headers, store, dialect);
    if (typeof who === 'string') throw route.gate === 'me' ? detailError(403, 'Unauthorized') : dialect.authFailure(who);
    if (route.gate !== 'me' && route.gate !== 'none') checkGate(route.gate, who, dialect);
    const ctx: HandlerContext = {
      store, dialect, processor: this.p.processor, settings: this.p.settings, principal: who,
      params, json, rawBody: body, contentType, invalid, pause: (ms) => this.sleep(ms),
    };
    return route.handle(ctx);
  }
}
