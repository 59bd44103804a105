import { afterEach, describe, expect, it, vi } from 'vitest';
import { anchorInView, scrollAnchorProps, scrollToAnchor } from './scroll-anchor';

/**
 * A list laid out as the browser would: jsdom has no layout, so each item's box is given from
 * the heights below (relative to the window, as getBoundingClientRect answers).
 */
function layOut(heights: number[], scrollY: number) {
  document.body.innerHTML = '';
  const list = document.createElement('ul');
  let top = 100;
  for (const [index, height] of heights.entries()) {
    const item = document.createElement('li');
    for (const [name, value] of Object.entries(scrollAnchorProps(`job-${index}`))) item.setAttribute(name, value);
    const pageTop = top;
    item.getBoundingClientRect = () =>
      ({ top: pageTop - window.scrollY, bottom: pageTop + height - window.scrollY, height }) as DOMRect;
    list.append(item);
    top += height;
  }
  document.body.append(list);
  Object.defineProperty(window, 'scrollY', { configurable: true, value: scrollY });
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('a list position kept as the item at the top of the window', () => {
  it('is the first item not wholly scrolled past, with how far above the window its top is', () => {
    layOut([200, 200, 200, 200], 450);
    expect(anchorInView()).toEqual({ key: 'job-1', top: -150 });
  });

  it('brings that item back to the same place though the items above it now have other heights', () => {
    // Before the reload: the cards above had their drawn heights; after it, a guessed 176 px.
    layOut([220, 220, 220, 188], 600);
    const anchor = anchorInView();
    expect(anchor).toEqual({ key: 'job-2', top: -60 });
    layOut([176, 176, 176, 188], 600);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    expect(scrollToAnchor(anchor as NonNullable<typeof anchor>)).toBe(true);
    // job-2's top is 100 + 2 × 176 = 452 in the page: 60 px above the window's top puts it at 512.
    expect(scrollTo).toHaveBeenCalledWith({ top: 512 });
  });

  it('says so when the item is no longer in the list, and does not scroll', () => {
    layOut([200, 200], 0);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    expect(scrollToAnchor({ key: 'job-9', top: 0 })).toBe(false);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('is none when the list marks no items', () => {
    document.body.innerHTML = '<ul><li>A</li></ul>';
    expect(anchorInView()).toBeUndefined();
  });
});
