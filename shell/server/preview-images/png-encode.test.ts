import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { pngSize } from '../test/png-size';
import { encodePng } from './png-encode';

const draw = (svg: string) => new Resvg(svg, { font: { loadSystemFonts: false } }).render();

describe('encodePng', () => {
  it('writes a PNG that another decoder reads back pixel for pixel', () => {
    const image = draw(
      '<svg xmlns="http://www.w3.org/2000/svg" width="37" height="21"><rect width="37" height="21" fill="#f9fafc"/><circle cx="12" cy="10" r="8" fill="#3548d1"/><path d="M20 3h14v15" stroke="#141822" stroke-width="3" fill="none"/></svg>',
    );
    const png = encodePng(image.pixels, image.width, image.height);
    expect(pngSize(png)).toEqual({ width: 37, height: 21 });
    // resvg decodes it as an <image>, drawn 1:1 on a canvas of the same size.
    const decoded = draw(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="37" height="21"><image width="37" height="21" xlink:href="data:image/png;base64,${Buffer.from(png).toString('base64')}"/></svg>`,
    );
    expect(Buffer.from(decoded.pixels).equals(Buffer.from(image.pixels))).toBe(true);
  });

  it('refuses pixels of another size', () => {
    expect(() => encodePng(new Uint8Array(12), 2, 2)).toThrow(/do not match/);
  });
});
