/**
 * When a batch gives up on a server that does not answer: after SILENT_TIMEOUTS_TO_STOP timeouts in a row of
 * requests during whose wait no other request succeeded. Without it a hung server holds every request for the
 * whole timeout, round after round: about 31 hours for 1,000 files at the defaults.
 */
import { TimeoutError } from '../api/errors';
import * as l10n from '@vscode/l10n';

/**
 * 3. A hung server times out all the requests in flight at once: 8 at the default concurrency. So any number
 * up to 8 stops the batch after one timeout; more would wait for a second wave of 8. Each timeout before the
 * stop frees a worker that sends one more file, so the server receives concurrency + 2 requests; a smaller
 * number would send fewer, but at concurrency 1 or 2, where each timeout is alone, one or two documents the
 * server is merely slow to index would stop the batch.
 */
export const SILENT_TIMEOUTS_TO_STOP = 3;

/**
 * Counts timeouts the server was silent through. A timeout counts only when no request succeeded since it was
 * sent: a live server that is slow on some documents answers others meanwhile, even when its slow requests
 * pile up in the workers and time out one after the other. Any success starts the count again.
 */
export class ServerSilence {
  private successes = 0;
  private silent = 0;

  /** A mark to take before a request goes out, for `timedOut`. */
  mark(): number {
    return this.successes;
  }

  succeeded(): void {
    this.successes += 1;
    this.silent = 0;
  }

  /** The error that stops the batch, when this timeout (of a request sent at `mark`) is one silence too many. */
  timedOut(e: TimeoutError, mark: number): TimeoutError | undefined {
    if (mark !== this.successes) return undefined;
    this.silent += 1;
    return this.silent >= SILENT_TIMEOUTS_TO_STOP ? notAnswering(e, this.silent) : undefined;
  }
}

function notAnswering(last: TimeoutError, count: number): TimeoutError {
  return new TimeoutError(
    l10n.t('The server is not answering: {0} requests in a row got no answer within {1} each;', count, seconds(last.timeoutMs)),
    l10n.t('check that it is running and not overloaded, or raise the ingestion timeout (setting docIngest.ingestTimeoutSeconds) if it is only slow.'),
    last.timeoutMs,
    { request: last.request, setting: 'ingestTimeoutSeconds', cause: last },
  );
}

/** "300 s", "0.3 s": the setting is in seconds, and tests use fractions of one. */
export function seconds(ms: number): string {
  return `${ms >= 10_000 ? Math.round(ms / 1000) : Number((ms / 1000).toFixed(1))} s`;
}
