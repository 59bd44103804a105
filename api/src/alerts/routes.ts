import { Hono } from 'hono';
import { addConfirmRoutes } from './confirm-routes';
import { addManageRoutes } from './manage-routes';
import type { AlertRouteDeps } from './route-deps';
import { addSubscribeRoute } from './subscribe-route';

/**
 * Job alerts: subscribe (JSON or a plain HTML form post), confirm (a page whose button POSTs),
 * unsubscribe (RFC 8058 one-click) and manage, under /public/alerts.
 */
export function alertRoutes(deps: AlertRouteDeps) {
  const app = new Hono();
  addSubscribeRoute(app, deps);
  addConfirmRoutes(app, deps);
  addManageRoutes(app, deps);
  return app;
}
