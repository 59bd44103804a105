import * as v from 'valibot';

/** The kinds of value the API's settings take (config.ts), each checked with the line a bad value gets. */

const portNumber = () =>
  v.pipe(
    v.string(),
    v.transform(Number),
    v.integer('must be a whole number'),
    v.minValue(0, 'must be 0 (any free port) to 65535'),
    v.maxValue(65535, 'must be 0 (any free port) to 65535'),
  );

/** A port: 0 (any free port) to 65535; without a fallback, none when unset. */
export const port = <Fallback extends string | undefined = undefined>(fallback?: Fallback) =>
  v.optional(portNumber(), fallback as Fallback);

export const positiveInteger = () =>
  v.pipe(v.string(), v.transform(Number), v.integer('must be a whole number'), v.minValue(1, 'must be at least 1'));

/** A whole number, 0 meaning "never". */
export const wholeOrZero = () =>
  v.pipe(v.string(), v.transform(Number), v.integer('must be a whole number'), v.minValue(0, 'must be 0 or more'));

export function isOrigin(value: string): boolean {
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}

/** A comma-separated list, each entry trimmed, empty ones left out. */
export const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

export const originList = (fallback: string) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.transform(list),
    v.check(
      (origins) => origins.every(isOrigin),
      'must be a comma-separated list of origins like https://board.example.com (scheme, host, port; no path)',
    ),
  );

/** An API's base URL: http(s), an origin with an optional path (tests and staging point it at a local server). */
export const baseUrl = (fallback: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.check((value) => {
        try {
          const url = new URL(value);
          return (url.protocol === 'https:' || url.protocol === 'http:') && !url.search && !url.hash;
        } catch {
          return false;
        }
      }, 'must be an http(s) URL like https://api.example.com (an optional path, no query)'),
    ),
    fallback,
  );

/** An optional setting that must match `pattern` (a connection string's scheme), or is refused with `message`. */
export const matching = (pattern: RegExp, message: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.check((value) => pattern.test(value), message),
    ),
  );
