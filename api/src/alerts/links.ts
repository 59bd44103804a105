import type { AlertTokens } from './tokens';

/**
 * The links of alert emails and pages: the API's own pages for confirm, unsubscribe and manage
 * (signed tokens), the board (BOARD_SITE_URL) for jobs and searches.
 */
export function alertLinkMaker(tokens: AlertTokens, origins: { api: () => string; siteUrl: string }) {
  const page = (name: string, token: string) =>
    `${origins.api()}/public/alerts/${name}?token=${encodeURIComponent(token)}`;
  return {
    siteUrl: origins.siteUrl,
    confirm: (alert: { id: string }, nonce: string) => page('confirm', tokens.sign('confirm', alert.id, nonce)),
    manage: (emailHash: string) => page('manage', tokens.sign('manage', emailHash)),
    unsubscribe: (alert: { id: string }) => page('unsubscribe', tokens.sign('unsubscribe', alert.id)),
    /** The unsubscribe and manage links every email of an alert carries. */
    forAlert(alert: { id: string; emailHash: string }) {
      return { unsubscribe: this.unsubscribe(alert), manage: this.manage(alert.emailHash) };
    },
  };
}

export type AlertLinkMaker = ReturnType<typeof alertLinkMaker>;
