/** Content hashes for the ledger: the same bytes give the same hex string on every machine. */
import { createHash } from 'node:crypto';

/** SHA-256 of `data` as lower-case hex; a string is hashed as its UTF-8 bytes. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
