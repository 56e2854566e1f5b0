/**
 * Synchronous work over many items without holding the event loop: the items are taken in slices of at most
 * SLICE_MS, and the loop is given back between slices (`setImmediate`), so that an editor's other work (typing, a
 * view's refresh) waits a few milliseconds at most. For work whose promise would cost more than the work itself:
 * 5,000 `stat`s through libuv's thread pool cost twice the CPU of `statSync` and more than twice the time.
 */

/** The longest a slice holds the event loop, in milliseconds (one frame at 120 Hz). */
export const SLICE_MS = 8;

/** How many items between two looks at the clock: a look costs more than a `stat`. */
const CHECK_EVERY = 32;

export async function inSlices<T>(items: readonly T[], work: (item: T) => void, sliceMs = SLICE_MS): Promise<void> {
  let sliceStart = performance.now();
  for (let i = 0; i < items.length; i++) {
    work(items[i] as T);
    if (i % CHECK_EVERY === CHECK_EVERY - 1 && performance.now() - sliceStart >= sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
}
