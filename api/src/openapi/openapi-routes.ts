import { type Env, Hono } from 'hono';
import { etag } from 'hono/etag';
import { openApiDocument } from './openapi-document';

/**
 * `GET /openapi.json`: the OpenAPI document of the public calls of `app` (the API it is mounted
 * in, read at the first request, once every route is in). It changes only with a release (and the
 * public address), so it is built once and may be cached for an hour; the ETag answers a
 * revalidation with a 304.
 */
export function openApiRoutes<E extends Env>(publicOrigin: () => string, app: Hono<E>) {
  const routes = new Hono();
  let built: { origin: string; body: Promise<string> } | null = null;
  routes.get('/', etag(), async (c) => {
    const origin = publicOrigin();
    if (built?.origin !== origin) {
      built = { origin, body: openApiDocument(app, origin).then((document) => JSON.stringify(document)) };
    }
    c.header('Cache-Control', 'public, max-age=3600');
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(await built.body);
  });
  return routes;
}
