import { cn } from '@board/shared/lib/cn';
import type { ComponentProps } from 'react';

/** The browser's checkbox in the brand colour. */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return <input data-slot="checkbox" type="checkbox" className={cn('size-4 accent-brand-600', className)} {...props} />;
}
