import { Button, buttonVariants } from '@board/shared/ui/button';
import { useEffect, useRef } from 'react';

/** What moves the page on: a scroll, or a try to scroll further down (which, at the page's end, moves nothing). */
const scrollIntents = ['scroll', 'wheel', 'touchmove', 'keydown'] as const;
const downKeys = new Set(['End', 'PageDown', 'ArrowDown', ' ']);
const fieldSelector =
  'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="listbox"], [role="menu"], [role="combobox"]';

function scrollsOn(event: Event): boolean {
  if (event instanceof WheelEvent) return event.deltaY > 0;
  if (event instanceof KeyboardEvent) {
    const target = event.target instanceof Element ? event.target : null;
    // Keys typed into a field, or taken by a control of their own, move no page; nor does a space
    // that presses a button.
    if (target?.closest(fieldSelector)) return false;
    if (event.key === ' ' && target?.closest('button, a[href], summary, [role="button"]')) return false;
    return downKeys.has(event.key) && !event.altKey && !event.ctrlKey && !event.metaKey;
  }
  return true;
}

/**
 * The end of a paged list: a 'Show more' button, and a sentinel that loads the next page on its
 * own as it scrolls near. With `href` it is a link to the next page's address, which the server
 * renders (before any script, or without JavaScript); scripts turn it into loading in place. Loading is announced politely. Focus is never lost: the button stays
 * where it is while the next page appends above it, and once the last page is in, focus moves to
 * the list's end (which says so) instead of falling to the page.
 */
export function LoadMore({
  hasMore,
  loading,
  onLoadMore,
  label,
  loadingText,
  endText,
  href,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** The button's text, e.g. 'Show more jobs'. */
  label: string;
  loadingText: string;
  /** Read when focus moves to the end of the list, e.g. 'All 57 jobs are shown.' */
  endText: string;
  /** The address of the list with its next page (e.g. '?page=2'). */
  href?: string;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  // Read as the last page arrives, before React removes the button (a removed element's blur is not reliable).
  const wasFocused = useRef(false);
  if (!hasMore && button.current && typeof document !== 'undefined' && document.activeElement === button.current)
    wasFocused.current = true;
  const load = useRef(onLoadMore);
  load.current = onLoadMore;
  const observing = hasMore && !loading;
  // Whether the visitor has scrolled since the last page was asked for. Listened to for the whole
  // life of the list, not from the effect below: a scroll made while a page loads, or between a
  // page's commit and that effect (a busy machine, a quick End key), is the visitor's next scroll.
  // So is a try to scroll on that finds the page at its end (a wheel, a key, a swipe): the browser
  // may keep the page's end in view as a page appends above it, and there is then no scroll to wait for.
  const scrolled = useRef(false);
  useEffect(() => {
    const onScroll = (event: Event) => {
      if (scrollsOn(event)) scrolled.current = true;
    };
    for (const type of scrollIntents) window.addEventListener(type, onScroll, { passive: true });
    return () => {
      for (const type of scrollIntents) window.removeEventListener(type, onScroll);
    };
  }, []);
  // A page asked for and not yet rendered is not asked for again (a render follows every page,
  // whether it loads over the network or is at hand already).
  const asked = useRef(false);
  asked.current = false;
  const loadNext = useRef(() => {
    scrolled.current = false;
    asked.current = true;
    load.current();
  });

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !observing || typeof IntersectionObserver === 'undefined') return;
    // Only as the visitor scrolls to it: a sentinel already near when a page has just appended
    // (the visitor pressed the button, the list is short) waits for the visitor's next scroll, or
    // one press would load them all. Whether it is near is the observer's; a scroll arms it.
    let near = false;
    const loadIfArmed = () => {
      if (near && scrolled.current && !asked.current) loadNext.current();
    };
    for (const type of scrollIntents) window.addEventListener(type, loadIfArmed, { passive: true });
    const observer = new IntersectionObserver(
      (entries) => {
        near = entries.some((entry) => entry.isIntersecting);
        loadIfArmed();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      for (const type of scrollIntents) window.removeEventListener(type, loadIfArmed);
    };
  }, [observing]);

  useEffect(() => {
    if (!hasMore && wasFocused.current) {
      wasFocused.current = false;
      end.current?.focus();
    }
  }, [hasMore]);

  return (
    <div className="mt-6 flex flex-col items-center gap-2">
      {observing ? <div ref={sentinel} aria-hidden="true" className="h-px w-full" /> : null}
      <p aria-live="polite" className="sr-only">
        {loading ? loadingText : ''}
      </p>
      {hasMore && href ? (
        <a
          href={href}
          ref={button}
          aria-disabled={loading || undefined}
          className={buttonVariants({ variant: 'outline' })}
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            if (!loading) loadNext.current();
          }}
        >
          {label}
        </a>
      ) : hasMore ? (
        <Button
          variant="outline"
          onClick={() => {
            if (!loading) loadNext.current();
          }}
          ref={button}
          aria-disabled={loading || undefined}
        >
          {label}
        </Button>
      ) : (
        <div ref={end} tabIndex={-1} className="sr-only">
          {endText}
        </div>
      )}
    </div>
  );
}
