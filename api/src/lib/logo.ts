/** A company logo as SVG: initials on a colour taken from the name. No external images. */
export function logoSvg(name: string): string {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase() ?? '')
      .join('') || '?';
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  const hue = hash % 360;
  const escaped = initials.replace(/[<>&"']/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img"><title>${name.replace(/[<>&"']/g, '')}</title><rect width="64" height="64" rx="14" fill="hsl(${hue} 55% 40%)"/><text x="32" y="41" font-family="system-ui,sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${escaped}</text></svg>`;
}
