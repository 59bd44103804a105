/**
 * JSON for the text of a <script> element (JSON-LD, boot data): `<` escaped so the text can never
 * close the element or open a comment, and the two line separators that end a JS string literal.
 * JSON.parse reads it back unchanged.
 */
export function scriptJson(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
