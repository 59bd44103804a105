import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LogoRefusal, logoType, makeLogo } from './logo-image';

/** A small image drawn by sharp itself: `width` × `height` of one colour, in `format`. */
function image(format: 'png' | 'jpeg' | 'webp' | 'gif', width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } })
    .toFormat(format)
    .toBuffer();
}

const svg = (body: string, attributes = 'width="32" height="16"') =>
  Buffer.from(
    `<?xml version="1.0"?>\n<!-- a logo -->\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${attributes}>${body}</svg>`,
  );

async function pngOf(logo: { png: Buffer }) {
  const { format, width, height } = await sharp(logo.png).metadata();
  return { format, width, height };
}

describe('a logo from its bytes', () => {
  it.each([
    ['png', 300, 150, 256],
    ['jpeg', 64, 64, 64],
    ['webp', 40, 100, 100],
    ['gif', 10, 10, 10],
  ] as const)('%s %i×%i becomes a square PNG of %i px', async (format, width, height, side) => {
    const logo = await makeLogo(await image(format, width, height));
    expect(logo.from).toBe(format);
    expect(await pngOf(logo)).toEqual({ format: 'png', width: side, height: side });
    expect(logo.hash).toMatch(/^[0-9a-f]{32}$/);
  });

  it('rasterizes an SVG at 256 px, whatever size it states', async () => {
    const logo = await makeLogo(svg('<rect width="32" height="16" fill="#c81e1e"/>'));
    expect(logo.from).toBe('svg');
    expect(await pngOf(logo)).toEqual({ format: 'png', width: 256, height: 256 });
  });

  it('runs no script of an SVG and loads nothing it points to', async () => {
    const requests: string[] = [];
    const server = createServer((request, response) => {
      requests.push(request.url ?? '');
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const hostile = svg(
        `<script>fetch('http://127.0.0.1:${port}/script')</script>` +
          `<image xlink:href="http://127.0.0.1:${port}/image.png" width="10" height="10"/>` +
          `<image href="file:///etc/passwd" width="10" height="10"/>` +
          `<rect width="32" height="16" fill="#c81e1e" onload="fetch('http://127.0.0.1:${port}/onload')"/>` +
          `<style>@import url(http://127.0.0.1:${port}/style.css);</style>`,
      );
      const logo = await makeLogo(hostile);
      expect(await pngOf(logo)).toEqual({ format: 'png', width: 256, height: 256 });
      expect(logo.png.includes(Buffer.from('<script'))).toBe(false);
      expect(requests).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('names the same image by the same hash, and another by another', async () => {
    const red = await makeLogo(await image('png', 20, 20));
    expect((await makeLogo(await image('png', 20, 20))).hash).toBe(red.hash);
    expect((await makeLogo(await image('png', 21, 20))).hash).not.toBe(red.hash);
  });

  it.each([
    ['text', Buffer.from('hello, world'), 'is not a PNG, JPEG, WebP, GIF or SVG image'],
    ['a PDF', Buffer.from('%PDF-1.7\n...'), 'is not a PNG, JPEG, WebP, GIF or SVG image'],
    ['HTML that mentions svg', Buffer.from('<html><svg></svg></html>'), 'is not a PNG, JPEG, WebP, GIF or SVG image'],
    [
      'an SVG declaring entities',
      Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>',
      ),
      'is not a PNG',
    ],
    [
      'a PNG cut short',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      'could not be read as png',
    ],
    ['more than 2 MB', Buffer.alloc(2 * 1024 * 1024 + 1), 'is larger than 2 MB'],
  ])('refuses %s', async (_, bytes, message) => {
    const refusal = await makeLogo(bytes).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(LogoRefusal);
    expect((refusal as Error).message).toContain(message);
  });

  it('refuses bytes of one type that say they are another', async () => {
    const jpeg = await image('jpeg', 8, 8);
    const png = await image('png', 8, 8);
    expect(logoType(Buffer.concat([png.subarray(0, 8), jpeg.subarray(8)]))).toBe('png');
    await expect(makeLogo(Buffer.concat([png.subarray(0, 8), jpeg.subarray(8)]))).rejects.toBeInstanceOf(LogoRefusal);
  });

  it('refuses an image whose pixels would not fit in memory, before drawing it', async () => {
    // A 1 × 1 PNG whose header says 20,000 × 20,000: a few bytes that would decode to 1.6 GB.
    const png = await image('png', 1, 1);
    const header = png.subarray(12, 29);
    header.writeUInt32BE(20_000, 4);
    header.writeUInt32BE(20_000, 8);
    png.writeUInt32BE(crc32(header), 29);
    await expect(makeLogo(png)).rejects.toThrow(/pixel limit/);
  });
});
