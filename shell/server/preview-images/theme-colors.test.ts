import { describe, expect, it } from 'vitest';
import { hslToHex, oklchToHex, parseThemeColors, themeColors } from './theme-colors';

describe('theme colours', () => {
  it('converts the tokens from oklch to sRGB hex', () => {
    expect(oklchToHex(1, 0, 0)).toBe('#ffffff');
    expect(oklchToHex(0, 0, 0)).toBe('#000000');
    expect(oklchToHex(0.21, 0.02, 265)).toBe('#141822');
    expect(parseThemeColors('--color-brand-600: oklch(0.48 0.21 270);\n--font-sans: x;')).toEqual({
      'brand-600': '#3548d1',
    });
  });

  it('reads every colour of the shared theme', () => {
    expect(Object.keys(themeColors())).toEqual(
      expect.arrayContaining(['brand-50', 'brand-600', 'ink', 'muted', 'line', 'surface']),
    );
  });

  it('converts a company mark’s hsl', () => {
    expect(hslToHex(0, 100, 50)).toBe('#ff0000');
    expect(hslToHex(120, 100, 25)).toBe('#008000');
    expect(hslToHex(240, 55, 40)).toBe('#2e2e9e');
  });
});
