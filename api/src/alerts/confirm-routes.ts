import { describeAlertSearch, storedJobSearch } from '@board/shared/forms/alert-description';
import { countryName } from '@board/shared/places/countries';
import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { alerts } from '../db/alert-tables';
import { workspaces } from '../db/job-board-tables';
import { alertPage, badLink, htmlPage, link, paragraph, postButton } from '../lib/html-pages';
import type { AlertRouteDeps } from './route-deps';
import { firstDigestAt } from './schedule';

/**
 * GET and POST /confirm: the confirmation link's page, and its button that turns the pending
 * alert on and schedules its first digest.
 */
export function addConfirmRoutes(app: Hono, deps: Pick<AlertRouteDeps, 'db' | 'tokens' | 'links'>) {
  const { db, tokens, links } = deps;

  /** The pending alert a confirmation link names, with its nonce still unused; null for anything else. */
  const pendingAlert = async (token: unknown) => {
    const claims = tokens.verify(typeof token === 'string' ? token : undefined, 'confirm');
    if (!claims?.nonce) return null;
    const [alert] = await db
      .select()
      .from(alerts)
      .where(and(eq(alerts.id, claims.subject), eq(alerts.status, 'pending'), eq(alerts.confirmNonce, claims.nonce)));
    return alert ? { alert, nonce: claims.nonce } : null;
  };

  // Opening the link changes nothing: mail scanners follow links. The page asks for the click that
  // POSTs the token back (the token is the form's proof: another site cannot know it).
  app.get('/confirm', async (c) => {
    const token = c.req.query('token') ?? '';
    const pending = await pendingAlert(token);
    if (!pending) return alertPage(c, htmlPage('Link not valid', paragraph(badLink)), 400);
    const { alert } = pending;
    const names = alert.workspaceSlug
      ? await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.slug, alert.workspaceSlug))
      : [];
    const description = describeAlertSearch(
      storedJobSearch(alert.search),
      alert.workspaceSlug ? { name: names[0]?.name ?? alert.workspaceSlug } : {},
      countryName,
    );
    return alertPage(
      c,
      htmlPage(
        'Confirm your job alert',
        `${paragraph(`Get new jobs for "${description}" ${alert.frequency} by email?`)}${postButton('/public/alerts/confirm', { token }, 'Confirm')}`,
      ),
    );
  });

  app.post('/confirm', async (c) => {
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const pending = await pendingAlert(body.token);
    if (!pending) return alertPage(c, htmlPage('Link not valid', paragraph(badLink)), 400);
    const { alert, nonce } = pending;
    const now = new Date();
    const [done] = await db
      .update(alerts)
      .set({
        status: 'active',
        confirmNonce: null,
        confirmedAt: now,
        lastDigestAt: now,
        nextDigestAt: firstDigestAt(alert.frequency, now),
      })
      .where(and(eq(alerts.id, alert.id), eq(alerts.confirmNonce, nonce)))
      .returning({ id: alerts.id, emailHash: alerts.emailHash, frequency: alerts.frequency });
    if (!done) return alertPage(c, htmlPage('Link not valid', paragraph(badLink)), 400);
    return alertPage(
      c,
      htmlPage(
        'Your job alert is on',
        `${paragraph(`You will get new matching jobs ${done.frequency}, only when there are new ones.`)}<p>${link(links.manage(done.emailHash), 'Manage alerts')}</p>`,
      ),
    );
  });
}
