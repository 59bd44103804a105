/** Text for an HTML attribute value in double quotes, or for element text (also used for XML). */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** XML 1.0 text: escaped, and without the control characters XML cannot hold at all. */
export function escapeXml(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
  return escapeHtml(value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ''));
}
