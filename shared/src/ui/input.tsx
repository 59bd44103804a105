import { cn } from '@board/shared/lib/cn';
import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';

/** The look every text control shares: the board's border, type and focus ring, red when invalid. */
export const controlClass =
  'w-full rounded-lg border border-line bg-white px-3 text-sm text-ink placeholder:text-muted focus-visible:outline-2 focus-visible:outline-brand-600 aria-invalid:border-danger';

/**
 * A one-line text input (text, email, url, tel, search, number), 40 px high; read-only is greyed.
 * With `icon`, the icon sits at the start of the field (a search, a location).
 */
export function Input({
  className,
  type = 'text',
  icon: Icon,
  ...props
}: ComponentProps<'input'> & { icon?: LucideIcon }) {
  const input = (
    <input
      data-slot="input"
      type={type}
      className={cn(controlClass, 'h-10 read-only:bg-surface', Icon && 'pl-9', className)}
      {...props}
    />
  );
  if (!Icon) return input;
  return (
    <div className="relative">
      <Icon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 mt-0.5 size-4 -translate-y-1/2 text-muted"
      />
      {input}
    </div>
  );
}
