/** Server addresses as the user types them, made comparable and judged for safety. */

/** One spelling per server, so that its key is found again: no trailing slashes, lower-case scheme and host. */
export function normalizeBaseUrl(raw: string | undefined): string | undefined {
  const trimmed = raw?.trim();
  if (!trimmed) return undefined;
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

/** Plain http to anything but this machine sends the key readable by anyone on the way. */
export function isInsecureRemote(baseUrl: string): boolean {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return !(host === 'localhost' || host === '::1' || /^127\./.test(host));
}
