import type { Limit } from '@board/shared/lib/limits';
import { Hono } from 'hono';
import type { CaptchaVerifier } from '../captcha/captcha';
import type { Database } from '../db/database';
import { addConfirmRoutes } from './confirm-routes';
import type { AlertLinkMaker } from './links';
import { addManageRoutes } from './manage-routes';
import { addSubscribeRoute } from './subscribe-route';
import type { AlertTokens } from './tokens';

export interface AlertRouteDeps {
  db: Database;
  tokens: AlertTokens;
  links: AlertLinkMaker;
  captcha: CaptchaVerifier;
  /** Valid subscribe requests per client (where the API's limits count); past it, the captcha. */
  subscriptions: Limit;
  clientKey: (request: Request, env: unknown) => string;
  clientAddress: (request: Request, env: unknown) => string | undefined;
}

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
