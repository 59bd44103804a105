import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The design tokens' colours (shared/src/theme.css, written in oklch) as sRGB hex, for what the
 * server draws outside a browser (the preview cards): one source for the board's colours.
 */
export type ThemeColors = Record<string, string>;

/** `--color-<name>: oklch(L C h);` -> { name: '#rrggbb' }. */
export function parseThemeColors(css: string): ThemeColors {
  const colors: ThemeColors = {};
  for (const match of css.matchAll(/--color-([\w-]+):\s*oklch\(\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\)/g)) {
    const [, name, lightness, chroma, hue] = match;
    if (name) colors[name] = oklchToHex(Number(lightness), Number(chroma), Number(hue));
  }
  return colors;
}

/** OKLCH -> sRGB (Björn Ottosson's matrices), clipped to the gamut. */
export function oklchToHex(lightness: number, chroma: number, hue: number): string {
  const a = chroma * Math.cos((hue * Math.PI) / 180);
  const b = chroma * Math.sin((hue * Math.PI) / 180);
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear = [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
  return `#${linear.map((channel) => byte(gamma(Math.min(1, Math.max(0, channel))))).join('')}`;
}

const gamma = (x: number) => (x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055);
const byte = (x: number) =>
  Math.round(x * 255)
    .toString(16)
    .padStart(2, '0');

/** HSL (degrees, percent, percent) -> sRGB hex. */
export function hslToHex(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const f = (n: number) => l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return `#${[f(0), f(8), f(4)].map(byte).join('')}`;
}

let loaded: ThemeColors | undefined;

/** The board's colours, read once from the shared theme. */
export function themeColors(): ThemeColors {
  loaded ??= parseThemeColors(readFileSync(createRequire(import.meta.url).resolve('@board/shared/theme.css'), 'utf8'));
  return loaded;
}
