/**
 * The root's onCaughtError: an error caught by a boundary (a remote that failed to load) is
 * shown to the user as the error panel with Retry, so it is logged as a warning, not an error,
 * with its cause (the federation runtime's own error says what went wrong).
 */
export function reportCaughtError(error: unknown) {
  const cause = error instanceof Error ? error.cause : undefined;
  console.warn(
    `[shell] a page failed and shows the error panel: ${String(error)}${cause ? `, caused by: ${String(cause)}` : ''}`,
    error,
  );
}
