import { Button } from '@board/shared/ui/button';
import { SheetDialog, useSheetDialog } from '@board/shared/ui/sheet-dialog';
import { SlidersHorizontal, X } from 'lucide-react';
import { createContext, type ReactNode, useContext, useRef } from 'react';

/** Closes the sheet the panel is in (nothing at 768 px and up, where the panel is on the page). */
const CloseSheetContext = createContext<() => void>(() => {});
export const useCloseSheet = () => useContext(CloseSheetContext);

/**
 * The filter panel, laid out by CSS alone (one page for every screen): at 768 px and up it is on
 * the page, above the list; below, it folds behind a 'Filters' button showing how many filters
 * are active, and opens as a sheet from the bottom. The sheet opens from the first paint, with no
 * script (a popover); once hydrated, as a modal dialog like the shell's menu: focus moves in, the
 * page behind is inert, Escape or a click on the backdrop closes it and focus returns to the button.
 */
export function FilterSheet({ activeCount, children }: { activeCount: number; children: ReactNode }) {
  const button = useRef<HTMLButtonElement>(null);
  const { titleId, triggerProps, closeProps, close, dialogProps } = useSheetDialog(() => button.current?.focus());

  return (
    <div>
      <Button ref={button} variant="outline" {...triggerProps} className="w-full justify-center md:hidden">
        <SlidersHorizontal aria-hidden="true" />
        Filters
        {activeCount > 0 ? (
          <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
            {activeCount}
            <span className="sr-only"> active</span>
          </span>
        ) : null}
      </Button>
      <SheetDialog
        {...dialogProps}
        className="fixed inset-x-0 top-auto bottom-0 max-h-[90dvh] w-full max-w-none overflow-hidden rounded-t-2xl open:animate-fade-up motion-reduce:open:animate-none md:static md:block md:max-h-none md:overflow-visible md:rounded-none md:bg-transparent md:shadow-none md:open:animate-none"
      >
        <div className="flex max-h-[90dvh] flex-col md:max-h-none">
          <div className="flex items-center justify-between border-b border-line px-4 py-2 md:hidden">
            <h2 id={titleId} className="text-base font-semibold text-ink">
              Filters
            </h2>
            <Button variant="ghost" size="icon" aria-label="Close filters" {...closeProps}>
              <X aria-hidden="true" />
            </Button>
          </div>
          <div className="overflow-y-auto p-3 pb-0 md:overflow-visible md:p-0">
            <CloseSheetContext value={close}>{children}</CloseSheetContext>
          </div>
        </div>
      </SheetDialog>
    </div>
  );
}
