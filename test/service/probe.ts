// A small fetch wrapper for tests of the local service itself (the extension's own client is in src/core).
import type { LocalService } from './types';

export interface Probe {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export interface ProbeInit {
  method?: string;
  /** Sent as `Authorization: Bearer <key>`; omit for no Authorization header. */
  key?: string;
  /** Sent as JSON with `Content-Type: application/json`. */
  json?: unknown;
  /** Sent as is (e.g. FormData, malformed JSON text). */
  body?: string | FormData;
  headers?: Record<string, string>;
}

/** Calls `path` (relative to baseUrl, e.g. `manage/credential/1`) on the service. */
export async function probe(service: LocalService, path: string, init: ProbeInit = {}): Promise<Probe> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.key !== undefined) headers.authorization ??= `Bearer ${init.key}`;
  let body: string | FormData | undefined = init.body;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${service.baseUrl}/${path.replace(/^\//, '')}`, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}
