/** What was wrong with a `pnpm release` command: printed to whoever ran it, with nothing written. */
export class ReleaseCommandError extends Error {
  override name = 'ReleaseCommandError';
}
