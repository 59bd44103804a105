/**
 * The API server: validated config, database (PGlite or PostgreSQL) with migrations, demo data on
 * an empty database, then HTTP on HOST:PORT. `pnpm --filter @board/api start`.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { createApp } from './app';
import { createLocalCaptcha, createRecaptchaVerifier } from './captcha/captcha';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { generateDemoData } from './seed/demo-data';
import { isEmpty, seed } from './seed/seed';
import { createFolderStorage } from './storage/resume-storage';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function startApi(env: Record<string, string | undefined> = process.env) {
  const config = loadConfig(env);
  const dataDir = config.PGLITE_DATA_DIR.startsWith('memory://')
    ? config.PGLITE_DATA_DIR
    : path.resolve(apiDir, config.PGLITE_DATA_DIR);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDataDir: dataDir });
  if (config.SEED === 'demo' && (await isEmpty(database.db))) {
    const counts = await seed(
      database.db,
      generateDemoData({ siteUrl: env.BOARD_SITE_URL ?? 'http://localhost:8080' }),
    );
    console.log(`Seeded demo data: ${counts.organizations} companies, ${counts.jobs} jobs.`);
  }
  const localCaptcha =
    config.CAPTCHA_MODE === 'local'
      ? createLocalCaptcha(config.CAPTCHA_SECRET ?? randomBytes(32).toString('hex'))
      : undefined;
  const captcha =
    localCaptcha?.verifier() ??
    createRecaptchaVerifier({ secret: config.RECAPTCHA_SECRET ?? '', verifyUrl: config.RECAPTCHA_VERIFY_URL });
  const app = createApp({
    database,
    storage: createFolderStorage(path.resolve(apiDir, config.RESUME_DIR)),
    captcha,
    localCaptcha,
    corsOrigins: config.CORS_ORIGINS,
    rateLimit: { max: config.RATE_LIMIT_MAX, windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS },
    log: config.LOG_LEVEL === 'silent' ? () => {} : undefined,
    clientAddress: (request, envBindings) => {
      try {
        return getConnInfo({ env: envBindings, req: { raw: request } } as unknown as Context).remote.address;
      } catch {
        return undefined;
      }
    },
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  return {
    url: `http://${config.HOST}:${port}`,
    port,
    /** The API's database, for tools and tests that read what arrived. */
    db: database.db,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const api = await startApi();
    console.log(`API listening on ${api.url}`);
    const stop = async () => {
      await api.close();
      process.exit(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
}
