import { startTransition, useEffect, useState } from 'react';

/** How many cards a changed list renders before its first paint: more than a screen holds. */
export const firstBatch = 8;

/**
 * When the list changes (a keystroke in the filter), render its first cards at once and the rest
 * of the page in a transition after they are painted: on a 10,000-job board, mounting 30 new cards
 * was most of a keystroke's cost, and a screen shows 4 to 6. A new list that holds the same jobs
 * (a new array for another reason) counts as unchanged. Returns how many of `shown` to render now.
 */
export function useFirstBatch<T>(items: T[], shown: number): { count: number; complete: boolean } {
  const [settled, setSettled] = useState(items);
  const complete = settled === items || sameItems(settled, items);
  useEffect(() => {
    if (!complete) startTransition(() => setSettled(items));
  }, [complete, items]);
  return { count: complete ? shown : Math.min(shown, firstBatch), complete };
}

function sameItems<T>(a: T[], b: T[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}
