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

  it("refuses an SVG that would draw too much (a `<use>` bomb, a reference cycle) before librsvg sees it, and draws a logo's few", async () => {
    const svg = (body: string) =>
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="64">${body}</svg>`,
      );
    // Ten uses of ten uses of … a square, six deep: a million squares from 2 KB of text.
    let defs = '<rect id="l0" width="1" height="1" fill="red"/>';
    for (let level = 1; level <= 6; level++)
      defs += `<g id="l${level}">${`<use xlink:href="#l${level - 1}"/>`.repeat(10)}</g>`;
    const bomb = svg(`<defs>${defs}</defs><use href="#l6"/>`);
    const refusal = 'is an SVG that draws more than 10,000 elements';
    await expect(makeLogo(bomb)).rejects.toThrow(new LogoRefusal(refusal));
    // The same through fills: a pattern of patterns.
    let patterns = '<pattern id="p0" width="1" height="1"><rect width="1" height="1"/></pattern>';
    for (let level = 1; level <= 6; level++)
      patterns += `<pattern id="p${level}" width="1" height="1">${`<rect width="1" height="1" fill="url(#p${level - 1})"/>`.repeat(10)}</pattern>`;
    await expect(
      makeLogo(svg(`<defs>${patterns}</defs><rect width="64" height="64" fill="url(#p6)"/>`)),
    ).rejects.toThrow(new LogoRefusal(refusal));
    await expect(makeLogo(svg('<g id="a"><use href="#a"/></g>'))).rejects.toThrow(new LogoRefusal(refusal));
    // A logo's own references (a gradient, a reused shape) are drawn.
    const logo = svg(
      '<style>.a{fill:url(#g)}</style><defs><linearGradient id="g"><stop offset="0" stop-color="teal"/><stop offset="1" stop-color="navy"/></linearGradient>' +
        '<circle id="dot" r="4"/></defs><rect class="a" width="64" height="64"/><use href="#dot" x="10" y="10"/><use href="#dot" x="30" y="30"/>',
    );
    expect((await makeLogo(logo)).side).toBe(256);
  });
});
