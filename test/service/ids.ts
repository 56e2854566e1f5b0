// Identifiers: deterministic UUIDs for seeds, UUID parsing as pydantic accepts it, the server's
// make_url_compatible, and key generation.
import { createHash, randomUUID } from 'node:crypto';

function hex(name: string): string {
  return createHash('sha256').update(name).digest('hex');
}

/** A version-4-shaped UUID derived from a name, so seeds are the same on every run. */
export function stableUuid(name: string): string {
  const h = hex(name);
  const variant = ((parseInt(h.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function newUuid(): string {
  return randomUUID();
}

/** An API key that looks like a real one (`on_` and 40 URL-safe characters), stable per name. */
export function stableApiKey(name: string): string {
  return 'on_' + createHash('sha256').update('doc-ingest-local-service:' + name).digest('base64url').slice(0, 40);
}

/**
 * Parses a UUID the way pydantic does (hyphenated or 32 hex digits, any case, optional `urn:uuid:` prefix
 * or braces). Returns the canonical lower-case hyphenated form, or an error text for the 422 message.
 */
export function parseUuid(input: string): { uuid: string } | { error: string } {
  let s = input.trim();
  if (s.toLowerCase().startsWith('urn:uuid:')) s = s.slice(9);
  if (s.startsWith('{') && s.endsWith('}')) s = s.slice(1, -1);
  const bad = /[^0-9a-fA-F-]/.exec(s);
  if (bad) {
    return { error: `invalid character: expected an optional prefix of \`urn:uuid:\` followed by [0-9a-fA-F-], found \`${bad[0]}\` at ${bad.index + 1}` };
  }
  const digits = s.replace(/-/g, '');
  if (digits.length !== 32) {
    return { error: `invalid length: expected length 32 for simple format, found ${digits.length}` };
  }
  if (s.includes('-') && !/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(s)) {
    return { error: 'invalid group length in group 1: expected 4, found other' };
  }
  const d = digits.toLowerCase();
  return { uuid: `${d.slice(0, 8)}-${d.slice(8, 12)}-${d.slice(12, 16)}-${d.slice(16, 20)}-${d.slice(20)}` };
}

const URL_SAFE = /^[A-Za-z0-9_.~-]$/;

/**
 * The real server's `make_url_compatible`: spaces become `_`, then everything outside `[A-Za-z0-9_.~-]` is
 * percent-encoded (UTF-8, upper-case hex), `/` and `%` included. Lone UTF-16 surrogates are dropped, as the
 * server's Postgres sanitising does.
 */
export function makeUrlCompatible(s: string): string {
  const cleaned = s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '').replace(/ /g, '_');
  let out = '';
  for (const ch of cleaned) {
    if (URL_SAFE.test(ch)) {
      out += ch;
      continue;
    }
    for (const byte of Buffer.from(ch, 'utf8')) out += '%' + byte.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}
