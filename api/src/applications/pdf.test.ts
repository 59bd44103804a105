import { describe, expect, it } from 'vitest';
import { pdfBytes } from '../test/test-api';
import { isPdf } from './pdf';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('isPdf', () => {
  it('takes a PDF: its header, comment lines, the first object, and its end of file', () => {
    expect(isPdf(pdfBytes())).toBe(true);
    expect(isPdf(pdfBytes(2 * 1024 * 1024))).toBe(true);
    // The binary marker line most writers put after the header, and an end of file followed by a little more.
    const marked = new Uint8Array([
      ...bytes('%PDF-1.7\r\n%'),
      0xe2,
      0xe3,
      0xcf,
      0xd3,
      ...bytes('\r\n\r\n12 0 obj\n<< /Linearized 1 >>\nendobj\ntrailer\n%%EOF\n% appended\n'),
    ]);
    expect(isPdf(marked)).toBe(true);
  });

  it.each([
    ['a PDF header before an HTML page', '%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF\n'],
    ['an HTML page behind a PDF comment line', '%PDF-1.4\n%<html>\n<script>alert(1)</script>\n1 0 obj\n%%EOF'],
    ['no end of file', '%PDF-1.4\n1 0 obj << >> endobj\n'],
    ['no version', '%PDF-\n1 0 obj << >> endobj\n%%EOF'],
    ['the header alone', '%PDF-1.4'],
    ['a PNG', '\x89PNG\r\n\x1a\n'],
    ['nothing', ''],
  ])('refuses %s', (_name, text) => {
    expect(isPdf(bytes(text))).toBe(false);
  });

  it('refuses a PDF whose end of file is further than 1,024 bytes from its end', () => {
    const far = new Uint8Array([...pdfBytes(), ...new Uint8Array(2048).fill(0x20)]);
    expect(isPdf(far)).toBe(false);
  });
});
