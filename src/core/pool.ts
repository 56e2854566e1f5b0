/**
 * Runs `work` on each item with at most `concurrency` under way, in list order; stops taking new items once
 * `stopped()` says so (those under way finish).
 */
export async function forEachConcurrently<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
  stopped: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && !stopped()) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/**
 * A gate that lets at most `limit` tasks run at once, started in the order they were given: `gate(task)` runs
 * `task` as soon as fewer than `limit` are under way, and settles as it does.
 */
export function limitConcurrency(limit: number): <R>(task: () => Promise<R>) => Promise<R> {
  let running = 0;
  const waiting: Array<() => void> = [];
  const next = () => {
    running--;
    waiting.shift()?.();
  };
  return <R>(task: () => Promise<R>) =>
    new Promise<R>((resolve, reject) => {
      const start = () => {
        running++;
        task().then(resolve, reject).finally(next);
      };
      if (running < limit) start();
      else waiting.push(start);
    });
}
