import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, following changes. Where the browser has no matchMedia (tests,
 * very old engines) it answers `fallback`.
 */
export function useMediaQuery(query: string, fallback: boolean): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}

/** SPEC section 9: the mobile breakpoint is 768 px. */
export const wideQuery = '(min-width: 768px)';
