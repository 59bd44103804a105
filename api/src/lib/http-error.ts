import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Every error answer is JSON: { message, detail? } (the board shows `message` or `detail`). */
export function httpError(
  status: ContentfulStatusCode,
  message: string,
  detail?: unknown,
  headers: Record<string, string> = {},
): HTTPException {
  const body = JSON.stringify(detail === undefined ? { message } : { message, detail });
  return new HTTPException(status, {
    message,
    res: new Response(body, { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers } }),
  });
}
