/**
 * Work that shares the thread with the API's requests (a large change applied to the search
 * index; on PGlite, where the scheduled work runs in the API, an import's mapping and writes)
 * calls the function returned between two small pieces of itself: once the work has run
 * `sliceMs` since it last gave way, it yields to the event loop, so the requests waiting go first.
 * On PostgreSQL a worker process does the scheduled work (decision 041): only the index's changes
 * share an API instance's thread.
 */
export function timeSlice(sliceMs = 10, now: () => number = () => performance.now()): () => Promise<void> {
  let since = now();
  return async () => {
    if (now() - since < sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = now();
  };
}
