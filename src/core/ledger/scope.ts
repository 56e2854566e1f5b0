/** How the ledger names a server and a server's connector pair, so that one server is never two. */
import { normalizeBaseUrl } from '../api/baseUrl';

/** One spelling per server (no trailing slash, lower-case host); an unparsable address is kept as typed. */
export function ledgerServer(server: string): string {
  return normalizeBaseUrl(server) ?? server.trim().replace(/\/+$/, '');
}

/**
 * The ledger scope of a server and a connector pair (`undefined`: the server's default pair). The same
 * document id in two pairs, or on two servers, is two documents. `#` cannot occur in a normalized base URL, so
 * the scope is unambiguous.
 */
export function ledgerScope(server: string, ccPairId: number | undefined): string {
  return `${ledgerServer(server)}#${ccPairId === undefined ? 'default' : String(ccPairId)}`;
}

/** The server of a ledger scope, as `ledgerServer` spelt it. */
export function scopeServer(scope: string): string {
  return scope.slice(0, scope.lastIndexOf('#'));
}

/** The pair of a ledger scope (undefined: the server's default pair). */
export function scopePair(scope: string): number | undefined {
  const pair = scope.slice(scope.lastIndexOf('#') + 1);
  return pair === 'default' ? undefined : Number(pair);
}
