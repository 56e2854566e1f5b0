import assert from 'node:assert/strict';
import { RateLimitError, ServerError, ValidationError } from '../../../src/core/api';
import { parseRetryAfter } from '../../../src/core/api/classify';
import { DEFAULT_RETRY, retryDelay } from '../../../src/core/api/retry';

describe('retry policy', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    assert.equal(parseRetryAfter('2'), 2000);
    assert.equal(parseRetryAfter('0.5'), 500);
    assert.equal(parseRetryAfter('Thu, 01 Jan 1970 00:00:10 GMT', 4000), 6000);
    assert.equal(parseRetryAfter('soon'), undefined);
    assert.equal(parseRetryAfter(null), undefined);
  });

  it('backs off exponentially with full jitter, up to the cap', () => {
    const e = new ServerError('x', 'y', { status: 503 });
    const policy = { ...DEFAULT_RETRY, attempts: 10 };
    assert.deepEqual([1, 2, 3, 4, 5, 6].map((a) => retryDelay(e, a, policy, () => 1)), [500, 1000, 2000, 4000, 8000, 8000]);
    assert.equal(retryDelay(e, 3, policy, () => 0), 0);
  });

  it('gives up after the last attempt, and never retries what is not transient', () => {
    assert.equal(retryDelay(new ServerError('x', 'y', { status: 503 }), DEFAULT_RETRY.attempts, DEFAULT_RETRY), undefined);
    assert.equal(retryDelay(new ServerError('x', 'y', { status: 500 }), 1, DEFAULT_RETRY), undefined);
    assert.equal(retryDelay(new ValidationError('x', 'y', [], true), 1, DEFAULT_RETRY), undefined);
  });

  it('waits exactly what Retry-After asks, unless it is too long', () => {
    assert.equal(retryDelay(new RateLimitError('x', 'y', 1500), 1, DEFAULT_RETRY), 1500);
    assert.equal(retryDelay(new RateLimitError('x', 'y', 120000), 1, DEFAULT_RETRY), undefined);
  });
});
