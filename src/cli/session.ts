/** What the commands that talk to the server share: a client over a keep-alive agent, and the ledger file. */
// The client's own module, not the index, which re-exports every schema (issue 37: `check` loads no zod).
import { ServiceClient } from '../core/api/client';
import { apiKeyFlaw } from '../core/api/apiKey';
import { isInsecureRemote } from '../core/config/baseUrl';
import { createNodeFetch } from '../core/http/nodeFetch';
import type { NodeFetch } from '../core/http/nodeFetch';
import { describeProxyRoute, ProxyUrlError } from '../core/http/proxy';
import type { Ledger } from '../core/ledger';
import type { CliConfig } from './config';
import type { CliIo } from './io';
import { UsageError } from './usageError';

export const USER_AGENT = `doc-ingest-cli/${typeof DOC_INGEST_VERSION === 'string' ? DOC_INGEST_VERSION : 'dev'}`;

declare const DOC_INGEST_VERSION: string | undefined;

export interface Session {
  client: ServiceClient;
  baseUrl: string;
  http: NodeFetch;
  close(): Promise<void>;
}

/** The server and key are required here; their absence is a configuration error (exit 2), never a request without a key. */
export function requireServer(config: CliConfig): { baseUrl: string; apiKey: string } {
  if (!config.baseUrl) throw new UsageError('No server: give --server URL or set DOC_INGEST_BASE_URL (the address includes /api, e.g. https://search.example.com/api).');
  if (!config.apiKey) throw new UsageError('No API key: set the environment variable DOC_INGEST_API_KEY (in CI, from a secret). Keys are never read from flags or files.');
  const flaw = apiKeyFlaw(config.apiKey);
  if (flaw) throw new UsageError(`DOC_INGEST_API_KEY has a ${flaw} in it, which no API key has: set it to the key alone (it is not shown here).`);
  return { baseUrl: config.baseUrl, apiKey: config.apiKey };
}

export function openSession(config: CliConfig, io: CliIo, connections = config.concurrency): Session {
  const { baseUrl, apiKey } = requireServer(config);
  if (isInsecureRemote(baseUrl)) io.stderr.write(`doc-ingest: warning: ${baseUrl} is plain http: the key travels readable by anyone on the way. Use https.\n`);
  const http = nodeFetchFor(io, Math.max(1, connections));
  if (config.verbose) {
    io.stderr.write(`doc-ingest: ${describeProxyRoute(http.route(baseUrl), new URL(baseUrl).origin)}\n`);
    const extra = io.env.NODE_EXTRA_CA_CERTS;
    io.stderr.write(`doc-ingest: certificates: Node's bundled authorities${extra ? ` and those in ${extra} (NODE_EXTRA_CA_CERTS)` : ''}; every certificate is checked.\n`);
  }
  const client = new ServiceClient({
    fetch: http.fetch,
    baseUrl,
    apiKey,
    ingestionPath: config.ingestionPath,
    timeoutMs: Math.min(config.timeoutMs, 60_000),
    longTimeoutMs: config.timeoutMs,
    userAgent: USER_AGENT,
  });
  return { client, baseUrl, http, close: () => http.close() };
}

/** The ledger, its module (and its schema) loaded here: `check` and `status` have none (issue 37). */
export async function openLedger(config: CliConfig, io: CliIo): Promise<Ledger> {
  const { jsonFileLedgerStorage, Ledger } = await import('../core/ledger/index.js');
  const storage = jsonFileLedgerStorage(config.ledger, undefined, { onSetAside: (notice) => io.stderr.write(`doc-ingest: warning: ${notice}\n`) });
  return Ledger.open(storage, () => new Date(), {
    onWriteError: (e) => io.stderr.write(`doc-ingest: warning: the ledger ${config.ledger} was not written yet: ${e instanceof Error ? e.message : String(e)}\n`),
  }).then((ledger) => {
    if (ledger.problem) io.stderr.write(`doc-ingest: warning: ${config.ledger}: ${ledger.problem}\n`);
    return ledger;
  });
}

/** The keep-alive fetch with the proxy the environment names; a proxy variable that is no URL is a usage error. */
function nodeFetchFor(io: CliIo, connections: number): NodeFetch {
  try {
    return createNodeFetch({ connections, env: io.env });
  } catch (e) {
    if (e instanceof ProxyUrlError) throw new UsageError(e.message);
    throw e;
  }
}
