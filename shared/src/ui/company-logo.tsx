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
}: {
  src: string | null;
  label?: string;
  size?: keyof typeof sizes;
}) {
  if (src) {
    const pixels = size === 'md' ? 48 : 56;
    return (
      <img
        src={src}
        alt={label ?? ''}
        width={pixels}
        height={pixels}
        loading="lazy"
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
