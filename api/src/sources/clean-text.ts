/**
 * Text from an ATS's answer, made safe to store and show: what PostgreSQL cannot store (NUL, an
 * unpaired surrogate), control characters, and the direction overrides that would let a title
 * display as something else are removed; one-line fields lose their line breaks (a title reaches
 * an email's lines and the JSON-LD); every field has a length limit.
 */

// C0 and C1 controls except tab and line feed, and the bidirectional embeddings, overrides and isolates.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const unwanted = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/** A surrogate without its pair (JSON can carry one as `\ud800`; PostgreSQL's UTF-8 cannot). */
const unpaired = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text kept as it came, less what must not be stored or shown; cut at `max` characters (never mid-pair). */
export function cleanText(value: string, max: number): string {
  const text = value.replace(unpaired, '\uFFFD').replace(/\r\n?/g, '\n').replace(unwanted, '');
  return cut(text, max);
}

/** One line: line breaks (CR, LF, U+2028, U+2029), tabs and runs of spaces become one space, trimmed. */
export function oneLine(value: unknown, max = 300): string {
  if (typeof value !== 'string') return '';
  return cut(
    cleanText(value, max * 4)
      .replace(/[\s\u2028\u2029]+/g, ' ')
      .trim(),
    max,
  ).trim();
}

/** `text` cut to at most `max` UTF-16 units, not inside a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1] ?? '') ? max - 1 : max;
  return text.slice(0, end);
}
