import assert from 'node:assert/strict';
import { Backoff, DEFAULT_BACKOFF } from '../../../src/core/polling';

describe('polling/Backoff', () => {
  it('starts fast, multiplies on every grow and stops at the maximum', () => {
    const b = new Backoff({ fastIntervalMs: 1_000, maxIntervalMs: 10_000, backoffFactor: 3 });
    const seen = [b.current];
    for (let i = 0; i < 4; i++) {
      b.grow();
      seen.push(b.current);
    }
    assert.deepEqual(seen, [1_000, 3_000, 9_000, 10_000, 10_000]);
    assert.equal(b.max, 10_000);
  });

  it('reset goes back to the fast interval', () => {
    const b = new Backoff();
    b.grow();
    b.grow();
    assert.equal(b.current, 8_000);
    b.reset();
    assert.equal(b.current, DEFAULT_BACKOFF.fastIntervalMs);
  });

  it('a factor of 1 keeps the fast interval', () => {
    const b = new Backoff({ fastIntervalMs: 500, maxIntervalMs: 500, backoffFactor: 1 });
    b.grow();
    assert.equal(b.current, 500);
  });

  it('rejects options that would poll in a loop or never reach the maximum', () => {
    assert.throws(() => new Backoff({ fastIntervalMs: 0, maxIntervalMs: 10, backoffFactor: 2 }), /fastIntervalMs/);
    assert.throws(() => new Backoff({ fastIntervalMs: 100, maxIntervalMs: 10, backoffFactor: 2 }), /maxIntervalMs/);
    assert.throws(() => new Backoff({ fastIntervalMs: 100, maxIntervalMs: 1000, backoffFactor: 0.5 }), /backoffFactor/);
    assert.throws(() => new Backoff({ fastIntervalMs: NaN, maxIntervalMs: 1000, backoffFactor: 2 }), /fastIntervalMs/);
  });
});
