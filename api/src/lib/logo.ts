import { companyMark, companyMarkColor } from '@board/shared/lib/company-mark';

/** A company logo as SVG: its mark (initials on a colour taken from the name). No external images. */
export function logoSvg(name: string): string {
  const mark = companyMark(name);
  const escaped = mark.initials.replace(/[<>&"']/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img"><title>${name.replace(/[<>&"']/g, '')}</title><rect width="64" height="64" rx="14" fill="${companyMarkColor(mark)}"/><text x="32" y="41" font-family="system-ui,sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${escaped}</text></svg>`;
}
