import { createHash, timingSafeEqual } from 'node:crypto';
import type { ErrorBody } from '@board/shared/api/application-bodies';
import { clientKey } from '@board/shared/lib/client-address';
import type { Limits } from '@board/shared/lib/limits';
import { jsonLines, requestLog } from '@board/shared/lib/request-log';
import { hasEncodedDotSegment, rawRequestTarget } from '@board/shared/lib/request-target';
import { type Context, Hono } from 'hono';
import { cors } from 'hono/cors';
import { etag } from 'hono/etag';
import { HTTPException } from 'hono/http-exception';
import type { AlertsService } from './alerts/alerts-service';
import type { AlertLinkMaker } from './alerts/links';
import { alertOperatorRoutes } from './alerts/operator-routes';
import { alertRoutes } from './alerts/routes';
import type { AlertTokens } from './alerts/tokens';
import { applicationRoutes } from './applications/routes';
import { dataVersion } from './board-changes/data-version';
import { type CandidateLinkMaker, candidatePath } from './candidates/candidate-links';
import { candidateRoutes } from './candidates/candidate-routes';
import type { CaptchaVerifier, createLocalCaptcha } from './captcha/captcha';
import { localCaptchaRoutes } from './captcha/captcha-routes';
import type { DatabaseHandle } from './db/database';
import { logoRoutes } from './job-postings/logo-routes';
import { publicCallCacheKey } from './job-postings/query-validators';
import { jobPostingRoutes } from './job-postings/routes';
import { type ApiMetrics, routeOf } from './lib/api-metrics';
import { bodyLimits } from './lib/body-limits';
import { compression } from './lib/compress';
import { errorReport, isDatabaseUnavailable } from './lib/error-report';
import { operatorAccess } from './lib/operator-access';
import { requestLimit } from './lib/request-limit';
import { responseCache } from './lib/response-cache';
import { openApiRoutes } from './openapi/openapi-routes';
import { applyPath, maxApplyBytes, portfolioOperatorRoutes } from './portfolio/operator-routes';
import { privacyOperatorRoutes } from './privacy/operator-routes';
import { purgeExpired } from './privacy/purge';
import { sourceOperatorRoutes } from './sources/operator-routes';
import type { SourcesService } from './sources/sources-service';

export interface AppDeps {
  database: DatabaseHandle;
  captcha: CaptchaVerifier;
  /** Present in local captcha mode: serves the challenge the board's local captcha shows. */
  localCaptcha?: ReturnType<typeof createLocalCaptcha>;
  corsOrigins: string[];
  /** The API's public origin: absolute URLs in answers (logos) start with it, whatever the request's Host. */
  publicOrigin: () => string;
  /** Where the per-client limits count: Redis, shared by every instance, or this instance's memory. */
  limits: Limits;
  /** Validated submissions per client. */
  rateLimit: { max: number; windowSeconds: number };
  /** All requests per client: the looser flood guard. */
  requestRateLimit: { max: number; windowSeconds: number };
  log?: (entry: Record<string, unknown>) => void;
  /**
   * The key the shell's server sends in X-Shell-Key (SHELL_API_KEY): its reads are not counted
   * against the per-client request limit, since every visitor's page is read from its one address,
   * and its request ids are kept. Unset: no caller is exempt.
   */
  shellKey?: string;
  /** The client's address (the TCP peer, or what a trusted proxy says). */
  clientAddress: (request: Request, env: unknown) => string | undefined;
  /** Candidates: the signed links of their receipts (ALERTS_SECRET, a domain of their own). */
  candidates: { links: CandidateLinkMaker };
  /** The companies' ATS boards the jobs are imported from (operator endpoints). */
  sources: SourcesService;
  /** The portfolio file applied, exported and enriched (operator endpoints); absent: not served. */
  portfolio?: Parameters<typeof portfolioOperatorRoutes>[0];
  /** Job alerts: their signed links, background work and operator access. */
  alerts: {
    tokens: AlertTokens;
    links: AlertLinkMaker;
    service: AlertsService;
    /** Subscribe requests per client before the captcha is asked for. */
    rateLimit: { max: number; windowSeconds: number };
    /** Whether /operator/… is served at all (OPERATOR_ENDPOINTS; default on). */
    operatorEndpoints?: boolean;
    operatorToken?: string;
    /** Local and test runs: a loopback caller may use the operator endpoints without the token. */
    operatorLoopback: boolean;
    /** The TCP peer (never a forwarded address): who is local. */
    peerAddress: (request: Request, env: unknown) => string | undefined;
  };
  /** What the API counts (served on METRICS_PORT by server.ts): requests by route, its caches' lookups. */
  metrics?: ApiMetrics;
}

/** Whether a request carries the shell's key (compared in constant time). */
function shellCaller(key: string | undefined): (request: Request) => boolean {
  if (!key) return () => false;
  const expected = createHash('sha256').update(key).digest();
  return (request) => {
    const sent = request.headers.get('x-shell-key');
    return sent !== null && timingSafeEqual(createHash('sha256').update(sent).digest(), expected);
  };
}

/** Bodies stay small, but the application's and a portfolio's apply (each with a larger limit of its own). */
const smallBodyBytes = 16 * 1024;
const applicationPath = /^\/public\/job-application\/?$/;
const largeBodies = [
  { path: applicationPath, max: null },
  { path: applyPath, max: maxApplyBytes },
];

type Env = { Variables: { requestId: string } };

/** The public job-posting API (SPEC section 7), with request ids, logs, CORS, compression, ETags. */
export function createApp(deps: AppDeps) {
  const log = deps.log ?? jsonLines;
  // strict: false: call 6 is documented with a trailing slash (/public/job-application/); both forms work.
  const app = new Hono<Env>({ strict: false });

  const fromShell = shellCaller(deps.shellKey);
  if (deps.metrics) app.use(deps.metrics.metrics.requestDuration(routeOf));
  app.use(...requestLog(log, { trustIncoming: fromShell }));
  // Every answer is what its Content-Type says (JSON, an SVG logo, an alert page): a browser never
  // guesses another type from its bytes.
  app.use(async (c, next) => {
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
  });
  app.use(
    cors({
      origin: (origin) => (deps.corsOrigins.includes(origin) ? origin : null),
      allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
      allowHeaders: ['Content-Type', 'Accept'],
      exposeHeaders: ['X-Request-Id', 'Retry-After'],
      maxAge: 600,
    }),
  );
  const keyOf = (request: Request, env: unknown) => clientKey(deps.clientAddress(request, env));
  app.use(
    requestLimit({
      limit: deps.limits.limit('api-requests', deps.requestRateLimit),
      clientKey: keyOf,
      exempt: (path, request) => path === '/health' || path === '/ready' || fromShell(request),
    }),
  );
  // On Node the request's URL has its encoded dot segments resolved (request-target.ts):
  // `/public-job-posting/%2e` would be the list, `/public-job-posting/%2e%2e` the root. As sent, no
  // call has such a path.
  app.use(async (c, next) => {
    const target = rawRequestTarget(c.env);
    if (target && hasEncodedDotSegment(target)) return c.json({ message: 'Not found' } satisfies ErrorBody, 404);
    await next();
  });
  app.use(bodyLimits(smallBodyBytes, largeBodies));
  // The data version and the search index kept at it (decision 022): no query per request.
  const versions = dataVersion(deps.database.db, { log });
  app.use(
    '/public-job-posting/*',
    responseCache({
      ttlMs: 10_000,
      maxEntries: 200,
      version: versions.current,
      key: publicCallCacheKey,
      carry: (request) => versions.keptAcross(request),
      looked: (hit) => deps.metrics?.cache('responses', hit),
    }),
  );
  app.use(compression());
  app.use('/public-job-posting/*', etag(), async (c, next) => {
    await next();
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=30, stale-while-revalidate=300');
  });

  // Liveness: the process answers (never the database: restarting every instance because the
  // database is away would not bring it back).
  app.get('/health', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok', database: deps.database.kind });
  });
  // Readiness: the database answers too. A load balancer sends requests elsewhere while it is 503.
  app.get('/ready', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (await deps.database.ready()) return c.json({ status: 'ready', database: deps.database.kind });
    c.header('Retry-After', '5');
    return c.json({ status: 'unavailable', database: deps.database.kind }, 503);
  });

  const cacheLookup = deps.metrics?.cache;
  app.route('/public-job-posting', jobPostingRoutes(deps.database.db, deps.publicOrigin, versions, { cacheLookup }));
  app.route('/openapi.json', openApiRoutes(deps.publicOrigin, app));
  app.route(
    '/public/job-application',
    applicationRoutes({
      db: deps.database.db,
      captcha: deps.captcha,
      submissions: deps.limits.limit('applications', deps.rateLimit),
      clientKey: keyOf,
      clientAddress: deps.clientAddress,
      receipts: { links: deps.candidates.links },
    }),
  );
  app.route(candidatePath, candidateRoutes({ db: deps.database.db, tokens: deps.candidates.links.tokens }));

  app.route(
    '/public/alerts',
    alertRoutes({
      db: deps.database.db,
      tokens: deps.alerts.tokens,
      links: deps.alerts.links,
      captcha: deps.captcha,
      subscriptions: deps.limits.limit('alert-subscriptions', deps.alerts.rateLimit),
      clientKey: keyOf,
      clientAddress: deps.clientAddress,
    }),
  );
  if (deps.alerts.operatorEndpoints ?? true) {
    const operator = new Hono();
    operator.use(
      operatorAccess({
        token: deps.alerts.operatorToken,
        allowLoopback: deps.alerts.operatorLoopback,
        peerAddress: deps.alerts.peerAddress,
        clientAddress: deps.clientAddress,
        publicOrigin: deps.publicOrigin,
      }),
    );
    operator.route('/alerts', alertOperatorRoutes(deps.alerts.service));
    operator.route('/sources', sourceOperatorRoutes(deps.sources));
    if (deps.portfolio) operator.route('/portfolio', portfolioOperatorRoutes(deps.portfolio));
    operator.route(
      '/privacy',
      privacyOperatorRoutes((now, dryRun) => purgeExpired(deps.database.db, now, { dryRun })),
    );
    app.route('/operator', operator);
  }

  app.route('/public/logos', logoRoutes(deps.database.db));
  if (deps.localCaptcha) app.route('/public/captcha', localCaptchaRoutes(deps.database.db, deps.localCaptcha));

  app.notFound((c) => c.json({ message: 'Not found' } satisfies ErrorBody, 404));
  app.onError((error, c: Context<Env>) => {
    if (error instanceof HTTPException) return error.getResponse();
    log({ time: new Date().toISOString(), level: 'error', request_id: c.get('requestId'), ...errorReport(error) });
    const detail = `request ${c.get('requestId')}`;
    if (isDatabaseUnavailable(error)) {
      c.header('Retry-After', '5');
      const message = applicationPath.test(c.req.path)
        ? 'The application could not be stored right now, and nothing of it was kept. Please try again in a moment.'
        : 'The service is briefly unavailable. Please try again in a moment.';
      return c.json({ message, detail } satisfies ErrorBody, 503);
    }
    return c.json({ message: 'Internal server error', detail } satisfies ErrorBody, 500);
  });

  return app;
}
