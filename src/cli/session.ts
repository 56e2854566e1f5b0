/** What the commands that talk to the server share: a client over a keep-alive agent, and the ledger file. */
// The client's own module, not the index, which re-exports every schema (issue 37: `check` loads no zod).
import { ServiceClient } from '../core/api/client';
import { isInsecureRemote } from '../core/api/baseUrl';
import { createNodeFetch } from '../core/http/nodeFetch';
import type { NodeFetch } from '../core/http/nodeFetch';
import { describeProxyRoute, ProxyUrlError } from '../core/http/proxy';
import type { CliConfig } from './config';
import type { CliIo } from './io';
import { requireServer } from './server';
import { UsageError } from './usageError';

// Apart, so that a command can check them, or open its ledger, without loading the client (a run with nothing to send).
export { openLedger } from './ledgerFile';
export { requireServer } from './server';

export const USER_AGENT = `doc-ingest-cli/${typeof DOC_INGEST_VERSION === 'string' ? DOC_INGEST_VERSION : 'dev'}`;

declare const DOC_INGEST_VERSION: string | undefined;

export interface Session {
  client: ServiceClient;
  baseUrl: string;
  http: NodeFetch;
  close(): Promise<void>;
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

/** The keep-alive fetch with the proxy the environment names; a proxy variable that is no URL is a usage error. */
function nodeFetchFor(io: CliIo, connections: number): NodeFetch {
  try {
    return createNodeFetch({ connections, env: io.env });
  } catch (e) {
    if (e instanceof ProxyUrlError) throw new UsageError(e.message);
    throw e;
  }
}
