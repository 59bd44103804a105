/**
 * Text a person can type: no NUL or other control characters (tab and line breaks are fine).
 * The database refuses NUL, and no keyboard produces the rest; the API checks every text it
 * stores with this, and the form's fields (forms/application-schema.ts) and the search's filters use it too.
 */
export function isTypeable(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f))
      return false;
  }
  return true;
}

/**
 * Text of one line (a name, an address, a search box, a filter, a name to look for): typeable,
 * and no tab, line break (CR, LF, U+2028, U+2029) or direction control either. A search's text
 * ends up in job alerts' emails and an application's fields in the operator's listing, where a
 * line break would start a line its author wrote and a direction control would turn ours around.
 * The direction controls are the bidirectional embeddings, overrides and isolates (U+202A-U+202E,
 * U+2066-U+2069) and the direction marks (U+200E, U+200F, U+061C): none comes from typing, and in
 * a name or a search they make what follows them read in another order. A pattern, so that the
 * API's OpenAPI document states the same rule for a query's text.
 */
export const oneLineTextPattern =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it refuses.
  /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]*$/;

export function isOneLineText(value: string): boolean {
  return oneLineTextPattern.test(value);
}

/** A search's or a filter's text: one line (`isOneLineText`). */
export const isSearchText = isOneLineText;
