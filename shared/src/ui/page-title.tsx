import { brand } from '@board/shared/lib/brand';

/** The document title of a page, 'Page · Product' (React 19 hoists <title> into <head>). */
export function PageTitle({ children }: { children: string }) {
  return <title>{children ? `${children} · ${brand.product}` : brand.product}</title>;
}
