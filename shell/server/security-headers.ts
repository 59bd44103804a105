import { randomBytes } from 'node:crypto';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';

/** A fresh nonce for a page's inline script (its boot data). */
export const newNonce = () => randomBytes(16).toString('base64');

/** Where the real reCAPTCHA loads its script and frame from (Google's documented CSP). */
const recaptcha = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

const originOf = (url: string) => new URL(url).origin;

/**
 * A page's Content-Security-Policy: scripts, styles and connections from this site, the configured
 * remotes (and preview origins, where the environment allows previews) and, for connections, the
 * API; the page's one inline script by its nonce; no framing by other sites (the application form
 * cannot be overlaid), no plugins, no <base> and forms posted only here or to the API. Style
 * attributes stay allowed (React writes a card's animation delay as one). Images may come from
 * anywhere over HTTPS: a company's logo is wherever the platform keeps it.
 */
export function contentSecurityPolicy(config: RuntimeConfig, nonce: string | null): string {
  const remotes = [...new Set([...Object.values(config.remotes).map(originOf), ...(config.previewOrigins ?? [])])];
  const api = originOf(config.apiBaseUrl);
  const captcha = config.captcha?.mode === 'recaptcha' ? recaptcha : { script: [], frame: [] };
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...remotes, ...captcha.script],
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

/** Headers every answer of the shell's server carries. */
export const commonSecurityHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
} as const;
