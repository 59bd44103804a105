import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { cors } from 'hono/cors';
import { etag } from 'hono/etag';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { applicationRoutes } from './applications/routes';
import type { CaptchaVerifier, createLocalCaptcha } from './captcha/captcha';
import type { DatabaseHandle } from './db/database';
import { organizations } from './db/schema';
import { dataVersion } from './job-postings/data-version';
import { jobPostingRoutes } from './job-postings/routes';
import { compression } from './lib/compress';
import { httpError } from './lib/http-error';
import { logoSvg } from './lib/logo';
import { responseCache } from './lib/response-cache';
import type { ResumeStorage } from './storage/resume-storage';

export interface AppDeps {
  database: DatabaseHandle;
  storage: ResumeStorage;
  captcha: CaptchaVerifier;
  /** Present in local captcha mode: serves the challenge the board's local captcha shows. */
  localCaptcha?: ReturnType<typeof createLocalCaptcha>;
  corsOrigins: string[];
  rateLimit: { max: number; windowSeconds: number };
  log?: (entry: Record<string, unknown>) => void;
  clientAddress?: (request: Request, env: unknown) => string | undefined;
}

type Env = { Variables: { requestId: string } };

/** The public job-posting API (SPEC section 7), with request ids, logs, CORS, compression, ETags. */
export function createApp(deps: AppDeps) {
  const log = deps.log ?? ((entry) => console.log(JSON.stringify(entry)));
  // strict: false: call 6 is documented with a trailing slash (/public/job-application/); both forms work.
  const app = new Hono<Env>({ strict: false });

  app.use(requestId({ generator: () => randomBytes(8).toString('hex') }));
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    log({
      time: new Date().toISOString(),
      level: c.res.status >= 500 ? 'error' : 'info',
      request_id: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });
  app.use(
    cors({
      origin: (origin) => (deps.corsOrigins.includes(origin) ? origin : null),
      allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
      allowHeaders: ['Content-Type', 'Accept'],
      exposeHeaders: ['X-Request-Id'],
      maxAge: 600,
    }),
  );
  const versions = dataVersion(deps.database.db);
  app.use('/public-job-posting/*', responseCache({ ttlMs: 10_000, maxEntries: 200, version: versions.current }));
  app.use(compression());
  app.use('/public-job-posting/*', etag(), async (c, next) => {
    await next();
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=30, stale-while-revalidate=300');
  });

  app.get('/health', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok', database: deps.database.kind });
  });

  app.route('/public-job-posting', jobPostingRoutes(deps.database.db, versions));
  app.route(
    '/public/job-application',
    applicationRoutes({
      db: deps.database.db,
      storage: deps.storage,
      captcha: deps.captcha,
      rateLimit: deps.rateLimit,
      clientAddress: deps.clientAddress ?? (() => undefined),
    }),
  );

  app.get('/public/logos/:file{[a-z0-9-]+\\.svg}', async (c) => {
    const slug = c.req.param('file').replace(/\.svg$/, '');
    const [organization] = await deps.database.db
      .select({ name: organizations.name, logo: organizations.logo })
      .from(organizations)
      .where(eq(organizations.jobBoardSlug, slug))
      .limit(1);
    if (!organization?.logo) throw httpError(404, 'Logo not found');
    c.header('Content-Type', 'image/svg+xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(logoSvg(organization.name));
  });

  if (deps.localCaptcha) {
    const local = deps.localCaptcha;
    app.get('/public/captcha/challenge', (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(local.challenge());
    });
    app.post('/public/captcha/verify', async (c) => {
      const body = (await c.req.json().catch(() => null)) as { challenge_id?: unknown; answer?: unknown } | null;
      if (typeof body?.challenge_id !== 'string' || typeof body.answer !== 'string') {
        throw httpError(400, 'Malformed request', 'Send {"challenge_id": "...", "answer": "..."}');
      }
      const token = local.answer(body.challenge_id, body.answer);
      if (!token) throw httpError(422, 'That answer is not right. Please try again.');
      return c.json({ token });
    });
  }

  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  app.onError((error, c: Context<Env>) => {
    if (error instanceof HTTPException) return error.getResponse();
    log({
      time: new Date().toISOString(),
      level: 'error',
      request_id: c.get('requestId'),
      error: String(error.stack ?? error),
    });
    return c.json({ message: 'Internal server error', detail: `request ${c.get('requestId')}` }, 500);
  });

  return app;
}
