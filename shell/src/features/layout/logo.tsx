import { brand } from '@board/shared/lib/brand';
import { Link } from '@board/shared/lib/router';
import { logoMark } from './logo-mark';

export function Logo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-md text-lg font-bold text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <svg aria-hidden="true" viewBox={logoMark.viewBox} className="size-8">
        <rect width="32" height="32" rx="8" className="fill-brand-600" />
        <path d={logoMark.path} stroke="white" strokeWidth="3" fill="none" strokeLinecap="round" />
      </svg>
      <span>{brand.product}</span>
      <span className="sr-only">, home</span>
    </Link>
  );
}
