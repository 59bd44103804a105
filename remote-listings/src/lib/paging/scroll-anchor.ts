/**
 * Where the visitor was in a list, as the item at the top of the window and how far it stood from
 * the window's top, rather than as a distance from the top of the page. Items that skip their
 * layout until scrolled near (content-visibility) take a guessed height until the browser has drawn
 * them, and which of them it has drawn differs after a reload: the same scrollY then shows other
 * items, while the same item at the same offset is where the visitor was.
 */
export interface ScrollAnchor {
  /** The item's key, as its list marks it (scrollAnchorProps). */
  key: string;
  /** Its top edge, in pixels from the window's top (negative: partly scrolled past). */
  top: number;
}

const attribute = 'data-scroll-anchor';

/** Marks a list item as one a restored scroll position can be anchored to. */
export const scrollAnchorProps = (key: string) => ({ [attribute]: key });

function anchoredItems(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>(`[${attribute}]`));
}

/** The first marked item not wholly above the window, found by halving (items are in page order). */
export function anchorInView(): ScrollAnchor | undefined {
  const items = anchoredItems();
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((items[middle]?.getBoundingClientRect().bottom ?? 0) <= 0) low = middle + 1;
    else high = middle;
  }
  const item = items[low];
  const key = item?.getAttribute(attribute);
  if (!item || key == null) return undefined;
  return { key, top: Math.round(item.getBoundingClientRect().top) };
}

/** Scrolls the anchor's item back to where it stood; false when no such item is on the page. */
export function scrollToAnchor(anchor: ScrollAnchor): boolean {
  const item = anchoredItems().find((element) => element.getAttribute(attribute) === anchor.key);
  if (!item) return false;
  window.scrollTo({ top: window.scrollY + item.getBoundingClientRect().top - anchor.top });
  return true;
}
