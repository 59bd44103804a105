/**
 * Toasts as SPEC section 9 sets them; the shell's <Toaster> and each remote's standalone page
 * use these. Width 356 px and swipe threshold 20 px are sonner 1.7's built-in values (it has no
 * prop for them), which is why sonner is pinned to 1.7.
 */
export const toasterSettings = {
  position: 'bottom-right',
  duration: 4000,
  visibleToasts: 3,
  gap: 14,
  offset: '32px',
  hotkey: ['altKey', 'KeyT'],
} as const;
