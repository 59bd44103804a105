/** A resume is a PDF by its content: the file starts with "%PDF-", whatever its name or type. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const signature = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
  return bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);
}
