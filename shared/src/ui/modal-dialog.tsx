import { cn } from '@board/shared/lib/cn';
import type { ComponentProps } from 'react';

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
