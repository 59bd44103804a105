import type { ErrorBody } from '@board/shared/api/application-bodies';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * Every error answer is JSON: { message, detail? } (the board shows `message` or `detail`), as the
 * wire contract's `ErrorWire` states it (shared/src/api/page-bodies.ts).
 */
export function httpError(
  status: ContentfulStatusCode,
  message: string,
  detail?: ErrorBody['detail'],
  headers: Record<string, string> = {},
): HTTPException {
  const body: ErrorBody = detail === undefined ? { message } : { message, detail };
  return new HTTPException(status, {
    message,
    res: new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
    }),
  });
}
