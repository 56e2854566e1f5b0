/**
 * How a batch treats each failure: some end the whole batch (every other file would meet them too), some are
 * worth one more try at the end, the rest belong to their file alone.
 */
import { isServiceError, NetworkError, NotFoundError } from '../api/errors';
import { DocumentError } from '../documents/problems/errors';
import { DEFAULT_RETRY, isRetryable } from '../api/retry';

/**
 * A key that stopped working, a pair this key may not write to, a server without the route, a web page instead
 * of the API, a server that cannot be reached or whose TLS fails, a server that asks for a longer pause than a
 * run waits: one message, not one per file.
 */
export function stopsBatch(e: unknown): boolean {
  if (!isServiceError(e)) return false;
  // Every worker shares the pause the server asked for: without the stop, the next round would wait it out.
  if (e.retryAfterMs !== undefined && e.retryAfterMs > DEFAULT_RETRY.maxRetryAfterMs) return true;
  switch (e.kind) {
    case 'auth':
    case 'permission':
    case 'wrong-server':
      return true;
    case 'not-found':
      return e instanceof NotFoundError && (e.what === 'route' || e.setting === 'ccPairId');
    case 'network':
      return e instanceof NetworkError && ['dns', 'refused', 'blocked-port', 'proxy', 'untrusted-certificate', 'tls'].includes(e.networkCause);
    default:
      return false;
  }
}

/**
 * Failures the same request may survive a moment later. A timeout counts once (unlike in the client, which does
 * not repeat a request that may still be running): a batch sends documents with ids, so a repeat replaces, and
 * it repeats only after every other file had its turn. Not twice: the real server indexes inside the request,
 * so a document that took the whole timeout again is likely one it is still indexing, or will never finish.
 */
export function worthAnotherRound(e: unknown, timedOutBefore: boolean): boolean {
  if (isServiceError(e) && e.kind === 'timeout') return !timedOutBefore;
  return isRetryable(e);
}

/**
 * Not a document to send at all (binary, empty) or one its front matter keeps from being published: skipped and
 * reported, not a failure the writer must fix.
 */
export function isSkip(e: unknown): boolean {
  return e instanceof DocumentError && (e.code === 'binary' || e.code === 'empty' || e.code === 'notPublished');
}
