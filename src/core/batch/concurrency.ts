/**
 * 8: the real server embeds each document inside its request, so a batch is bound by the server's time per
 * document, and 8 in flight make it about 7 times a one-at-a-time script (`npm run bench`); a server that wants
 * fewer says so with 429 or 503, which pauses every worker.
 */
export const DEFAULT_CONCURRENCY = 8;
export const MAX_CONCURRENCY = 16;
