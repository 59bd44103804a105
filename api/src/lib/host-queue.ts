/**
 * One request at a time per host: `onHost(host, task)` runs the task after every earlier task for
 * the same host (a vendor's politeness, a company site's). With `stop`, a task still waiting its
 * turn when `stop` aborts leaves the queue at once (rejected with the abort's reason) and never
 * runs: a company whose time is up does not keep its turn on a host it shares.
 */
export function hostQueue() {
  const queues = new Map<string, Promise<unknown>>();
  return function onHost<T>(host: string, task: () => Promise<T>, stop?: AbortSignal): Promise<T> {
    const previous = queues.get(host) ?? Promise.resolve();
    const run = () => (stop?.aborted ? Promise.reject(stop.reason) : task());
    const next = previous.then(run, run);
    const settled = next.catch(() => undefined);
    queues.set(host, settled);
    settled.then(() => {
      if (queues.get(host) === settled) queues.delete(host);
    });
    if (!stop) return next;
    return new Promise<T>((resolve, reject) => {
      const abandon = () => reject(stop.reason);
      stop.addEventListener('abort', abandon, { once: true });
      next.then(resolve, reject).finally(() => stop.removeEventListener('abort', abandon));
    });
  };
}
