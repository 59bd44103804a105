import { describeAlertSearch, storedJobSearch } from '@board/shared/forms/alert-description';
import { countryName } from '@board/shared/places/countries';
import { and, eq, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { alerts } from '../db/alert-tables';
import { workspaces } from '../db/job-board-tables';
import {
  alertPage,
  badLink,
  escapeHtml,
  htmlPage,
  paragraph,
  postButton,
  privateLinkRedirect,
} from '../lib/html-pages';
import { httpError } from '../lib/http-error';
import type { AlertRouteDeps } from './route-deps';

const oldManageLink =
  'This manage link is from an older email and no longer works. Open “Manage alerts” in your newest alert email, or unsubscribe with the link at the bottom of any of them.';

/**
 * The links every alert email carries: unsubscribe (a page, and RFC 8058 one-click) and manage
 * (every alert of the address, each to pause, resume or delete, or all deleted at once).
 */
export function addManageRoutes(app: Hono, deps: Pick<AlertRouteDeps, 'db' | 'tokens'>) {
  const { db, tokens } = deps;

  app.get('/unsubscribe', async (c) => {
    const claims = tokens.verify(c.req.query('token'), 'unsubscribe');
    if (!claims) return alertPage(c, htmlPage('Link not valid', paragraph(badLink)), 400);
    const [alert] = await db.select().from(alerts).where(eq(alerts.id, claims.subject));
    if (!alert) return alertPage(c, htmlPage('Unsubscribed', paragraph('This alert no longer exists.')));
    const description = describeAlertSearch(
      storedJobSearch(alert.search),
      alert.workspaceSlug ? { name: alert.workspaceSlug } : {},
      countryName,
    );
    return alertPage(
      c,
      htmlPage(
        'Unsubscribe?',
        `${paragraph(`Stop the job alert "${description}"? The alert is deleted, and with your last alert, your address.`)}${postButton(
          `/public/alerts/unsubscribe?token=${encodeURIComponent(c.req.query('token') ?? '')}`,
          { 'List-Unsubscribe': 'One-Click' },
          'Unsubscribe',
        )}`,
      ),
    );
  });

  // RFC 8058: the mail client POSTs "List-Unsubscribe=One-Click" to the List-Unsubscribe URL.
  app.post('/unsubscribe', async (c) => {
    const claims = tokens.verify(c.req.query('token'), 'unsubscribe');
    if (!claims) return alertPage(c, htmlPage('Link not valid', paragraph(badLink)), 400);
    await db.delete(alerts).where(eq(alerts.id, claims.subject));
    return alertPage(
      c,
      htmlPage('Unsubscribed', paragraph('The alert is deleted. You will get no more emails for it.')),
    );
  });

  app.get('/manage', async (c) => {
    const token = c.req.query('token') ?? '';
    const claims = tokens.verify(token, 'manage');
    if (!claims) return alertPage(c, htmlPage('Link not valid', paragraph(badLink)), 400);
    if (!tokens.addresses.isCurrent(claims.subject))
      return alertPage(c, htmlPage('Link no longer valid', paragraph(oldManageLink)), 400);
    const rows = await db.select().from(alerts).where(eq(alerts.emailHash, claims.subject)).orderBy(alerts.createdAt);
    const names = new Map((await db.select().from(workspaces)).map((row) => [row.slug, row.name]));
    const action = `/public/alerts/manage?token=${encodeURIComponent(token)}`;
    const items = rows.map((alert) => {
      const description = describeAlertSearch(
        storedJobSearch(alert.search),
        alert.workspaceSlug ? { name: names.get(alert.workspaceSlug) ?? alert.workspaceSlug } : {},
        countryName,
      );
      const state =
        alert.status === 'pending' ? 'waiting for confirmation' : alert.status === 'paused' ? 'paused' : 'on';
      const toggle =
        alert.status === 'active'
          ? postButton(action, { alert_id: alert.id, action: 'pause' }, 'Pause')
          : alert.status === 'paused'
            ? postButton(action, { alert_id: alert.id, action: 'resume' }, 'Resume')
            : '';
      return `<li><strong>${escapeHtml(description)}</strong> · ${alert.frequency} · ${state}<br>${toggle}${postButton(action, { alert_id: alert.id, action: 'delete' }, 'Delete')}</li>`;
    });
    const body =
      rows.length === 0
        ? paragraph('There are no alerts for this address: nothing of it is stored.')
        : `<ul>${items.join('')}</ul>${postButton(action, { action: 'delete-all' }, 'Delete all my alerts')}`;
    return alertPage(c, htmlPage('Your job alerts', body));
  });

  app.post('/manage', async (c) => {
    const token = c.req.query('token') ?? '';
    const claims = tokens.verify(token, 'manage');
    if (!claims) return alertPage(c, htmlPage('Link not valid', paragraph(badLink)), 400);
    if (!tokens.addresses.isCurrent(claims.subject))
      return alertPage(c, htmlPage('Link no longer valid', paragraph(oldManageLink)), 400);
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const id = typeof body.alert_id === 'string' && /^[0-9a-f-]{36}$/.test(body.alert_id) ? body.alert_id : null;
    const mine = (alertId: string) => and(eq(alerts.id, alertId), eq(alerts.emailHash, claims.subject));
    if (body.action === 'delete-all') await db.delete(alerts).where(eq(alerts.emailHash, claims.subject));
    else if (id && body.action === 'delete') await db.delete(alerts).where(mine(id));
    else if (id && body.action === 'pause')
      await db
        .update(alerts)
        .set({ status: 'paused' })
        .where(and(mine(id), eq(alerts.status, 'active')));
    else if (id && body.action === 'resume')
      // A resumed alert starts afresh: no digest of what was published while it was paused.
      await db
        .update(alerts)
        .set({
          status: 'active',
          lastDigestAt: sql`now()`,
          nextDigestAt: sql`now() + case when ${alerts.frequency} = 'weekly' then interval '7 days' else interval '1 day' end`,
        })
        .where(and(mine(id), eq(alerts.status, 'paused')));
    else
      throw httpError(400, 'Malformed request', 'Send action=pause|resume|delete with alert_id, or action=delete-all');
    return privateLinkRedirect(c, `/public/alerts/manage?token=${encodeURIComponent(token)}`);
  });
}
