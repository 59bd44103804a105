/**
 * A company's mark when it has no picture of its own: the initials of its first two words on a
 * colour taken from its name. The API draws its logos with it and the shell's preview cards draw
 * the same mark, so a company looks alike in both.
 */
export interface CompanyMark {
  initials: string;
  /** Hue (0-359) of the mark's background, `hsl(hue 55% 40%)`, with white initials. */
  hue: number;
}

export function companyMark(name: string): CompanyMark {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase() ?? '')
      .join('') || '?';
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return { initials, hue: hash % 360 };
}

/** The mark's background colour. */
export const companyMarkColor = (mark: CompanyMark) => `hsl(${mark.hue} 55% 40%)`;
