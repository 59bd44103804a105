import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { maxSvgCost, svgCost } from './svg-cost';

/**
 * A company's logo made safe to serve, from the bytes of a file beside the portfolio, an https
 * address or the company's site: its type is read from its bytes (never from a name or a header),
 * only PNG, JPEG, WebP, GIF and SVG are taken, and whatever came is drawn again as a square PNG of
 * at most 256 px (an SVG is rasterized by librsvg, which runs no script and loads nothing from
 * outside, and is never served as SVG; one that would draw more than `maxSvgCost` elements, its
 * references expanded, is refused before librsvg sees it: svg-cost.ts). The hash of the PNG names it, so its address can be cached
 * for good. docs/decisions/039-the-portfolio-file.md
 */
export type LogoSourceType = 'png' | 'jpeg' | 'webp' | 'gif' | 'svg';

export interface Logo {
  png: Buffer;
  /** The PNG's SHA-256, hex, cut to 128 bits: its immutable address (`/logos/{hash}.png`). */
  hash: string;
  side: number;
  from: LogoSourceType;
}

export class LogoRefusal extends Error {
  override name = 'LogoRefusal';
}

export const maxLogoBytes = 2 * 1024 * 1024;
const maxSide = 256;
/** Pixels a logo may decode to: a 5,000 × 5,000 image, far above any logo, far below a decompression bomb. */
const maxPixels = 25_000_000;

/** The type the bytes are, by their signature; `null` for anything else. */
export function logoType(bytes: Uint8Array): LogoSourceType | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP') return 'webp';
  return isSvg(bytes) ? 'svg' : null;
}

/**
 * SVG: XML whose root is `<svg`, after an optional XML declaration, comments and a doctype. A
 * doctype with declarations of its own (entities: the "billion laughs") is not taken.
 */
function isSvg(bytes: Uint8Array): boolean {
  let text = new TextDecoder('utf-8').decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  if (/<!ENTITY|<!DOCTYPE[^>]*\[/i.test(new TextDecoder('utf-8').decode(bytes))) return false;
  for (let step = 0; step < 20; step++) {
    const rest = text.replace(/^\s+|^<\?xml[^>]*\?>|^<!--[\s\S]*?-->|^<!DOCTYPE[^>[]*>/i, '');
    if (rest === text) break;
    text = rest;
  }
  return /^<svg[\s>/]/.test(text);
}

export async function makeLogo(bytes: Uint8Array): Promise<Logo> {
  if (bytes.length > maxLogoBytes) throw new LogoRefusal('is larger than 2 MB');
  const from = logoType(bytes);
  if (!from) throw new LogoRefusal('is not a PNG, JPEG, WebP, GIF or SVG image');
  // Counted before librsvg sees it: what it would draw, not what it is as text.
  if (from === 'svg' && svgCost(new TextDecoder('utf-8').decode(bytes)) > maxSvgCost)
    throw new LogoRefusal(`is an SVG that draws more than ${maxSvgCost.toLocaleString('en')} elements`);
  const options = { failOn: 'error', limitInputPixels: maxPixels, animated: false } as const;
  try {
    let image = sharp(bytes, options);
    const { width = 0, height = 0, format } = await image.metadata();
    if (format !== from) throw new LogoRefusal(`says it is ${from} but reads as ${format ?? 'nothing'}`);
    let side = Math.min(maxSide, Math.max(width, height));
    if (from === 'svg') {
      // Drawn at the size it is shown, however large or small it says it is.
      const density = Math.min(2400, Math.max(1, (72 * maxSide * 2) / Math.max(width, height, 1)));
      image = sharp(bytes, { ...options, density });
      side = maxSide;
    }
    if (side < 1) throw new LogoRefusal('has no pixels');
    const png = await image
      .rotate()
      .resize(side, side, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png({ compressionLevel: 9 })
      .timeout({ seconds: 10 })
      .toBuffer();
    return { png, hash: createHash('sha256').update(png).digest('hex').slice(0, 32), side, from };
  } catch (error) {
    if (error instanceof LogoRefusal) throw error;
    throw new LogoRefusal(
      `could not be read as ${from}: ${error instanceof Error ? error.message.split('\n')[0] : 'unreadable'}`,
    );
  }
}
