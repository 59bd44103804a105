import type { Database } from '../db/database';
import type { CacheLookup } from '../lib/api-metrics';
import { createOutboxSender, type MailTransport, pruneSent, type SenderOptions } from '../mail/outbox';
import { deleteExpiredPending, queueDueDigests } from './digests';
import type { AlertLinkMaker } from './links';
import { pendingLifetimeMs } from './schedule';
import { pruneConfirmationSends } from './subscribe';

/**
 * The alerts' background work on one instance: on a timer, forget what expired, queue the due
 * digests and send the outbox. Every step is safe on any number of instances at once (row
 * claims with SKIP LOCKED); without a transport (no SMTP_URL, locally) emails wait in the outbox.
 */
export function createAlertsService(options: {
  db: Database;
  links: AlertLinkMaker;
  transport?: MailTransport;
  sender?: SenderOptions;
  log?: (entry: Record<string, unknown>) => void;
  now?: () => Date;
  /** Told of each lookup in a digest run's cache of facets (the metrics). */
  cacheLookup?: CacheLookup;
}) {
  const { db, links } = options;
  const now = options.now ?? (() => new Date());
  const sender = options.transport
    ? createOutboxSender(db, options.transport, { log: options.log, ...options.sender })
    : null;
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<unknown> | null = null;

  async function drain() {
    return sender ? sender.drain() : { sent: 0, failed: 0 };
  }

  /** Queues due digests (all active alerts from `since` when given), then sends what is due. */
  async function sendDigests(run: { since?: Date } = {}) {
    const facetsLooked = (hit: boolean) => options.cacheLookup?.('digest-facets', hit);
    const queued = await queueDueDigests(db, links, { now: now(), facetsLooked, ...run });
    const sent = await drain();
    return { alerts: queued.alerts, digests: queued.digests, ...sent };
  }

  async function tick() {
    await deleteExpiredPending(db, new Date(now().getTime() - pendingLifetimeMs));
    await pruneConfirmationSends(db);
    await pruneSent(db);
    return sendDigests();
  }

  const failed = (error: unknown) =>
    options.log?.({
      level: 'error',
      message: 'alerts: a run failed; the next one retries',
      error: error instanceof Error ? error.name : 'Error',
      code: (error as { code?: unknown } | null)?.code,
    });

  return {
    sendDigests,
    drain,
    tick,
    start(intervalSeconds: number) {
      if (intervalSeconds <= 0 || timer) return;
      timer = setInterval(() => {
        ticking ??= tick()
          .catch(failed)
          .finally(() => {
            ticking = null;
          });
      }, intervalSeconds * 1000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await ticking;
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
