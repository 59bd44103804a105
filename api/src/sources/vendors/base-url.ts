/** A vendor's base URL without its trailing slash, so paths can be appended. */
export const baseOf = (url: string) => url.replace(/\/+$/, '');
