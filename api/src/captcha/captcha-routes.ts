import { Hono } from 'hono';
import { captchaRedemptions } from '../db/application-tables';
import type { Database } from '../db/database';
import { httpError } from '../lib/http-error';
import type { createLocalCaptcha } from './captcha';

/**
 * The local captcha's challenge and its answer (`CAPTCHA_MODE=local`): the challenge the board's
 * local captcha shows, and the token a right answer earns. A challenge takes one answer, on
 * whichever instance it reaches: its nonce is kept as a redemption.
 */
export function localCaptchaRoutes(db: Database, local: ReturnType<typeof createLocalCaptcha>) {
  const app = new Hono();
  app.get('/challenge', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(local.challenge());
  });
  app.post('/verify', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { challenge_id?: unknown; answer?: unknown } | null;
    if (typeof body?.challenge_id !== 'string' || typeof body.answer !== 'string') {
      throw httpError(400, 'Malformed request', 'Send {"challenge_id": "...", "answer": "..."}');
    }
    const token = await local.answer(body.challenge_id, body.answer, async (nonce) => {
      const spent = await db
        .insert(captchaRedemptions)
        .values({ tokenId: `challenge:${nonce}` })
        .onConflictDoNothing()
        .returning({ tokenId: captchaRedemptions.tokenId });
      return spent.length === 1;
    });
    if (!token) throw httpError(422, 'That answer is not right. Please try again.');
    return c.json({ token });
  });
  return app;
}
