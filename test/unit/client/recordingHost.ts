/**
 * A stand-in for the host the service runs on: a raw `node:http` server that records every request exactly as it
 * arrived (path as sent, whether it carried a key), whatever the path. The client is pointed at `/api` below it,
 * so a request anywhere else on this host is one the key must never have gone to.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HostRequest {
  method: string;
  /** The request target as received, query included. */
  url: string;
  authorized: boolean;
}

export interface RecordingHost {
  /** `http://127.0.0.1:PORT/api` */
  baseUrl: string;
  requests: HostRequest[];
  /** Requests that carried an Authorization header to a path outside `/api/`. */
  keyLeaks(): HostRequest[];
  close(): Promise<void>;
}

/** `answers`: route (as received) → JSON body answered with 200; every other path gets the server's 404. */
export async function startRecordingHost(answers: Record<string, unknown> = {}): Promise<RecordingHost> {
  const requests: HostRequest[] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', authorized: req.headers.authorization !== undefined });
    req.resume();
    req.on('end', () => {
      const body = answers[req.url ?? ''];
      res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body ?? { detail: 'Not Found' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    requests,
    keyLeaks: () => requests.filter((r) => r.authorized && !r.url.startsWith('/api/')),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One sentence: ends with a full stop and has no sentence break inside (a stop followed by a capital). */
export function isOneSentence(text: string): boolean {
  return /\.$/.test(text) && !/[.!?]\s+\p{Lu}/u.test(text) && !text.includes('\n');
}
