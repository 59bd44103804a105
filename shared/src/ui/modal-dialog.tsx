import { cn } from '@board/shared/lib/cn';
import { type ComponentProps, useId, useRef, useState } from 'react';

/**
 * The state of a modal dialog opened by a button: `show` and `close`, `open` for the button's
 * aria-expanded, and the props that tie a `ModalDialog` to it (its ref, its title's id, and
 * `onClosed`, run however it was closed).
 */
export function useModalDialog(onClosed?: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return {
    open,
    titleId,
    show: () => {
      ref.current?.showModal();
      setOpen(true);
    },
    close: () => ref.current?.close(),
    dialogProps: {
      ref,
      'aria-labelledby': titleId,
      onClose: () => {
        setOpen(false);
        onClosed?.();
      },
    },
  };
}

/**
 * A native modal `<dialog>` (docs/decisions/005-native-controls.md), opened with `showModal()`:
 * focus moves in, the page behind is inert, Escape closes it and focus returns. The panel inside
 * fills the dialog box, so a click whose target is the dialog itself is a click on the backdrop,
 * which closes it too.
 */
export function ModalDialog({ className, onClick, ...props }: ComponentProps<'dialog'>) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is for the backdrop only; Escape closes a modal dialog natively
    <dialog
      data-slot="modal-dialog"
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
        onClick?.(event);
      }}
      className={cn('m-0 bg-white p-0 shadow-xl backdrop:bg-ink/40', className)}
      {...props}
    />
  );
}
