/**
 * Runs the local service on a thread of its own, so that the benchmark's client and the service do not share
 * one event loop (which would make concurrency look useless).
 */
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { startService } from '../test/service';

export interface ServiceOnThread {
  baseUrl: string;
  ingestionPath: string;
  adminKey: string;
  stop(): Promise<void>;
}

export function startServiceOnThread(): Promise<ServiceOnThread> {
  const worker = new Worker(__filename);
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (m: Omit<ServiceOnThread, 'stop'>) =>
      resolve({ ...m, stop: async () => void (await worker.terminate()) }),
    );
  });
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  void startService({ dialect: 'observed' }).then((s) =>
    port.postMessage({ baseUrl: s.baseUrl, ingestionPath: s.ingestionPath, adminKey: s.keys.admin }),
  );
}
