import { useEffect, useMemo, useState } from 'react';

/** How long the board waits after the last change of a filter before it asks the API. */
export const searchDebounceMs = 150;

/**
 * `value` once it has not changed for `searchDebounceMs` (compared as JSON, so an equal search in
 * a new object is no change), and whether a newer value is waiting. The first render returns it at
 * once: the server and hydration read the URL's search.
 */
export function useDebouncedSearch<T>(value: T): [settled: T, waiting: boolean] {
  const json = JSON.stringify(value);
  const [settled, setSettled] = useState(json);
  useEffect(() => {
    if (json === settled) return;
    const timer = setTimeout(() => setSettled(json), searchDebounceMs);
    return () => clearTimeout(timer);
  }, [json, settled]);
  return [useMemo(() => JSON.parse(settled) as T, [settled]), json !== settled];
}
