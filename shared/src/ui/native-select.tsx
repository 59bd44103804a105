import { cn } from '@board/shared/lib/cn';
import { controlClass } from '@board/shared/ui/input';
import type { ComponentProps } from 'react';

/**
 * The browser's own `<select>` with the look of `Input` (docs/decisions/005-native-controls.md:
 * the platform's list is accessible and right on phones without a library).
 */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select data-slot="native-select" className={cn(controlClass, 'h-10', className)} {...props} />;
}
