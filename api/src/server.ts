/**
 * The API server: validated config, database (PGlite or PostgreSQL) with migrations and, where
 * asked for, demo data on an empty database (both under the start-up lock: one instance at a
 * time), the limits (Redis or memory), then HTTP on HOST:PORT, and with WORK_IN_API (PGlite) the
 * scheduled work (work/background-work.ts; on PostgreSQL the workers do it: worker.ts). Run alone
 * by `pnpm serve:api` (or `pnpm --filter @board/api start`), as each instance runs: one JSON line
 * when it listens, and on SIGTERM the requests in flight are answered before it exits 0.
 */
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveClientAddress } from '@board/shared/lib/client-address';
import { openLimits } from '@board/shared/lib/limits';
import { jsonLines } from '@board/shared/lib/request-log';
import { loadGazetteer } from '@board/shared/places/read-places';
import { serve } from '@hono/node-server';
import { rekeyAddresses } from './alerts/address-keys';
import { alertsFromConfig } from './alerts/from-config';
import { createApp } from './app';
import { candidateLinkMaker, createCandidateTokens } from './candidates/candidate-links';
import { createLocalCaptcha, createRecaptchaVerifier } from './captcha/captcha';
import { ConfigError, loadConfig } from './config';
import { type DatabaseHandle, openDatabase, startUpLock } from './db/database';
import { DataFolderError } from './db/pglite-folder';
import { peerAddress } from './lib/peer-address';
import { isMainModule, runService } from './lib/run-service';
import { processMetrics, serveProcessMetrics } from './process-metrics';
import { generateDemoData } from './seed/demo-data';
import { isEmpty, seed } from './seed/seed';
import { backgroundWork } from './work/background-work';
import { companiesFromConfig } from './work/portfolio-from-config';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** How long a stopping server lets requests in flight finish before it cuts the connections. */
const drainMs = 10_000;

/**
 * `parts.database`: a database the caller opened (and owns no more: the API closes it), instead of
 * the one the config names; the e2e boards open theirs from a seeded snapshot.
 */
export async function startApi(
  env: Record<string, string | undefined> = process.env,
  parts: { database?: DatabaseHandle } = {},
) {
  const config = loadConfig(env);
  const dataDir = config.PGLITE_DATA_DIR.startsWith('memory://')
    ? config.PGLITE_DATA_DIR
    : path.resolve(apiDir, config.PGLITE_DATA_DIR);
  const log = config.LOG_LEVEL === 'silent' ? () => {} : jsonLines;
  // Jobs' places are read as they are written and met (db/job-places.ts): the gazetteer's half
  // second of the thread is spent now, before requests, rather than in the middle of one.
  loadGazetteer();
  const database =
    parts.database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDataDir: dataDir, log }));
  let publicOrigin = config.API_PUBLIC_URL ?? '';
  let closing = false;
  // One secret signs every emailed link, the alerts' and the candidates' (each family in a domain
  // of its own): ALERTS_SECRET, or a random one per start locally.
  const linkSecret = config.ALERTS_SECRET ?? randomBytes(32).toString('hex');
  const origin = () => publicOrigin;
  const metrics = processMetrics('api', database.db, { outbox: config.WORK_IN_API === 'on', index: true });
  const alerts = alertsFromConfig({ ...config, ALERTS_SECRET: linkSecret }, database.db, origin, log, metrics);
  const candidateLinks = candidateLinkMaker(createCandidateTokens(linkSecret), origin);
  // What must happen once, whichever instance starts first: the others wait, then find it done.
  await database.exclusive(startUpLock, async () => {
    if (config.SEED === 'demo' && (await isEmpty(database.db))) {
      const counts = await seed(database.db, generateDemoData({ siteUrl: config.BOARD_SITE_URL }));
      log({
        time: new Date().toISOString(),
        level: 'info',
        message: 'seeded the demo data',
        companies: counts.organizations,
        jobs: counts.jobs,
      });
    }
    // Alerts whose address was hashed without this secret (before keyed hashes, or with a rotated
    // secret) are hashed again from the address they keep, so their new manage links find them.
    // Only with a secret every instance shares (ALERTS_SECRET), or on PGlite (one process): a
    // secret made up at start would undo another instance's hashes.
    if (!config.ALERTS_SECRET && database.kind !== 'pglite') return;
    const rekeyed = await rekeyAddresses(database.db, alerts.tokens.addresses);
    if (rekeyed > 0)
      log({
        time: new Date().toISOString(),
        level: 'info',
        message: 'alert addresses hashed with the current secret',
        alerts: rekeyed,
      });
  });
  const limits = await openLimits({ url: config.REDIS_URL, prefix: `board:${config.BOARD_ENV}:api`, log });
  const localCaptcha =
    config.CAPTCHA_MODE === 'local'
      ? createLocalCaptcha(config.CAPTCHA_SECRET ?? randomBytes(32).toString('hex'))
      : undefined;
  const captcha =
    localCaptcha?.verifier() ??
    createRecaptchaVerifier({ secret: config.RECAPTCHA_SECRET ?? '', verifyUrl: config.RECAPTCHA_VERIFY_URL });
  if (!alerts.transport && config.WORK_IN_API === 'on')
    log({
      time: new Date().toISOString(),
      level: 'warn',
      message: 'SMTP_URL is not set: alert emails wait in the outbox until a process with SMTP_URL sends them',
    });
  const companies = companiesFromConfig(config, database.db, log, { waitForAll: false, metrics });
  // On PGlite the API is the one process that may open the database, so it does the scheduled
  // work too; on PostgreSQL the workers do (WORK_IN_API, decision 041).
  const work =
    config.WORK_IN_API === 'on'
      ? backgroundWork({
          db: database.db,
          alerts: alerts.service,
          ...companies,
          alertsIntervalSeconds: config.ALERTS_INTERVAL_SECONDS,
          sourcesSyncMinutes: config.SOURCES_SYNC_MINUTES,
          log,
        })
      : null;
  const app = createApp({
    database,
    captcha,
    localCaptcha,
    corsOrigins: config.CORS_ORIGINS,
    publicOrigin: origin,
    limits,
    rateLimit: { max: config.RATE_LIMIT_MAX, windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS },
    requestRateLimit: { max: config.REQUEST_RATE_LIMIT_MAX, windowSeconds: config.REQUEST_RATE_LIMIT_WINDOW_SECONDS },
    log: config.LOG_LEVEL === 'silent' ? () => {} : undefined,
    shellKey: config.SHELL_API_KEY,
    ...companies,
    candidates: { links: candidateLinks },
    clientAddress: (request, envBindings) =>
      resolveClientAddress(
        peerAddress(request, envBindings),
        request.headers.get('x-forwarded-for') ?? undefined,
        config.TRUSTED_PROXIES,
      ),
    alerts: {
      tokens: alerts.tokens,
      links: alerts.links,
      service: alerts.service,
      rateLimit: { max: config.RATE_LIMIT_MAX, windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS },
      operatorEndpoints: config.OPERATOR_ENDPOINTS === 'on',
      operatorToken: config.OPERATOR_TOKEN,
      operatorLoopback: config.BOARD_ENV === 'local' || config.BOARD_ENV === 'test',
      peerAddress,
    },
    metrics,
  });
  const metricsListener = await serveProcessMetrics(metrics, config);
  // serve() without TLS or HTTP/2 options gives a node:http server.
  const server = await new Promise<Server>((resolve) => {
    const s = serve(
      {
        // While stopping, every answer closes its connection, so no client sends more on it.
        fetch: async (request, envBindings) => {
          const response = await app.fetch(request, envBindings);
          if (closing) {
            try {
              response.headers.set('Connection', 'close');
            } catch {
              // a response with immutable headers: the server closes its idle connections anyway
            }
          }
          return response;
        },
        port: config.PORT,
        hostname: config.HOST,
      },
      () => resolve(s as Server),
    );
  });
  // Idle keep-alive connections stay open longer than a load balancer's (or a client's) idle timeout,
  // so the server never closes one just as a request is sent on it (a reset the client cannot tell apart).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://${config.HOST}:${port}`;
  // Locally, without API_PUBLIC_URL, the address it listens on (staging and production must set it).
  publicOrigin ||= url;
  // The search index, read now rather than during the first visitor's search (~0.6 s at 100,000
  // jobs): call 1 once, in-process, as a visitor would ask it. A request that arrives meanwhile
  // shares the read. After this the index follows the changes row by row (decision 022).
  const warmed = performance.now();
  const warm = await Promise.resolve(app.request('/public-job-posting?limit=1')).catch(() => null);
  log({
    time: new Date().toISOString(),
    level: warm?.ok ? 'info' : 'warn',
    message: warm?.ok ? 'search warmed' : 'search not warmed: the first search reads its index',
    ms: Math.round(performance.now() - warmed),
  });
  await work?.start();
  return {
    url,
    port,
    environment: config.BOARD_ENV,
    database: database.kind,
    limits: limits.kind,
    /** `GET /metrics`, when METRICS_PORT is set. */
    metricsUrl: metricsListener?.url,
    /** The API's database, for tools and tests that read what arrived. */
    db: database.db,
    /** Stops taking connections, lets the requests in flight finish, then closes the database. */
    async close() {
      closing = true;
      await work?.stop();
      const cutOff = setTimeout(() => server.closeAllConnections(), drainMs);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      clearTimeout(cutOff);
      await metricsListener?.close();
      alerts.transport?.close();
      await limits.close();
      await database.close();
    },
  };
}

if (isMainModule(import.meta.url))
  await runService({
    start: () => startApi(),
    started: (api) => ({
      message: 'API listening',
      url: api.url,
      environment: api.environment,
      database: api.database,
      limits: api.limits,
      metrics_url: api.metricsUrl,
    }),
    stopping: 'API stopping: answering the requests in flight',
    // A bad setting or an embedded database folder it cannot use: the one line that says so.
    oneLine: (error) => error instanceof ConfigError || error instanceof DataFolderError,
  });
