/**
 * A resume is a PDF by its bytes, whatever its name or type: they start with the header
 * (`%PDF-1.7`), then, past comment lines, the first object of the body (`1 0 obj`), and end with
 * `%%EOF` (within the last 1,024 bytes, as readers allow). A file that only starts like a PDF (an
 * HTML page behind `%PDF-`, which a browser would render if it were served as HTML) is not one.
 */
export function isPdf(bytes: Uint8Array): boolean {
  const head = latin1(bytes.subarray(0, edgeBytes));
  if (!/^%PDF-\d\.\d/.test(head)) return false;
  // Past the header line and any comment lines (the binary marker `%âãÏÓ`) and white space ...
  let at = head.search(/[\r\n]/);
  if (at < 0) return false;
  while (at < head.length) {
    const char = head[at] ?? '';
    if (whiteSpace.has(char)) at++;
    else if (char === '%') {
      const end = head.slice(at).search(/[\r\n]/);
      if (end < 0) return false;
      at += end;
    } else break;
  }
  // ... the body's first object.
  if (!/^\d+[ \t\r\n\f\0]+\d+[ \t\r\n\f\0]+obj\b/.test(head.slice(at))) return false;
  return latin1(bytes.subarray(Math.max(0, bytes.length - edgeBytes))).includes('%%EOF');
}

/** How far from each end a reader looks for the header and for the end of file. */
const edgeBytes = 1024;
/** PDF's white space (ISO 32000-1, 7.2.2). */
const whiteSpace = new Set([' ', '\t', '\r', '\n', '\f', '\0']);

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

/** The name a stored resume is written out under: the application's id, never the name the client gave. */
export const resumeFileName = (applicationId: string) => `${applicationId}.pdf`;
