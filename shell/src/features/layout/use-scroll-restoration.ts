import { useLocation, useNavigationType } from '@board/shared/lib/router';
import { useEffect, useLayoutEffect, useRef } from 'react';

/** Where each history entry was scrolled to, kept across a reload of the tab. */
export const scrollPositionsKey = 'board-scroll-positions';

function readPositions(): Record<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(scrollPositionsKey) ?? '{}');
    if (!saved || typeof saved !== 'object') return {};
    return Object.fromEntries(
      Object.entries(saved).filter((entry): entry is [string, number] => Number.isFinite(entry[1])),
    );
  } catch {
    // Storage refused (a private window's quota) or a value that is not ours: start afresh.
    return {};
  }
}

/**
 * The browser's scroll across the board's own navigations, as a reader expects of a site:
 * - a new page (a link, a redirect) starts at its top, or at the element its `#hash` names;
 * - Back and Forward return to where that page was left, and so does a reload;
 * - a change of the query string alone that replaces the entry (a filter, a search typed) keeps
 *   the scroll where it is; a link to the page already shown goes to its top.
 * The browser's own restoration is off while the board runs: it would restore before the page
 * had rendered. Positions are recorded per history entry (its `location.key`) as the reader
 * scrolls, and written to sessionStorage when the page is left.
 */
export function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number> | null>(null);
  // The entry a visit starts on has no key of its own ('default', on every new document): its page names it.
  const entry = location.key === 'default' ? `default:${location.pathname}${location.search}` : location.key;
  const current = useRef(entry);

  useEffect(() => {
    const before = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const record = () => {
      positions.current ??= readPositions();
      positions.current[current.current] = window.scrollY;
    };
    const save = () => {
      record();
      try {
        sessionStorage.setItem(scrollPositionsKey, JSON.stringify(positions.current));
      } catch {
        // Storage full or refused: Back still works within this page's life.
      }
    };
    // Scrolling records; Back (popstate) and a click that leaves record the last position before
    // the next page renders (the browser may not have sent the last scroll event yet).
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('popstate', record, { capture: true });
    document.addEventListener('click', record, { capture: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('popstate', record, { capture: true });
      document.removeEventListener('click', record, { capture: true });
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = before;
    };
  }, []);

  const handled = useRef<string | null>(null);
  const shown = useRef(location.pathname + location.search);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per history entry, not per render
  useLayoutEffect(() => {
    if (handled.current === entry) return;
    const isFirst = handled.current === null;
    handled.current = entry;
    current.current = entry;
    const before = shown.current;
    shown.current = location.pathname + location.search;
    positions.current ??= readPositions();
    const saved = positions.current[entry];
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    // The first page of a visit is where the browser put it (its #hash included).
    if (isFirst) return;
    // A pathname holds no '?': what precedes it is the page before.
    const queryOnly = before.split('?')[0] === location.pathname && before !== shown.current;
    if (navigationType === 'REPLACE' && queryOnly) return;
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [entry]);
}
