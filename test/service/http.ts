// Replies and errors as values: handlers return a Reply or throw an HttpError; the server writes them.

export interface Reply {
  status: number;
  /** A string is sent as is (text/plain unless a content-type header is given); anything else as JSON. */
  body: unknown;
  headers?: Record<string, string>;
}

export class HttpError extends Error {
  constructor(readonly status: number, readonly body: unknown, readonly headers: Record<string, string> = {}) {
    super(`HTTP ${status}: ${typeof body === 'string' ? body : JSON.stringify(body)}`);
  }

  toReply(): Reply {
    return { status: this.status, body: this.body, headers: this.headers };
  }
}

export function ok(body: unknown): Reply {
  return { status: 200, body };
}

/** `{"detail": ...}`, FastAPI's HTTPException body (same in both dialects). */
export function detailError(status: number, detail: unknown): HttpError {
  return new HttpError(status, { detail });
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
