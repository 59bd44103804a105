import { Button, buttonVariants } from '@board/shared/ui/button';
import { SheetDialog, useSheetDialog } from '@board/shared/ui/sheet-dialog';
import { Menu, X } from 'lucide-react';

/**
 * Below 768 px: a menu button opening a slide-in panel with Sign In and Get Started. It opens
 * from the first paint, before any script (a popover); once hydrated, as a modal dialog: focus
 * moves in, the rest of the page is inert, Escape closes it and focus returns to the button. A
 * click on the backdrop closes it too; so does Get Started.
 */
export function MobileMenu({ signInUrl, getStartedUrl }: { signInUrl: string; getStartedUrl: string }) {
  const { titleId, triggerProps, closeProps, close, dialogProps } = useSheetDialog();

  return (
    <div className="md:hidden">
      <Button variant="ghost" size="icon" aria-label="Open menu" {...triggerProps}>
        <Menu aria-hidden="true" />
      </Button>
      <SheetDialog
        {...dialogProps}
        className="fixed inset-y-0 right-0 left-auto h-dvh max-h-none w-72 max-w-[85vw] open:animate-slide-in motion-reduce:open:animate-none"
      >
        <div className="flex h-full flex-col gap-3 p-5">
          <div className="mb-2 flex items-center justify-between">
            <h2 id={titleId} className="text-base font-semibold">
              Menu
            </h2>
            <Button variant="ghost" size="icon" aria-label="Close menu" {...closeProps}>
              <X aria-hidden="true" />
            </Button>
          </div>
          <a href={signInUrl} className={buttonVariants({ variant: 'outline' })}>
            Sign In
          </a>
          <a href={getStartedUrl} className={buttonVariants()} onClick={close}>
            Get Started
          </a>
        </div>
      </SheetDialog>
    </div>
  );
}
