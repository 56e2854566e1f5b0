/** The server and key a command that talks to the server needs, checked before it does anything else. */
import { apiKeyFlaw } from '../core/api/apiKey';
import { proxySettings, ProxyUrlError } from '../core/http/proxy';
import type { Env } from '../core/http/proxy';
import type { CliConfig } from './config';
import { UsageError } from './usageError';

/** The server and key are required here; their absence is a configuration error (exit 2), never a request without a key. */
export function requireServer(config: CliConfig): { baseUrl: string; apiKey: string } {
  if (!config.baseUrl) throw new UsageError('No server: give --server URL or set DOC_INGEST_BASE_URL (the address includes /api, e.g. https://search.example.com/api).');
  if (!config.apiKey) throw new UsageError('No API key: set the environment variable DOC_INGEST_API_KEY (in CI, from a secret). Keys are never read from flags or files.');
  const flaw = apiKeyFlaw(config.apiKey);
  if (flaw) throw new UsageError(`DOC_INGEST_API_KEY has a ${flaw} in it, which no API key has: set it to the key alone (it is not shown here).`);
  return { baseUrl: config.baseUrl, apiKey: config.apiKey };
}

/** The proxy variables (HTTPS_PROXY...) must be URLs: one that is not is a usage error, as when the connection opens. */
export function requireProxyVariables(env: Env): void {
  try {
    proxySettings(env);
  } catch (e) {
    if (e instanceof ProxyUrlError) throw new UsageError(e.message);
    throw e;
  }
}
