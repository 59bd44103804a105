import { Button } from '@board/shared/ui/button';
import { ModalDialog, useModalDialog } from '@board/shared/ui/modal-dialog';
import { SlidersHorizontal, X } from 'lucide-react';
import { type ReactNode, useRef } from 'react';

/**
 * Below 768 px the filter panel folds behind a 'Filters' button showing how many filters are
 * active, and opens as a sheet from the bottom. As the shell's mobile menu: a native modal
 * <dialog>, so focus moves in, the page behind is inert, Escape closes it and focus returns to
 * the button; a click on the backdrop closes it too.
 */
export function FilterSheet({
  activeCount,
  resultCount,
  children,
  extra,
}: {
  activeCount: number;
  /** Jobs matching now, for the 'Show N jobs' button that closes the sheet. */
  resultCount: number;
  children: ReactNode;
  /** More controls at the sheet's foot, before 'Show N jobs' (the board's job alerts). */
  extra?: ReactNode;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const { open, show, close, titleId, dialogProps } = useModalDialog(() => button.current?.focus());

  return (
    <div>
      <Button
        ref={button}
        variant="outline"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={show}
        className="w-full justify-center"
      >
        <SlidersHorizontal aria-hidden="true" />
        Filters
        {activeCount > 0 ? (
          <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
            {activeCount}
            <span className="sr-only"> active</span>
          </span>
        ) : null}
      </Button>
      <ModalDialog
        {...dialogProps}
        className="fixed inset-x-0 top-auto bottom-0 max-h-[90dvh] w-full max-w-none rounded-t-2xl open:animate-fade-up motion-reduce:open:animate-none"
      >
        <div className="flex max-h-[90dvh] flex-col">
          <div className="flex items-center justify-between border-b border-line px-4 py-2">
            <h2 id={titleId} className="text-base font-semibold text-ink">
              Filters
            </h2>
            <Button variant="ghost" size="icon" aria-label="Close filters" onClick={close}>
              <X aria-hidden="true" />
            </Button>
          </div>
          <div className="overflow-y-auto p-3">{children}</div>
          <div className="space-y-2 border-t border-line p-3">
            {extra ? <div className="flex justify-center">{extra}</div> : null}
            <Button className="w-full" onClick={close}>
              {resultCount === 1 ? 'Show 1 job' : `Show ${resultCount} jobs`}
            </Button>
          </div>
        </div>
      </ModalDialog>
    </div>
  );
}
