/** Server addresses as the user types them, made comparable and judged for safety. */

/**
 * One spelling per server, so that its key is found again: no trailing slashes, lower-case scheme and host. An
 * address with credentials is none (see hasCredentials).
 */
export function normalizeBaseUrl(raw: string | undefined): string | undefined {
  const trimmed = raw?.trim();
  if (!trimmed || hasCredentials(trimmed)) return undefined;
  try {
    const url = new URL(trimmed);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    url.hash = '';
    url.search = '';
    return url.toString().replace(/\/+$/, '');
  } catch {
    return undefined;
  }
}

/**
 * Whether an address carries a user name or password (`http://bob:secret@host/api`). Fetch refuses such a URL, and
 * everything that names the server (messages, reports, the ledger, where the key is stored) would show them; the key
 * goes elsewhere anyway. Any @ counts: a raw / # or ? in a password makes the URL parser take part of it for the host.
 */
export function hasCredentials(raw: string): boolean {
  return raw.includes('@');
}

/** Plain http to anything but this machine sends the key readable by anyone on the way. */
export function isInsecureRemote(baseUrl: string): boolean {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return !(host === 'localhost' || host === '::1' || /^127\./.test(host));
}
