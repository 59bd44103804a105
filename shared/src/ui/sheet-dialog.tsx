import { cn } from '@board/shared/lib/cn';
import { type ComponentProps, type MouseEvent, useId, useRef, useState } from 'react';

/** Whether a popover element is showing (false where the browser has no popovers: tests, old engines). */
function popoverShowing(element: HTMLElement): boolean {
  try {
    return element.matches(':popover-open');
  } catch {
    return false;
  }
}

/**
 * A panel a button opens, that works before any script runs (docs/decisions/005-native-controls.md):
 * a `<dialog popover>` its button names with `popovertarget`, so the browser opens it as a popover
 * from the first paint, with no script (Escape and a click outside close it; Close is a button
 * with `popovertargetaction="hide"`). Once hydrated, the button opens it as a modal dialog
 * instead (`showModal()`): focus moves in, the page behind is inert, focus returns on close. A
 * panel opened before hydration stays open as the popover it is, and its buttons close it so.
 */
export function useSheetDialog(onClosed?: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const id = useId();
  const titleId = useId();

  const close = () => {
    const dialog = ref.current;
    if (!dialog) return;
    if (dialog.open) dialog.close();
    else if (popoverShowing(dialog)) dialog.hidePopover();
  };

  return {
    open,
    titleId,
    close,
    /** The button that opens the panel. */
    triggerProps: {
      type: 'button' as const,
      popoverTarget: id,
      'aria-haspopup': 'dialog' as const,
      'aria-expanded': open,
      onClick: (event: MouseEvent<HTMLButtonElement>) => {
        const dialog = ref.current;
        // Already open as a popover (opened before hydration): the button closes it, natively.
        if (!dialog || typeof dialog.showModal !== 'function' || popoverShowing(dialog)) return;
        event.preventDefault();
        dialog.showModal();
        setOpen(true);
      },
    },
    /** A button inside the panel that closes it. */
    closeProps: {
      type: 'button' as const,
      popoverTarget: id,
      popoverTargetAction: 'hide' as const,
      onClick: (event: MouseEvent<HTMLButtonElement>) => {
        if (!ref.current?.open) return;
        event.preventDefault();
        ref.current.close();
      },
    },
    dialogProps: {
      ref,
      id,
      popover: 'auto' as const,
      'aria-labelledby': titleId,
      onClose: () => {
        setOpen(false);
        onClosed?.();
      },
    },
  };
}

/**
 * The panel of `useSheetDialog`: a native `<dialog>` that is also a popover. Its content fills
 * it, so a click whose target is the dialog itself is a click on the backdrop, which closes the
 * modal (a popover closes on it natively).
 */
export function SheetDialog({ className, onClick, ...props }: ComponentProps<'dialog'>) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is for the backdrop only; Escape closes it natively
    <dialog
      data-slot="sheet-dialog"
      onClick={(event) => {
        if (event.target === event.currentTarget && event.currentTarget.open) event.currentTarget.close();
        onClick?.(event);
      }}
      className={cn('m-0 bg-white p-0 text-ink shadow-xl backdrop:bg-ink/40', className)}
      {...props}
    />
  );
}
