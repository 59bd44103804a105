import { alertFieldNames } from '@board/shared/forms/alert-fields';
import { parseAlertSubscription } from '@board/shared/forms/alert-schema';
import { isTypeable } from '@board/shared/lib/typeable';
import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { captchaRedemptions } from '../db/application-tables';
import { workspaces } from '../db/job-board-tables';
import { alertPage, htmlPage, paragraph } from '../lib/html-pages';
import { httpError } from '../lib/http-error';
import type { AlertRouteDeps } from './route-deps';
import { subscribe } from './subscribe';

const checkInbox = 'Check your inbox: if the address can get alerts, an email with a confirmation link is on its way.';

/** A path on the board to send the plain form back to ('/…', never another origin). */
function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return null;
  if (value.length > 2000 || !isTypeable(value) || /[\r\n\t]/.test(value)) return null;
  return value;
}

/**
 * POST /subscribe: a subscription sent as JSON (the board's dialog) or as a plain HTML form post
 * (the board without JavaScript), past the rate limit only with a captcha; it answers in kind.
 */
export function addSubscribeRoute(app: Hono, deps: AlertRouteDeps) {
  const { db, tokens, links } = deps;

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
        return alertPage(
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

    const client = deps.clientKey(c.req.raw, c.env);
    const admitted = await deps.subscriptions.hit(client);
    if (!admitted.allowed) {
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
          return alertPage(
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

    await subscribe(db, links, tokens.addresses, parsed.value, client, boardName);
    if (isForm) {
      const back = safeReturnPath(fields[alertFieldNames.returnTo]);
      if (back) {
        const url = new URL(back, links.siteUrl);
        url.searchParams.set('alert', 'check-your-inbox');
        return c.redirect(url.href, 303);
      }
      return alertPage(c, htmlPage('Check your inbox', paragraph(checkInbox)));
    }
    return c.json({ message: checkInbox }, 202);
  });
}
