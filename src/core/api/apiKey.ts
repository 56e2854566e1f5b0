/**
 * What no API key contains: a line break, another control character, a character outside ASCII. Such a key brought
 * the end of the file or terminal it was copied from (or a typographic character of a document) along. HTTP cannot
 * carry it in a header, and fetch then refuses the header quoting the whole value, or (undici, for most control
 * characters) never answers. So every front refuses it before sending, in words that show none of it.
 */
export type ApiKeyFlaw = 'line break' | 'control character' | 'character outside ASCII';

export function apiKeyFlaw(key: string): ApiKeyFlaw | undefined {
  let flaw: ApiKeyFlaw | undefined;
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    if (code === 0x0a || code === 0x0d) return 'line break';
    if (code < 0x20 || code === 0x7f) flaw = 'control character';
    else if (code > 0x7f) flaw ??= 'character outside ASCII';
  }
  return flaw;
}
