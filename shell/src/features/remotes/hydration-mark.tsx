import { useEffect } from 'react';

/** The User Timing mark set once the first page is interactive (the benchmark and the browser suites read it). */
export const hydratedMark = 'board:hydrated';

/**
 * Marks the moment the first page's content has been committed by React: hydrated when the
 * server rendered it, rendered otherwise. It sits beside the remote page inside its Suspense
 * boundary, whose content hydrates after the shell around it, so the mark is the page's last
 * step, not the header's. Only the first page counts: later navigations do not move it.
 */
export function HydrationMark() {
  useEffect(() => {
    if (performance.getEntriesByName(hydratedMark, 'mark').length === 0) performance.mark(hydratedMark);
  }, []);
  return null;
}
