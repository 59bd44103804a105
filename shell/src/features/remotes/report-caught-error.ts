/**
 * The root's onCaughtError: an error caught by a boundary (a remote that failed to load) is
 * shown to the user as the error panel with Retry, so it is logged as a warning, not an error.
 */
export function reportCaughtError(error: unknown) {
  console.warn('[shell] a page failed and shows the error panel:', error);
}
