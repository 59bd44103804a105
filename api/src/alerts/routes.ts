import { describeAlertSearch, storedJobSearch } from '@board/shared/forms/alert-description';
import { alertFieldNames } from '@board/shared/forms/alert-fields';
import { parseAlertSubscription } from '@board/shared/forms/alert-schema';
import { isTypeable } from '@board/shared/lib/typeable';
import { and, eq, sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { admitSubmission, type SubmissionLimit } from '../applications/submission-limit';
import type { CaptchaVerifier } from '../captcha/captcha';
import { alerts } from '../db/alert-tables';
import { captchaRedemptions } from '../db/application-tables';
import type { Database } from '../db/database';
import { workspaces } from '../db/job-board-tables';
import { httpError } from '../lib/http-error';
import { escapeHtml } from './emails';
import type { AlertLinkMaker } from './links';
import { htmlPage, link, paragraph, postButton } from './pages';
import { firstDigestAt } from './schedule';
import { subscribe } from './subscribe';
import type { AlertTokens } from './tokens';

export interface AlertRouteDeps {
  db: Database;
  tokens: AlertTokens;
  links: AlertLinkMaker;
  captcha: CaptchaVerifier;
  /** Subscribe requests per client (in the database, shared by every instance); past it, the captcha. */
  rateLimit: SubmissionLimit;
  clientKey: (request: Request, env: unknown) => string;
  clientAddress: (request: Request, env: unknown) => string | undefined;
  /** Asks the sender to send what was just queued (the confirmation) without waiting for its timer. */
  kick: () => void;
}

const checkInbox = 'Check your inbox: if the address can get alerts, an email with a confirmation link is on its way.';
const badLink = 'This link is not valid: it has expired, was already used, or was changed.';
const oldManageLink =
  'This manage link is from an older email and no longer works. Open “Manage alerts” in your newest alert email, or unsubscribe with the link at the bottom of any of them.';

/**
 * The alert pages: no one keeps them, they pass no signed link on, no other site frames them
 * (their buttons change alerts) and nothing on them runs but their own inline style.
 */
export const alertPageHeaders = {
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
} as const;

function html(c: Context, body: string, status: 200 | 400 | 404 | 422 | 429 = 200) {
  for (const [name, value] of Object.entries(alertPageHeaders)) c.header(name, value);
  return c.html(body, status);
}

/** A path on the board to send the plain form back to ('/…', never another origin). */
function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return null;
  if (value.length > 2000 || !isTypeable(value) || /[\r\n\t]/.test(value)) return null;
  return value;
}

/**
 * Job alerts: subscribe (JSON or a plain HTML form post), confirm (a page whose button POSTs),
 * unsubscribe (RFC 8058 one-click) and manage, under /public/alerts.
 */
export function alertRoutes(deps: AlertRouteDeps) {
  const { db, tokens, links } = deps;
  const app = new Hono();

  app.post('/subscribe', async (c) => {
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    const isForm = type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data');
    let fields: Record<string, unknown>;
    if (isForm) {
      const body = await c.req.parseBody().catch(() => null);
      if (!body) throw httpError(400, 'Malformed request', 'The form could not be read');
      fields = Object.fromEntries(Object.entries(body).filter(([, value]) => typeof value === 'string'));
    } else if (type.startsWith('application/json')) {
      const body = await c.req.json().catch(() => null);
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        throw httpError(400, 'Malformed request', 'Send a JSON object');
      fields = body as Record<string, unknown>;
    } else {
      throw httpError(
        415,
        'Unsupported content type',
        'Send application/json or a form (application/x-www-form-urlencoded)',
      );
    }

    const parsed = parseAlertSubscription(fields);
    let errors = parsed.ok ? {} : parsed.errors;
    let boardName: string | undefined;
    if (parsed.ok && parsed.value.workspaceSlug) {
      const [workspace] = await db
        .select({ name: workspaces.name })
        .from(workspaces)
        .where(eq(workspaces.slug, parsed.value.workspaceSlug));
      if (workspace) boardName = workspace.name;
      else errors = { workspace_slug: 'Unknown board' };
    }
    if (!parsed.ok || Object.keys(errors).length > 0) {
      if (isForm)
        return html(
          c,
          htmlPage(
            'The alert was not saved',
            `<ul>${Object.entries(errors)
              .map(([, message]) => `<li>${paragraph(message ?? '')}</li>`)
              .join('')}</ul>${paragraph('Go back, correct it and send the form again.')}`,
          ),
          422,
        );
      return c.json({ message: 'The alert is not valid', detail: errors }, 422);
    }

    const clientKey = `alerts:${deps.clientKey(c.req.raw, c.env)}`;
    const admitted = await admitSubmission(db, clientKey, deps.rateLimit);
    if (!admitted.admitted) {
      // Past the limit a person passes with the captcha; each token once.
      const token =
        typeof fields[alertFieldNames.captcha] === 'string' ? (fields[alertFieldNames.captcha] as string) : '';
      const tokenId = token ? await deps.captcha.verify(token, deps.clientAddress(c.req.raw, c.env)) : null;
      const redeemed = tokenId
        ? await db
            .insert(captchaRedemptions)
            .values({ tokenId })
            .onConflictDoNothing()
            .returning({ tokenId: captchaRedemptions.tokenId })
        : [];
      if (redeemed.length !== 1) {
        c.header('Retry-After', String(admitted.retryAfterSeconds));
        if (isForm)
          return html(
            c,
            htmlPage(
              'Too many requests',
              paragraph('Too many alerts were asked for from here. Please try again later.'),
            ),
            429,
          );
        return c.json(
          { message: 'Too many alert requests. Complete the security check to go on.', captcha_required: true },
          429,
        );
      }
    }

    await subscribe(db, links, tokens.addresses, parsed.value, boardName);
    deps.kick();
    if (isForm) {
      const back = safeReturnPath(fields[alertFieldNames.returnTo]);
      if (back) {
        const url = new URL(back, links.siteUrl);
        url.searchParams.set('alert', 'check-your-inbox');
        return c.redirect(url.href, 303);
      }
      return html(c, htmlPage('Check your inbox', paragraph(checkInbox)));
    }
    return c.json({ message: checkInbox }, 202);
  });

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
    if (!pending) return html(c, htmlPage('Link not valid', paragraph(badLink)), 400);
    const { alert } = pending;
    const names = alert.workspaceSlug
      ? await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.slug, alert.workspaceSlug))
      : [];
    const description = describeAlertSearch(
      storedJobSearch(alert.search),
      alert.workspaceSlug ? { name: names[0]?.name ?? alert.workspaceSlug } : {},
    );
    return html(
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
    if (!pending) return html(c, htmlPage('Link not valid', paragraph(badLink)), 400);
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
    if (!done) return html(c, htmlPage('Link not valid', paragraph(badLink)), 400);
    return html(
      c,
      htmlPage(
        'Your job alert is on',
        `${paragraph(`You will get new matching jobs ${done.frequency}, only when there are new ones.`)}<p>${link(links.manage(done.emailHash), 'Manage alerts')}</p>`,
      ),
    );
  });

  app.get('/unsubscribe', async (c) => {
    const claims = tokens.verify(c.req.query('token'), 'unsubscribe');
    if (!claims) return html(c, htmlPage('Link not valid', paragraph(badLink)), 400);
    const [alert] = await db.select().from(alerts).where(eq(alerts.id, claims.subject));
    if (!alert) return html(c, htmlPage('Unsubscribed', paragraph('This alert no longer exists.')));
    const description = describeAlertSearch(
      storedJobSearch(alert.search),
      alert.workspaceSlug ? { name: alert.workspaceSlug } : {},
    );
    return html(
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
    if (!claims) return html(c, htmlPage('Link not valid', paragraph(badLink)), 400);
    await db.delete(alerts).where(eq(alerts.id, claims.subject));
    return html(c, htmlPage('Unsubscribed', paragraph('The alert is deleted. You will get no more emails for it.')));
  });

  app.get('/manage', async (c) => {
    const token = c.req.query('token') ?? '';
    const claims = tokens.verify(token, 'manage');
    if (!claims) return html(c, htmlPage('Link not valid', paragraph(badLink)), 400);
    if (!tokens.addresses.isCurrent(claims.subject))
      return html(c, htmlPage('Link no longer valid', paragraph(oldManageLink)), 400);
    const rows = await db.select().from(alerts).where(eq(alerts.emailHash, claims.subject)).orderBy(alerts.createdAt);
    const names = new Map((await db.select().from(workspaces)).map((row) => [row.slug, row.name]));
    const action = `/public/alerts/manage?token=${encodeURIComponent(token)}`;
    const items = rows.map((alert) => {
      const description = describeAlertSearch(
        storedJobSearch(alert.search),
        alert.workspaceSlug ? { name: names.get(alert.workspaceSlug) ?? alert.workspaceSlug } : {},
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
    return html(c, htmlPage('Your job alerts', body));
  });

  app.post('/manage', async (c) => {
    const token = c.req.query('token') ?? '';
    const claims = tokens.verify(token, 'manage');
    if (!claims) return html(c, htmlPage('Link not valid', paragraph(badLink)), 400);
    if (!tokens.addresses.isCurrent(claims.subject))
      return html(c, htmlPage('Link no longer valid', paragraph(oldManageLink)), 400);
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
    return c.redirect(`/public/alerts/manage?token=${encodeURIComponent(token)}`, 303);
  });

  return app;
}
