import type { ErrorBody } from '@board/shared/api/application-bodies';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * Each request's body limit, by its path: the first rule that matches (`null`: none here, the
 * route reads its body under a limit of its own), else `bytes`. A body over its limit is cut off,
 * never read whole, and answered 413.
 */
export function bodyLimits(bytes: number, rules: { path: RegExp; max: number | null }[]): MiddlewareHandler {
  const limit = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) =>
        c.json({ message: 'Request body too large', detail: `At most ${maxSize} bytes` } satisfies ErrorBody, 413),
    });
  const fallback = limit(bytes);
  const limits = rules.map((rule) => ({ path: rule.path, limit: rule.max === null ? null : limit(rule.max) }));
  return (c, next) => {
    const rule = limits.find((entry) => entry.path.test(c.req.path));
    if (!rule) return fallback(c, next);
    return rule.limit ? rule.limit(c, next) : next();
  };
}
