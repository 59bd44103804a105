import type { Limit } from '@board/shared/lib/limits';
import type { CaptchaVerifier } from '../captcha/captcha';
import type { Database } from '../db/database';
import type { AlertLinkMaker } from './links';
import type { AlertTokens } from './tokens';

/** What the alert pages' routes (routes.ts) need: the database, the links, the captcha and the limits. */
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
