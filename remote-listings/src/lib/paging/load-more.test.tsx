import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadMore } from './load-more';

/** The IntersectionObserver of the page: a test says when the sentinel is near. */
let observed: ((near: boolean) => void) | null = null;

beforeEach(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        observed = (near) => callback([{ isIntersecting: near }]);
      }
      observe() {}
      disconnect() {
        observed = null;
      }
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  observed = null;
});

function renderLoadMore(props: Partial<Parameters<typeof LoadMore>[0]> = {}) {
  const onLoadMore = vi.fn();
  const all = {
    hasMore: true,
    loading: false,
    onLoadMore,
    label: 'Show more jobs',
    loadingText: 'Loading more jobs…',
    endText: 'All 30 jobs are shown.',
    ...props,
  };
  const result = render(<LoadMore {...all} />);
  return {
    ...result,
    onLoadMore,
    rerender: (next: Partial<typeof all>) => result.rerender(<LoadMore {...all} {...next} />),
  };
}

describe('LoadMore', () => {
  const scroll = () => window.dispatchEvent(new Event('scroll'));

  it('loads as the visitor scrolls to the sentinel, not when it is already near as it starts watching', () => {
    const { onLoadMore } = renderLoadMore();
    observed?.(true);
    expect(onLoadMore).not.toHaveBeenCalled();
    // Still near (the observer says nothing new), and the visitor scrolls: the next page comes.
    scroll();
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('starts watching when it is far, then loads when the visitor scrolls it near', () => {
    const { onLoadMore } = renderLoadMore();
    observed?.(false);
    scroll();
    expect(onLoadMore).not.toHaveBeenCalled();
    observed?.(true);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('counts a scroll made while the page loaded, before the sentinel came back to watch', () => {
    // The visitor presses End as the next page arrives (a busy machine): the scroll comes before
    // the sentinel is back, and the sentinel is near from its first look.
    const { onLoadMore, rerender } = renderLoadMore({ loading: true });
    scroll();
    rerender({ loading: false });
    observed?.(true);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['End', () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'End' }))],
    ['a wheel down', () => window.dispatchEvent(new WheelEvent('wheel', { deltaY: 100 }))],
  ])("loads when the visitor, at the page's end (nothing scrolls), presses on with %s", (_, pressOn) => {
    // The page appended while the browser kept its end in view: the sentinel is near from its
    // first look, and a press of End or a wheel moves nothing, so no scroll comes.
    const { onLoadMore, rerender } = renderLoadMore({ loading: true });
    rerender({ loading: false });
    observed?.(true);
    expect(onLoadMore).not.toHaveBeenCalled();
    pressOn();
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('loads nothing for keys typed in a field, a wheel up, or a space that presses a button', () => {
    const { onLoadMore } = renderLoadMore();
    observed?.(true);
    const field = document.body.appendChild(document.createElement('input'));
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
    window.dispatchEvent(new WheelEvent('wheel', { deltaY: -100 }));
    screen
      .getByRole('button', { name: 'Show more jobs' })
      .dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    expect(onLoadMore).not.toHaveBeenCalled();
    field.remove();
  });

  it('a press of the button loads one page, even after the visitor had scrolled', async () => {
    const { onLoadMore, rerender } = renderLoadMore();
    observed?.(false);
    scroll();
    await userEvent.click(screen.getByRole('button', { name: 'Show more jobs' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender({ loading: true });
    rerender({ loading: false });
    // The list is short: the sentinel is near as it comes back. It waits for the next scroll.
    observed?.(true);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    scroll();
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });

  it('loads page after page as the visitor scrolls when the pages are at hand (never loading)', () => {
    const { onLoadMore, rerender } = renderLoadMore({ href: '?page=2' });
    observed?.(true);
    scroll();
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    // A second scroll before the page is rendered asks for nothing more.
    scroll();
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender({ href: '?page=3' });
    scroll();
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });

  it('announces loading politely and neither watches nor loads twice meanwhile', async () => {
    const { onLoadMore } = renderLoadMore({ loading: true });
    expect(observed).toBeNull();
    expect(screen.getByText('Loading more jobs…')).toBeInTheDocument();
    expect(screen.getByText('Loading more jobs…').closest('[aria-live="polite"]')).not.toBeNull();
    const button = screen.getByRole('button', { name: 'Show more jobs' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    expect(onLoadMore).not.toHaveBeenCalled();
  });

  it('moves focus from the button to the end of the list once the last page is in', async () => {
    const { onLoadMore, rerender } = renderLoadMore();
    await userEvent.click(screen.getByRole('button', { name: 'Show more jobs' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Show more jobs' })).toHaveFocus();
    rerender({ hasMore: false });
    expect(screen.getByText('All 30 jobs are shown.')).toHaveFocus();
  });
});
