import { randomBytes } from 'node:crypto';
import type { ApiConfig } from '../config';
import type { Database } from '../db/database';
import type { ApiMetrics } from '../lib/api-metrics';
import { smtpTransport } from '../mail/mailer';
import { createAlertsService } from './alerts-service';
import { alertLinkMaker } from './links';
import { createAlertTokens } from './tokens';

/**
 * The alerts' parts as the configuration says (the API server, the worker and `alerts:send`
 * on PostgreSQL build them the same way): the link signer (ALERTS_SECRET, random per start when
 * unset), the links (the API's public origin, BOARD_SITE_URL), the SMTP transport (SMTP_URL;
 * none: emails wait in the outbox) and the service.
 */
export function alertsFromConfig(
  config: ApiConfig,
  db: Database,
  apiOrigin: () => string,
  log: (entry: Record<string, unknown>) => void,
  metrics?: ApiMetrics,
) {
  const tokens = createAlertTokens(config.ALERTS_SECRET ?? randomBytes(32).toString('hex'));
  const links = alertLinkMaker(tokens, { api: apiOrigin, siteUrl: config.BOARD_SITE_URL });
  const transport = config.SMTP_URL ? smtpTransport(config.SMTP_URL, config.ALERTS_FROM) : undefined;
  const service = createAlertsService({
    db,
    links,
    transport,
    sender: { leaseSeconds: config.OUTBOX_LEASE_SECONDS, onSent: metrics?.emailSent },
    log: (entry) => log({ time: new Date().toISOString(), ...entry }),
    cacheLookup: metrics?.cache,
  });
  return { tokens, links, transport, service };
}
