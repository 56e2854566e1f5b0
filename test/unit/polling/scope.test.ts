import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { keyFingerprint, parseScopedPollerStates, scopeName } from '../../../src/core/polling';

describe('polling/scope', () => {
  it('a key fingerprint is the first 16 hex digits of its SHA-256, and never holds the key', () => {
    const key = 'on_example-key-0123456789';
    const fp = keyFingerprint(key);
    assert.match(fp, /^[0-9a-f]{16}$/);
    assert.equal(fp, createHash('sha256').update(key).digest('hex').slice(0, 16));
    assert.notEqual(keyFingerprint('on_other-key'), fp);
    assert.ok(!scopeName('http://127.0.0.1:1/api', fp).includes(key));
  });

  it('reads stored lists per scope leniently', () => {
    const a = scopeName('http://a/api', '0123456789abcdef');
    const states = parseScopedPollerStates({
      [a]: { version: 1, files: [{ id: 'AAAAAAAA-0000-4000-8000-00000000000A', name: 'a.png', status: 'COMPLETED' }] },
      broken: 'nonsense',
      empty: { version: 1, files: [] },
    });
    assert.deepEqual(Object.keys(states), [a]);
    assert.equal(states[a]?.files[0]?.name, 'a.png');
    assert.deepEqual(parseScopedPollerStates([1, 2]), {});
    assert.deepEqual(parseScopedPollerStates(undefined), {});
  });
});
