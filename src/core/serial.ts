/**
 * A queue that runs tasks one after another: each starts once every earlier one has settled
 * (fulfilled or rejected), and a failure reaches only its own caller.
 */
export function serialQueue(): <T>(fn: () => Promise<T>) => Promise<T> {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };
}
