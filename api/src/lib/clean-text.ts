/**
 * Text from an ATS's answer, made safe to store and show: what PostgreSQL cannot store (NUL, an
 * unpaired surrogate), control characters, the noncharacters U+FFFE and U+FFFF, and the direction
 * overrides that would let a title display as something else are removed; one-line fields lose
 * their line breaks and the direction marks too (a title reaches an email's subject and lines, the
 * JSON-LD and the search, which refuses them); every field has a length limit.
 */

// C0 and C1 controls except tab and line feed, the bidirectional embeddings, overrides and isolates,
// the byte order mark and the noncharacters U+FFFE and U+FFFF.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const unwanted = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFEFF\uFFFE\uFFFF]/g;

/**
 * The direction marks (U+200E, U+200F, U+061C): right in a paragraph of right-to-left text, where
 * they stay, but in one line (a title in an email's subject, a location) they move what follows.
 */
const directionMarks = /[\u061C\u200E\u200F]/g;

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
      .replace(directionMarks, '')
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
