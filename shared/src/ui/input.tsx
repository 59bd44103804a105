import { cn } from '@board/shared/lib/cn';
import type { ComponentProps } from 'react';

/** The look every text control shares: the board's border, type and focus ring, red when invalid. */
export const controlClass =
  'w-full rounded-lg border border-line bg-white px-3 text-sm text-ink placeholder:text-muted focus-visible:outline-2 focus-visible:outline-brand-600 aria-invalid:border-danger';

/** A one-line text input (text, email, url, tel, search, number), 40 px high; read-only is greyed. */
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(controlClass, 'h-10 read-only:bg-surface', className)}
      {...props}
    />
  );
}
