import { cn } from '@board/shared/lib/cn';

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
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="size-1/2"
      >
        <path d="M6 22V4a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v18Z" />
        <path d="M6 12H4a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h2M18 9h2a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-2M10 6h4M10 10h4M10 14h4M10 18h4" />
      </svg>
    </div>
  );
}
