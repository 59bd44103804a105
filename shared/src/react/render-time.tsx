import { createContext, type ReactNode, useContext, useState, useSyncExternalStore } from 'react';

/**
 * What a page may read of the clock and the browser while it renders, so that the shell's server
 * and the browser's hydration produce the same markup. The server renders at one time
 * (`RenderTimeProvider`, fed by the shell's server through `App`'s `renderedAt`); hydration must
 * show exactly that, though the browser's clock says otherwise; every later client render may use
 * the browser's own time and storage.
 *
 * A federation singleton (`sharedSingletons` in rspack.shared.ts): the shell's provider and the
 * remotes' hooks must see the same context.
 */
const RenderTimeContext = createContext<number | null>(null);

/**
 * The time the page is rendered at (ms since the epoch); without `time`, when it first rendered.
 * There is no layout here: the server sends one page for every screen, laid out by CSS alone.
 */
export function RenderTimeProvider({ time, children }: { time?: number; children: ReactNode }) {
  const [startedAt] = useState(Date.now);
  return <RenderTimeContext value={time ?? startedAt}>{children}</RenderTimeContext>;
}

const subscribeNever = () => () => {};

/**
 * False on the server and while the browser hydrates the server's markup; true in every client
 * render after that (a component mounted later is true from its first render). Read browser-only
 * state (storage, the clock) only when it is true: React renders the component again once
 * hydration is done.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/**
 * 'Now' for time-dependent text ('Posted 3 days ago', the year): on the server and during
 * hydration, the page's render time; in the browser afterwards, the time this component was first
 * rendered (fixed for its life, so a render never depends on the clock).
 */
export function useRenderTime(): number {
  const renderedAt = useContext(RenderTimeContext);
  const [firstRenderedAt] = useState(Date.now);
  return useHydrated() ? firstRenderedAt : (renderedAt ?? firstRenderedAt);
}
