import assert from 'node:assert/strict';
import { inSlices } from '../../../src/core/slices';

describe('inSlices', () => {
  it('does the work of every item, in order', async () => {
    const seen: number[] = [];
    await inSlices(Array.from({ length: 100 }, (_, i) => i), (i) => seen.push(i));
    assert.deepEqual(seen, Array.from({ length: 100 }, (_, i) => i));
  });

  it('gives the event loop back between slices, so that other work runs before it ends', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('other work'));
    // Slices of 0 ms: the loop is given back at the first look at the clock (after 32 items).
    await inSlices(Array.from({ length: 64 }, (_, i) => i), (i) => {
      if (i === 0 || i === 63) order.push(`item ${i}`);
    }, 0);
    assert.deepEqual(order, ['item 0', 'other work', 'item 63']);
  });

  it('holds the loop for one slice at most while it is quick: other work waits no longer than that', async () => {
    let ran = false;
    setImmediate(() => (ran = true));
    let itemsBeforeOther = 0;
    await inSlices(Array.from({ length: 10_000 }, (_, i) => i), () => {
      if (!ran) itemsBeforeOther++;
    }, 1_000);
    // 10,000 quick items fit in one slice of a second: the other work waited until the end.
    assert.equal(itemsBeforeOther, 10_000);
  });
});
