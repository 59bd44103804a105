import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { openApiDocument } from './openapi-document';

/**
 * `GET /openapi.json`: the OpenAPI document of the public calls. It changes only with a release
 * (and the public address), so it is built once and may be cached for an hour; the ETag answers a
 * revalidation with a 304.
 */
export function openApiRoutes(publicOrigin: () => string) {
  const app = new Hono();
  let built: { origin: string; body: string } | null = null;
  app.get('/', etag(), (c) => {
    const origin = publicOrigin();
    if (built?.origin !== origin) built = { origin, body: JSON.stringify(openApiDocument(origin)) };
    c.header('Cache-Control', 'public, max-age=3600');
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(built.body);
  });
  return app;
}
