import { type QueryKey, useQueryClient } from '@board/shared/lib/query';
import { useEffect, useMemo, useRef, useState } from 'react';

/** How long the board waits after the last change of a filter before it asks the API. */
const searchDebounceMs = 150;

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

/**
 * The settled search's query (`queryKey`) is superseded as soon as the visitor changes the search
 * again (`waiting`): its request, if it is still out, is aborted, so its answer never reaches the
 * screen. A pause may end between two keystrokes on a busy machine; what the visitor sees is then
 * the same: the last answered results (marked busy) until the search in the field is answered.
 * A search the visitor returns to before its answer came is asked for again.
 */
export function useAbortSupersededSearch(queryKey: QueryKey, waiting: boolean) {
  const queryClient = useQueryClient();
  const key = useRef(queryKey);
  key.current = queryKey;
  const wasWaiting = useRef(waiting);
  useEffect(() => {
    const returned = wasWaiting.current && !waiting;
    wasWaiting.current = waiting;
    if (waiting) {
      void queryClient.cancelQueries({ queryKey: key.current, exact: true });
      return;
    }
    const state = queryClient.getQueryState(key.current);
    if (returned && state?.status === 'pending' && state.fetchStatus === 'idle')
      void queryClient.refetchQueries({ queryKey: key.current, exact: true, type: 'active' });
  }, [waiting, queryClient]);
}
