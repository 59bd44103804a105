import { cn } from '@board/shared/lib/cn';
import { Building2 } from 'lucide-react';

const sizes = { md: 'size-12 rounded-lg', lg: 'size-14 rounded-xl' } as const;

/**
 * A company's logo when the job has one; otherwise a neutral building mark. Decorative next to the
 * company's name (alt=""), unless `label` asks for it to be announced.
 */
export function CompanyLogo({
  src,
  label,
  size = 'md',
  eager = false,
}: {
  src: string | null;
  label?: string;
  size?: keyof typeof sizes;
  /** On the first screen: loaded with the page, not when laid out (lazy). */
  eager?: boolean;
}) {
  if (src) {
    const pixels = size === 'md' ? 48 : 56;
    return (
      <img
        src={src}
        alt={label ?? ''}
        width={pixels}
        height={pixels}
        loading={eager ? 'eager' : 'lazy'}
        className={cn(sizes[size], 'shrink-0 border border-line bg-white object-contain')}
      />
    );
  }
  return (
    <div
      aria-hidden="true"
      className={cn(sizes[size], 'flex shrink-0 items-center justify-center bg-brand-50 text-brand-600')}
    >
      <Building2 aria-hidden="true" className="size-1/2" />
    </div>
  );
}
