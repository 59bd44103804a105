import { brand } from '@board/shared/lib/brand';
import type { Context } from 'hono';

/** Text made safe for the API's HTML: an element's text or an attribute's value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The small HTML pages the emailed links open (an alert's, a candidate's) and the plain form posts answer with: they work
 * without JavaScript, and never pass their signed link on (no referrer). An empty icon: the
 * browser asks for none (a /favicon.ico the API does not serve is a 404 in its console).
 */
export function htmlPage(title: string, body: string, style = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${escapeHtml(title)} · ${escapeHtml(brand.product)}</title><style>body{font-family:system-ui,sans-serif;max-width:640px;margin:40px auto;padding:0 16px;color:#111}button{font:inherit;padding:6px 12px;margin-right:6px}li{margin-bottom:14px}${style}</style></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

export const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

export function link(href: string, text: string): string {
  return `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
}

/** A form of hidden fields and one button, posted to `action`. */
export function postButton(action: string, fields: Record<string, string>, label: string): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<form method="post" action="${escapeHtml(action)}" style="display:inline">${inputs}<button type="submit">${escapeHtml(label)}</button></form>`;
}

/** What a page says for a signed link that does not verify (or no longer names its alert). */
export const badLink = 'This link is not valid: it has expired, was already used, or was changed.';

/**
 * The alert pages: no one keeps them, they pass no signed link on, no other site frames them
 * (their buttons change alerts) and nothing on them runs but their own inline style.
 */
const alertPageHeaders = {
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
} as const;

/** An alert page as the answer, with the alert pages' headers. */
export function alertPage(c: Context, body: string, status: 200 | 400 | 404 | 410 | 422 | 429 = 200) {
  for (const [name, value] of Object.entries(alertPageHeaders)) c.header(name, value);
  return c.html(body, status);
}

/**
 * A form's answer sending the browser back to a page of a private link (`location` carries its
 * token): with the pages' headers, so no cache keeps the redirect and no next page is told of it.
 */
export function privateLinkRedirect(c: Context, location: string) {
  for (const [name, value] of Object.entries(alertPageHeaders)) c.header(name, value);
  return c.redirect(location, 303);
}
