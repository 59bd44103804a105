/**
 * The digest run's figure: `pnpm --filter @board/api bench:alerts --data-dir D [--alerts 10000]
 * [--window-days 1] [--send]` adds that many confirmed, due alerts (varied searches and scopes)
 * to a board made by `generate:large`, times one digest run (the matching through the board's
 * search and the outbox writes), and with --send also the sending to an in-process mail sink.
 * The alerts and emails it added are deleted at the end. DATABASE_URL: run on PostgreSQL instead.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { emptyJobSearch, type WorkplaceType } from '@board/shared/api/job-search';
import { sql } from 'drizzle-orm';
import { queueDueDigests } from '../src/alerts/digests';
import { alertLinkMaker } from '../src/alerts/links';
import { createAlertTokens } from '../src/alerts/tokens';
import { alerts } from '../src/db/alert-tables';
import { openDatabase } from '../src/db/database';
import { workspaces } from '../src/db/job-board-tables';
import { selectRows } from '../src/db/select-rows';
import { startMailSink } from '../src/mail/mail-sink';
import { smtpTransport } from '../src/mail/mailer';
import { createOutboxSender } from '../src/mail/outbox';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    alerts: { type: 'string' },
    'window-days': { type: 'string' },
    send: { type: 'boolean' },
  },
});
const count = Number(values.alerts ?? 10_000);
const windowDays = Number(values['window-days'] ?? 1);
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  pgliteDataDir: path.resolve(apiDir, values['data-dir'] ?? '.data/pglite-large'),
});
const db = database.db;
const [jobFigures] = await selectRows<{ published: number; recent: number }>(
  db,
  sql`select count(*)::int as published, count(*) filter (where published_at > now() - ${windowDays}::float8 * interval '1 day')::int as recent from job_postings where status = 'published'`,
);
const slugs = (await db.select({ slug: workspaces.slug }).from(workspaces)).map((row) => row.slug);

const titles = ['', '', 'Engineer', 'Designer', 'Product', 'Data', 'Sales', 'Senior', 'Marketing', 'Backend'];
const locations = ['', '', '', 'London', 'Berlin', 'Remote', 'Paris', 'Amsterdam'];
const workplaces: WorkplaceType[][] = [[], [], ['Remote'], ['Hybrid'], ['On-site'], ['Remote', 'Hybrid']];
const levels = ['', '', '', 'Senior', 'Mid-level'];
// Each field drawn on its own (a seeded generator): nearly every alert has a search of its own.
let state = 20261123;
const random = () => {
  state = (state * 1103515245 + 12345) % 2147483648;
  return state / 2147483648;
};
const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)] as T;

const tokens = createAlertTokens('bench-secret-of-enough-length');
await db.execute(sql`delete from alerts where email like 'bench-%'`);
const now = Date.now();
const windowStart = new Date(now - windowDays * 24 * 3600_000);
for (let start = 0; start < count; start += 1000) {
  await db.insert(alerts).values(
    Array.from({ length: Math.min(1000, count - start) }, (_, offset) => {
      const index = start + offset;
      const email = `bench-${index}@example.com`;
      return {
        email,
        emailHash: tokens.addresses.address(email),
        workspaceSlug: index % 3 === 0 ? pick(slugs) : null,
        search: {
          ...emptyJobSearch,
          title: pick(titles),
          location: pick(locations),
          workplaces: pick(workplaces),
          level: pick(levels),
        },
        frequency: index % 5 === 0 ? ('weekly' as const) : ('daily' as const),
        status: 'active' as const,
        confirmedAt: windowStart,
        lastDigestAt: windowStart,
        nextDigestAt: new Date(now - 1000),
      };
    }),
  );
}
const links = alertLinkMaker(tokens, { api: () => 'http://127.0.0.1:8000', siteUrl: 'http://localhost:8080' });
console.log(
  `board: ${jobFigures?.published} published jobs, ${jobFigures?.recent} in the window (${windowDays} day(s)); ${count} due alerts`,
);
const started = performance.now();
const queued = await queueDueDigests(db, links, { now: new Date() });
const matchMs = performance.now() - started;
console.log(
  `digest run: ${queued.alerts} alerts, ${queued.digests} digests queued in ${(matchMs / 1000).toFixed(1)} s (${database.kind})`,
);
if (values.send) {
  const sink = await startMailSink({ max: count + 10 });
  const transport = smtpTransport(sink.smtpUrl, 'Foundry Jobs <alerts@foundry.jobs>');
  const sending = performance.now();
  const sent = await createOutboxSender(db, transport, { concurrency: 4 }).drain();
  const sendMs = performance.now() - sending;
  console.log(
    `sending: ${sent.sent} emails sent (${sent.failed} failed) in ${(sendMs / 1000).toFixed(1)} s; run + send ${((matchMs + sendMs) / 1000).toFixed(1)} s`,
  );
  transport.close();
  await sink.close();
}
await db.execute(sql`delete from alerts where email like 'bench-%'`);
await database.close();
