import { crc32, deflateSync } from 'node:zlib';

const signature = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

function chunk(type: string, data: Uint8Array): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(typed.length + 8);
  out.writeUInt32BE(data.length, 0);
  typed.copy(out, 4);
  out.writeUInt32BE(crc32(typed) >>> 0, typed.length + 4);
  return out;
}

/**
 * An opaque RGBA image as PNG (8-bit RGBA, no row filter, zlib level 3). resvg's own encoder
 * compresses harder: 15 ms at best for a 1200×630 card, half the card's time, where this takes
 * 3 ms for a file about 10% larger. `rgba` may be premultiplied (resvg's pixels are): for opaque
 * pixels that is the same.
 */
export function encodePng(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const stride = width * 4;
  if (rgba.length !== stride * height) throw new Error('encodePng: the pixels do not match the size');
  const rows = Buffer.alloc((stride + 1) * height); // each row starts with its filter byte, 0: none
  for (let y = 0; y < height; y++) rows.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, no interlace
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 3 })),
    chunk('IEND', new Uint8Array()),
  ]);
}
