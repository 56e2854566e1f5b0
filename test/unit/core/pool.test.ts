import assert from 'node:assert/strict';
import { limitConcurrency } from '../../../src/core/pool';

describe('limitConcurrency', () => {
  it('runs at most the limit at once, starting the others in the order given as earlier ones settle', async () => {
    const gate = limitConcurrency(2);
    const started: number[] = [];
    let running = 0;
    let peak = 0;
    const finishers: Array<() => void> = [];
    const task = (i: number) => () => {
      started.push(i);
      peak = Math.max(peak, ++running);
      return new Promise<number>((resolve) => finishers.push(() => {
        running--;
        resolve(i);
      }));
    };
    const results = [0, 1, 2, 3].map((i) => gate(task(i)));
    assert.deepEqual(started, [0, 1]);
    finishers[1]!();
    await results[1];
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(started, [0, 1, 2]);
    finishers[0]!();
    finishers[2]!();
    await Promise.all([results[0], results[2]]);
    await new Promise((resolve) => setImmediate(resolve));
    finishers[3]!();
    assert.deepEqual(await Promise.all(results), [0, 1, 2, 3]);
    assert.equal(peak, 2);
  });

  it('passes a rejection on, and goes on with the next task', async () => {
    const gate = limitConcurrency(1);
    const failed = gate(() => Promise.reject(new Error('no')));
    const next = gate(() => Promise.resolve('yes'));
    await assert.rejects(failed, /no/);
    assert.equal(await next, 'yes');
  });
});
