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
 * Text of one line (a search box, a filter, a name to look for): typeable, and no tab or line
 * break either (CR, LF, U+2028, U+2029). A search's text ends up in job alerts' email subjects
 * and bodies, where a line break would start a line its author wrote.
 */
export function isSearchText(value: string): boolean {
  return isTypeable(value) && !/[\t\n\r\u2028\u2029]/.test(value);
}
