/**
 * The request target as the client sent it, before any URL parser saw it. On Node, the Hono
 * adaptor builds the request's URL with the WHATWG parser, which decodes `%2e` in a segment that is
 * then `.` or `..` and resolves it: `/job/%2e%2e` reaches the app as `/`, and
 * `/public-job-posting/%2e` as the list. Only the raw target (the Node request's `url`, in the
 * adaptor's `env.incoming`) still says what was asked for. Undefined outside Node (`app.request`
 * in a test without that env).
 */
export function rawRequestTarget(env: unknown): string | undefined {
  const incoming = (env as { incoming?: { url?: unknown } } | undefined)?.incoming;
  return typeof incoming?.url === 'string' ? incoming.url : undefined;
}

/** A whole segment that a URL parser reads as `.` or `..` only once it decodes `%2e` (any case). */
export const isEncodedDotSegment = (segment: string) => /^(?:%2e|\.%2e|%2e\.|%2e%2e)$/i.test(segment);

/** A request target's path (origin-form as sent, or the path of an absolute-form one) and its query. */
function splitTarget(target: string): { path: string; query: string } {
  const [, path = '', query = ''] = /^(?:[a-z][a-z\d+.-]*:\/\/[^/?#]*)?([^?#]*)(.*)$/is.exec(target) ?? [];
  return { path, query };
}

/**
 * Whether a raw request target has a segment that is an encoded `.` or `..` (`%2e`, `%2E%2e`,
 * `.%2e`, `%2e.`): an address no page or call of ours has, which a parser would move elsewhere. A
 * literal `.` or `..` is left to the parser, as every browser resolves it before sending.
 */
export function hasEncodedDotSegment(target: string): boolean {
  return splitTarget(target)
    .path.split('/')
    .some((segment) => isEncodedDotSegment(segment));
}

/**
 * The target's path and query, with each encoded dot segment's `%` encoded once more (`%2e%2e` -> `%252e%252e`),
 * so that a parser keeps it as one segment, decoded as the literal text `%2e%2e`: an id or slug that
 * no route takes as `.` or `..`.
 */
export function escapeEncodedDotSegments(target: string): string {
  const { path, query } = splitTarget(target);
  const escaped = path
    .split('/')
    .map((segment) => (isEncodedDotSegment(segment) ? segment.replaceAll('%', '%25') : segment))
    .join('/');
  return `${escaped}${query}`;
}
