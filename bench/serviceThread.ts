/**
 * Runs the local service on a thread of its own, so that the benchmark's client and the service do not share
 * one event loop (which would make concurrency look useless), and so that a batch in a child process measures
 * only the client. The main thread steers it with a few requests (latency, counters, seeding).
 */
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { startService } from '../test/service';
import type { LocalService } from '../test/service';

export interface ServiceOnThread {
  baseUrl: string;
  ingestionPath: string;
  adminKey: string;
  /** Each ingestion waits this long before it is stored and answered (the real server embeds inside the request). */
  setIngestLatency(ms: number): Promise<void>;
  /** Ingestion requests received so far. */
  ingestionsReceived(): Promise<number>;
  /** Forgets the recorded requests (the service keeps every one, which would grow over thousands). */
  clearRequests(): Promise<void>;
  /** Adds `count` files to a file connector; answers the connector id. */
  addConnectorFiles(count: number): Promise<number>;
  /** Adds `count` user files of the admin; answers their ids. */
  addUserFiles(count: number): Promise<string[]>;
  stop(): Promise<void>;
}

type Request =
  | { op: 'latency'; ms: number }
  | { op: 'received' }
  | { op: 'clear' }
  | { op: 'connectorFiles'; count: number }
  | { op: 'userFiles'; count: number };

/** The file connector of the seed `test` (pair 2) that gets the benchmark's files. */
const CONNECTOR_ID = 2;

export function startServiceOnThread(): Promise<ServiceOnThread> {
  const worker = new Worker(__filename);
  let nextId = 0;
  const waiting = new Map<number, (value: unknown) => void>();
  worker.on('message', (m: { id?: number; value?: unknown }) => {
    if (m.id === undefined) return;
    waiting.get(m.id)?.(m.value);
    waiting.delete(m.id);
  });
  const ask = <T>(request: Request): Promise<T> => new Promise((resolve) => {
    const id = nextId++;
    waiting.set(id, resolve as (value: unknown) => void);
    worker.postMessage({ id, request });
  });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (m: { baseUrl: string; ingestionPath: string; adminKey: string }) =>
      resolve({
        ...m,
        setIngestLatency: (ms) => ask({ op: 'latency', ms }),
        ingestionsReceived: () => ask({ op: 'received' }),
        clearRequests: () => ask({ op: 'clear' }),
        addConnectorFiles: (count) => ask({ op: 'connectorFiles', count }),
        addUserFiles: (count) => ask({ op: 'userFiles', count }),
        stop: async () => void (await worker.terminate()),
      }),
    );
  });
}

function answer(service: LocalService, request: Request): unknown {
  switch (request.op) {
    case 'latency':
      service.setIngestLatency(request.ms);
      return undefined;
    case 'received':
      return service.ingestionStats.received;
    case 'clear':
      service.clearRequests();
      return undefined;
    case 'connectorFiles':
      service.addConnectorFiles(CONNECTOR_ID, request.count);
      return CONNECTOR_ID;
    case 'userFiles':
      return Array.from({ length: request.count }, (_, i) => service.addUserFile('admin', { name: `bench-${i}.md`, status: 'COMPLETED' }).id);
  }
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  void startService({ dialect: 'observed', autoProcess: false }).then((s) => {
    port.on('message', (m: { id: number; request: Request }) => port.postMessage({ id: m.id, value: answer(s, m.request) }));
    port.postMessage({ baseUrl: s.baseUrl, ingestionPath: s.ingestionPath, adminKey: s.keys.admin });
  });
}
