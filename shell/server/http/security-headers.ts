import { createHash } from 'node:crypto';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';

const inlineScript = /<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The hashes (CSP `'sha256-…'` sources) of a page's executable inline scripts (its boot data and
 * its script loader; JSON data blocks are not executed). By hash rather than by nonce, a page
 * is the same bytes for every visitor, so the server can keep it (page-route.ts).
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(inlineScript)].map(
    ([, code]) =>
      `'sha256-${createHash('sha256')
        .update(code ?? '')
        .digest('base64')}'`,
  );
}

/** Where the real reCAPTCHA loads its script and frame from (Google's documented CSP). */
const recaptcha = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

const originOf = (url: string) => new URL(url).origin;

/**
 * A page's Content-Security-Policy: scripts, styles and connections from this site, the configured
 * remotes (and preview origins, where the environment allows previews) and, for connections, the
 * API; the page's inline scripts by their hashes; no framing by other sites (the application form
 * cannot be overlaid), no plugins, no <base> and forms posted only here or to the API. Style
 * attributes stay allowed (React writes a card's animation delay as one). Images may come from
 * anywhere over HTTPS: a company's logo is wherever the platform keeps it.
 */
export function contentSecurityPolicy(config: RuntimeConfig, scriptHashes: string[] = []): string {
  const remotes = [...new Set([...Object.values(config.remotes).map(originOf), ...(config.previewOrigins ?? [])])];
  const api = originOf(config.apiBaseUrl);
  const captcha = config.captcha?.mode === 'recaptcha' ? recaptcha : { script: [], frame: [] };
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...scriptHashes, ...remotes, ...captcha.script],
    ['style-src', "'self'", "'unsafe-inline'", ...remotes],
    ['img-src', "'self'", 'data:', 'blob:', api, ...remotes, 'https:'],
    ['font-src', "'self'", ...remotes],
    ['connect-src', "'self'", api, ...remotes],
    ['frame-src', ...(captcha.frame.length > 0 ? captcha.frame : ["'none'"])],
    ['frame-ancestors', "'none'"],
    ['form-action', "'self'", api],
    ['base-uri', "'self'"],
    ['object-src', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/**
 * Headers every answer of the shell's server carries. The board asks for no camera, microphone,
 * location, payment or device: no page, and no script a page loads, may (Permissions-Policy;
 * only features every engine knows, so none logs an unknown one).
 */
const commonSecurityHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=()',
} as const;

/** A year: what HSTS preload lists ask for. */
const transportSecurityMaxAge = 365 * 24 * 60 * 60;

/**
 * The headers of an answer under this config: the common ones, and on a site served over https
 * (staging, production) Strict-Transport-Security, so a browser that has been once never asks
 * for the site (and its subdomains: the API, the remotes' CDN) over plain http again.
 */
export function securityHeaders(config: Pick<RuntimeConfig, 'siteUrl'>): Record<string, string> {
  return new URL(config.siteUrl).protocol === 'https:'
    ? {
        ...commonSecurityHeaders,
        'Strict-Transport-Security': `max-age=${transportSecurityMaxAge}; includeSubDomains`,
      }
    : { ...commonSecurityHeaders };
}
