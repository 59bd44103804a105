import { readSettings } from '@board/shared/lib/settings';
import * as v from 'valibot';
import {
  baseUrl,
  isOrigin,
  list,
  matching,
  originList,
  port,
  positiveInteger,
  wholeOrZero,
} from './lib/setting-values';

/** The vendors' public API hosts: GREENHOUSE_API_URL, LEVER_API_URL, ASHBY_API_URL default to them. */
export const defaultVendorUrls = {
  greenhouse: 'https://boards-api.greenhouse.io',
  lever: 'https://api.lever.co',
  ashby: 'https://api.ashbyhq.com',
};

/**
 * The API's configuration, from environment variables, validated at start-up: a bad or missing
 * variable stops the server (or the worker) with one clear line per problem.
 */
const EnvObject = v.object({
  /** Which runtime config the API serves: staging and production get the production rules. */
  BOARD_ENV: v.optional(
    v.picklist(['local', 'test', 'staging', 'production'], 'must be "local", "test", "staging" or "production"'),
  ),
  NODE_ENV: v.optional(v.string()),
  PORT: port('8000'),
  /** Default: every interface in staging and production (behind a load balancer), 127.0.0.1 elsewhere. */
  HOST: v.optional(v.string()),
  /** `GET /metrics` on this port of HOST only (not PORT), in the API and the worker alike: one port each. */
  METRICS_PORT: port(),
  /** PostgreSQL connection string; unset = embedded PGlite (local runs and tests only). */
  DATABASE_URL: matching(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://'),
  /** PGlite data folder, or "memory://" for an in-memory database. */
  PGLITE_DATA_DIR: v.optional(v.string(), '.data/pglite'),
  /** The API's own public origin: absolute URLs in answers (logos) start with it, never with the Host header. */
  API_PUBLIC_URL: v.optional(
    v.pipe(v.string(), v.check(isOrigin, 'must be an origin like https://api.example.com (no path)')),
  ),
  /** Board origins allowed by CORS, comma-separated. */
  CORS_ORIGINS: originList('http://localhost:8080,http://127.0.0.1:8080'),
  CAPTCHA_MODE: v.optional(v.picklist(['local', 'recaptcha'], 'must be "local" or "recaptcha"')),
  /**
   * Secret for signing local captcha challenges (every instance's: a challenge one issues, another
   * checks); required in staging in local mode, a random one per start elsewhere when unset.
   */
  CAPTCHA_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  RECAPTCHA_SECRET: v.optional(v.string()),
  RECAPTCHA_VERIFY_URL: v.optional(
    v.pipe(v.string(), v.url('must be a URL')),
    'https://www.google.com/recaptcha/api/siteverify',
  ),
  /** At most this many validated submissions (and alert subscriptions) from one client per window. */
  RATE_LIMIT_MAX: v.optional(positiveInteger(), '10'),
  RATE_LIMIT_WINDOW_SECONDS: v.optional(positiveInteger(), '600'),
  /** At most this many requests of any kind from one client per window. */
  REQUEST_RATE_LIMIT_MAX: v.optional(positiveInteger()),
  REQUEST_RATE_LIMIT_WINDOW_SECONDS: v.optional(positiveInteger(), '60'),
  /**
   * Where the per-client limits count (redis://… or rediss://…, Redis or Valkey): every instance
   * of a deploy counts a client together there. Unset: in each instance's memory (one instance).
   */
  REDIS_URL: matching(/^rediss?:\/\/[^/]/, 'must start with redis:// or rediss:// and name a host'),
  /**
   * The shell's server's key (the same value in its SHELL_API_KEY): requests carrying it in
   * X-Shell-Key are exempt from the per-client request limit. Unset: nobody is (required in
   * staging and production).
   */
  SHELL_API_KEY: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  /** Proxies (exact addresses) whose X-Forwarded-For names the client; unset: the TCP peer is the client. */
  TRUSTED_PROXIES: v.optional(v.pipe(v.string(), v.transform(list)), ''),
  /** The board's public origin: links in alert emails (jobs, the board's search) start with it. */
  BOARD_SITE_URL: v.optional(
    v.pipe(v.string(), v.check(isOrigin, 'must be an origin like https://board.example.com (no path)')),
  ),
  /** Where alert emails go out: smtp://user:pass@host:port or smtps://…; unset locally = they wait in the outbox. */
  SMTP_URL: matching(/^smtps?:\/\/[^/]/, 'must start with smtp:// or smtps:// and name a host'),
  /** The From of alert emails. */
  ALERTS_FROM: v.optional(v.string(), 'Foundry Jobs <alerts@foundry.jobs>'),
  /**
   * Signs the links in alert emails (confirm, unsubscribe, manage) and keys the hashes of
   * addresses; required in staging and production, a random one per start elsewhere when unset.
   */
  ALERTS_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  /**
   * Whether this API process also does the scheduled work (source syncs, alert digests, the
   * outbox, retention): `auto` is on for PGlite (one process), off for PostgreSQL, where
   * `pnpm --filter @board/api worker` does it beside the API instances (decision 041).
   */
  WORK_IN_API: v.optional(v.picklist(['auto', 'on', 'off'], 'must be "auto", "on" or "off"'), 'auto'),
  /** How often the scheduled work queues due digests and sends the outbox; 0 = never (only `alerts:send`). */
  ALERTS_INTERVAL_SECONDS: v.optional(wholeOrZero(), '60'),
  /**
   * How long a sender's claim on one email holds before another instance may send it (seconds):
   * longer than one attempt can take (the SMTP timeouts, about 90 s at most), shorter than you
   * would wait for an email a crashed instance had in flight.
   */
  OUTBOX_LEASE_SECONDS: v.optional(positiveInteger(), '300'),
  /** Bearer token of the operator endpoints (POST /operator/alerts/send) for non-local callers. */
  OPERATOR_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  /** The ATSs' public job-board APIs the sources are read from (src/sources/). */
  GREENHOUSE_API_URL: baseUrl(defaultVendorUrls.greenhouse),
  LEVER_API_URL: baseUrl(defaultVendorUrls.lever),
  ASHBY_API_URL: baseUrl(defaultVendorUrls.ashby),
  /** host:port (comma-separated) enrichment may read though not public: stand-ins of companies' sites, nothing else. */
  ENRICH_ALLOW_HOSTS: v.optional(v.pipe(v.string(), v.transform(list)), ''),
  /** Every source is synced every this many minutes, once across the workers; 0 = never (only `pnpm sources sync`). */
  SOURCES_SYNC_MINUTES: v.optional(
    v.pipe(
      v.string(),
      v.transform(Number),
      v.finite('must be a number of minutes'),
      v.minValue(0, 'must be 0 (off) or more'),
    ),
    '60',
  ),
  /** The operator endpoints (/operator/…): on by default; off, they are not served at all. */
  OPERATOR_ENDPOINTS: v.optional(v.picklist(['on', 'off'], 'must be "on" or "off"'), 'on'),
  /**
   * Seed the demo data when the database has no workspace yet: by default locally and in tests;
   * staging and production only when SEED=demo is set.
   */
  SEED: v.optional(v.picklist(['demo', 'none'], 'must be "demo" or "none"')),
  LOG_LEVEL: v.optional(v.picklist(['silent', 'info'], 'must be "silent" or "info"'), 'info'),
});

type RawConfig = v.InferOutput<typeof EnvObject>;
type Environment = 'local' | 'test' | 'staging' | 'production';

export type ApiConfig = Omit<
  RawConfig,
  'BOARD_ENV' | 'HOST' | 'CAPTCHA_MODE' | 'REQUEST_RATE_LIMIT_MAX' | 'BOARD_SITE_URL' | 'SEED' | 'WORK_IN_API'
> & {
  /** Whether the API process does the scheduled work itself (`auto` resolved). */
  WORK_IN_API: 'on' | 'off';
  BOARD_SITE_URL: string;
  SEED: 'demo' | 'none';
  BOARD_ENV: Environment;
  HOST: string;
  CAPTCHA_MODE: 'local' | 'recaptcha';
  REQUEST_RATE_LIMIT_MAX: number;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Staging runs as production does: the same rules, the same defaults. */
function isProductionLike(environment: Environment): boolean {
  return environment === 'staging' || environment === 'production';
}

/** What a production-like environment (staging, production, or NODE_ENV=production) must state or may not use. */
function environmentRules(config: RawConfig, environment: Environment): [string, string][] {
  const problems: [string, string][] = [];
  const productionLike = isProductionLike(environment);
  if (productionLike && !config.DATABASE_URL) {
    problems.push([
      'DATABASE_URL',
      `is required in ${environment}: the embedded PGlite database runs without fsync, so an application it accepted could be lost on a crash (PGlite is for local runs and tests)`,
    ]);
  }
  if (productionLike && !config.API_PUBLIC_URL) {
    problems.push(['API_PUBLIC_URL', `is required in ${environment}: absolute URLs in answers are built from it`]);
  }
  if (productionLike && !config.CAPTCHA_MODE) {
    problems.push(['CAPTCHA_MODE', `must be stated in ${environment} ("recaptcha"; "local" stops no bot)`]);
  }
  if (environment === 'production' && config.CAPTCHA_MODE === 'local') {
    problems.push(['CAPTCHA_MODE', 'may not be "local" in production: the arithmetic challenge stops no bot']);
  }
  if (environment === 'production' && !config.SMTP_URL) {
    problems.push(['SMTP_URL', 'is required in production: job alert emails are sent through it']);
  }
  // Secrets every instance must share: without one, each instance would make up its own.
  if (productionLike && !config.ALERTS_SECRET) {
    problems.push([
      'ALERTS_SECRET',
      `is required in ${environment}: it signs the links in alert emails and keys the addresses' hashes, the same on every instance and after a restart`,
    ]);
  }
  if (productionLike && config.CAPTCHA_MODE === 'local' && !config.CAPTCHA_SECRET) {
    problems.push([
      'CAPTCHA_SECRET',
      `is required in ${environment} when CAPTCHA_MODE is "local": a challenge one instance issues is answered at another`,
    ]);
  }
  if (productionLike && !config.SHELL_API_KEY) {
    problems.push([
      'SHELL_API_KEY',
      `is required in ${environment}: the shell's server sends it with its reads (set the same value on the shell)`,
    ]);
  }
  if (productionLike && config.OPERATOR_ENDPOINTS === 'on' && !config.OPERATOR_TOKEN) {
    problems.push([
      'OPERATOR_TOKEN',
      `is required in ${environment} while the operator endpoints are on (OPERATOR_ENDPOINTS=off turns them off)`,
    ]);
  }
  if (environment === 'production' && !config.BOARD_SITE_URL) {
    problems.push(['BOARD_SITE_URL', 'is required in production: alert emails link to the board']);
  }
  if (config.WORK_IN_API === 'off' && !config.DATABASE_URL) {
    problems.push([
      'WORK_IN_API',
      'may not be "off" on PGlite: no other process can open its folder, so nothing would sync the sources or send the emails (set DATABASE_URL, or leave it "auto")',
    ]);
  }
  if (config.CAPTCHA_MODE === 'recaptcha' && !config.RECAPTCHA_SECRET) {
    problems.push(['RECAPTCHA_SECRET', 'is required when CAPTCHA_MODE is "recaptcha"']);
  }
  return problems;
}

/** Values never printed, even when refused: the error goes to a log. */
const secrets = new Set(['CAPTCHA_SECRET', 'RECAPTCHA_SECRET', 'SHELL_API_KEY', 'ALERTS_SECRET', 'OPERATOR_TOKEN']);

export function loadConfig(env: Record<string, string | undefined> = process.env): ApiConfig {
  const { output: config, line } = readSettings(EnvObject, env, {
    secrets,
    fail: (lines) => new ConfigError(`Invalid API configuration:\n${lines.join('\n')}`),
  });
  const environment: Environment = config.BOARD_ENV ?? (config.NODE_ENV === 'production' ? 'production' : 'local');
  const problems = environmentRules(config, environment);
  if (problems.length > 0) {
    const lines = problems.map(([key, message]) => line(key, message));
    throw new ConfigError(`Invalid API configuration (${environment}):\n${lines.join('\n')}`);
  }
  return {
    ...config,
    BOARD_ENV: environment,
    HOST: config.HOST ?? (isProductionLike(environment) ? '0.0.0.0' : '127.0.0.1'),
    CAPTCHA_MODE: config.CAPTCHA_MODE ?? 'local',
    // On PGlite the API is the one process that may open the database.
    WORK_IN_API: config.WORK_IN_API === 'auto' ? (config.DATABASE_URL ? 'off' : 'on') : config.WORK_IN_API,
    BOARD_SITE_URL: config.BOARD_SITE_URL ?? 'http://localhost:8080',
    // Demo data never lands where real data lives unless asked for by name.
    SEED: config.SEED ?? (isProductionLike(environment) ? 'none' : 'demo'),
    // Looser than the submission limit: a person browsing makes a few requests per page.
    REQUEST_RATE_LIMIT_MAX: config.REQUEST_RATE_LIMIT_MAX ?? 100 * config.RATE_LIMIT_MAX,
  };
}
