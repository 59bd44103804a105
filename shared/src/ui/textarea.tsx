import { cn } from '@board/shared/lib/cn';
import { controlClass } from '@board/shared/ui/input';
import type { ComponentProps } from 'react';

/** A multi-line text input with the look of `Input`. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea data-slot="textarea" className={cn(controlClass, 'py-2 read-only:bg-surface', className)} {...props} />
  );
}
